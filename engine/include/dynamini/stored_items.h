#pragma once

// Items in a response as the engine stores them: DynamoDB JSON text. The wire
// answer splices the text as it is (GetItem, Query and Scan pages cost no
// re-encoding, see docs/performance.md, "Design choices that matter for
// speed"); C++ callers decode() it.

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

// Stored JSON objects as one JSON array text: [{...},{...}].
class StoredObjectArray {
 public:
  // REQUIRES: `object_json` is one JSON object.
  void append(std::string_view object_json);

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::string_view json() const { return json_; }

 private:
  std::string json_ = "[]";
  size_t size_ = 0;
};

// Items as one JSON array text (Query and Scan pages).
class ItemArray : public StoredObjectArray {
 public:
  std::vector<Item> decode() const;
};

// DynamoDB Streams records as the stream log stores them (GetRecords): each
// the Record object of the Streams API, as JSON text.
class RecordArray : public StoredObjectArray {};

}  // namespace dynamini
