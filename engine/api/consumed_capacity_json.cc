#include "dynamini/consumed_capacity_json.h"

#include "api/shapes_wire.h"

namespace dynamini {

std::string consumed_capacity_json(const std::vector<api::ConsumedCapacity>& consumed,
                                   bool as_list) {
  if (consumed.empty()) return {};
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  if (as_list || consumed.size() > 1) {
    w.StartArray();
    for (const auto& c : consumed) api::write(w, c);
    w.EndArray();
  } else {
    api::write(w, consumed.front());
  }
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini
