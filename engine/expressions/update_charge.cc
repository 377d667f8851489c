// What a standalone UpdateItem's UpdateExpression is charged against the
// 400 KB item limit (Update::statement_charge).
//
// DynamoDB does not document this figure. It was measured against the live
// service by paritysuite/dynamodb-conformance
// (tests/tier3/limits/itemSizeBySurface.test.ts, eu-west-2, 2026-08-18 to
// 2026-10-09, every accepted item read back and the next byte refused): the
// charge is 3 bytes for the update, plus per clause
//   SET target = operand     19 + target + operand
//   ADD target :v            19 + target + the members :v adds (a number: its size)
//   REMOVE / DELETE target   1 + target
// where a target costs its first name's bytes plus 4 and the element for
// each later element (a name's bytes, or a list index's digits), and an
// operand costs
//   a path                   1, plus 14 and the element for each element
//   a value (:v)             its size as an item attribute value, at every use
//   x + y / x - y            34 / 37 plus both operands
//   if_not_exists(p, v)      39 plus both operands
//   list_append(x, y)        37 plus both operands.

#include <algorithm>
#include <cstdint>
#include <string>

#include "expressions/document.h"
#include "expressions/resolved.h"
#include "expressions/update_actions.h"

namespace dynamini::expr {
namespace {

using Kind = parsed::UpdateAction::Kind;

constexpr int64_t kUpdateBase = 3;
constexpr int64_t kWritingClause = 19;  // SET and ADD
constexpr int64_t kRemovingClause = 1;  // REMOVE and DELETE
constexpr int64_t kPathOperand = 1;
constexpr int64_t kPathOperandElement = 14;
constexpr int64_t kTargetLaterElement = 4;
constexpr int64_t kPlus = 34;
constexpr int64_t kMinus = 37;
constexpr int64_t kIfNotExists = 39;
constexpr int64_t kListAppend = 37;

int64_t element_bytes(const PathElement& element) {
  if (element.index >= 0) return static_cast<int64_t>(std::to_string(element.index).size());
  return static_cast<int64_t>(element.name.size());
}

int64_t target_cost(const Path& path) {
  int64_t cost = 0;
  for (size_t i = 0; i < path.size(); ++i) {
    cost += (i == 0 ? 0 : kTargetLaterElement) + element_bytes(path[i]);
  }
  return cost;
}

int64_t operand_cost(const Operand& op) {
  switch (op.kind) {
    case Operand::Kind::kPath: {
      int64_t cost = kPathOperand;
      for (const auto& element : op.path) cost += kPathOperandElement + element_bytes(element);
      return cost;
    }
    case Operand::Kind::kValue:
      return attribute_value_size(op.value);
    case Operand::Kind::kPlus:
    case Operand::Kind::kMinus:
    case Operand::Kind::kFunction: {
      int64_t cost = op.kind == Operand::Kind::kPlus    ? kPlus
                     : op.kind == Operand::Kind::kMinus ? kMinus
                     : op.function == "if_not_exists"   ? kIfNotExists
                                                        : kListAppend;
      for (const auto& arg : op.args) cost += operand_cost(arg);
      return cost;
    }
  }
  return 0;
}

// ADD's value: a number costs its size; a set only the members not already
// in the stored set ("ADD ss :new" is charged for what it adds).
int64_t added_cost(const AttributeValue& value, const Item* current, const Path& path) {
  const AttributeValue* existing = current ? find_path(*current, path) : nullptr;
  if (!value.is_set() || !existing || existing->type != value.type) {
    return attribute_value_size(value);
  }
  AttributeValue added = value;
  added.set.clear();
  for (const auto& member : value.set) {
    if (std::find(existing->set.begin(), existing->set.end(), member) == existing->set.end()) {
      added.set.push_back(member);
    }
  }
  return attribute_value_size(added);
}

}  // namespace

int64_t Update::statement_charge(const Item* current) const {
  int64_t charge = kUpdateBase;
  for (const auto& action : actions_->actions) {
    switch (action.kind) {
      case Kind::kSet:
        charge += kWritingClause + target_cost(action.path) + operand_cost(action.value);
        break;
      case Kind::kAdd:
        charge += kWritingClause + target_cost(action.path) +
                  added_cost(action.value.value, current, action.path);
        break;
      case Kind::kRemove:
      case Kind::kDelete:
        charge += kRemovingClause + target_cost(action.path);
        break;
    }
  }
  return charge;
}

}  // namespace dynamini::expr
