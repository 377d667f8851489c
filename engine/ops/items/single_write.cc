#include "items/single_write.h"

#include <mutex>

#include "operation/condition_failure.h"

namespace dynamini {

WriteOutcome run_single_write(Context& context, const ItemWrite& write,
                              const WriteMeasures& measures) {
  WriteOutcome out;
  std::lock_guard lock(context.storage_mutex());
  auto table = context.require_table(write.table_name, write.action());
  write.validate(*table);
  WriteTransaction txn(context.store().connection());
  out.old_item = read_current(context.store(), *table, write);
  const Item* old_item = out.old_item ? &*out.old_item : nullptr;
  check_statement_charge(write, old_item);
  if (!condition_holds(write, old_item)) {
    if (write.insert) {
      // Recorded from DynamoDB (AWS CLI documentation example output).
      throw ApiError{ErrorCode::kDuplicateItem, "Duplicate primary key exists in table", {}};
    }
    throw conditional_check_failed(write.return_old_on_condition_failure, old_item);
  }
  out.new_item = compute_new_item(write, *table, old_item);
  const Item* new_item = new_item_of(write, out.new_item);
  const bool measured = measures.capacity != CapacityDetail::kNone;
  Consumption consumed = apply_write(context.store(), *table, write, old_item, new_item, measured);
  txn.commit();
  if (measured) out.consumed = std::move(consumed);
  if (measures.collection_metrics) {
    if (auto m = measure_item_collection(context.store(), *table, *write.item)) {
      out.metrics = to_api(*m);
    }
  }
  return out;
}

}  // namespace dynamini
