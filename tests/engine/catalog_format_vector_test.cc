// Catalog format 2's VectorIndexes member (engine/catalog/include/catalog/
// catalog_format.h): written as documented, read back, absent when the table
// has none, and refused inside a format 1 entry.

#include <stdexcept>
#include <string>

#include "catalog/catalog_format.h"
#include "doctest/doctest.h"

namespace {

using dynamini::TableDef;
using dynamini::ValueType;
using dynamini::VectorIndexDef;

TableDef with_vector_index() {
  TableDef def;
  def.name = "t";
  def.id = 3;
  def.table_uuid = "u";
  def.keys.hash = {"pk", ValueType::S};
  def.attribute_definitions = {{"pk", ValueType::S}, {"tenant", ValueType::S}};
  def.pay_per_request = true;
  VectorIndexDef v;
  v.name = "vix";
  v.attribute = "emb";
  v.dimensions = 768;
  v.distance = VectorIndexDef::Distance::kDotProduct;
  v.search_schema = {{"tenant", true}};
  v.projection = {dynamini::IndexProjection::Type::kInclude, {"title"}};
  v.number = 2;
  def.vector_indexes = {v};
  return def;
}

}  // namespace

TEST_CASE("Catalog format 2: VectorIndexes is written as documented and read back") {
  const std::string json = dynamini::table_def_to_json(with_vector_index());
  CHECK(json.find(R"("VectorIndexes":[{"IndexName":"vix","StorageNumber":2,)"
                  R"("VectorAttribute":"emb","Dimensions":768,"DistanceFunction":"DOT_PRODUCT",)"
                  R"("SearchSchema":[{"AttributeName":"tenant","SearchSchemaElementType":"HASH"}],)"
                  R"("Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["title"]}}])") !=
        std::string::npos);
  TableDef back = dynamini::table_def_from_json(json);
  REQUIRE(back.vector_indexes.size() == 1);
  const VectorIndexDef& v = back.vector_indexes[0];
  CHECK(v.name == "vix");
  CHECK(v.attribute == "emb");
  CHECK(v.dimensions == 768);
  CHECK(v.distance == VectorIndexDef::Distance::kDotProduct);
  REQUIRE(v.search_schema.size() == 1);
  CHECK(v.search_schema[0].name == "tenant");
  CHECK(v.search_schema[0].hash);
  CHECK(v.projection.type == dynamini::IndexProjection::Type::kInclude);
  CHECK(v.projection.non_key_attributes == std::vector<std::string>{"title"});
  CHECK(v.number == 2);
  CHECK(dynamini::table_def_to_json(back) == json);
}

TEST_CASE("Catalog format 2: a table without vector indexes has no VectorIndexes member") {
  TableDef def = with_vector_index();
  def.vector_indexes.clear();
  const std::string json = dynamini::table_def_to_json(def);
  CHECK(json.find("VectorIndexes") == std::string::npos);
  CHECK(dynamini::table_def_from_json(json).vector_indexes.empty());
}

TEST_CASE("Catalog format 1 entries still open; VectorIndexes is not a member of format 1") {
  std::string json = dynamini::table_def_to_json(with_vector_index());
  json.replace(json.find(R"("FormatVersion":2)"), 17, R"("FormatVersion":1)");
  CHECK_THROWS_AS(dynamini::table_def_from_json(json), dynamini::CatalogFormatError);
  TableDef plain = with_vector_index();
  plain.vector_indexes.clear();
  std::string v1 = dynamini::table_def_to_json(plain);
  v1.replace(v1.find(R"("FormatVersion":2)"), 17, R"("FormatVersion":1)");
  CHECK(dynamini::table_def_from_json(v1).name == "t");
}
