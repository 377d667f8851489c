#pragma once

// ExecuteStatement's NextToken: where a SELECT's next page starts (which of
// its partitions, after which key), bound to the statement that minted it.
// DynamoDB refuses a token it cannot read ("Invalid NextToken") and one
// minted by another statement, parameters, table or index ("NextToken does
// not match request"), while a changed Limit or ConsistentRead is accepted:
// captured against DynamoDB by dynoxide (eu-west-2, 2026-07-29) and by
// another emulator's tests (eu-west-1, 2026-09-03); the texts are DynamoDB
// Local's ContinuationTokenSerializer's too.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "values/attribute_value.h"

namespace dynamini::partiql {

struct SelectPosition {
  size_t partition = 0;           // index into the plan's partitions (0 for a scan)
  std::optional<Item> after_key;  // the last evaluated key, if the partition was started
};

// A digest of the statement text and its parameters.
uint64_t statement_fingerprint(const std::string& statement,
                               const std::optional<std::vector<AttributeValue>>& parameters);

std::string encode_next_token(uint64_t fingerprint, const SelectPosition& position);

// Throws ValidationException "Invalid NextToken" or "NextToken does not
// match request".
SelectPosition decode_next_token(const std::string& token, uint64_t fingerprint);

}  // namespace dynamini::partiql
