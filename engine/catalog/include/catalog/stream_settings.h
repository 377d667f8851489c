#pragma once

// Stream labels and ARNs. (CreateTable's and UpdateTable's
// StreamSpecification rules: tables/table_binding.h.)

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "catalog/table_def.h"

namespace dynamini {

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

}  // namespace dynamini
