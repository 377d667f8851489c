// CreateTable's index-count limits apply to requests, not to tables already
// stored in a database file (which earlier versions, or UpdateTable, may have
// grown past them): reopening a file must not fail.

#include <string>

#include "catalog/catalog_format.h"
#include "catalog/table_def.h"
#include "doctest/doctest.h"
#include "dynamini/api_error.h"

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

TEST_CASE("Catalog: CreateTable refuses a 21st GSI but a stored table with 21 still loads") {
  rapidjson::Document request;
  request.Parse(create_request_with_global_indexes(21).c_str());
  try {
    dynamini::table_def_from_create_request(request);
    FAIL("21 GSIs were accepted by CreateTable");
  } catch (const dynamini::ApiError& e) {
    CHECK(e.message.find("GlobalSecondaryIndex count exceeds the per-table limit of 20") !=
          std::string::npos);
  }
  dynamini::TableDef def = dynamini::table_def_from_create_request(request, /*count_limits=*/false);
  def.table_uuid = "u";
  auto back = dynamini::table_def_from_json(dynamini::table_def_to_json(def));
  CHECK(back.indexes.size() == 21);
}
