// The PartiQL language on its own (engine/partiql): what parses and binds,
// and DynamoDB's words for what does not. No table is involved.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dynamini/api_error.h"
#include "partiql/parser.h"
#include "values/value_check.h"

namespace {

using namespace dynamini;
using namespace dynamini::partiql;

const std::vector<AttributeValue> kNoParameters;

Statement bound(const std::string& text, const std::vector<AttributeValue>& p = kNoParameters) {
  return parse(text, p);
}

std::string refusal(const std::string& text, const std::vector<AttributeValue>& p = kNoParameters) {
  try {
    parse(text, p);
  } catch (const ApiError& e) {
    CHECK(e.code == ErrorCode::kValidation);
    return e.message;
  }
  FAIL("parsed: " << text);
  return "";
}

const std::string kEnvelope = "Statement wasn't well formed, can't be processed: ";

const Condition& where_of(const Statement& s) { return *std::get<Select>(s).where; }

}  // namespace

TEST_CASE("PartiQL grammar: numbers without a leading digit and with exponents") {
  for (const char* literal : {"7.31e6", "7.31E6", "7.31e+6", "731e4", "73100000e-1"}) {
    auto s = bound(std::string("SELECT * FROM tbl WHERE pk = ") + literal);
    CHECK(where_of(s).operands[1].value.scalar == "7310000");
  }
  CHECK(where_of(bound("SELECT * FROM tbl WHERE pk = .73e1")).operands[1].value.scalar == "7.3");
  CHECK(where_of(bound("SELECT * FROM tbl WHERE pk = -.73e1")).operands[1].value.scalar == "-7.3");
}

TEST_CASE("PartiQL grammar: numbers the lexer cannot read leave the detail empty") {
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1e2147483648") == kEnvelope);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1e99999999999") == kEnvelope);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1.5e-2147483647") == kEnvelope);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1 # note") == kEnvelope);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1 /* note") == kEnvelope);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 'open") == kEnvelope);
}

TEST_CASE("PartiQL grammar: numbers past DynamoDB's limits name where they are") {
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1e126") == overflow + " under root");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1e-131") ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported "
        "range under root");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 123456789012345678901234567890123456789") ==
        "Attempting to store more than 38 significant digits in a Number under root");
  CHECK(refusal("INSERT INTO tbl VALUE {'pk': 1, 'm': {'x': 1e126}}") ==
        overflow + " under root.x");
  CHECK(refusal("INSERT INTO tbl VALUE {'pk': 1, 'l': [1, 1e126]}") == overflow + " under root[1]");
}

TEST_CASE("PartiQL grammar: comments are blanks") {
  CHECK(std::get<Select>(bound("-- a note\nSELECT * FROM tbl -- a note\nWHERE pk = 'b'")).where);
  auto s = bound("SELECT * FROM tbl /* a note */ WHERE pk = 'c' /* after */");
  CHECK(where_of(s).operands[1].value.scalar == "c");
}

TEST_CASE("PartiQL grammar: what the parser cannot read, in its words") {
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1 foo") ==
        kEnvelope + "Unexpected token after expression");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1 e5") ==
        kEnvelope + "Unexpected token after expression");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 1)") ==
        kEnvelope + "Unexpected token after expression");
  CHECK(refusal("DELETE FROM tbl WHERE pk = 1 ORDER BY pk") ==
        kEnvelope + "Unexpected token after expression");
  CHECK(refusal("SELECT * FROM tbl ORDER BY pk WHERE pk = 1") ==
        kEnvelope + "Unexpected token after expression");
  for (const char* s :
       {"SELECT * FROM tbl WHERE", "SELECT * FROM tbl WHERE;", "SELECT * FROM tbl WHERE NOT",
        "SELECT * FROM tbl WHERE (", "UPDATE tbl SET a = 1 WHERE", "SELECT * FROM"}) {
    CHECK(refusal(s) == kEnvelope + "Unexpected term");
  }
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 'a' AND") ==
        kEnvelope + "Missing right-hand side expression of infix operator");
  CHECK(refusal("SELECT * FROM tbl WHERE ORDER BY pk") == kEnvelope + "Unexpected keyword");
  CHECK(refusal("SELECT * FROM tbl WHERE IS NULL") == kEnvelope + "Unexpected operator");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = LIKE") == kEnvelope + "Unexpected operator");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 'a' AND x IS FOO") ==
        kEnvelope + "Expected type name");
  CHECK(refusal("DELETE FROM") == kEnvelope + "Expected identifier for simple path");
  CHECK(refusal("SELEC * FROM tbl") == kEnvelope + "Expected data manipulation");
  CHECK(refusal("SELECT * FROM tbl WHERE m.inner = 1") == kEnvelope + "Invalid path dot component");
  CHECK(refusal("SELECT payload.size FROM tbl") == kEnvelope + "Invalid path dot component");
  CHECK(refusal("x IS INT4") == "Unsupported operation: IsType");
  CHECK(refusal("x IS DOUBLE PRECISION") == "Unsupported operation: IsType");
}

