#include "catalog/stream_settings.h"

#include <ctime>

namespace dynamini {

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
