#include "storage/vector_rows.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "keys/key_encoding.h"

namespace dynamini {

std::optional<float> number_as_float32(std::string_view decimal) {
  // DynamoDB refuses values outside float32's finite range ("... is outside valid
  // range [-3.4028235E38, 3.4028235E38]", recorded by nubo-db/dynoxide); strtod
  // then rounding keeps the nearest float32 for everything inside it.
  std::string text(decimal);
  errno = 0;
  const double value = std::strtod(text.c_str(), nullptr);
  const float narrowed = static_cast<float>(value);
  if (!std::isfinite(narrowed)) return std::nullopt;
  return narrowed;
}

namespace {

std::optional<std::vector<float>> item_vector(const Item& item, const VectorIndexDef& index) {
  auto it = item.find(index.attribute);
  if (it == item.end() || it->second.type != ValueType::L) return std::nullopt;
  const auto& list = it->second.list;
  if (static_cast<int64_t>(list.size()) != index.dimensions) return std::nullopt;
  std::vector<float> out;
  out.reserve(list.size());
  for (const auto& element : list) {
    if (element.type != ValueType::N) return std::nullopt;
    auto f = number_as_float32(element.scalar);
    if (!f) return std::nullopt;
    out.push_back(*f);
  }
  return out;
}

}  // namespace

Item project_for_vector_index(const Item& item, const TableDef& table,
                              const VectorIndexDef& index) {
  if (index.projection.type == IndexProjection::Type::kAll) return item;
  Item out = key_of(item, table.keys);
  auto copy = [&](const std::string& name) {
    auto it = item.find(name);
    if (it != item.end()) out.insert_or_assign(name, it->second);
  };
  for (const auto& element : index.search_schema) copy(element.name);
  for (const auto& name : index.projection.non_key_attributes) copy(name);
  copy(index.attribute);
  return out;
}

int64_t vector_entry_size(const Item& item, const TableDef& table, const VectorIndexDef& index) {
  Item entry = project_for_vector_index(item, table, index);
  entry.erase(index.attribute);
  return item_size(entry) + static_cast<int64_t>(index.attribute.size()) + 4 * index.dimensions;
}

std::optional<VectorRow> vector_row_of(const Item& item, const TableDef& table,
                                       const VectorIndexDef& index) {
  auto vector = item_vector(item, index);
  if (!vector) return std::nullopt;
  VectorRow row;
  Item filters;
  for (const auto& element : index.search_schema) {
    auto it = item.find(element.name);
    if (element.hash) {
      if (it == item.end()) return std::nullopt;  // no partition: unreachable, no row
      row.hash = encode_key_value(it->second);
    } else if (it != item.end()) {
      filters.emplace(it->first, it->second);
    }
  }
  row.filters = filters.empty() ? std::string() : item_to_json(filters);
  row.vector = std::move(*vector);
  row.size = vector_entry_size(item, table, index);
  return row;
}

std::string vector_to_blob(const std::vector<float>& vector) {
  std::string out(vector.size() * sizeof(float), '\0');
  std::memcpy(out.data(), vector.data(), out.size());  // little-endian hosts only (x86-64, arm64)
  return out;
}

void vector_from_blob(std::string_view blob, float* out, size_t dimensions) {
  const size_t bytes = std::min(blob.size(), dimensions * sizeof(float));
  std::memcpy(out, blob.data(), bytes);
  if (bytes < dimensions * sizeof(float)) {
    std::memset(reinterpret_cast<char*>(out) + bytes, 0, dimensions * sizeof(float) - bytes);
  }
}

}  // namespace dynamini
