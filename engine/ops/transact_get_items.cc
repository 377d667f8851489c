#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "ops/transaction.h"
#include "validation/request_members.h"

namespace dynamini {

// TransactGetItems: up to 100 Gets read from one consistent snapshot,
// answered in request order ({} for a missing item).
void transact_get_items(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* items = array_member(request, "TransactItems");
  errors.require(items != nullptr, "transactItems");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  if (items && items->Size() > kMaxTransactionActions) {
    errors.add("[...]", "transactItems", "Member must have length less than or equal to 100");
  }
  if (items && items->Empty()) {
    errors.add("[]", "transactItems", "Member must have length greater than or equal to 1");
  }
  std::vector<ItemRead> reads;
  if (items && items->Size() <= kMaxTransactionActions) {
    size_t position = 0;
    for (const auto& action : items->GetArray()) {
      ++position;
      std::string prefix = "transactItems." + std::to_string(position) + ".member.get";
      if (!action.IsObject()) throw_not_structure(action);
      const Json* get = object_member(action, "Get");
      errors.require(get != nullptr, prefix);
      if (!get) continue;
      auto table_name = string_member(*get, "TableName");
      errors.name(table_name, prefix + ".tableName", true);
      const Json* key = object_member(*get, "Key");
      errors.require(key != nullptr, prefix + ".key");
      if (!errors.empty()) continue;
      ItemRead read;
      read.table_name = *table_name;
      read.key = parse_item(*key);
      auto attributes = read_projection_attributes(*get);
      read.projection = read_projection(*get, attributes);
      expr::check_all_used(attributes);
      reads.push_back(std::move(read));
    }
  }
  errors.throw_if_any();

  TableConsumption consumed;
  auto found = run_read_transaction(engine, reads, consumed);
  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (const auto& item : found) {
    out.StartObject();
    if (item) {
      out.Key("Item");
      write_item(out, *item);
    }
    out.EndObject();
  }
  out.EndArray();
  write_transaction_capacity(out, capacity, consumed);
  out.EndObject();
}

}  // namespace dynamini
