// ConditionExpression / FilterExpression: parsing, validation, evaluation.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <functional>
#include <string>

#include "dynamini/api_error.h"
#include "expression_fixture.h"
#include "expressions/expressions.h"

using namespace dynamini;
using namespace dynamini::expr;
using namespace dynamini::expr::testing;

namespace {

bool holds(const char* expression, const char* item_json, const char* values = nullptr,
           const char* names = nullptr) {
  ExpressionAttributes a = attrs(names, values);
  Condition c = Condition::parse(expression, a, "ConditionExpression");
  Item item = item_of(item_json);
  return c.evaluate(&item);
}

std::string condition_error(const char* expression, const char* values = nullptr,
                            const char* names = nullptr,
                            const char* parameter = "ConditionExpression") {
  return error_of([&] {
    ExpressionAttributes a = attrs(names, values);
    Condition::parse(expression, a, parameter);
  });
}

}  // namespace

TEST_SUITE("expressions") {
  // NOT may follow NOT; each pair cancels (scylladb test/alternator/
  // test_condition_expression.py, "NOT NOT NOT NOT also works (and does
  // nothing)", run against DynamoDB).
  TEST_CASE("Condition: NOT NOT and NOT NOT NOT") {
    const char* item = R"({"a":{"N":"1"}})";
    const char* values = R"({":v":{"N":"1"}})";
    CHECK(holds("NOT NOT a = :v", item, values));
    CHECK_FALSE(holds("NOT NOT NOT a = :v", item, values));
    CHECK(holds("NOT NOT NOT NOT a = :v", item, values));
    CHECK(holds("NOT NOT NOT a <> :v AND a = :v", item, values));
    CHECK(holds("NOT (NOT a = :v)", item, values));
  }

  TEST_CASE("Condition: equality of a string attribute") {
    CHECK(holds("a = :v", R"({"a":{"S":"x"}})", R"({":v":{"S":"x"}})"));
    CHECK_FALSE(holds("a = :v", R"({"a":{"S":"y"}})", R"({":v":{"S":"x"}})"));
  }

  TEST_CASE("Condition: comparison with a missing attribute is false") {
    CHECK_FALSE(holds("a = :v", R"({"b":{"S":"x"}})", R"({":v":{"S":"x"}})"));
    CHECK_FALSE(holds("a < :v", R"({"b":{"S":"x"}})", R"({":v":{"N":"1"}})"));
    CHECK_FALSE(holds("a >= :v", R"({"b":{"S":"x"}})", R"({":v":{"N":"1"}})"));
  }

  TEST_CASE("Condition: <> is true when the attribute is missing") {
    CHECK(holds("a <> :v", R"({"b":{"S":"x"}})", R"({":v":{"S":"x"}})"));
    CHECK_FALSE(holds("a <> :v", R"({"a":{"S":"x"}})", R"({":v":{"S":"x"}})"));
  }

  TEST_CASE("Condition: values of different types are not equal") {
    CHECK_FALSE(holds("a = :v", R"({"a":{"S":"1"}})", R"({":v":{"N":"1"}})"));
    CHECK(holds("a <> :v", R"({"a":{"S":"1"}})", R"({":v":{"N":"1"}})"));
  }

  TEST_CASE("Condition: numbers compare by value") {
    CHECK(holds("a = :v", R"({"a":{"N":"1.50"}})", R"({":v":{"N":"1.5"}})"));
    CHECK(holds("a < :v", R"({"a":{"N":"9"}})", R"({":v":{"N":"10"}})"));
    CHECK(holds("a > :v", R"({"a":{"N":"-1"}})", R"({":v":{"N":"-2"}})"));
    CHECK(holds("a <= :v", R"({"a":{"N":"10"}})", R"({":v":{"N":"1e1"}})"));
  }

  TEST_CASE("Condition: strings compare by UTF-8 bytes") {
    CHECK(holds("a < :v", R"({"a":{"S":"B"}})", R"({":v":{"S":"a"}})"));
    CHECK(holds("a > :v", R"({"a":{"S":"\u00e9"}})", R"({":v":{"S":"z"}})"));
  }

  TEST_CASE("Condition: binary compares unsigned") {
    // 0xFF > 0x01
    CHECK(holds("a > :v", R"({"a":{"B":"/w=="}})", R"({":v":{"B":"AQ=="}})"));
  }

  TEST_CASE("Condition: ordering across types is false") {
    CHECK_FALSE(holds("a < :v", R"({"a":{"S":"1"}})", R"({":v":{"N":"2"}})"));
    CHECK_FALSE(holds("a > :v", R"({"a":{"S":"1"}})", R"({":v":{"N":"0"}})"));
    // An item attribute without order compares false; a literal without
    // order is refused when parsed (scylladb test_condition_expression.py
    // test_update_condition_lt, run against DynamoDB).
    CHECK_FALSE(holds("a < :v", R"({"a":{"BOOL":true}})", R"({":v":{"N":"1"}})"));
    CHECK(condition_error("a < :v", R"({":v":{"BOOL":true}})") ==
          "Invalid ConditionExpression: Incorrect operand type for operator or function; "
          "operator or function: <, operand type: BOOL");
  }

  TEST_CASE("Condition: NOT binds tighter than AND, AND tighter than OR") {
    const char* item = R"({"a":{"N":"1"},"b":{"N":"2"}})";
    const char* values = R"({":one":{"N":"1"},":two":{"N":"2"}})";
    // true OR (false AND false)
    CHECK(holds("a = :one OR b = :one AND a = :two", item, values));
    // NOT false AND true
    CHECK(holds("NOT a = :two AND b = :two", item, values));
    // (true OR false) AND false
    CHECK_FALSE(holds("(a = :one OR b = :one) AND a = :two", item, values));
  }

  TEST_CASE("Condition: keywords are case-insensitive") {
    CHECK(
        holds("a = :v and not b = :v", R"({"a":{"N":"1"},"b":{"N":"2"}})", R"({":v":{"N":"1"}})"));
  }

  TEST_CASE("Condition: BETWEEN is inclusive") {
    const char* values = R"({":lo":{"N":"1"},":hi":{"N":"3"}})";
    CHECK(holds("a BETWEEN :lo AND :hi", R"({"a":{"N":"1"}})", values));
    CHECK(holds("a BETWEEN :lo AND :hi", R"({"a":{"N":"3"}})", values));
    CHECK_FALSE(holds("a BETWEEN :lo AND :hi", R"({"a":{"N":"4"}})", values));
    CHECK_FALSE(holds("a BETWEEN :lo AND :hi", R"({"a":{"S":"2"}})", values));
  }

  TEST_CASE("Condition: IN matches any operand") {
    const char* values = R"({":a":{"S":"x"},":b":{"N":"2"}})";
    CHECK(holds("a IN (:a, :b)", R"({"a":{"N":"2"}})", values));
    CHECK_FALSE(holds("a IN (:a, :b)", R"({"a":{"N":"3"}})", values));
    CHECK_FALSE(holds("a IN (:a, :b)", R"({})", values));
  }

  TEST_CASE("Condition: IN accepts 100 operands and rejects 101") {
    std::string values = "{";
    std::string list;
    for (int i = 0; i < 101; ++i) {
      if (i) values += ",", list += ",";
      values += "\":v" + std::to_string(i) + "\":{\"N\":\"" + std::to_string(i) + "\"}";
      list += ":v" + std::to_string(i);
    }
    values += "}";
    std::string hundred = list.substr(0, list.rfind(','));
    CHECK(holds(("a IN (" + hundred + ")").c_str(), R"({"a":{"N":"99"}})", values.c_str()));
    CHECK(condition_error(("a IN (" + list + ")").c_str(), values.c_str()) ==
          "Invalid ConditionExpression: The IN operator is provided with too many operands; "
          "number of operands: 101");
  }

  TEST_CASE("Condition: attribute_exists and attribute_not_exists") {
    CHECK(holds("attribute_exists(a)", R"({"a":{"NULL":true}})"));
    CHECK_FALSE(holds("attribute_exists(b)", R"({"a":{"NULL":true}})"));
    CHECK(holds("attribute_not_exists(b)", R"({"a":{"NULL":true}})"));
    CHECK(holds("attribute_exists(m.x[1])", R"({"m":{"M":{"x":{"L":[{"N":"1"},{"N":"2"}]}}}})"));
    CHECK_FALSE(
        holds("attribute_exists(m.x[2])", R"({"m":{"M":{"x":{"L":[{"N":"1"},{"N":"2"}]}}}})"));
  }

  TEST_CASE("Condition: evaluating against no item") {
    ExpressionAttributes a = attrs(nullptr, nullptr);
    CHECK(Condition::parse("attribute_not_exists(pk)", a, "ConditionExpression").evaluate(nullptr));
    CHECK_FALSE(
        Condition::parse("attribute_exists(pk)", a, "ConditionExpression").evaluate(nullptr));
  }

  TEST_CASE("Condition: attribute_type") {
    CHECK(holds("attribute_type(a, :t)", R"({"a":{"SS":["x"]}})", R"({":t":{"S":"SS"}})"));
    CHECK_FALSE(holds("attribute_type(a, :t)", R"({"a":{"S":"x"}})", R"({":t":{"S":"SS"}})"));
  }

  TEST_CASE("Condition: begins_with on strings and binaries") {
    CHECK(holds("begins_with(a, :p)", R"({"a":{"S":"hello"}})", R"({":p":{"S":"he"}})"));
    CHECK_FALSE(holds("begins_with(a, :p)", R"({"a":{"S":"hello"}})", R"({":p":{"S":"lo"}})"));
    CHECK(holds("begins_with(a, :p)", R"({"a":{"B":"AQID"}})", R"({":p":{"B":"AQ=="}})"));
    CHECK_FALSE(holds("begins_with(a, :p)", R"({"a":{"N":"12"}})", R"({":p":{"S":"1"}})"));
  }

  TEST_CASE("Condition: contains on strings, sets and lists") {
    CHECK(holds("contains(a, :v)", R"({"a":{"S":"hello"}})", R"({":v":{"S":"ell"}})"));
    CHECK(holds("contains(a, :v)", R"({"a":{"SS":["x","y"]}})", R"({":v":{"S":"y"}})"));
    CHECK(holds("contains(a, :v)", R"({"a":{"NS":["1","2.5"]}})", R"({":v":{"N":"2.50"}})"));
    CHECK_FALSE(holds("contains(a, :v)", R"({"a":{"NS":["1"]}})", R"({":v":{"S":"1"}})"));
    CHECK(holds("contains(a, :v)", R"({"a":{"L":[{"S":"x"},{"N":"3"}]}})", R"({":v":{"N":"3"}})"));
    CHECK_FALSE(holds("contains(a, :v)", R"({"a":{"N":"3"}})", R"({":v":{"N":"3"}})"));
  }

  TEST_CASE("Condition: size() as a comparison operand") {
    CHECK(holds("size(a) = :n", R"({"a":{"S":"abc"}})", R"({":n":{"N":"3"}})"));
    CHECK(holds("size(a) > :n", R"({"a":{"L":[{"N":"1"},{"N":"2"}]}})", R"({":n":{"N":"1"}})"));
    CHECK(holds("size(a) = :n", R"({"a":{"M":{"x":{"N":"1"}}}})", R"({":n":{"N":"1"}})"));
    CHECK(holds("size(a) = :n", R"({"a":{"SS":["x","y"]}})", R"({":n":{"N":"2"}})"));
    CHECK_FALSE(holds("size(a) = :n", R"({"a":{"N":"3"}})", R"({":n":{"N":"1"}})"));
    CHECK_FALSE(holds("size(b) = :n", R"({})", R"({":n":{"N":"0"}})"));
  }

  TEST_CASE("Condition: #name placeholders anywhere in a path") {
    CHECK(holds("#a.#b[0] = :v", R"({"x":{"M":{"y":{"L":[{"S":"z"}]}}}})", R"({":v":{"S":"z"}})",
                R"({"#a":"x","#b":"y"})"));
  }

  TEST_CASE("Condition: a #name may hold a reserved word or dots literally") {
    CHECK(
        holds("#s = :v", R"({"status":{"S":"on"}})", R"({":v":{"S":"on"}})", R"({"#s":"status"})"));
    CHECK(holds("#d = :v", R"({"a.b":{"S":"on"}})", R"({":v":{"S":"on"}})", R"({"#d":"a.b"})"));
  }

  TEST_CASE("Condition: parenthesised operands and paths") {
    CHECK(holds("(a) = :v", R"({"a":{"N":"1"}})", R"({":v":{"N":"1"}})"));
    CHECK(holds("(a).b = :v", R"({"a":{"M":{"b":{"N":"1"}}}})", R"({":v":{"N":"1"}})"));
  }

  TEST_CASE("Condition: comparing two paths") {
    CHECK(holds("a < b", R"({"a":{"N":"1"},"b":{"N":"2"}})"));
  }

  TEST_CASE("Condition: marks used names and values") {
    ExpressionAttributes a = attrs(R"({"#a":"a","#b":"b"})", R"({":v":{"N":"1"},":w":{"N":"2"}})");
    Condition::parse("#a = :v", a, "ConditionExpression");
    CHECK(a.used_names == std::set<std::string>{"#a"});
    CHECK(a.used_values == std::set<std::string>{":v"});
  }

  // ---- errors -------------------------------------------------------------

  TEST_CASE("Condition error: empty expression") {
    CHECK(condition_error("") == "Invalid ConditionExpression: The expression can not be empty;");
    CHECK(condition_error("", nullptr, nullptr, "FilterExpression") ==
          "Invalid FilterExpression: The expression can not be empty;");
  }

  TEST_CASE("Condition error: syntax error names the token and its neighbours") {
    CHECK(condition_error("a x", nullptr) ==
          "Invalid ConditionExpression: Syntax error; token: \"x\", near: \"a x\"");
    CHECK(condition_error("a = :v b = :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Syntax error; token: \"b\", near: \":v b =\"");
    CHECK(condition_error("a =", nullptr) ==
          "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
    CHECK(condition_error("attribute_type()", nullptr) ==
          "Invalid ConditionExpression: Syntax error; token: \")\", near: \"()\"");
    CHECK(condition_error("a == :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"== :v\"");
  }

  TEST_CASE("Condition error: keywords cannot be attribute names") {
    CHECK(condition_error("and = :v", R"({":v":{"N":"1"}})")
              .rfind("Invalid ConditionExpression: Syntax error; token: \"and\"", 0) == 0);
  }

  TEST_CASE("Condition error: undefined value") {
    CHECK(condition_error("a = :v", nullptr, nullptr, "FilterExpression") ==
          "Invalid FilterExpression: An expression attribute value used in expression is not "
          "defined; attribute value: :v");
  }

  TEST_CASE("Condition error: undefined name") {
    CHECK(condition_error("#n = :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: An expression attribute name used in the document path is "
          "not defined; attribute name: #n");
  }

  TEST_CASE("Condition error: reserved word as attribute name") {
    CHECK(condition_error("status = :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
          "status");
    CHECK(condition_error("a.Size = :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
          "Size");
  }

  TEST_CASE("Condition error: unknown function") {
    CHECK(condition_error("foo(a)") ==
          "Invalid ConditionExpression: Invalid function name; function: foo");
  }

  TEST_CASE("Condition error: update functions are not allowed") {
    CHECK(condition_error("a = if_not_exists(a, :v)", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: The function is not allowed in a condition expression; "
          "function: if_not_exists");
  }

  TEST_CASE("Condition error: wrong number of function operands") {
    CHECK(condition_error("attribute_exists(a, b)") ==
          "Invalid ConditionExpression: Incorrect number of operands for operator or function; "
          "operator or function: attribute_exists, number of operands: 2");
    CHECK(condition_error("begins_with(a, :v, :v)", R"({":v":{"S":"x"}})") ==
          "Invalid ConditionExpression: Incorrect number of operands for operator or function; "
          "operator or function: begins_with, number of operands: 3");
  }

  TEST_CASE("Condition error: attribute_exists needs a document path") {
    CHECK(condition_error("attribute_exists(:v)", R"({":v":{"S":"x"}})") ==
          "Invalid ConditionExpression: Operator or function requires a document path; operator "
          "or function: attribute_exists");
  }

  TEST_CASE("Condition error: begins_with operand type") {
    CHECK(condition_error("begins_with(a, :v)", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
          "or function: begins_with, operand type: N");
  }

  TEST_CASE("Condition error: size operand type") {
    CHECK(condition_error("size(:v) > a", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
          "or function: size, operand type: N");
  }

  TEST_CASE("Condition error: attribute_type needs a valid type name") {
    CHECK(condition_error("attribute_type(a, :t)", R"({":t":{"S":"STRING"}})") ==
          "Invalid ConditionExpression: Invalid attribute type name found; type: STRING, valid "
          "types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
    CHECK(condition_error("attribute_type(a, :t)", R"({":t":{"N":"1"}})") ==
          "Invalid ConditionExpression: Incorrect operand type for operator or function; operator "
          "or function: attribute_type, operand type: N");
  }

  TEST_CASE("Condition error: functions misused as operands or conditions") {
    CHECK(condition_error("attribute_exists(a) = :v", R"({":v":{"BOOL":true}})") ==
          "Invalid ConditionExpression: The function is not allowed to be used this way in an "
          "expression; function: attribute_exists");
    CHECK(condition_error("size(a)") ==
          "Invalid ConditionExpression: The function is not allowed to be used this way in an "
          "expression; function: size");
  }

  TEST_CASE("Condition error: identical operands") {
    CHECK(condition_error("a = a") ==
          "Invalid ConditionExpression: The first operand must be distinct from the remaining "
          "operands for this operator or function; operator: =, first operand: [a]");
    CHECK(condition_error("contains(a.b, a.b)") ==
          "Invalid ConditionExpression: The first operand must be distinct from the remaining "
          "operands for this operator or function; operator: contains, first operand: [a, b]");
  }

  TEST_CASE("Condition error: BETWEEN bounds of different types") {
    CHECK(condition_error("a BETWEEN :lo AND :hi", R"({":lo":{"N":"1"},":hi":{"S":"a"}})") ==
          "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and "
          "upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: "
          "AttributeValue: {S:a}");
  }

  TEST_CASE("Condition error: BETWEEN bounds in the wrong order") {
    CHECK(condition_error("a BETWEEN :lo AND :hi", R"({":lo":{"S":"b"},":hi":{"S":"a"}})") ==
          "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater "
          "than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound "
          "operand: AttributeValue: {S:a}");
  }

  TEST_CASE("Condition error: redundant parentheses") {
    CHECK(condition_error("((a = :v))", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: The expression has redundant parentheses;");
    CHECK(condition_error("((a)) = :v", R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: The expression has redundant parentheses;");
  }

  TEST_CASE("Condition error: expression over 4 KB reports its size") {
    std::string path = "a" + std::string(4096, 'z');
    std::string text = path + " = :v";
    CHECK(condition_error(text.c_str(), R"({":v":{"N":"1"}})") ==
          "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
          "expression size: " +
              std::to_string(text.size()));
  }

  TEST_CASE("Condition: an expression of exactly 4096 bytes is accepted") {
    std::string text = "a" + std::string(4096 - 6, 'z') + " = :v";
    REQUIRE(text.size() == 4096);
    CHECK(condition_error(text.c_str(), R"({":v":{"N":"1"}})") == "<no error>");
  }

  TEST_CASE("Condition error: document path nested more than 32 levels") {
    std::string path = "a";
    for (int i = 0; i < 32; ++i) path += ".b";
    CHECK(condition_error(("attribute_exists(" + path + ")").c_str()) ==
          "Invalid ConditionExpression: The document path has too many nesting levels; nesting "
          "levels: 33");
    std::string ok = "a";
    for (int i = 0; i < 31; ++i) ok += ".b";
    CHECK(condition_error(("attribute_exists(" + ok + ")").c_str()) == "<no error>");
  }

  TEST_CASE("Condition error: syntax errors come before undefined values") {
    CHECK(condition_error("a = :v x").rfind("Invalid ConditionExpression: Syntax error;", 0) == 0);
  }

}  // TEST_SUITE

TEST_SUITE("expressions") {
  TEST_CASE("Condition error: parentheses nested too deep are a syntax error") {
    std::string text = std::string(150, '(') + "a = :v" + std::string(150, ')');
    CHECK(condition_error(text.c_str(), R"({":v":{"N":"1"}})")
              .rfind("Invalid ConditionExpression: Syntax error; token: \"(\"", 0) == 0);
  }

  TEST_CASE("Condition: nested parentheses around AND/OR groups") {
    CHECK(holds("(a = :v AND (b = :v OR (c = :v AND a = :v)))",
                R"({"a":{"N":"1"},"b":{"N":"2"},"c":{"N":"1"}})", R"({":v":{"N":"1"}})"));
  }

}  // TEST_SUITE
