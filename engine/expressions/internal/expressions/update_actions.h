#pragma once

// The resolved actions of an Update, shared by the UpdateExpression parser
// (update.cc) and the legacy AttributeUpdates translation (legacy.cc).

#include <vector>

#include "expressions/expressions.h"
#include "expressions/parsed.h"
#include "expressions/resolved.h"

namespace dynamini::expr {

struct Update::Actions {
  struct Action {
    parsed::UpdateAction::Kind kind;
    Path path;
    Operand value;
  };
  std::vector<Action> actions;
  std::vector<Path> targets;
};

}  // namespace dynamini::expr
