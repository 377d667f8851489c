#include "catalog/table_def.h"

#include "dynamini/api_error.h"

namespace dynamini {

KeyElementList KeySchema::hash_elements() const {
  KeyElementList out{&hash};
  for (const auto& e : more_hash) out.push_back(&e);
  return out;
}

KeyElementList KeySchema::range_elements() const {
  KeyElementList out;
  if (!range) return out;
  out.push_back(&*range);
  for (const auto& e : more_range) out.push_back(&e);
  return out;
}

KeyElementList KeySchema::elements() const {
  KeyElementList out = hash_elements();
  for (const KeyElement* e : range_elements()) out.push_back(e);
  return out;
}

const KeyElement* KeySchema::find(std::string_view name) const {
  for (const KeyElement* e : elements())
    if (e->name == name) return e;
  return nullptr;
}

const IndexDef* TableDef::find_index(std::string_view index_name) const {
  for (const auto& i : indexes)
    if (i.name == index_name) return &i;
  return nullptr;
}

const VectorIndexDef* TableDef::find_vector_index(std::string_view index_name) const {
  for (const auto& v : vector_indexes)
    if (v.name == index_name) return &v;
  return nullptr;
}

const VectorIndexDef::SearchElement* VectorIndexDef::hash_element() const {
  for (const auto& e : search_schema)
    if (e.hash) return &e;
  return nullptr;
}

bool TableDef::is_key_attribute(std::string_view attribute) const {
  return keys.hash.name == attribute || (keys.range && keys.range->name == attribute);
}

std::string TableDef::storage_table() const { return "t" + std::to_string(id); }

std::string TableDef::storage_index(const IndexDef& index) const {
  return "t" + std::to_string(id) + "_i" + std::to_string(index.number);
}

std::string TableDef::storage_vector_index(const VectorIndexDef& index) const {
  return "t" + std::to_string(id) + "_v" + std::to_string(index.number);
}

void check_throughput_bounds(const Throughput& t) {
  // dynalite test/createTable.js and updateTable.js: "Given value N for ReadCapacityUnits is out
  // of bounds".
  if (t.read > kMaxCapacityUnits) {
    throw validation_error("Given value " + std::to_string(t.read) +
                           " for ReadCapacityUnits is out of bounds");
  }
  if (t.write > kMaxCapacityUnits) {
    throw validation_error("Given value " + std::to_string(t.write) +
                           " for WriteCapacityUnits is out of bounds");
  }
}

}  // namespace dynamini
