// TransactGetItems: up to 100 Gets read from one consistent snapshot,
// answered in request order ({} for a missing item).

#include "operation/expression_inputs.h"
#include "operation/operations.h"
#include "transactions/transaction.h"

namespace dynamini {
namespace {

ItemRead bind_get(const api::Get& get) {
  ItemRead read;
  read.table_name = *get.table_name;
  read.key = *get.key;
  auto attributes = read_projection_attributes(get.expression_attribute_names,
                                               get.projection_expression.has_value());
  read.projection = read_projection(get.projection_expression, std::nullopt, attributes);
  expr::check_all_used(attributes);
  return read;
}

}  // namespace

TransactGetItemsResponse TransactGetItemsOperation::run(Context& context, const Request& request,
                                                        const ExecuteOptions& options) {
  std::vector<ItemRead> reads;
  for (const auto& action : *request.transact_items) reads.push_back(bind_get(*action.get));
  TableConsumption consumed;
  auto found = run_read_transaction(context, reads, consumed);
  TransactGetItemsResponse response;
  auto& responses = response.responses.emplace();
  for (auto& item : found) responses.emplace_back().item = std::move(item);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  if (capacity != CapacityDetail::kNone)
    response.consumed_capacity = transaction_capacity(capacity, consumed);
  return response;
}

}  // namespace dynamini
