// A NoSQL Workbench model export (model/workbench_import.h) loaded as a
// model: tables, items, entities and patterns made from it, and run.
// fixtures/workbench_bookstore.json follows the format of Workbench's own
// sample models ("Version": "3.0": DataModel, KeyAttributes, TableFacets
// with KeyAttributeAlias and TableData, GlobalSecondaryIndexes with
// Projection, BillingMode and ProvisionedCapacitySettings).

#include "model/workbench_import.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <fstream>
#include <sstream>

#include "model/model_catalogue.h"
#include "model/model_file.h"
#include "model/model_library.h"
#include "model/model_runner.h"
#include "model/model_seed.h"

namespace dynamini::model {
namespace {

const std::string kExport = std::string(DYNAMINI_MODEL_FIXTURES) + "/workbench_bookstore.json";

const ModelEntity* entity(const ModelDefinition& m, const std::string& name) {
  for (const ModelEntity& e : m.entities) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

TEST_CASE("Workbench import: tables, items, one entity per facet with its key templates") {
  const ModelDefinition m = load_model(kExport);
  CHECK(m.name == "bookstore-data-model");
  CHECK(m.title == "Bookstore Data Model");
  CHECK(m.table_names() == std::vector<std::string>{"Bookstore"});
  rapidjson::Document table;
  table.Parse(m.tables[0].c_str());
  CHECK(std::string(table["BillingMode"].GetString()) == "PAY_PER_REQUEST");
  CHECK(table["AttributeDefinitions"].Size() == 4);  // PK, SK, GSI1PK, GSI1SK
  CHECK(
      std::string(table["GlobalSecondaryIndexes"][0]["Projection"]["ProjectionType"].GetString()) ==
      "INCLUDE");
  CHECK(m.items.size() == 8);
  const ModelEntity* book = entity(m, "Book");
  REQUIRE(book != nullptr);
  CHECK(book->keys == std::vector<std::pair<std::string, std::string>>{
                          {"PK", "AUTHOR#{{AuthorId}}"}, {"SK", "BOOK#{{Isbn}}"}});
  CHECK(entity(m, "Author")->keys[1] == std::pair<std::string, std::string>{"SK", "PROFILE"});
  CHECK(entity(m, "Review")->keys[1].second == "REVIEW#{{ReviewedOn}}");
  CHECK(m.focus_partition == "AUTHOR#{{AuthorId}}");
}

TEST_CASE("Workbench import: a Query per facet and per index, which run") {
  const ModelDefinition m = load_model(kExport);
  REQUIRE(m.patterns.size() == 4);
  CHECK(m.patterns[1].name == "Book: one partition");
  CHECK(m.patterns[3].name == "GSI1: one partition");
  auto db = Database::open();
  const SeedReport seeded = load_model_data(database_executor(*db), m, ExistingTables::kFail);
  CHECK(seeded.items == 8);
  Executor executor = database_executor(*db);
  auto books =
      run_model_pattern(m, "Q2", TemplateParams::from_json(R"({"AuthorId": "a100"})"), executor);
  REQUIRE(books.ok);
  CHECK(books.calls[0].request.find(
            R"json("KeyConditionExpression":"#pk = :pk AND begins_with(#sk, :sk)")json") !=
        std::string::npos);
  rapidjson::Document page;
  page.Parse(books.calls[0].result.body.c_str());
  CHECK(page["Count"].GetInt() == 2);
  auto genre = run_model_pattern(m, "Q4", TemplateParams(), executor);  // default: the first GSI1PK
  page.Parse(genre.calls[0].result.body.c_str());
  CHECK(page["Count"].GetInt() == 2);
  CHECK(model_catalogue_json(m).find("\"Bookstore Data Model\"") != std::string::npos);
}

TEST_CASE("Workbench import: what the export lacks is named") {
  CHECK_THROWS_WITH_AS(parse_model(R"({"ModelName": "x", "DataModel": []})", "w.json"),
                       "w.json: DataModel: no table", ModelFileError);
  CHECK_THROWS_WITH_AS(
      parse_model(R"({"ModelName": "x", "DataModel": [{"TableName": "t", "KeyAttributes": {}}]})",
                  "w.json"),
      "w.json: DataModel[0].KeyAttributes: missing PartitionKey", ModelFileError);
}

}  // namespace
}  // namespace dynamini::model
