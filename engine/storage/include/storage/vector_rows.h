#pragma once

// A vector index's rows: what an item contributes to the index, and the
// index's rows held in memory as one contiguous float32 block for search.
//
// Stored row (storage/sql_text.h, t<id>_v<n>): the item's primary key, the
// encoded value of the SearchSchema's HASH attribute ("" without one), the
// item's INLINE_FILTER attributes (DynamoDB JSON), the vector as float32
// (little-endian, `dimensions` of them) and the entry's size in bytes.
// An item has a row when its vector attribute is a list of `dimensions`
// numbers that fit float32 and, if the schema has a HASH element, it has that
// attribute (DynamoDB's sparse rule for vector indexes: Developer Guide,
// "Troubleshooting vector indexes": an item without the vector index partition
// key is no longer returned).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "keys/item_keys.h"
#include "values/attribute_value.h"

namespace dynamini {

// A decimal number as float32, or nullopt when it is outside float32's range
// (+-3.4028235E38); values below float32's precision round (to 0 at worst).
std::optional<float> number_as_float32(std::string_view decimal);

struct VectorRow {
  std::string hash;     // encoded HASH value ("" without a HASH element)
  std::string filters;  // INLINE_FILTER attributes of the item, DynamoDB JSON
  std::vector<float> vector;
  int64_t size = 0;  // the entry's DynamoDB size (see vector_entry_size)

  bool operator==(const VectorRow&) const = default;
};

// `item`'s row in `index`, or nullopt when it has none (sparse).
std::optional<VectorRow> vector_row_of(const Item& item, const TableDef& table,
                                       const VectorIndexDef& index);

// The size DynamoDB gives an index entry (VectorWriteRequestBytes, recorded
// against DynamoDB by nubo-db/dynoxide: the projected entry's item size with
// the vector counted as its attribute name plus 4 bytes per dimension).
int64_t vector_entry_size(const Item& item, const TableDef& table, const VectorIndexDef& index);

// The attributes of `item` a vector index holds: the table's keys, the
// SearchSchema attributes, the projection's attributes and the vector.
Item project_for_vector_index(const Item& item, const TableDef& table, const VectorIndexDef& index);

// The vector as stored: float32 little-endian bytes, and back.
std::string vector_to_blob(const std::vector<float>& vector);
void vector_from_blob(std::string_view blob, float* out, size_t dimensions);

// One vector index's rows in memory, in primary key order: what SearchVectors
// scans. Immutable once built; `version` is the index's version
// (Store::vector_snapshot) when it was read.
struct VectorSnapshot {
  int64_t version = 0;
  size_t dimensions = 0;
  size_t count = 0;
  std::vector<float> data;  // count x dimensions, contiguous
  std::vector<EncodedKey> keys;
  std::vector<std::string> hash;      // per row: the encoded HASH value
  std::vector<Item> filters;          // per row: INLINE_FILTER values (empty without)
  std::vector<double> squared_norms;  // per row: sum of squares (COSINE)
  std::vector<int64_t> sizes;         // per row: the entry's size
};

}  // namespace dynamini
