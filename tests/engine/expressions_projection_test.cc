// ProjectionExpression, extract_paths, KeyConditionExpression and
// ExpressionAttributeNames/Values handling.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <functional>
#include <string>

#include "api/shapes_wire.h"
#include "api/wire_reader.h"
#include "dynamini/api_error.h"
#include "expression_fixture.h"
#include "expressions/expressions.h"

using namespace dynamini;
using namespace dynamini::expr;
using namespace dynamini::expr::testing;

namespace {

const char* kItem =
    R"({"a":{"S":"x"},"b":{"N":"1"},"m":{"M":{"p":{"N":"1"},"q":{"L":[{"N":"0"},{"N":"1"},{"N":"2"}]}}},)"
    R"("l":{"L":[{"S":"l0"},{"M":{"x":{"N":"1"},"y":{"N":"2"}}},{"S":"l2"}]}})";

std::string projected(const char* expression, const char* names = nullptr) {
  ExpressionAttributes a = attrs(names, nullptr);
  return item_to_json(Projection::parse(expression, a).apply(item_of(kItem)));
}

std::string json_of(const char* json) { return item_to_json(item_of(json)); }

std::string projection_error(const char* expression, const char* names = nullptr) {
  return error_of([&] {
    ExpressionAttributes a = attrs(names, nullptr);
    Projection::parse(expression, a);
  });
}

std::vector<KeyConditionTerm> key_terms(const char* expression, const char* values,
                                        const char* names = nullptr) {
  ExpressionAttributes a = attrs(names, values);
  return parse_key_condition(expression, a);
}

std::string key_error(const char* expression, const char* values = nullptr) {
  return error_of([&] { key_terms(expression, values); });
}

std::string attributes_error(const char* request) {
  return error_of([&] {
    // As an operation reads them: the wire reader, the values' check, then
    // the expression layer (names and the maps' keys).
    rapidjson::Document d;
    d.Parse(request);
    QueryRequest query;
    api::read(d, query);
    api::check_values(query, ValueChecker(ValueLayer::kCurrent));
    make_expression_attributes(query.expression_attribute_names, query.expression_attribute_values);
  });
}

}  // namespace

