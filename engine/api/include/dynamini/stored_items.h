#pragma once

// Items in a response as the engine stores them: DynamoDB JSON text. The wire
// answer splices the text as it is (GetItem, Query and Scan pages cost no
// re-encoding, see README "Performance"); C++ callers decode() it.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/attribute_value.h"

namespace dynamini {

// One item: {"pk":{"S":"a"},...}.
struct ItemJson {
  std::string json;

  Item decode() const;
};

// Items as one JSON array text: [{...},{...}].
class ItemArray {
 public:
  // REQUIRES: `item_json` is one item's DynamoDB JSON object.
  void append(std::string_view item_json);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::string_view json() const { return json_; }
  std::vector<Item> decode() const;

 private:
  std::string json_ = "[]";
  size_t size_ = 0;
};

}  // namespace dynamini