TEST_CASE("PartiQL grammar: aliases are read, then refused") {
  CHECK(refusal("SELECT * FROM tbl t WHERE pk = 'x'") == "Aliasing is not supported");
  CHECK(refusal("SELECT * FROM tbl AS t WHERE pk = 'x'") == "Aliasing is not supported");
  CHECK(refusal("UPDATE tbl t SET a = 3 WHERE pk = 'x'") == "Aliasing is not supported");
  CHECK(refusal("DELETE FROM tbl t WHERE pk = 'x'") == "Aliasing is not supported");
  CHECK(refusal("INSERT INTO tbl t VALUE {'pk': 'x'}") ==
        kEnvelope + "Unexpected token after expression");
}

TEST_CASE("PartiQL grammar: IS MISSING, IS NULL and IS <type>") {
  auto c = where_of(bound("SELECT * FROM tbl WHERE a IS MISSING"));
  CHECK(c.op == "attribute_not_exists");
  c = where_of(bound("SELECT * FROM tbl WHERE a IS NOT MISSING"));
  CHECK(c.kind == Condition::Kind::kNot);
  c = where_of(bound("SELECT * FROM tbl WHERE a IS NULL"));
  CHECK((c.kind == Condition::Kind::kCompare && c.operands[1].value.type == ValueType::NUL));
  c = where_of(bound("SELECT * FROM tbl WHERE flag IS BOOL"));
  CHECK((c.op == "attribute_type" && c.operands[1].value.scalar == "BOOL"));
  c = where_of(bound("SELECT * FROM tbl WHERE s IS STRING"));
  CHECK(c.operands[1].value.scalar == "S");
  CHECK(refusal("SELECT * FROM tbl WHERE x IS INT") ==
        "Unsupported data type for IS operator: INTEGER. Supported data types are [MISSING, NULL, "
        "BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]");
  CHECK(refusal("SELECT * FROM tbl WHERE x = MISSING") ==
        "MISSING must be compared using IS operator");
}

TEST_CASE("PartiQL grammar: a condition compared with TRUE or FALSE") {
  auto c = where_of(bound("SELECT * FROM tbl WHERE attribute_exists(ss) = true"));
  CHECK((c.kind == Condition::Kind::kFunction && c.op == "attribute_exists"));
  c = where_of(bound("SELECT * FROM tbl WHERE ATTRIBUTE_EXISTS(ss) = false"));
  CHECK(c.kind == Condition::Kind::kNot);
  c = where_of(bound("SELECT * FROM tbl WHERE true <> begins_with(a, 'x')"));
  CHECK(c.kind == Condition::Kind::kNot);
}

TEST_CASE("PartiQL grammar: functions and their refusals") {
  const std::string s = "SELECT * FROM tbl WHERE pk = 'x' AND EXISTS(ss)";
  CHECK(refusal(s) == "Unrecognized function: exists at 1:38:6");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 'x' AND attribute_exists('ss')") ==
        "Operator or function requires a document path; operator or function: attribute_exists");
  CHECK(refusal("SELECT * FROM tbl WHERE pk = 'x' AND attribute_exists(?)",
                {AttributeValue::string("ss")}) ==
        "Operator or function requires a document path; operator or function: attribute_exists");
  CHECK(refusal("SELECT * FROM tbl WHERE attribute_exists()") ==
        "Incorrect number of operands for operator or function; operator or function: "
        "attribute_exists, number of operands: 0");
  CHECK(refusal("SELECT attribute_exists(ss) FROM tbl") == "Unexpected path component at 1:8:16");
  CHECK(refusal("SELECT * FROM tbl WHERE set_add(ss, <<'x'>>) = ss") ==
        "Unrecognized function: set_add at 1:25:7");
  CHECK(refusal("INSERT INTO tbl VALUE {'pk': 'a', 'ss': set_add(<<'a'>>, <<'b'>>)}") ==
        "Unsupported data type: set_add under key root at 1:41:7");
  auto c = where_of(bound("SELECT * FROM tbl WHERE size(s) = 3"));
  CHECK((c.operands[0].kind == Operand::Kind::kFunction && c.operands[0].function == "size"));
  CHECK(refusal("SELECT * FROM tbl WHERE size(s)") ==
        "WHERE clause must contain an expression that resolves to a boolean");
}

