#include "capacity_probe.h"

#include <cctype>

#include "request_log.h"

namespace dynamini::server {
namespace {

// The item operations whose ReturnConsumedCapacity every engine path honours.
constexpr std::string_view kOperations[] = {
    "GetItem", "PutItem",      "UpdateItem",     "DeleteItem",       "Query",
    "Scan",    "BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems"};

}  // namespace

std::optional<std::string> with_capacity_requested(std::string_view operation,
                                                   std::string_view body) {
  bool known = false;
  for (std::string_view op : kOperations) known = known || op == operation;
  if (!known) return std::nullopt;
  size_t open = body.find_first_not_of(" \t\r\n");
  if (open == body.npos || body[open] != '{') return std::nullopt;
  // Only a well-formed object that does not choose for itself.
  if (body.find("ReturnConsumedCapacity") != body.npos) return std::nullopt;
  size_t first = body.find_first_not_of(" \t\r\n", open + 1);
  if (first == body.npos) return std::nullopt;
  const bool empty_object = body[first] == '}';
  if (!empty_object && find_top_level_member(body, "TableName").empty() &&
      find_top_level_member(body, "RequestItems").empty() &&
      find_top_level_member(body, "TransactItems").empty()) {
    return std::nullopt;
  }
  std::string out(body.substr(0, open + 1));
  out += R"("ReturnConsumedCapacity":"TOTAL")";
  if (!empty_object) out += ',';
  out += body.substr(open + 1);
  return out;
}

std::string without_consumed_capacity(std::string_view body) {
  std::string_view value = find_top_level_member(body, "ConsumedCapacity");
  if (value.empty()) return std::string(body);
  size_t value_start = static_cast<size_t>(value.data() - body.data());
  size_t key_start = body.rfind("\"ConsumedCapacity\"", value_start);
  if (key_start == body.npos) return std::string(body);
  size_t end = value_start + value.size();
  size_t after = end;
  while (after < body.size() && std::isspace(static_cast<unsigned char>(body[after]))) ++after;
  if (after < body.size() && body[after] == ',') {
    end = after + 1;  // "ConsumedCapacity":{...},  -> drop the comma after
  } else {
    size_t before = key_start;
    while (before > 0 && std::isspace(static_cast<unsigned char>(body[before - 1]))) --before;
    if (before > 0 && body[before - 1] == ',') key_start = before - 1;  // ,"ConsumedCapacity":{...}
  }
  std::string out(body.substr(0, key_start));
  out += body.substr(end);
  return out;
}

}  // namespace dynamini::server
