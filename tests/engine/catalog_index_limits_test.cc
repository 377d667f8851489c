// CreateTable's index-count limits apply to requests, not to tables already
// stored in a database file (which earlier versions, or UpdateTable, may have
// grown past them): reopening a file must not fail.

#include <string>

#include "catalog/catalog_format.h"
#include "catalog/table_def.h"
#include "doctest/doctest.h"
#include "dynamini/api_error.h"
#include "dynamini/database.h"

namespace {

std::string create_request_with_global_indexes(int count) {
  std::string defs = R"({"AttributeName":"pk","AttributeType":"S"})";
  std::string indexes;
  for (int i = 0; i < count; ++i) {
    defs += R"(,{"AttributeName":"g)" + std::to_string(i) + R"(","AttributeType":"S"})";
    indexes += std::string(i ? "," : "") + R"({"IndexName":"gsi)" + std::to_string(i) +
               R"(","KeySchema":[{"AttributeName":"g)" + std::to_string(i) +
               R"(","KeyType":"HASH"}],"Projection":{"ProjectionType":"KEYS_ONLY"}})";
  }
  return R"({"TableName":"many","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[)" + defs +
         R"(],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"GlobalSecondaryIndexes":[)" +
         indexes + "]}";
}

}  // namespace

dynamini::TableDef table_with_global_indexes(int count) {
  dynamini::TableDef def;
  def.name = "many";
  def.table_uuid = "u";
  def.pay_per_request = true;
  def.keys.hash = {"pk", dynamini::ValueType::S};
  def.attribute_definitions.push_back(def.keys.hash);
  for (int i = 0; i < count; ++i) {
    dynamini::IndexDef index;
    index.name = "gsi" + std::to_string(i);
    index.keys.hash = {"g" + std::to_string(i), dynamini::ValueType::S};
    index.projection.type = dynamini::IndexProjection::Type::kKeysOnly;
    index.number = i + 1;
    def.attribute_definitions.push_back(index.keys.hash);
    def.indexes.push_back(index);
  }
  return def;
}

TEST_CASE("Catalog: CreateTable refuses a 21st GSI but a stored table with 21 still loads") {
  auto db = dynamini::Database::open({});
  auto result = db->execute("CreateTable", create_request_with_global_indexes(21));
  REQUIRE(result.error);
  CHECK(result.error->message.find(
            "GlobalSecondaryIndex count exceeds the per-table limit of 20") != std::string::npos);
  auto back =
      dynamini::table_def_from_json(dynamini::table_def_to_json(table_with_global_indexes(21)));
  CHECK(back.indexes.size() == 21);
}
