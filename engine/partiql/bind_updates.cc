// UPDATE's SET and REMOVE, as DynamoDB's PartiQL layer reads them
// (ddb.partiql.shared UpdateExpressionParser, in DynamoDB Local). SET path =
// value takes a path, a value, list_append, if_not_exists and + / -
// (Developer Guide, "PartiQL update statements"); SET path =
// set_add(path, <<set>>) adds members to a set and set_delete removes them
// (an ADD and a DELETE action). The refusals of set_add and set_delete are
// recorded against DynamoDB with their positions
// (paritysuite/dynamodb-conformance partiqlFunctions.test.ts): "The first
// argument to SET_ADD must equal the assignment value at 1:45:7" points at
// the function name, "The second argument to SET_ADD must be a value with
// type SET at 1:53:2" at the function's first argument.

#include "partiql/binder.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

using syntax::Expr;

bool same_path(const expr::Path& a, const expr::Path& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].index != b[i].index || a[i].name != b[i].name) return false;
  }
  return true;
}

UpdateAction bind_set_function(const Expr& call, expr::Path target, Binding& binding) {
  const bool add = call.text == "set_add";
  const std::string name = add ? "SET_ADD" : "SET_DELETE";
  if (call.children.size() != 2) {
    throw located_error(name + " must have exactly two arguments", call.span);
  }
  // Both arguments are read before either is judged (a bad set literal is
  // reported first).
  Operand first = bind_operand(call.children[0], true, binding);
  Operand second = bind_operand(call.children[1], true, binding);
  if (!first.is_path() || !same_path(first.path, target)) {
    throw located_error("The first argument to " + name + " must equal the assignment value",
                        call.span);
  }
  if (second.kind != Operand::Kind::kValue || !second.value.is_set()) {
    throw located_error("The second argument to " + name + " must be a value with type SET",
                        call.children[0].span);
  }
  UpdateAction action;
  action.kind = add ? UpdateAction::Kind::kAdd : UpdateAction::Kind::kDelete;
  action.path = std::move(target);
  action.value = std::move(second);
  return action;
}

}  // namespace

std::vector<UpdateAction> bind_actions(const std::vector<syntax::DmlOp>& ops, Binding& binding) {
  std::vector<UpdateAction> out;
  for (const auto& op : ops) {
    switch (op.kind) {
      case syntax::DmlOp::Kind::kInsert:
        throw validation_error(
            "Only SET and REMOVE are supported in update expressions at this time");
      case syntax::DmlOp::Kind::kRemove: {
        UpdateAction action;
        action.kind = UpdateAction::Kind::kRemove;
        action.path = bind_path(op.target);
        out.push_back(std::move(action));
        break;
      }
      case syntax::DmlOp::Kind::kSet:
        for (const auto& [target, value] : op.assignments) {
          expr::Path path = bind_path(target);
          if (value.kind == Expr::Kind::kCall &&
              (value.text == "set_add" || value.text == "set_delete")) {
            out.push_back(bind_set_function(value, std::move(path), binding));
            continue;
          }
          UpdateAction action;
          action.path = std::move(path);
          action.value = bind_operand(value, true, binding);
          out.push_back(std::move(action));
        }
        break;
    }
  }
  return out;
}

}  // namespace dynamini::partiql
