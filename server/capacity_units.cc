#include "dynamini/capacity_units.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace dynamini {
namespace {

constexpr std::string_view kWriteOperations[] = {"PutItem", "UpdateItem", "DeleteItem",
                                                 "BatchWriteItem", "TransactWriteItems"};
constexpr std::string_view kPartiqlOperations[] = {"ExecuteStatement", "BatchExecuteStatement",
                                                   "ExecuteTransaction"};

// The statement starts with SELECT (any case, after spaces).
bool is_select(std::string_view statement) {
  while (!statement.empty() && std::isspace(static_cast<unsigned char>(statement.front()))) {
    statement.remove_prefix(1);
  }
  constexpr std::string_view kSelect = "select";
  if (statement.size() < kSelect.size()) return false;
  for (size_t i = 0; i < kSelect.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(statement[i])) != kSelect[i]) return false;
  }
  return true;
}

// A PartiQL request writes unless every statement it carries is a SELECT.
bool partiql_writes(std::string_view request_json) {
  rapidjson::Document body;
  body.Parse(request_json.data(), request_json.size());
  if (body.HasParseError() || !body.IsObject()) return true;
  auto statement_writes = [](const rapidjson::Value& v) {
    if (!v.IsObject()) return true;
    auto s = v.FindMember("Statement");
    return s == v.MemberEnd() || !s->value.IsString() || !is_select(s->value.GetString());
  };
  if (body.HasMember("Statement")) return statement_writes(body);
  for (const char* list : {"Statements", "TransactStatements"}) {
    auto it = body.FindMember(list);
    if (it == body.MemberEnd() || !it->value.IsArray()) continue;
    for (const auto& v : it->value.GetArray()) {
      if (statement_writes(v)) return true;
    }
    return false;
  }
  return true;
}

double number_member(const rapidjson::Value& entry, const char* name) {
  auto it = entry.FindMember(name);
  return it != entry.MemberEnd() && it->value.IsNumber() ? it->value.GetDouble() : 0;
}

// One ConsumedCapacity entry: its read/write split when given, else its
// total counted as the operation's kind.
void add_entry(bool split, double read, double write, double total, CapacityUnits& units) {
  if (split) {
    units.read += read;
    units.write += write;
  } else {
    (units.writes ? units.write : units.read) += total;
  }
}

void add_entry(const rapidjson::Value& entry, CapacityUnits& units) {
  if (!entry.IsObject()) return;
  add_entry(entry.HasMember("ReadCapacityUnits") || entry.HasMember("WriteCapacityUnits"),
            number_member(entry, "ReadCapacityUnits"), number_member(entry, "WriteCapacityUnits"),
            number_member(entry, "CapacityUnits"), units);
}

CapacityUnits unreported(std::string_view operation, std::string_view request_json) {
  CapacityUnits units;
  units.writes =
      std::ranges::find(kWriteOperations, operation) != std::end(kWriteOperations) ||
      (std::ranges::find(kPartiqlOperations, operation) != std::end(kPartiqlOperations) &&
       partiql_writes(request_json));
  return units;
}

}  // namespace

bool answers_capacity_list(std::string_view operation) {
  static constexpr std::string_view kLists[] = {"BatchGetItem",          "BatchWriteItem",
                                                "TransactGetItems",      "TransactWriteItems",
                                                "BatchExecuteStatement", "ExecuteTransaction"};
  return std::ranges::find(kLists, operation) != std::end(kLists);
}

CapacityUnits capacity_units(std::string_view operation, std::string_view request_json,
                             const std::vector<api::ConsumedCapacity>& consumed) {
  CapacityUnits units = unreported(operation, request_json);
  units.reported = !consumed.empty();
  for (const auto& c : consumed) {
    add_entry(c.read_capacity_units || c.write_capacity_units, c.read_capacity_units.value_or(0),
              c.write_capacity_units.value_or(0), c.capacity_units.value_or(0), units);
  }
  return units;
}

CapacityUnits capacity_units(std::string_view operation, std::string_view request_json,
                             std::string_view consumed_capacity_json) {
  CapacityUnits units = unreported(operation, request_json);
  if (consumed_capacity_json.empty()) return units;
  rapidjson::Document consumed;
  consumed.Parse(consumed_capacity_json.data(), consumed_capacity_json.size());
  if (consumed.HasParseError()) return units;
  units.reported = consumed.IsObject() || consumed.IsArray();
  if (consumed.IsArray()) {
    for (const auto& entry : consumed.GetArray()) add_entry(entry, units);
  } else {
    add_entry(consumed, units);
  }
  return units;
}

std::string capacity_text(const CapacityUnits& units) {
  if (!units.reported) return "";
  char buf[64];
  std::string out;
  if (units.read > 0) {
    std::snprintf(buf, sizeof buf, "%.1f RCU", units.read);
    out += buf;
  }
  if (units.write > 0) {
    std::snprintf(buf, sizeof buf, "%s%.1f WCU", out.empty() ? "" : " + ", units.write);
    out += buf;
  }
  if (out.empty()) out = units.writes ? "0.0 WCU" : "0.0 RCU";
  return out;
}

std::string capacity_json(const CapacityUnits& units) {
  if (!units.reported) return "null";
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  const std::string text = capacity_text(units);
  out.StartObject();
  out.Key("read");
  out.Double(units.read);
  out.Key("write");
  out.Double(units.write);
  out.Key("text");
  out.String(text.c_str(), static_cast<rapidjson::SizeType>(text.size()));
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini
