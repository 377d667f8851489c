#include "partiql_execute.h"

#include <mutex>

#include "dynamini/api_error.h"
#include "items/single_write.h"
#include "partiql/parser.h"

namespace dynamini::partiql {

// RETURNING's item (Developer Guide, "PartiQL update statements" and
// "PartiQL delete statements"): the item before or after the write, or only
// the paths the update wrote, as UpdateItem's ReturnValues (ALL_OLD,
// UPDATED_OLD, ALL_NEW, UPDATED_NEW) gives them; nothing when that is empty.
std::optional<Item> returned_item(Returning returning, const ItemWrite& write,
                                  const WriteOutcome& outcome) {
  const std::optional<Item>& before = outcome.old_item;
  const std::optional<Item>& after = outcome.new_item;
  Item out;
  if (returning == Returning::kAllOld && before) {
    out = *before;
  } else if (returning == Returning::kAllNew && after) {
    out = *after;
  } else if (returning == Returning::kModifiedOld && before) {
    out = expr::extract_paths(*before, write.update->target_paths());
  } else if (returning == Returning::kModifiedNew && after) {
    out = expr::extract_paths(*after, write.update->target_paths());
  }
  if (out.empty()) return std::nullopt;
  return out;
}

Returning returning_of(const Statement& statement) {
  if (const auto* u = std::get_if<Update>(&statement)) return u->returning;
  if (const auto* d = std::get_if<Delete>(&statement)) return d->returning;
  return Returning::kNone;
}

ParsedStatement prepare(Context& context, const std::string& text,
                        const std::optional<std::vector<AttributeValue>>& parameters) {
  static const std::vector<AttributeValue> kNone;
  ParsedStatement out{parse(text, parameters ? *parameters : kNone), nullptr};
  std::lock_guard lock(context.storage_mutex());
  // The statement names its table by name or ARN ("FROM \"arn:...\"").
  out.table = context.require_table(table_of(out.statement), action_of(out.statement));
  return out;
}

bool is_select(const std::string& statement) {
  size_t begin = statement.find_first_not_of(" \t\r\n");
  size_t end = begin == std::string::npos ? begin : statement.find_first_of(" \t\r\n(", begin);
  std::string word = begin == std::string::npos ? "" : statement.substr(begin, end - begin);
  for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (word == "SELECT") return true;
  if (word == "INSERT" || word == "UPDATE" || word == "DELETE" || word == "FROM" ||
      word == "EXISTS") {
    return false;
  }
  throw validation_error(
      "Statement wasn't well formed, can't be processed: Expected data manipulation");
}

StatementResult run_select(Context& context, const ParsedStatement& parsed,
                           const SelectRequest& request, CapacityDetail capacity) {
  const Select& select = std::get<Select>(parsed.statement);
  ReadPlan plan = plan_select(select, *parsed.table, request.consistent);
  SelectResult page = run_select_plan(context, *parsed.table, plan, request);
  StatementResult out;
  out.items = std::move(page.items);
  out.next_token = std::move(page.next_token);
  if (capacity != CapacityDetail::kNone) {
    out.consumed_capacity = consumed_capacity(select.table, capacity, page.consumed);
  }
  return out;
}

StatementResult run_write(Context& context, const ParsedStatement& parsed,
                          bool return_old_on_failure, CapacityDetail capacity) {
  ItemWrite write = plan_write(parsed.statement, *parsed.table);
  write.return_old_on_condition_failure = return_old_on_failure;
  WriteOutcome outcome = run_single_write(context, write, {capacity, false});
  StatementResult out;
  if (auto item = returned_item(returning_of(parsed.statement), write, outcome)) {
    out.items.append(item_to_json(*item));
  }
  if (capacity != CapacityDetail::kNone) {
    out.consumed_capacity = consumed_capacity(write.table_name, capacity, outcome.consumed);
  }
  return out;
}

}  // namespace dynamini::partiql
