// UpdateExpression: parsing, validation and application.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <algorithm>
#include <functional>
#include <string>

#include "dynamini/api_error.h"
#include "expression_fixture.h"
#include "expressions/expressions.h"

using namespace dynamini;
using namespace dynamini::expr;
using namespace dynamini::expr::testing;

namespace {

// Applies `expression` to `before` and returns the item as JSON.
std::string updated(const char* expression, const char* before, const char* values = nullptr,
                    const char* names = nullptr) {
  ExpressionAttributes a = attrs(names, values);
  Update u = Update::parse(expression, a);
  Item item = item_of(before);
  u.apply(item);
  return item_to_json(item);
}

std::string json_of(const char* json) { return item_to_json(item_of(json)); }

std::string parse_error(const char* expression, const char* values = nullptr,
                        const char* names = nullptr) {
  return error_of([&] {
    ExpressionAttributes a = attrs(names, values);
    Update::parse(expression, a);
  });
}

std::string apply_error(const char* expression, const char* before, const char* values = nullptr,
                        const char* names = nullptr) {
  return error_of([&] { updated(expression, before, values, names); });
}

}  // namespace

TEST_SUITE("expressions") {
  TEST_CASE("Update: SET a value") {
    CHECK(updated("SET a = :v", R"({"k":{"S":"1"}})", R"({":v":{"S":"x"}})") ==
          json_of(R"({"k":{"S":"1"},"a":{"S":"x"}})"));
  }

  TEST_CASE("Update: SET copies another attribute") {
    CHECK(updated("SET b = a", R"({"a":{"N":"5"}})") ==
          json_of(R"({"a":{"N":"5"},"b":{"N":"5"}})"));
  }

  TEST_CASE("Update: SET x = x - :v stays exact (0.3 - 0.1 = 0.2)") {
    CHECK(updated("SET x = x - :v", R"({"x":{"N":"0.3"}})", R"({":v":{"N":"0.1"}})") ==
          json_of(R"({"x":{"N":"0.2"}})"));
  }

  TEST_CASE("Update: SET with + adds exactly") {
    CHECK(updated("SET x = x + :v", R"({"x":{"N":"12345678901234567890123456789012345678"}})",
                  R"({":v":{"N":"1"}})") ==
          json_of(R"({"x":{"N":"12345678901234567890123456789012345679"}})"));
  }

  TEST_CASE("Update: SET with if_not_exists keeps an existing value") {
    CHECK(updated("SET a = if_not_exists(a, :v)", R"({"a":{"N":"1"}})", R"({":v":{"N":"0"}})") ==
          json_of(R"({"a":{"N":"1"}})"));
    CHECK(updated("SET a = if_not_exists(a, :v)", R"({})", R"({":v":{"N":"0"}})") ==
          json_of(R"({"a":{"N":"0"}})"));
  }

  TEST_CASE("Update: counter with if_not_exists plus increment") {
    CHECK(updated("SET c = if_not_exists(c, :zero) + :one", R"({})",
                  R"({":zero":{"N":"0"},":one":{"N":"1"}})") == json_of(R"({"c":{"N":"1"}})"));
  }

  TEST_CASE("Update: list_append concatenates") {
    CHECK(updated("SET l = list_append(l, :v)", R"({"l":{"L":[{"N":"1"}]}})",
                  R"({":v":{"L":[{"N":"2"}]}})") ==
          json_of(R"({"l":{"L":[{"N":"1"},{"N":"2"}]}})"));
    CHECK(updated("SET l = list_append(:v, l)", R"({"l":{"L":[{"N":"1"}]}})",
                  R"({":v":{"L":[{"N":"0"}]}})") ==
          json_of(R"({"l":{"L":[{"N":"0"},{"N":"1"}]}})"));
  }

  TEST_CASE("Update: SET a nested map member") {
    CHECK(updated("SET m.b = :v", R"({"m":{"M":{"a":{"N":"1"}}}})", R"({":v":{"N":"2"}})") ==
          json_of(R"({"m":{"M":{"a":{"N":"1"},"b":{"N":"2"}}}})"));
  }

  TEST_CASE("Update: SET a list element replaces it") {
    CHECK(updated("SET l[0] = :v", R"({"l":{"L":[{"N":"1"},{"N":"2"}]}})", R"({":v":{"N":"9"}})") ==
          json_of(R"({"l":{"L":[{"N":"9"},{"N":"2"}]}})"));
  }

  TEST_CASE("Update: SET a[5] beyond the list end appends") {
    CHECK(updated("SET l[5] = :v", R"({"l":{"L":[{"N":"1"}]}})", R"({":v":{"N":"9"}})") ==
          json_of(R"({"l":{"L":[{"N":"1"},{"N":"9"}]}})"));
  }

  TEST_CASE("Update: appends past the end land in index order") {
    // Recorded from DynamoDB (dynalite test/updateItem.js "should update nested attributes").
    const char* before =
        R"({"a":{"S":"k"},"b":{"M":{"a":{"N":"1"},"b":{"N":"2"},"c":{"N":"3"}}},"c":{"L":[{"N":"1"},{"N":"3"}]}})";
    std::string after = updated(
        "set b.c=((c[1])+(b.a)),b.a = a,c[1] = a, c[4] = b.a - b.b, c[2] = b.c add c[8] :b, c[6] "
        ":a",
        before, R"({":a":{"N":"2"},":b":{"SS":["a"]}})");
    CHECK(
        after ==
        json_of(R"({"a":{"S":"k"},"b":{"M":{"a":{"S":"k"},"b":{"N":"2"},"c":{"N":"4"}}},)"
                R"("c":{"L":[{"N":"1"},{"S":"k"},{"N":"3"},{"N":"-1"},{"N":"2"},{"SS":["a"]}]}})"));
  }

  TEST_CASE("Update: all operands see the item before the update") {
    CHECK(updated("SET a = b, b = a", R"({"a":{"N":"1"},"b":{"N":"2"}})") ==
          json_of(R"({"a":{"N":"2"},"b":{"N":"1"}})"));
  }

  TEST_CASE("Update: REMOVE attributes and map members") {
    CHECK(updated("REMOVE a, m.x", R"({"a":{"N":"1"},"m":{"M":{"x":{"N":"1"},"y":{"N":"2"}}}})") ==
          json_of(R"({"m":{"M":{"y":{"N":"2"}}}})"));
  }

  TEST_CASE("Update: REMOVE list indexes shifts the list") {
    CHECK(updated("REMOVE l[1]", R"({"l":{"L":[{"N":"0"},{"N":"1"},{"N":"2"}]}})") ==
          json_of(R"({"l":{"L":[{"N":"0"},{"N":"2"}]}})"));
  }

  TEST_CASE("Update: REMOVE of several indexes uses the original positions") {
    CHECK(
        updated("REMOVE l[0], l[2]", R"({"l":{"L":[{"N":"0"},{"N":"1"},{"N":"2"},{"N":"3"}]}})") ==
        json_of(R"({"l":{"L":[{"N":"1"},{"N":"3"}]}})"));
  }

  TEST_CASE("Update: REMOVE of a missing attribute or index is a no-op") {
    CHECK(updated("REMOVE z, l[7]", R"({"l":{"L":[{"N":"0"}]}})") ==
          json_of(R"({"l":{"L":[{"N":"0"}]}})"));
  }

  TEST_CASE("Update: ADD to a missing number creates it") {
    CHECK(updated("ADD n :v", R"({})", R"({":v":{"N":"5"}})") == json_of(R"({"n":{"N":"5"}})"));
  }

  TEST_CASE("Update: ADD to a number adds exactly") {
    CHECK(updated("ADD n :v", R"({"n":{"N":"0.1"}})", R"({":v":{"N":"0.2"}})") ==
          json_of(R"({"n":{"N":"0.3"}})"));
  }

  TEST_CASE("Update: ADD to a set forms the union") {
    CHECK(updated("ADD s :v", R"({"s":{"SS":["a","b"]}})", R"({":v":{"SS":["b","c"]}})") ==
          json_of(R"({"s":{"SS":["a","b","c"]}})"));
    CHECK(updated("ADD s :v", R"({})", R"({":v":{"NS":["1"]}})") ==
          json_of(R"({"s":{"NS":["1"]}})"));
  }

  TEST_CASE("Update: DELETE removes set members") {
    CHECK(updated("DELETE s :v", R"({"s":{"NS":["1","2","3"]}})", R"({":v":{"NS":["1","4"]}})") ==
          json_of(R"({"s":{"NS":["2","3"]}})"));
  }

  TEST_CASE("Update: DELETE emptying a set removes the attribute") {
    CHECK(updated("DELETE s :v", R"({"s":{"SS":["a"]},"k":{"S":"1"}})", R"({":v":{"SS":["a"]}})") ==
          json_of(R"({"k":{"S":"1"}})"));
  }

  TEST_CASE("Update: DELETE from a missing attribute is a no-op") {
    CHECK(updated("DELETE s :v", R"({})", R"({":v":{"SS":["a"]}})") == json_of(R"({})"));
  }

  TEST_CASE("Update: clauses in any order, keywords in any case") {
    CHECK(updated("remove b delete c :c add d :d, e :e set f = :f",
                  R"({"b":{"N":"1"},"c":{"SS":["a","b"]}})",
                  R"({":c":{"SS":["a","b"]},":d":{"N":"5"},":e":{"SS":["a"]},":f":{"L":[]}})") ==
          json_of(R"({"d":{"N":"5"},"e":{"SS":["a"]},"f":{"L":[]}})"));
  }

  TEST_CASE("Update: target paths in expression order") {
    ExpressionAttributes a = attrs(R"({"#n":"name"})", R"({":v":{"N":"1"}})");
    Update u = Update::parse("SET #n = :v, m.x[2] = :v REMOVE r", a);
    REQUIRE(u.target_paths().size() == 3);
    CHECK(path_to_string(u.target_paths()[0]) == "name");
    CHECK(path_to_string(u.target_paths()[1]) == "m.x[2]");
    CHECK(path_to_string(u.target_paths()[2]) == "r");
  }

  // ---- parse errors ----------------------------------------------------------

  TEST_CASE("Update error: empty expression") {
    CHECK(parse_error("") == "Invalid UpdateExpression: The expression can not be empty;");
  }

  TEST_CASE("Update error: syntax errors") {
    for (const char* text :
         {"whatever", "set a", "set a=set", "remove a = b", "add a = b", "delete a b", "remove a b",
          "set :a = b", "set a = b / c", "set a[1] = \"eight\"", "SET if_not_exist(a, b) = a",
          "set (a = (b + c))", "set a = (b.c).d + e", "set a = b + c + d"}) {
      CAPTURE(text);
      CHECK(parse_error(text).rfind("Invalid UpdateExpression: Syntax error; ", 0) == 0);
    }
  }

  TEST_CASE("Update error: syntax error message format") {
    CHECK(parse_error("SET a = :v,") ==
          "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \",\"");
  }

  TEST_CASE("Update error: each clause at most once") {
    CHECK(parse_error("set a = :v set b = :v", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: The \"SET\" section can only be used once in an update "
          "expression;");
    CHECK(parse_error("remove a set b = :v remove c", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update "
          "expression;");
  }

  TEST_CASE("Update error: reserved keyword") {
    CHECK(
        parse_error("SET status = :v", R"({":v":{"N":"1"}})") ==
        "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status");
    CHECK(parse_error(" remove Absolute ") ==
          "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: "
          "Absolute");
  }

  TEST_CASE("Update error: unknown and misplaced functions") {
    CHECK(parse_error("SET a = foo(b)") ==
          "Invalid UpdateExpression: Invalid function name; function: foo");
    CHECK(parse_error("SET a = size(b)") ==
          "Invalid UpdateExpression: The function is not allowed in an update expression; "
          "function: size");
  }

  TEST_CASE("Update error: undefined name and value") {
    CHECK(parse_error("SET #c = :v", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: An expression attribute name used in the document path is not "
          "defined; attribute name: #c");
    CHECK(parse_error("SET a = :c") ==
          "Invalid UpdateExpression: An expression attribute value used in expression is not "
          "defined; attribute value: :c");
  }

  TEST_CASE("Update error: two actions on overlapping paths") {
    CHECK(parse_error("SET a = :v REMOVE a.b", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
          "rewrite one of these paths; path one: [a], path two: [a, b]");
    CHECK(parse_error("remove a, #c, a", nullptr, R"({"#c":"c"})") ==
          "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
          "rewrite one of these paths; path one: [a], path two: [a]");
  }

  TEST_CASE("Update error: conflicting paths") {
    CHECK(parse_error("remove a.#c set a[1] = :v", R"({":v":{"N":"1"}})", R"({"#c":"c"})") ==
          "Invalid UpdateExpression: Two document paths conflict with each other; must remove or "
          "rewrite one of these paths; path one: [a, c], path two: [a, [1]]");
  }

  TEST_CASE("Update error: ADD and DELETE operand types") {
    CHECK(parse_error("ADD a :v", R"({":v":{"S":"x"}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
          "ADD, operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND");
    CHECK(parse_error("DELETE a :v", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
          "DELETE, operand type: NUMBER, typeSet: ALLOWED_FOR_DELETE_OPERAND");
    CHECK(parse_error("ADD a :v", R"({":v":{"L":[]}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
          "ADD, operand type: LIST, typeSet: ALLOWED_FOR_ADD_OPERAND");
    CHECK(parse_error("ADD a :v", R"({":v":{"BOOL":true}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
          "ADD, operand type: BOOL, typeSet: ALLOWED_FOR_ADD_OPERAND");
  }

  TEST_CASE("Update error: function operand types") {
    CHECK(parse_error("SET a = a + :v", R"({":v":{"S":"x"}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
          "function: +, operand type: S");
    CHECK(parse_error("SET a = list_append(:v, a)", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
          "function: list_append, operand type: N");
    CHECK(parse_error("SET a = if_not_exists(:v, c)", R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: Operator or function requires a document path; operator or "
          "function: if_not_exists");
    CHECK(parse_error("SET a = if_not_exists(c)") ==
          "Invalid UpdateExpression: Incorrect number of operands for operator or function; "
          "operator or function: if_not_exists, number of operands: 1");
  }

  TEST_CASE("Update error: expression over 4 KB has no size suffix") {
    std::string text = "SET a" + std::string(4096, 'z') + " = :v";
    CHECK(parse_error(text.c_str(), R"({":v":{"N":"1"}})") ==
          "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
  }

  // ---- apply errors -----------------------------------------------------------

  TEST_CASE("Update error: arithmetic on a non-number attribute") {
    CHECK(apply_error("SET a = a + :v", R"({"a":{"S":"x"}})", R"({":v":{"N":"1"}})") ==
          "An operand in the update expression has an incorrect data type");
  }

  TEST_CASE("Update error: list_append on a non-list attribute") {
    CHECK(
        apply_error("SET a = list_append(a, :v)", R"({"a":{"NS":["1"]}})", R"({":v":{"L":[]}})") ==
        "An operand in the update expression has an incorrect data type");
  }

  TEST_CASE("Update error: ADD of a number to a set") {
    CHECK(apply_error("ADD a :v", R"({"a":{"NS":["1"]}})", R"({":v":{"N":"1"}})") ==
          "An operand in the update expression has an incorrect data type");
    CHECK(apply_error("ADD a :v", R"({"a":{"SS":["1"]}})", R"({":v":{"NS":["1"]}})") ==
          "An operand in the update expression has an incorrect data type");
  }

  TEST_CASE("Update error: DELETE of another set type") {
    CHECK(apply_error("DELETE a :v", R"({"a":{"NS":["1"]}})", R"({":v":{"SS":["1"]}})") ==
          "An operand in the update expression has an incorrect data type");
  }

  TEST_CASE("Update error: operand refers to a missing attribute") {
    CHECK(apply_error("SET c = b", R"({})") ==
          "The provided expression refers to an attribute that does not exist in the item");
  }

  TEST_CASE("Update error: SET on a nested path whose parent does not exist") {
    const char* msg = "The document path provided in the update expression is invalid for update";
    CHECK(apply_error("SET b.a = :v", R"({})", R"({":v":{"N":"1"}})") == msg);
    CHECK(apply_error("SET b[1] = :v", R"({})", R"({":v":{"N":"1"}})") == msg);
    CHECK(apply_error("SET m[0] = :v", R"({"m":{"M":{}}})", R"({":v":{"N":"1"}})") == msg);
    CHECK(apply_error("SET l.x = :v", R"({"l":{"L":[]}})", R"({":v":{"N":"1"}})") == msg);
  }

  TEST_CASE("Update error: REMOVE, ADD and DELETE under a missing parent") {
    const char* msg = "The document path provided in the update expression is invalid for update";
    CHECK(apply_error("REMOVE y.a", R"({})") == msg);
    CHECK(apply_error("ADD y.a :v", R"({})", R"({":v":{"N":"1"}})") == msg);
    CHECK(apply_error("DELETE y.a :v", R"({})", R"({":v":{"SS":["a"]}})") == msg);
    CHECK(apply_error("REMOVE s.a", R"({"s":{"S":"x"}})") == msg);
  }

}  // TEST_SUITE

TEST_CASE("Update: a bare ':' is itself the syntax error, quoted with its neighbours") {
  // DynamoDB's answer quoted in aws/aws-cdk issue #7591.
  CHECK(parse_error("ADD hits : incr", R"({":incr":{"N":"1"}})") ==
        "Invalid UpdateExpression: Syntax error; token: \":\", near: \"hits : incr\"");
}

TEST_CASE("Update: paths read and written, and the types known before it runs") {
  ExpressionAttributes a = attrs(nullptr, R"({":n":{"N":"1"},":s":{"S":"x"}})");
  Update u = Update::parse("SET p = q.r, t = :s, w = v + :n, x = list_append(y, z) ADD c :n", a);
  std::vector<std::string> roots;
  for (const auto& path : u.all_paths()) roots.push_back(path_to_string(path));
  CHECK(std::find(roots.begin(), roots.end(), "q.r") != roots.end());
  CHECK(std::find(roots.begin(), roots.end(), "v") != roots.end());
  CHECK(u.path_assigned_attributes() == std::vector<std::string>{"p"});
  auto typed = u.statically_typed_assignments();
  REQUIRE(typed.size() == 4);
  CHECK(typed[0] == std::pair<std::string, ValueType>{"t", ValueType::S});
  CHECK(typed[1] == std::pair<std::string, ValueType>{"w", ValueType::N});
  CHECK(typed[2] == std::pair<std::string, ValueType>{"x", ValueType::L});
  CHECK(typed[3] == std::pair<std::string, ValueType>{"c", ValueType::N});
}
