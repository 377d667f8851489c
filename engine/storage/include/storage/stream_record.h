#pragma once

// One DynamoDB stream record: built from a write (old and new item) and
// rendered as the JSON GetRecords returns; parsed back for in-process
// handlers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "catalog/table_def.h"
#include "dynamini/stream_handler.h"
#include "values/attribute_value.h"

namespace dynamini {

// Who made a write: a client, or DynamoDB itself (a TTL deletion, recorded
// with userIdentity {"PrincipalId":"dynamodb.amazonaws.com","Type":"Service"}).
enum class WriteOrigin { kClient, kTimeToLive };

// Sequence numbers are rendered as 21-digit decimal strings (DynamoDB's
// SequenceNumber is 21 to 40 digits), so string order equals numeric order.
std::string format_sequence_number(int64_t seq);
// The number, or nullopt when `text` is not a decimal string or too large.
std::optional<int64_t> parse_sequence_number(std::string_view text);

struct RecordInput {
  const TableDef* table = nullptr;
  const Item* old_item = nullptr;  // nullptr for an INSERT
  const Item* new_item = nullptr;  // nullptr for a REMOVE
  WriteOrigin origin = WriteOrigin::kClient;
  int64_t sequence = 0;
  int64_t created_ms = 0;
  std::string region;
};

// The record JSON for a write under the table's StreamViewType.
std::string render_stream_record(const RecordInput& input);

// The public view of a stored record.
StreamRecord parse_stream_record(std::string_view table_name, std::string_view json);

}  // namespace dynamini
