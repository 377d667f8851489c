// Model files (model/model_file.h): what a model file must hold, and the
// messages that say where it does not.

#include "model/model_file.h"

#include <doctest/doctest.h>

#include <string>

#include "model/model_library.h"
#include "model/model_seed.h"

namespace dynamini::model {
namespace {

// A small valid model; `patch` replaces its patterns member.
std::string model_text(const std::string& patterns = R"([{"id": "P1", "name": "get one",
    "parameters": ["id"], "steps": [{"template": "get"}]}])") {
  return R"({"format": "dynamini-model/1", "name": "tiny", "title": "Tiny",
    "tables": [{"TableName": "tiny", "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"}],
    "items": {"tiny": [{"id": {"S": "a"}}]},
    "parameters": [{"name": "id", "default": "a", "required": true}],
    "templates": {"get": {"operation": "GetItem", "request": {"TableName": "tiny", "Key": {"id": {"S": "{{id}}"}}}}},
    "patterns": )" +
         patterns + "}";
}

std::string error_of(const std::string& text) {
  try {
    parse_model(text, "t.json");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("model file: a small model reads, its pattern found by id") {
  ModelDefinition m = parse_model(model_text(), "t.json");
  CHECK(m.name == "tiny");
  CHECK(m.table_names() == std::vector<std::string>{"tiny"});
  CHECK(m.focus_table == "tiny");
  REQUIRE(m.find_pattern("P1") != nullptr);
  CHECK(m.find_template("get")->operation == "GetItem");
  CHECK(m.items.size() == 1);
}

TEST_CASE("model file: every name a member uses must exist, and the message says where") {
  CHECK(error_of(model_text(R"([{"id": "P1", "name": "x", "steps": [{"template": "nope"}]}])")) ==
        "t.json: patterns[0].steps[0]: no template nope");
  CHECK(error_of(model_text(R"([{"id": "P1", "name": "x", "parameters": ["who"],
      "steps": [{"template": "get"}]}])")) == "t.json: patterns[0].parameters: no parameter who");
  CHECK(error_of(model_text(R"([{"id": "P1", "name": "x", "note": "n",
      "steps": [{"template": "get"}]}])")) == "t.json: patterns[0].note: no note n");
  CHECK(error_of(model_text(R"([{"id": "P1", "name": "x", "steps": []}])")) ==
        "t.json: patterns[0].steps: a pattern needs at least one step");
  CHECK(error_of("{\"format\": \"other/1\"}") == "t.json: format: expected \"dynamini-model/1\"");
  CHECK(error_of("[1]") == "t.json: not a JSON object");
}

TEST_CASE("model file: a lesson must run a pattern of the model") {
  std::string text = model_text();
  text.insert(text.size() - 1, R"(, "lessons": [{"id": "l", "title": "L",
      "steps": [{"run": {"pattern": "P9"}, "question": "?", "answer": {"kind": "number", "from": "requests"}}]}])");
  CHECK(error_of(text) == "t.json: lessons[0].steps[0].run: no pattern P9");
}

TEST_CASE("model file: generated items fill {{i}}, {{t}} and {{date}} from the counter") {
  GeneratedItems g;
  g.table = "t";
  g.count = 3;
  g.start = 1735689600;  // 2025-01-01T00:00:00Z
  g.step = 3600;
  g.cycle = {R"({"id": {"S": "x{{i}}"}, "at": {"N": "{{t}}"}, "on": {"S": "{{date}}"}})",
             R"({"id": {"S": "y{{i}}"}})"};
  auto items = generated_items(g);
  REQUIRE(items.size() == 3);
  CHECK(items[0] ==
        R"({"id":{"S":"x0000"},"at":{"N":"1735689600"},"on":{"S":"2025-01-01T00:00:00Z"}})");
  CHECK(items[1] == R"({"id":{"S":"y0001"}})");
  CHECK(items[2] ==
        R"({"id":{"S":"x0002"},"at":{"N":"1735696800"},"on":{"S":"2025-01-01T02:00:00Z"}})");
}

TEST_CASE("model library: a shipped name, or a path; an unknown name lists the shipped ones") {
  CHECK(load_model("shop").title == "Single-table shop");
  try {
    load_model("nope");
    FAIL("loaded a model that does not exist");
  } catch (const ModelFileError& e) {
    CHECK(std::string(e.what()) ==
          "no model named 'nope' (built in: inbox, notifications, shop; or give a model file's "
          "path)");
  }
  CHECK_THROWS_WITH_AS(load_model("/no/such/model.json"),
                       "/no/such/model.json: cannot read the file", ModelFileError);
}

}  // namespace
}  // namespace dynamini::model
