#include "faults/fault_request.h"

namespace dynamini::faults {
namespace {

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string string_member(const rapidjson::Value& object, const char* name) {
  const rapidjson::Value* v = member(object, name);
  return v != nullptr && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : "";
}

void add_table(RequestTargets& t, const std::string& table) {
  if (table.empty()) return;
  for (const auto& known : t.tables) {
    if (known == table) return;
  }
  t.tables.push_back(table);
}

void add_item(RequestTargets& t, const std::string& table, const rapidjson::Value* key) {
  add_table(t, table);
  t.items.push_back({table, key != nullptr && key->IsObject() ? key : nullptr});
}

// TransactItems: [{"Put": {"TableName", "Item"}} | {"Update"|"Delete"|"ConditionCheck"|"Get":
// {"TableName", "Key"}}]
void read_transaction(RequestTargets& t) {
  const rapidjson::Value* items = member(t.body, "TransactItems");
  if (items == nullptr || !items->IsArray()) return;
  t.transaction = true;
  t.transaction_items = items->Size();
  for (const auto& entry : items->GetArray()) {
    const rapidjson::Value* action = nullptr;
    const char* key_member = "Key";
    for (const char* name : {"Put", "Update", "Delete", "ConditionCheck", "Get"}) {
      if ((action = member(entry, name)) != nullptr) {
        if (std::string_view(name) == "Put") key_member = "Item";
        break;
      }
    }
    if (action == nullptr) {
      t.items.push_back({});  // keeps indexes aligned with TransactItems
      continue;
    }
    add_item(t, string_member(*action, "TableName"), member(*action, key_member));
  }
}

// RequestItems: {"T": {"Keys": [...]}} (BatchGetItem) or
// {"T": [{"PutRequest": {"Item"}} | {"DeleteRequest": {"Key"}}]} (BatchWriteItem).
void read_batch(RequestTargets& t) {
  const rapidjson::Value* tables = member(t.body, "RequestItems");
  if (tables == nullptr || !tables->IsObject()) return;
  for (const auto& [name, requests] : tables->GetObject()) {
    const std::string table(name.GetString(), name.GetStringLength());
    add_table(t, table);
    if (const rapidjson::Value* keys = member(requests, "Keys"); keys && keys->IsArray()) {
      for (const auto& key : keys->GetArray()) add_item(t, table, &key);
    }
    if (!requests.IsArray()) continue;
    for (const auto& request : requests.GetArray()) {
      if (const rapidjson::Value* put = member(request, "PutRequest")) {
        add_item(t, table, member(*put, "Item"));
      } else if (const rapidjson::Value* del = member(request, "DeleteRequest")) {
        add_item(t, table, member(*del, "Key"));
      }
    }
  }
}

}  // namespace

std::string scalar_text(const rapidjson::Value& value) {
  for (const char* type : {"S", "N", "B"}) {
    const rapidjson::Value* v = member(value, type);
    if (v != nullptr && v->IsString()) return std::string(v->GetString(), v->GetStringLength());
  }
  return "";
}

RequestTargets read_targets(std::string_view operation, std::string_view request_json) {
  RequestTargets t;
  t.body.Parse(request_json.data(), request_json.size());
  if (t.body.HasParseError() || !t.body.IsObject()) return t;
  if (operation == "TransactWriteItems" || operation == "TransactGetItems") {
    read_transaction(t);
  } else if (operation == "BatchWriteItem" || operation == "BatchGetItem") {
    read_batch(t);
  } else {
    const std::string table = string_member(t.body, "TableName");
    const rapidjson::Value* key = member(t.body, "Key");
    if (key == nullptr) key = member(t.body, "Item");
    if (key != nullptr) {
      add_item(t, table, key);
    } else {
      add_table(t, table);
    }
  }
  return t;
}

}  // namespace dynamini::faults
