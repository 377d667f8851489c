#pragma once

// What a fault rule matches in one API call: the tables it names and, per
// item (one for single-item calls, one per member of a batch or a
// transaction, in request order), its table and key or item.

#include <rapidjson/document.h>

#include <string>
#include <string_view>
#include <vector>

namespace dynamini::faults {

struct RequestItem {
  std::string table;
  const rapidjson::Value* key = nullptr;  // Key or Item (an AttributeValue map); null if none
};

struct RequestTargets {
  rapidjson::Document body;         // owns the values `items` point into
  std::vector<std::string> tables;  // every table named (TableName, RequestItems, TransactItems)
  std::vector<RequestItem> items;   // items with a key, in request order
  bool transaction = false;         // TransactWriteItems / TransactGetItems
  size_t transaction_items = 0;     // TransactItems' length
};

// Reads the targets of `operation` from its request; a body that is not
// JSON (the call will be refused anyway) gives no targets.
RequestTargets read_targets(std::string_view operation, std::string_view request_json);

// The text of an AttributeValue's scalar (S, N or B as sent); empty for others.
std::string scalar_text(const rapidjson::Value& value);

}  // namespace dynamini::faults