TEST_CASE("PartiQL grammar: ordering comparisons refuse operands without an order") {
  CHECK(refusal("SELECT * FROM tbl WHERE v < ?", {AttributeValue::boolean_value(true)}) ==
        "Incorrect operand type for operator or function; operator or function: <, operand type: "
        "BOOL");
  CHECK(refusal("SELECT * FROM tbl WHERE v >= [1]") ==
        "Incorrect operand type for operator or function; operator or function: >=, operand "
        "type: L");
  CHECK(refusal("SELECT * FROM tbl WHERE v BETWEEN NULL AND 2") ==
        "Incorrect operand type for operator or function; operator or function: BETWEEN, operand "
        "type: NULL");
  CHECK(std::get<Select>(bound("SELECT * FROM tbl WHERE v = [1]")).where);
}

TEST_CASE("PartiQL grammar: set_add and set_delete in SET") {
  auto u = std::get<Update>(bound("UPDATE tbl SET ss = SET_ADD(ss, <<'0', 'z'>>) WHERE pk = 'a'"));
  CHECK(u.actions.at(0).kind == UpdateAction::Kind::kAdd);
  CHECK(u.actions.at(0).value.value.type == ValueType::SS);
  u = std::get<Update>(bound("UPDATE tbl SET ns = set_delete(ns, <<2>>) WHERE pk = 'a'"));
  CHECK(u.actions.at(0).kind == UpdateAction::Kind::kDelete);
  std::string s = "UPDATE tbl SET t = set_add(ss, <<'x'>>) WHERE pk = 'a'";
  CHECK(refusal(s) == "The first argument to SET_ADD must equal the assignment value at 1:20:7");
  s = "UPDATE tbl SET ss = set_add(ss, 'x') WHERE pk = 'a'";
  CHECK(refusal(s) == "The second argument to SET_ADD must be a value with type SET at 1:29:2");
  s = "UPDATE tbl SET ss = set_add(ss) WHERE pk = 'a'";
  CHECK(refusal(s) == "SET_ADD must have exactly two arguments at 1:21:7");
  s = "UPDATE tbl SET ss = set_delete(ss, 'a') WHERE pk = 'a'";
  CHECK(refusal(s) == "The second argument to SET_DELETE must be a value with type SET at 1:32:2");
  CHECK(refusal("UPDATE tbl SET ss = set_add(ss, <<'x', 'x'>>) WHERE pk = 'a'") ==
        "One or more parameter values were invalid: Input collection [x, x] contains duplicates.");
  CHECK(refusal("UPDATE tbl SET ss = set_add(ss, <<>>) WHERE pk = 'a'") ==
        "Empty bags are not supported");
}

TEST_CASE("PartiQL grammar: UPDATE in both spellings, SET and REMOVE in any order") {
  auto u = std::get<Update>(bound("UPDATE tbl SET a = 1 REMOVE b SET c = c + 1 WHERE pk = 'x'"));
  CHECK(u.actions.size() == 3);
  auto f =
      std::get<Update>(bound("from tbl where pk = 'x' set c = 2 remove a returning all new *"));
  CHECK(f.table == "tbl");
  CHECK(f.actions.size() == 2);
  CHECK(f.returning == Returning::kAllNew);
  CHECK(refusal("FROM tbl SET c = 1 WHERE pk = 'x'") ==
        kEnvelope + "Unexpected token after expression");
}