TEST_SUITE("expressions") {
  TEST_CASE("Projection: top-level attributes") {
    CHECK(projected("a, b, zz") == json_of(R"({"a":{"S":"x"},"b":{"N":"1"}})"));
  }

  TEST_CASE("Projection: a nested member keeps the nested structure") {
    CHECK(projected("m.p") == json_of(R"({"m":{"M":{"p":{"N":"1"}}}})"));
  }

  TEST_CASE("Projection: a[1] keeps only that element") {
    CHECK(projected("l[1]") == json_of(R"({"l":{"L":[{"M":{"x":{"N":"1"},"y":{"N":"2"}}}]}})"));
  }

  TEST_CASE("Projection: selected list elements are compacted in index order") {
    CHECK(projected("m.q[2], m.q[0]") ==
          json_of(R"({"m":{"M":{"q":{"L":[{"N":"0"},{"N":"2"}]}}}})"));
  }

  TEST_CASE("Projection: a member inside a list element") {
    CHECK(projected("l[1].y") == json_of(R"({"l":{"L":[{"M":{"y":{"N":"2"}}}]}})"));
  }

  TEST_CASE("Projection: paths that miss leave nothing behind") {
    CHECK(projected("m.zz, l[9], a.b, b[0]") == json_of(R"({})"));
  }

  TEST_CASE("Projection: #name placeholders") {
    CHECK(projected("#s", R"({"#s":"a"})") == json_of(R"({"a":{"S":"x"}})"));
  }

  TEST_CASE("Projection: of_names selects top-level attributes") {
    CHECK(item_to_json(Projection::of_names({"b", "zz"}).apply(item_of(kItem))) ==
          json_of(R"({"b":{"N":"1"}})"));
  }

  TEST_CASE("Projection: extract_paths merges a whole attribute with its members") {
    Item out = extract_paths(item_of(kItem), {Path{{"m", -1}, {"p", -1}}, Path{{"m", -1}}});
    CHECK(item_to_json(out) == item_to_json(Item{{"m", item_of(kItem).at("m")}}));
  }

  TEST_CASE("Projection error: syntax") {
    CHECK(projection_error("!!!") ==
          "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
    CHECK(projection_error("a b") ==
          "Invalid ProjectionExpression: Syntax error; token: \"b\", near: \"a b\"");
    CHECK(projection_error("a,") ==
          "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \",\"");
  }

  TEST_CASE("Projection error: empty") {
    CHECK(projection_error("") == "Invalid ProjectionExpression: The expression can not be empty;");
  }

  TEST_CASE("Projection error: reserved word") {
    CHECK(projection_error("a, name") ==
          "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: "
          "name");
  }

  TEST_CASE("Projection error: undefined name") {
    CHECK(projection_error("#x") ==
          "Invalid ProjectionExpression: An expression attribute name used in the document path is "
          "not defined; attribute name: #x");
  }

  TEST_CASE("Projection error: overlapping paths") {
    CHECK(
        projection_error("m, m.p") ==
        "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
        "rewrite one of these paths; path one: [m], path two: [m, p]");
  }

  TEST_CASE("Projection error: over 4 KB") {
    std::string text = "a" + std::string(4096, 'z');
    CHECK(projection_error(text.c_str()) ==
          "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
  }

  // ---- KeyConditionExpression -------------------------------------------------

  TEST_CASE("KeyCondition: equality on the partition key") {
    auto terms = key_terms("pk = :v", R"({":v":{"S":"x"}})");
    REQUIRE(terms.size() == 1);
    CHECK(terms[0].attribute == "pk");
    CHECK(terms[0].op == KeyConditionTerm::Op::kEq);
    CHECK(terms[0].operands[0] == AttributeValue::string("x"));
  }

  TEST_CASE("KeyCondition: two terms with a range comparison") {
    auto terms =
        key_terms("#p = :v AND sk <= :w", R"({":v":{"S":"x"},":w":{"N":"3"}})", R"({"#p":"pk"})");
    REQUIRE(terms.size() == 2);
    CHECK(terms[0].attribute == "pk");
    CHECK(terms[1].attribute == "sk");
    CHECK(terms[1].op == KeyConditionTerm::Op::kLe);
  }

  TEST_CASE("KeyCondition: a value on the left flips the comparison") {
    auto terms = key_terms(":w < sk", R"({":w":{"N":"3"}})");
    CHECK(terms[0].op == KeyConditionTerm::Op::kGt);
  }

  TEST_CASE("KeyCondition: BETWEEN and begins_with, with parentheses") {
    auto terms = key_terms("(pk = :v) AND (sk BETWEEN :a AND :b)",
                           R"({":v":{"S":"x"},":a":{"N":"1"},":b":{"N":"2"}})");
    REQUIRE(terms.size() == 2);
    CHECK(terms[1].op == KeyConditionTerm::Op::kBetween);
    CHECK(terms[1].operands.size() == 2);
    auto prefix =
        key_terms("pk = :v AND begins_with(sk, :p)", R"({":v":{"S":"x"},":p":{"S":"a"}})");
    CHECK(prefix[1].op == KeyConditionTerm::Op::kBeginsWith);
  }

  TEST_CASE("KeyCondition error: OR, NOT, IN, <> and other functions") {
    CHECK(key_error("a = :v OR b = :v", R"({":v":{"N":"1"}})") ==
          "Invalid operator used in KeyConditionExpression: OR");
    CHECK(key_error("NOT a = :v", R"({":v":{"N":"1"}})") ==
          "Invalid operator used in KeyConditionExpression: NOT");
    CHECK(key_error("a IN (:v)", R"({":v":{"N":"1"}})") ==
          "Invalid operator used in KeyConditionExpression: IN");
    CHECK(key_error("a <> :v", R"({":v":{"N":"1"}})") ==
          "Invalid operator used in KeyConditionExpression: <>");
    CHECK(key_error("attribute_exists(a)") ==
          "Invalid operator used in KeyConditionExpression: attribute_exists");
    CHECK(key_error("contains(a, :v)", R"({":v":{"N":"1"}})") ==
          "Invalid operator used in KeyConditionExpression: contains");
  }

  TEST_CASE("KeyCondition error: more terms than any key schema has") {
    // Any number parse; Query counts them against the key schema once the
    // table is known ("The number of query conditions (3) exceeds the number
    // of key attributes defined in the schema (2)": multi_attribute_gsi_test.cc,
    // the validation catalogue).
    CHECK(key_error(":a = a and b = :a and :a = c", R"({":a":{"S":"a"}})") == "<no error>");
    CHECK(key_error("a = :a and b = :a and c = :a and d = :a and e = :a and f = :a and g = :a "
                    "and h = :a and i = :a",
                    R"({":a":{"S":"a"}})") == "<no error>");
  }

  TEST_CASE("KeyCondition error: two conditions on one key") {
    // (paritysuite/dynamodb-conformance
    // tests/tier3/error-messages/queryKeyConditionOperands.test.ts).
    CHECK(key_error("b > :a AND b < :a", R"({":a":{"N":"1"}})") ==
          "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
          "condition per key");
  }

  TEST_CASE("KeyCondition error: nested attributes and operations") {
    CHECK(key_error("a.d > :v", R"({":v":{"N":"1"}})") ==
          "KeyConditionExpressions cannot have conditions on nested attributes");
    CHECK(key_error("a > size(b)") == "KeyConditionExpressions cannot contain nested operations");
  }

  TEST_CASE("KeyCondition error: attribute names on both sides") {
    CHECK(key_error("b > a") ==
          "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
          "condition");
  }

  TEST_CASE("KeyCondition error: no key attribute") {
    CHECK(key_error(":b > :a AND a < :b", R"({":a":{"N":"1"},":b":{"N":"1"}})") ==
          "Invalid condition in KeyConditionExpression: No key attribute specified");
  }

  TEST_CASE("KeyCondition error: begins_with needs the key first") {
    CHECK(key_error("begins_with(:a, b)", R"({":a":{"S":"1"}})") ==
          "Invalid condition in KeyConditionExpression: begins_with operator must have the key "
          "attribute as its first operand");
  }

  TEST_CASE("KeyCondition error: syntax and empty") {
    CHECK(key_error("").rfind("Invalid KeyConditionExpression: The expression can not be empty;",
                              0) == 0);
    CHECK(key_error("a > 4").rfind("Invalid KeyConditionExpression: Syntax error; ", 0) == 0);
  }

  TEST_CASE("KeyCondition error: BETWEEN bound types") {
    CHECK(key_error("a between :b and :a", R"({":a":{"S":"a"},":b":{"N":"1"}})") ==
          "Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower "
          "and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: "
          "AttributeValue: {S:a}");
  }

  // ---- ExpressionAttributeNames / ExpressionAttributeValues -----------------

  TEST_CASE("ExpressionAttributes: empty maps are rejected") {
    CHECK(attributes_error(R"({"ExpressionAttributeNames":{}})") ==
          "ExpressionAttributeNames must not be empty");
    CHECK(attributes_error(R"({"ExpressionAttributeValues":{}})") ==
          "ExpressionAttributeValues must not be empty");
  }

  TEST_CASE("ExpressionAttributes: keys need their marker") {
    CHECK(attributes_error(R"({"ExpressionAttributeNames":{"a":"a"}})") ==
          "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
    CHECK(attributes_error(R"({"ExpressionAttributeValues":{"a":{"S":"b"}}})") ==
          "ExpressionAttributeValues contains invalid key: Syntax error; key: \"a\"");
  }

  // Query runs DynamoDB's current value layer, which names no key
  // (paritysuite/dynamodb-conformance valueLayers.test.ts).
  TEST_CASE("ExpressionAttributes: invalid values are refused without their key") {
    CHECK(attributes_error(R"({"ExpressionAttributeValues":{":b":{}}})") ==
          "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
    CHECK(attributes_error(R"({"ExpressionAttributeValues":{":b":{"SS":["a","a"]}}})") ==
          "One or more parameter values were invalid: Input collection [\"a\", \"a\"] contains "
          "duplicates.");
  }

  TEST_CASE("ExpressionAttributes: absent maps are fine") {
    CHECK(attributes_error(R"({"TableName":"t"})") == "<no error>");
  }

  TEST_CASE("ExpressionAttributes: unused names are reported") {
    ExpressionAttributes a = attrs(R"({"#a":"a","#b":"b","#c":"c"})", nullptr);
    Projection::parse("#b", a);
    CHECK(error_of([&] { check_all_used(a); }) ==
          "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #c}");
  }

  TEST_CASE("ExpressionAttributes: unused values are reported") {
    ExpressionAttributes a = attrs(nullptr, R"({":x":{"N":"1"},":y":{"N":"1"}})");
    Condition::parse("a = :y", a, "ConditionExpression");
    CHECK(error_of([&] { check_all_used(a); }) ==
          "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}");
  }

  TEST_CASE("ExpressionAttributes: all used passes") {
    ExpressionAttributes a = attrs(R"({"#a":"a"})", R"({":y":{"N":"1"}})");
    Condition::parse("#a = :y", a, "ConditionExpression");
    CHECK(error_of([&] { check_all_used(a); }) == "<no error>");
  }

  TEST_CASE("Paths: path_to_string") {
    CHECK(path_to_string(Path{{"a", -1}, {"b", -1}, {"", 2}, {"c", -1}}) == "a.b[2].c");
  }

  TEST_CASE("compare_scalars: same-type scalars only") {
    CHECK(compare_scalars(AttributeValue::number(Number::from_int(2)),
                          AttributeValue::number(Number::from_int(10))) == -1);
    CHECK(compare_scalars(AttributeValue::string("b"), AttributeValue::string("a")) == 1);
    CHECK_FALSE(
        compare_scalars(AttributeValue::string("1"), AttributeValue::number(Number::from_int(1))));
    CHECK_FALSE(
        compare_scalars(AttributeValue::boolean_value(true), AttributeValue::boolean_value(true)));
  }

}  // TEST_SUITE
