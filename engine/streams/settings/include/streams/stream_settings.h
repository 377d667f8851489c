#pragma once

// StreamSpecification: validation for CreateTable and UpdateTable, stream
// labels and ARNs, and the stream members of TableDescription.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "catalog/table_def.h"
#include "validation/shape_errors.h"
#include "values/json.h"

namespace dynamini {

// The StreamSpecification member of a request, shape-checked.
struct StreamSpecificationRequest {
  bool enabled = false;
  std::optional<std::string> view_type;
};

// Reads `request`'s StreamSpecification (nullopt when absent), recording
// shape errors (StreamEnabled missing, unknown StreamViewType) in `errors`.
std::optional<StreamSpecificationRequest> read_stream_specification(const Json& request,
                                                                    ShapeErrors& errors);

// CreateTable: the table's stream settings (label still empty: the engine
// stamps it with the creation time). Throws ValidationException.
StreamSettings stream_settings_for_create(const std::optional<StreamSpecificationRequest>& spec);

// UpdateTable: validates `stream_specification` (the StreamSpecification
// object) against `def`'s current stream and applies it; enabling starts a
// new stream labelled with `now_ms`. Throws ValidationException with
// DynamoDB's messages ("Table already has an enabled stream: ...").
// The caller persists `def` (Store::save_definition records the stream).
void apply_stream_specification(TableDef& def, const Json& stream_specification, int64_t now_ms);

// "2024-05-01T12:34:56.789": the label of a stream created at `ms` (UTC).
std::string stream_label_at(int64_t ms);
// A label strictly after `previous` (labels must be unique per table).
std::string next_stream_label(int64_t now_ms, std::string_view previous);

// arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/stream/LABEL
std::string stream_arn(const std::string& region, const std::string& account_id,
                       std::string_view table_name, std::string_view label);
// Splits a stream ARN into table name and label; nullopt when it is not one.
struct StreamName {
  std::string table_name;
  std::string label;
};
std::optional<StreamName> parse_stream_arn(std::string_view arn);

// Writes StreamSpecification, LatestStreamLabel and LatestStreamArn members
// of a TableDescription (nothing for a table that never had a stream).
void write_stream_description_members(JsonWriter& w, const TableDef& def, const std::string& region,
                                      const std::string& account_id);

}  // namespace dynamini
