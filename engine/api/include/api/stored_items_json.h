#pragma once

// Splices stored items (dynamini/stored_items.h) into a response as they are.

#include "dynamini/stored_items.h"
#include "values/json.h"

namespace dynamini::api {

inline void write_stored(JsonWriter& w, const ItemJson& item) {
  w.RawValue(item.json.data(), item.json.size(), rapidjson::kObjectType);
}
inline void write_stored(JsonWriter& w, const StoredObjectArray& items) {
  w.RawValue(items.json().data(), items.json().size(), rapidjson::kArrayType);
}

}  // namespace dynamini::api
