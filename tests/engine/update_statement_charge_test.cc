// Update::statement_charge against the clause costs paritysuite/dynamodb-
// conformance measured against DynamoDB (tests/tier3/limits/
// itemSizeBySurface.test.ts, eu-west-2): 3 for the update; SET and ADD 19 +
// target + what they write; REMOVE and DELETE 1 + target; a target's later
// elements 4 + the element; a path operand 1 + (14 + element) per element;
// + and - 34 and 37, if_not_exists 39, list_append 37, plus their operands.

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "expression_fixture.h"

namespace dynamini::expr::testing {
namespace {

int64_t charge(const std::string& text, Item values, const Item* current = nullptr,
               std::map<std::string, std::string> names = {}) {
  auto attributes =
      make_expression_attributes(names.empty() ? std::nullopt : std::optional(names),
                                 values.empty() ? std::nullopt : std::optional(values));
  return Update::parse(text, attributes).statement_charge(current);
}

const AttributeValue kPad = S(std::string(100, 'x'));
constexpr int64_t kPadClause = 3 + 19 + 1 + 100;  // "SET b = :pad"

}  // namespace

TEST_CASE("statement charge: SET costs 19, its target and what it writes") {
  CHECK(charge("SET b = :pad", {{":pad", kPad}}) == kPadClause);
  // An alias costs the name it stands for.
  CHECK(charge("SET #twelvechars = :pad", {{":pad", kPad}}, nullptr, {{"#twelvechars", "b"}}) ==
        kPadClause);
  CHECK(charge("SET b = :pad, c = :c", {{":pad", kPad}, {":c", S("y")}}) ==
        kPadClause + 19 + 1 + 1);
  // A map step costs 4 and the name, a list index 4 and its digits: the same
  // as writing the whole document, one byte more for the list.
  CHECK(charge("SET d.leaf = :pad", {{":pad", kPad}}) ==
        charge("SET d = :w", {{":w", M({{"leaf", kPad}})}}));
  CHECK(charge("SET d[0] = :pad", {{":pad", kPad}}) ==
        charge("SET d = :w", {{":w", L({kPad})}}) + 1);
}

TEST_CASE("statement charge: operands") {
  CHECK(charge("SET b = :pad, c = m.a.z", {{":pad", kPad}}) ==
        kPadClause + 19 + 1 + (1 + 15 + 15 + 15));
  CHECK(charge("SET b = :pad, c = l[10]", {{":pad", kPad}}) == kPadClause + 19 + 1 + (1 + 15 + 16));
  CHECK(charge("SET b = :pad, n = n + :one", {{":pad", kPad}, {":one", N("1")}}) ==
        kPadClause + 19 + 1 + 34 + 16 + 2);
  CHECK(charge("SET b = :pad, n = n - :one", {{":pad", kPad}, {":one", N("1")}}) ==
        kPadClause + 19 + 1 + 37 + 16 + 2);
  CHECK(charge("SET b = :pad, c = if_not_exists(c, :v)", {{":pad", kPad}, {":v", S("v")}}) ==
        kPadClause + 19 + 1 + 39 + 16 + 1);
  CHECK(charge("SET b = :pad, l = list_append(:a, :c)",
               {{":pad", kPad}, {":a", L({S("e")})}, {":c", L({S(std::string(10, 'y'))})}}) ==
        kPadClause + 19 + 1 + 37 + (3 + 1 + 1) + (3 + 1 + 10));
  // A value is charged at every use.
  CHECK(charge("SET c = if_not_exists(c, :s), d = if_not_exists(d, :s)",
               {{":s", S(std::string(100, 's'))}}) == 3 + 2 * (19 + 1 + 39 + 16 + 100));
}

TEST_CASE("statement charge: ADD, REMOVE and DELETE") {
  const Item current{{"ss", SS({"ppppp"})}};
  // Only the members the ADD adds to the stored set.
  CHECK(charge("SET b = :pad ADD ss :new",
               {{":pad", kPad}, {":new", SS({std::string(500, 's'), "ppppp"})}},
               &current) == kPadClause + 19 + 2 + 500);
  CHECK(charge("SET b = :pad ADD abcdefghij :one", {{":pad", kPad}, {":one", N("1")}}) ==
        kPadClause + 19 + 10 + 2);
  CHECK(charge("SET b = :pad REMOVE r", {{":pad", kPad}}) == kPadClause + 2);
  CHECK(charge("SET b = :pad REMOVE m.yyyyyyyyyy", {{":pad", kPad}}) ==
        kPadClause + 1 + 1 + 4 + 10);
  CHECK(charge("SET b = :pad REMOVE abcdefghij[1]", {{":pad", kPad}}) ==
        kPadClause + 1 + 10 + 4 + 1);
  CHECK(charge("SET b = :pad DELETE ss :rm",
               {{":pad", kPad}, {":rm", SS({std::string(20, 'q')})}}) == kPadClause + 1 + 2);
}

}  // namespace dynamini::expr::testing
