#include "dynamini/stored_items.h"

#include "values/attribute_value.h"

namespace dynamini {

Item ItemJson::decode() const { return item_from_json(json); }

void StoredObjectArray::append(std::string_view object_json) {
  if (size_ == 0) {
    json_.pop_back();  // "[": the first item
  } else {
    json_.back() = ',';
  }
  json_.append(object_json);
  json_.push_back(']');
  ++size_;
}

std::vector<Item> ItemArray::decode() const {
  StackJsonDocument<16384> doc;
  doc.Parse(json().data(), json().size());
  std::vector<Item> items;
  items.reserve(size());
  for (const auto& element : doc.GetArray()) items.push_back(stored_item(element));
  return items;
}

}  // namespace dynamini
