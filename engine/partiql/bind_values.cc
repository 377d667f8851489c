// Literals and parameters as AttributeValues, as DynamoDB's PartiQL layer
// converts them (ddb.partiql.shared PartiQLToAttributeValueConverterBase, in
// DynamoDB Local): strings, numbers, TRUE/FALSE, NULL, [lists], {tuples} and
// <<bags>> (string or number sets). A problem inside a value names where it
// is from "root": "Number overflow. ... under root.x" (recorded against
// DynamoDB in paritysuite/dynamodb-conformance
// tests/tier3/error-messages/partiqlGrammar.test.ts).

#include <set>

#include "partiql/binder.h"
#include "partiql/statement_errors.h"
#include "values/attribute_value.h"
#include "values/number.h"
#include "values/value_check.h"

namespace dynamini::partiql {
namespace {

using syntax::Expr;

ApiError unsupported_in_bag() {
  return validation_error(
      "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
}

// What the converter names a node it cannot store (its Ion type, or the AST
// class): "Unsupported data type: set_add under key root at 1:62:7" is
// recorded for a function call.
std::string unsupported_name(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::kCall:
      return e.text;
    case Expr::Kind::kIdentifier:
      return "VariableReference";
    case Expr::Kind::kPath:
      return "Path";
    case Expr::Kind::kLiteral:
      return "MISSING";
    case Expr::Kind::kIsType:
      return "Typed";
    default:
      return "NAry";
  }
}

AttributeValue to_value(const Expr& e, const std::string& where, int depth, Binding& binding);

// "[a, b]" as DynamoDB prints a set with a repeated member.
std::string member_list(const std::vector<std::string>& members) {
  std::string out = "[";
  for (size_t i = 0; i < members.size(); ++i) out += (i ? ", " : "") + members[i];
  return out + "]";
}

// <<...>>: a string set or a number set; the first member decides which, and
// only literals may be members (a parameter in a bag is refused).
AttributeValue to_set(const Expr& e, const std::string& where) {
  if (e.children.empty()) throw validation_error("Empty bags are not supported");
  const Expr& first = e.children.front();
  if (first.kind != Expr::Kind::kLiteral ||
      (first.literal != Expr::Literal::kString && first.literal != Expr::Literal::kNumber)) {
    throw unsupported_in_bag();
  }
  AttributeValue set;
  set.type = first.literal == Expr::Literal::kString ? ValueType::SS : ValueType::NS;
  std::vector<std::string> written;
  std::set<std::string> seen;
  bool duplicate = false;
  for (const auto& member : e.children) {
    if (member.kind != Expr::Kind::kLiteral || member.literal != first.literal) {
      throw unsupported_in_bag();
    }
    std::string value = member.text;
    if (set.type == ValueType::NS) value = bind_number(member.text, where).scalar;
    written.push_back(member.text);
    duplicate |= !seen.insert(value).second;
    set.set.push_back(value);
  }
  // Both recorded against DynamoDB (paritysuite/dynamodb-conformance
  // partiqlFunctions.test.ts for strings; floci's DynamoDbPartiQLEdgeCase-
  // IntegrationTest: "set_add(n, <<2, 2.0>>)" for numbers, which name where).
  if (!duplicate) return set;
  const std::string message =
      "One or more parameter values were invalid: Input collection " + member_list(written);
  if (set.type == ValueType::SS) throw validation_error(message + " contains duplicates.");
  throw validation_error(message + " contains duplicates! under " + where);
}

AttributeValue to_map(const Expr& e, const std::string& where, int depth, Binding& binding) {
  AttributeValue map;
  map.type = ValueType::M;
  for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
    const Expr& key = e.children[i];
    if (key.kind != Expr::Kind::kLiteral || key.literal != Expr::Literal::kString) {
      throw validation_error("Tuple keys must be of type String. Actual type: " +
                             unsupported_name(key) + " under " + where);
    }
    if (key.text.empty()) throw validation_error("Path component cannot be an empty string");
    if (map.map.count(key.text)) {
      throw validation_error("Duplicate keys in tuple. Key: " + key.text + " under " + where);
    }
    map.map[key.text] = to_value(e.children[i + 1], where + "." + key.text, depth + 1, binding);
  }
  return map;
}

AttributeValue to_literal(const Expr& e, const std::string& where) {
  switch (e.literal) {
    case Expr::Literal::kString:
      return AttributeValue::string(e.text);
    case Expr::Literal::kNumber:
      return bind_number(e.text, where);
    case Expr::Literal::kTrue:
      return AttributeValue::boolean_value(true);
    case Expr::Literal::kFalse:
      return AttributeValue::boolean_value(false);
    case Expr::Literal::kNull:
      return AttributeValue::null();
    default:
      throw located_error("Unsupported data type: MISSING under key " + where, e.span);
  }
}

// A value inside 32 containers is refused where it is; a parameter only
// stands for a whole value, never for a member of a literal collection (both
// recorded against DynamoDB, floci's DynamoDbPartiQLEdgeCaseIntegrationTest:
// "... under root.a[0][0]", "Unsupported data type: Parameter under key
// root[0] at 1:38:1").
AttributeValue to_value(const Expr& e, const std::string& where, int depth, Binding& binding) {
  if (depth >= kMaxNestingDepth) {
    throw validation_error(std::string(kNestingLimitExceeded) + " under " + where);
  }
  switch (e.kind) {
    case Expr::Kind::kLiteral:
      return to_literal(e, where);
    case Expr::Kind::kParameter:
      if (depth > 0) {
        throw located_error("Unsupported data type: Parameter under key " + where, e.span);
      }
      return binding.parameter(e);
    case Expr::Kind::kBag:
      return to_set(e, where);
    case Expr::Kind::kStruct:
      return to_map(e, where, depth, binding);
    case Expr::Kind::kList: {
      AttributeValue list;
      list.type = ValueType::L;
      for (size_t i = 0; i < e.children.size(); ++i) {
        list.list.push_back(
            to_value(e.children[i], where + "[" + std::to_string(i) + "]", depth + 1, binding));
      }
      return list;
    }
    default:
      throw located_error("Unsupported data type: " + unsupported_name(e) + " under key " + where,
                          e.span);
  }
}

}  // namespace

