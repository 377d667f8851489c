#include "streams/stream_settings.h"

#include <ctime>

#include "dynamini/api_error.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {

const char kInvalid[] = "One or more parameter values were invalid: ";

}  // namespace

namespace {

StreamSpecificationRequest read_specification_object(const Json& spec, ShapeErrors& errors) {
  StreamSpecificationRequest out;
  auto enabled = bool_member(spec, "StreamEnabled");
  errors.require(enabled.has_value(), "streamSpecification.streamEnabled");
  out.enabled = enabled.value_or(false);
  out.view_type = string_member(spec, "StreamViewType");
  errors.one_of(out.view_type, "streamSpecification.streamViewType",
                // DynamoDB prints enum sets in its hash-set order, not the
                // API's (see Select's [SPECIFIC_ATTRIBUTES, COUNT, ...]); this
                // order is that rule applied, unconfirmed for this enum.
                {"OLD_IMAGE", "KEYS_ONLY", "NEW_AND_OLD_IMAGES", "NEW_IMAGE"});
  return out;
}

}  // namespace

std::optional<StreamSpecificationRequest> read_stream_specification(const Json& request,
                                                                    ShapeErrors& errors) {
  const Json* spec = object_member(request, "StreamSpecification");
  if (!spec) return std::nullopt;
  return read_specification_object(*spec, errors);
}

StreamSettings stream_settings_for_create(const std::optional<StreamSpecificationRequest>& spec) {
  StreamSettings settings;
  if (!spec) return settings;
  // Messages from DynamoDB's ValidationException catalogue (ack-api-quirks
  // dynamodb DDB-TABLE-442, CreateTable).
  if (spec->enabled && !spec->view_type) {
    throw validation_error(std::string(kInvalid) +
                           "Table is being created with a stream enabled, UpdateViewType is required");
  }
  if (!spec->enabled && spec->view_type) {
    throw validation_error(
        std::string(kInvalid) +
        "Table is being created with a stream disabled, UpdateViewType should not be specified");
  }
  settings.enabled = spec->enabled;
  if (spec->enabled) settings.view_type = *spec->view_type;
  return settings;
}

std::string stream_label_at(int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buffer;
}

std::string next_stream_label(int64_t now_ms, std::string_view previous) {
  std::string label = stream_label_at(now_ms);
  // Same-width labels compare like the times they name.
  while (!previous.empty() && label <= previous) label = stream_label_at(++now_ms);
  return label;
}

std::string stream_arn(const std::string& region, const std::string& account_id,
                       std::string_view table_name, std::string_view label) {
  return "arn:aws:dynamodb:" + region + ":" + account_id + ":table/" + std::string(table_name) +
         "/stream/" + std::string(label);
}

std::optional<StreamName> parse_stream_arn(std::string_view arn) {
  constexpr std::string_view kPrefix = "arn:aws:dynamodb:";
  if (arn.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  size_t table = arn.find(":table/", kPrefix.size());
  if (table == std::string_view::npos) return std::nullopt;
  std::string_view rest = arn.substr(table + 7);
  size_t stream = rest.rfind("/stream/");
  if (stream == std::string_view::npos || stream == 0) return std::nullopt;
  StreamName out{std::string(rest.substr(0, stream)), std::string(rest.substr(stream + 8))};
  if (out.label.empty() || out.table_name.find('/') != std::string::npos) return std::nullopt;
  return out;
}

}  // namespace dynamini
