#pragma once

// The definition of one DynamoDB table as the engine keeps it: key schema,
// attribute types, secondary indexes, billing. Built from a CreateTable
// request (validated as DynamoDB does), persisted in the catalog as JSON, and
// rendered into TableDescription.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "values/attribute_value.h"
#include "values/json.h"

namespace dynamini {

struct KeyElement {
  std::string name;
  ValueType type = ValueType::S;  // S, N or B
};

struct KeySchema {
  KeyElement hash;
  std::optional<KeyElement> range;
};

struct IndexProjection {
  enum class Type { kAll, kKeysOnly, kInclude };
  Type type = Type::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude only
};

struct Throughput {
  int64_t read = 0;
  int64_t write = 0;
};

struct IndexDef {
  std::string name;
  bool global = true;
  KeySchema keys;
  IndexProjection projection;
  Throughput throughput;  // GSIs on provisioned tables
  int number = 0;         // storage number, unique within the table
};

struct TableDef {
  std::string name;
  int64_t id = 0;  // storage id: rows live in SQLite table t<id>
  KeySchema keys;
  std::vector<KeyElement> attribute_definitions;
  std::vector<IndexDef> indexes;  // GSIs and LSIs
  bool pay_per_request = false;
  Throughput throughput;
  double creation_time = 0;  // epoch seconds
  std::string table_uuid;
  bool deletion_protection = false;

  const IndexDef* find_index(std::string_view index_name) const;
  // True when `attribute` is a key attribute of the table.
  bool is_key_attribute(std::string_view attribute) const;

  // SQLite table names for the rows of the table and of each index.
  std::string storage_table() const;
  std::string storage_index(const IndexDef& index) const;
};

// Validates a CreateTable request (shape errors first, then semantic ones,
// with DynamoDB's messages) and builds the definition. Throws ApiError.
TableDef table_def_from_create_request(const Json& request);

// Catalog persistence (round trip).
std::string table_def_to_json(const TableDef& def);
TableDef table_def_from_json(std::string_view json);

struct TableStats {
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  std::vector<std::pair<int64_t, int64_t>> index_stats;  // per index: count, bytes
};

// Writes the TableDescription object (DescribeTable's "Table").
void write_table_description(JsonWriter& w, const TableDef& def, const TableStats& stats,
                             const char* status, const std::string& region,
                             const std::string& account_id);

}  // namespace dynamini