const AttributeValue& Binding::parameter(const syntax::Expr& e) const {
  if (e.parameter < 0 || static_cast<size_t>(e.parameter) >= parameters_.size()) {
    throw validation_error("Number of parameters in request and statement don't match.");
  }
  return parameters_[e.parameter];
}

// A literal is read as Java's BigDecimal reads it (the older value layer's
// reading, values/number.h); one it cannot convert is a malformed statement.
AttributeValue bind_number(const std::string& text, const std::string& where) {
  Number number;
  const NumberProblem problem = Number::read(text, NumberReading::kBigDecimal, &number);
  if (problem == NumberProblem::kUnconvertible) throw statement_error("");
  if (problem != NumberProblem::kNone) {
    throw validation_error(std::string(number_limit_message(problem)) + " under " + where);
  }
  return AttributeValue::number(number);
}

AttributeValue bind_value(const syntax::Expr& e, const std::string& where, Binding& binding) {
  return to_value(e, where, 0, binding);
}

Item bind_item(const syntax::Expr& e, Binding& binding) {
  if (e.kind != Expr::Kind::kStruct) {
    throw validation_error(
        "Unsupported format in item expression. Please use struct format {...} to express item "
        "values for insert statement.");
  }
  Item item;
  for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
    const Expr& key = e.children[i];
    if (key.kind != Expr::Kind::kLiteral || key.literal != Expr::Literal::kString) {
      throw validation_error("Tuple keys must be of type String. Actual type: " +
                             unsupported_name(key) + " under root");
    }
    if (key.text.empty()) throw validation_error("Path component cannot be an empty string");
    if (item.count(key.text)) {
      throw validation_error("Duplicate keys in tuple. Key: " + key.text + " under root");
    }
    item[key.text] = to_value(e.children[i + 1], "root", 0, binding);
  }
  return item;
}

}  // namespace dynamini::partiql
