#pragma once

// A bound statement's conditions and SET / REMOVE actions, handed to the
// expression module (expressions/expressions.h) so that PartiQL validates and
// evaluates exactly as the expression API does: rendered as expression text
// with #n / :v placeholders (names and values never pass through the text
// itself), then parsed with the module's unprefixed entry points, whose
// messages DynamoDB's PartiQL reports bare. The binder validates with them
// (before any table is looked up, as DynamoDB does); the translation builds
// the conditions and updates it runs.

#include <map>
#include <string>
#include <vector>

#include "expressions/expressions.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

class ExpressionText {
 public:
  std::string path(const expr::Path& p);
  std::string operand(const Operand& o);
  // Each compound child is parenthesised once (the expression grammar refuses
  // redundant parentheses).
  std::string condition(const Condition& c);
  std::string conjunction(const std::vector<const Condition*>& parts);
  // SET ..., ... REMOVE ... ADD ... DELETE ...: one section each.
  std::string update(const std::vector<UpdateAction>& actions);

  expr::ExpressionAttributes& attributes() { return attributes_; }

 private:
  std::string child(const Condition& c, Condition::Kind parent);

  std::map<std::string, std::string> name_ids_;
  expr::ExpressionAttributes attributes_;
};

// The conjunction of `parts` as a parsed condition.
expr::Condition to_condition(const std::vector<const Condition*>& parts);
// The actions as a parsed update.
expr::Update to_update(const std::vector<UpdateAction>& actions);

}  // namespace dynamini::partiql
