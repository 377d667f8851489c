// Request templates: DynamoDB JSON with {{name}} parameters
// (model/request_template.h).

#include "model/request_template.h"

#include <doctest/doctest.h>

namespace dynamini::model {
namespace {

TEST_CASE("instantiate: a whole-string placeholder becomes the parameter's JSON value") {
  TemplateParams p;
  p.number("limit", 20).json("cursor", R"({"pk":{"S":"a"}})").text("table", "t");
  CHECK(instantiate(
            R"({"TableName":"{{table}}","Limit":"{{limit}}","ExclusiveStartKey":"{{cursor}}"})",
            p) == R"({"TableName":"t","Limit":20,"ExclusiveStartKey":{"pk":{"S":"a"}}})");
}

TEST_CASE("instantiate: an absent parameter drops the member holding it") {
  TemplateParams p;
  p.number("limit", 5);
  CHECK(instantiate(
            R"({"Limit":"{{limit}}","ExclusiveStartKey":"{{cursor}}","L":["{{cursor}}",1]})", p) ==
        R"({"Limit":5,"L":[1]})");
}

TEST_CASE("instantiate: placeholders inside text and member names are replaced by text") {
  TemplateParams p;
  p.text("user", "u\"q").number("n", 3).text("table", "things");
  CHECK(instantiate(R"({"RequestItems":{"{{table}}":[]},"pk":{"S":"USER#{{user}}#{{n}}"}})", p) ==
        R"({"RequestItems":{"things":[]},"pk":{"S":"USER#u\"q#3"}})");
}

TEST_CASE("instantiate: a missing text parameter or a JSON one inside text is refused") {
  TemplateParams p;
  p.json("key", R"({"a":1})");
  CHECK_THROWS_AS(instantiate(R"({"pk":"USER#{{user}}"})", p), TemplateError);
  CHECK_THROWS_AS(instantiate(R"({"pk":"USER#{{key}}"})", p), TemplateError);
  CHECK_THROWS_AS(instantiate("{not json", p), TemplateError);
  CHECK_THROWS_AS(p.json("bad", "{"), TemplateError);
  CHECK_THROWS_AS(TemplateParams::from_json("[1]"), TemplateError);
}

TEST_CASE("TemplateParams: from_json takes an object; null counts as absent") {
  TemplateParams p = TemplateParams::from_json(R"({"user":"u","cursor":null})");
  CHECK(p.find("user") != nullptr);
  CHECK(p.find("cursor") == nullptr);
  CHECK(instantiate(R"({"u":"{{user}}","c":"{{cursor}}"})", p) == R"({"u":"u"})");
}

TEST_CASE("template_parameters: names in order of first use") {
  CHECK(template_parameters(
            R"({"{{table}}":{"pk":"USER#{{user}}","x":"{{limit}}","y":"{{user}}"}})") ==
        std::vector<std::string>{"table", "user", "limit"});
}

TEST_CASE("matches_template: an instantiated request fits its template, another does not") {
  const char* t = R"({"TableName":"{{table}}","Key":{"pk":{"S":"USER#{{user}}"}},)"
                  R"("ScanIndexForward":false,"ExclusiveStartKey":"{{cursor}}"})";
  CHECK(matches_template(
      t, R"({"TableName":"x","Key":{"pk":{"S":"USER#a"}},"ScanIndexForward":false})"));
  CHECK(matches_template(t,
                         R"({"TableName":"x","Key":{"pk":{"S":"USER#a"}},"ScanIndexForward":false,)"
                         R"("ExclusiveStartKey":{"pk":{"S":"USER#a"}}})"));
  CHECK(!matches_template(
      t, R"({"TableName":"x","Key":{"pk":{"S":"POST#a"}},"ScanIndexForward":false})"));
  CHECK(!matches_template(
      t, R"({"TableName":"x","Key":{"pk":{"S":"USER#a"}},"ScanIndexForward":true})"));
  CHECK(!matches_template(
      t, R"({"TableName":"x","Key":{"pk":{"S":"USER#a"}},"ScanIndexForward":false,)"
         R"("Limit":1})"));
  CHECK(!matches_template(t, "not json"));
}

}  // namespace
}  // namespace dynamini::model