TEST_CASE("PartiQL grammar: RETURNING") {
  CHECK(std::get<Update>(bound("UPDATE tbl SET a = 1 WHERE pk = 'x' RETURNING MODIFIED OLD *"))
            .returning == Returning::kModifiedOld);
  CHECK(std::get<Delete>(bound("DELETE FROM tbl WHERE pk = 'x' RETURNING ALL OLD *")).returning ==
        Returning::kAllOld);
  CHECK(refusal("DELETE FROM tbl WHERE pk = 'x' RETURNING ALL NEW *") ==
        "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in "
        "DELETE statements.");
  CHECK(refusal("DELETE FROM tbl WHERE pk = 'x' RETURNING MODIFIED OLD *") ==
        "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed "
        "in DELETE statements.");
  CHECK(refusal("UPDATE tbl SET a = 1 WHERE pk = 'x' RETURNING ALL NEW a") ==
        "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause");
  CHECK(refusal("UPDATE tbl SET a = 1 WHERE pk = 'x' RETURNING ALL NEW *, ALL OLD *") ==
        "Invalid syntax with multiple returning elements in RETURNING clause");
  CHECK(refusal("UPDATE tbl SET a = 1 WHERE pk = 'x' RETURNING NEW *") ==
        kEnvelope + "Expected ( MODIFIED | ALL ) ( NEW | OLD ) in each returning element.");
  CHECK(refusal("INSERT INTO tbl VALUE {'pk': 'x'} RETURNING ALL OLD *") ==
        "RETURNING is not supported in INSERT");
}

TEST_CASE("PartiQL grammar: nested paths, ORDER BY, index-qualified FROM") {
  auto s = std::get<Select>(bound(
      "SELECT Devices.FireStick.DateWatched[0], m['k'] FROM \"t-1\".\"idx\" WHERE a.b[2].c >= 'x' "
      "ORDER BY sk DESC"));
  CHECK(s.table == "t-1");
  CHECK(s.index == "idx");
  REQUIRE(s.projection.size() == 2);
  CHECK(s.projection[0].size() == 4);
  CHECK(s.projection[0][3].index == 0);
  CHECK(s.projection[1][1].name == "k");
  CHECK(s.where->operands[0].path.size() == 4);
  REQUIRE(s.order_by.size() == 1);
  CHECK((s.order_by[0].attribute == "sk" && s.order_by[0].descending));
  CHECK(refusal("UPDATE \"t-1\".\"idx\" SET a = 1 WHERE pk = 'x'") ==
        "This operation is not supported on an index");
  CHECK(refusal("SELECT a.b, c.b FROM tbl") == "Duplicate identifiers in select clause: b");
}

TEST_CASE("PartiQL grammar: parameters, and too few of them") {
  auto s = bound("SELECT * FROM tbl WHERE pk = ? AND sk = ?",
                 {AttributeValue::string("a"), AttributeValue::string("b")});
  CHECK(std::get<Select>(s).where->kind == Condition::Kind::kAnd);
  CHECK(refusal("SELECT * FROM tbl WHERE pk = ? AND sk = ?", {AttributeValue::string("a")}) ==
        "Number of parameters in request and statement don't match.");
}

// Parameters are checked by the older value layer (values/value_check.h).
TEST_CASE("PartiQL parameters: numbers read as DynamoDB's PartiQL layer reads them") {
  auto number = [](const char* text) {
    AttributeValue v;
    v.type = ValueType::N;
    v.scalar = text;
    return std::vector<AttributeValue>{v};
  };
  auto message = [](std::vector<AttributeValue> p) {
    try {
      for (auto& parameter : p) ValueChecker(ValueLayer::kOlder).value(parameter);
    } catch (const ApiError& e) {
      return e.message;
    }
    return std::string();
  };
  const std::string unconvertible = "The parameter cannot be converted to a numeric value";
  for (const char* text :
       {"1e99999999999", "-1e99999999999", "1e-99999999999", "1e2147483648", "1e-2147483648"}) {
    CHECK(message(number(text)) == unconvertible + ": " + text);
  }
  CHECK(message(number("1e2147483647")) ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported "
        "range");
  CHECK(message(number("")) == unconvertible);
  CHECK(message(number("abc")) == unconvertible + ": abc");
  CHECK(message(number("12.5")).empty());
}
