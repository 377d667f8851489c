#pragma once

// What a write request means before its table is known, for every shape that
// carries one: PutItem/UpdateItem/DeleteItem requests and the Put, Update,
// Delete and ConditionCheck actions of TransactWriteItems (the same members,
// without the legacy ones). Expressions are parsed and resolved here; the
// legacy Expected / AttributeUpdates stand in when a request has them and no
// expression. The result is an ItemWrite (items/item_write.h) that points into
// the request: the request must outlive it.

#include "items/item_write.h"
#include "operation/expression_inputs.h"

namespace dynamini {

template <class Request>
const Item& write_target(const Request& request, WriteKind kind) {
  if constexpr (requires { request.item; }) {
    if (kind == WriteKind::kPut) return *request.item;
  }
  if constexpr (requires { request.key; }) return *request.key;
  throw std::logic_error("a write without its item or key");  // not on the wire: shapes have them
}

template <class Request>
ItemWrite bind_write(const Request& request, WriteKind kind) {
  ItemWrite write;
  write.kind = kind;
  write.table_name = *request.table_name;
  write.item = &write_target(request, kind);
  std::optional<std::string> update_expression;
  if constexpr (requires { request.update_expression; })
    update_expression = request.update_expression;
  const bool has_condition = request.condition_expression.has_value();
  auto attributes =
      kind == WriteKind::kUpdate
          ? read_expression_attributes(request.expression_attribute_names,
                                       request.expression_attribute_values,
                                       {{"UpdateExpression", update_expression.has_value()},
                                        {"ConditionExpression", has_condition}})
          : read_expression_attributes(request.expression_attribute_names,
                                       request.expression_attribute_values,
                                       {{"ConditionExpression", has_condition}});
  if (update_expression) write.update = expr::Update::parse(*update_expression, attributes);
  write.condition = read_condition(request.condition_expression, "ConditionExpression", attributes);
  if constexpr (requires { request.attribute_updates; }) {
    // Only UpdateItem's own request has AttributeUpdates: its expression (and
    // not a transaction's Update) is charged by the statement.
    write.charge_statement = write.update.has_value();
    if (!write.update) write.update = expr::legacy_attribute_updates(request.attribute_updates);
  }
  if constexpr (requires { request.expected; }) {
    if (!write.condition)
      write.condition = expr::legacy_expected(request.expected, request.conditional_operator);
  }
  expr::check_all_used(attributes);
  if (kind == WriteKind::kPut && item_size(*write.item) > kMaxItemSize) {
    throw validation_error("Item size has exceeded the maximum allowed size");
  }
  write.return_old_on_condition_failure =
      is_value(request.return_values_on_condition_check_failure,
               api::ReturnValuesOnConditionCheckFailure::kAllOld);
  return write;
}

}  // namespace dynamini
