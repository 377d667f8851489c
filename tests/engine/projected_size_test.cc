// projected_size (keys/item_keys.h): the size of an index entry computed
// without building it must equal item_size of the entry project_for_index
// builds, for every projection type, with key names repeated across the
// table, the index and INCLUDE's list, and with attributes missing.

#include <doctest/doctest.h>

#include <string>

#include "catalog/table_def.h"
#include "keys/item_keys.h"
#include "values/attribute_value.h"

using namespace dynamini;

namespace {

TableDef table_with_index(IndexProjection projection) {
  TableDef table;
  table.name = "t";
  table.keys.hash = {"pk", ValueType::S};
  table.keys.range = KeyElement{"sk", ValueType::S};
  IndexDef index;
  index.name = "by_status";
  index.keys.hash = {"status", ValueType::S};
  index.keys.range = KeyElement{"pk", ValueType::S};  // a table key reused
  index.keys.more_range = {KeyElement{"day", ValueType::S}};
  index.projection = std::move(projection);
  table.indexes.push_back(std::move(index));
  return table;
}

Item sample_item() {
  Item item;
  item.emplace("pk", AttributeValue::string("USER#1"));
  item.emplace("sk", AttributeValue::string("ORDER#2026-12-03#77"));
  item.emplace("status", AttributeValue::string("PENDING"));
  item.emplace("day", AttributeValue::string("2026-12-03"));
  item.emplace("total", AttributeValue::string("12.50"));
  item.emplace("note", AttributeValue::string(std::string(700, 'n')));
  return item;
}

int64_t built_size(const Item& item, const TableDef& table) {
  return item_size(project_for_index(item, table, table.indexes[0]));
}

}  // namespace

TEST_CASE("projected_size: KEYS_ONLY counts each key attribute once") {
  TableDef table = table_with_index(IndexProjection{.type = IndexProjection::Type::kKeysOnly});
  const Item item = sample_item();
  const int64_t size = projected_size(item, table, table.indexes[0], table.indexes[0].projection);
  CHECK(size == built_size(item, table));
  CHECK(size < item_size(item));
}

TEST_CASE("projected_size: INCLUDE with repeated and missing names") {
  IndexProjection include{.type = IndexProjection::Type::kInclude};
  include.non_key_attributes = {"total", "sk", "absent", "total"};
  TableDef table = table_with_index(include);
  Item item = sample_item();
  CHECK(projected_size(item, table, table.indexes[0], include) == built_size(item, table));
  item.erase("day");
  CHECK(projected_size(item, table, table.indexes[0], include) == built_size(item, table));
}

TEST_CASE("projected_size: ALL is the item's size; another projection can be asked for") {
  TableDef table = table_with_index(IndexProjection{.type = IndexProjection::Type::kAll});
  const Item item = sample_item();
  CHECK(projected_size(item, table, table.indexes[0], table.indexes[0].projection) ==
        item_size(item));
  const IndexProjection keys_only{.type = IndexProjection::Type::kKeysOnly};
  CHECK(projected_size(item, table, table.indexes[0], keys_only) ==
        item_size(project_for_index(item, table, table.indexes[0], keys_only)));
}
