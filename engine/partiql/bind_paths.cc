// Document paths, as DynamoDB's PartiQL layer reads them (ddb.partiql.shared
// PathTranslator, in DynamoDB Local): a name, then .name, ["name"] or
// [index] steps. "Unexpected path component at 1:8:16" is recorded against
// DynamoDB for a function call where a path belongs
// (paritysuite/dynamodb-conformance partiqlFunctions.test.ts); the other
// refusals are the translator's texts.

#include <climits>

#include "partiql/binder.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

using syntax::Expr;
using syntax::PathStep;

std::string checked_name(const std::string& name) {
  if (name.empty()) throw validation_error("Path component cannot be an empty string");
  return name;
}

// [literal]: a string names a map member, a non-negative 32-bit integer a
// list element.
expr::PathElement bracket_step(const Expr& e) {
  if (e.kind == Expr::Kind::kLiteral && e.literal == Expr::Literal::kString) {
    return {checked_name(e.text), -1};
  }
  const bool integer = e.kind == Expr::Kind::kLiteral && e.literal == Expr::Literal::kNumber &&
                       e.text.find_first_of(".eE") == std::string::npos;
  if (!integer) throw located_error("Unexpected path component", e.span);
  const std::string digits = e.text[0] == '-' || e.text[0] == '+' ? e.text.substr(1) : e.text;
  const bool negative = e.text[0] == '-' && digits.find_first_not_of('0') != std::string::npos;
  // At most 10 digits are accumulated (no overflow); longer ones do not fit.
  long long value = 0;
  bool fits = digits.size() <= 10;
  if (fits) {
    for (char c : digits) value = value * 10 + (c - '0');
  }
  fits = fits && value <= INT_MAX;
  if (negative || !fits) {
    throw located_error("List index is not within the allowable range; index: [" + e.text + "]",
                        e.span);
  }
  return {"", static_cast<int>(value)};
}

}  // namespace

expr::Path bind_path(const syntax::Expr& e) {
  if (e.kind == Expr::Kind::kIdentifier) return {{checked_name(e.text), -1}};
  if (e.kind != Expr::Kind::kPath) throw located_error("Unexpected path component", e.span);
  const Expr& root = e.children.at(0);
  if (root.kind == Expr::Kind::kList) {
    throw located_error("A path cannot start with a list index", root.span);
  }
  if (root.kind != Expr::Kind::kIdentifier) {
    throw located_error("Unexpected path component", root.span);
  }
  expr::Path path{{checked_name(root.text), -1}};
  for (const PathStep& step : e.steps) {
    switch (step.kind) {
      case PathStep::Kind::kName:
        path.push_back({checked_name(step.name), -1});
        break;
      case PathStep::Kind::kIndex:
        path.push_back(bracket_step(step.index.at(0)));
        break;
      case PathStep::Kind::kUnpivot:
        throw located_error("Unpivot path component like a.*.b are not supported", step.span);
      case PathStep::Kind::kWildcard:
        throw located_error("Wildcard path component like a[*].b are not supported", step.span);
    }
  }
  return path;
}

}  // namespace dynamini::partiql
