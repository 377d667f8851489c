#include <mutex>

#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/expression_inputs.h"
#include "ops/item_collection_metrics.h"
#include "ops/operations.h"
#include "ops/transaction.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {

struct ActionShape {
  const char* member;  // "Put"
  const char* path;    // "put"
  WriteKind kind;
};
constexpr ActionShape kActions[] = {
    {"ConditionCheck", "conditionCheck", WriteKind::kConditionCheck},
    {"Put", "put", WriteKind::kPut},
    {"Delete", "delete", WriteKind::kDelete},
    {"Update", "update", WriteKind::kUpdate},
};

// Parses and resolves one TransactItems member. Shape errors are collected
// into `errors` with DynamoDB's member paths (transactItems.1.member.put.item).
std::optional<ItemWrite> parse_action(const Json& action, size_t position, ShapeErrors& errors) {
  const ActionShape* shape = nullptr;
  int count = 0;
  for (const auto& candidate : kActions) {
    if (object_member(action, candidate.member)) {
      shape = &candidate;
      ++count;
    }
  }
  // Messages recorded from DynamoDB (moto test_dynamodb_exceptions.py).
  if (count > 1) throw validation_error("TransactItems can only contain one of Check, Put, Update or Delete");
  if (count == 0) {
    throw validation_error("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
  }
  const Json& body = *object_member(action, shape->member);
  std::string prefix = "transactItems." + std::to_string(position) + ".member." + shape->path + ".";
  ItemWrite write;
  write.kind = shape->kind;
  auto table_name = string_member(body, "TableName");
  errors.name(table_name, prefix + "tableName", true);
  const char* item_member = shape->kind == WriteKind::kPut ? "Item" : "Key";
  const Json* item = object_member(body, item_member);
  errors.require(item != nullptr, prefix + (shape->kind == WriteKind::kPut ? "item" : "key"));
  auto update_text = string_member(body, "UpdateExpression");
  if (shape->kind == WriteKind::kUpdate) errors.require(update_text.has_value(), prefix + "updateExpression");
  auto condition_text = string_member(body, "ConditionExpression");
  if (shape->kind == WriteKind::kConditionCheck) {
    errors.require(condition_text.has_value(), prefix + "conditionExpression");
  }
  auto on_failure = string_member(body, "ReturnValuesOnConditionCheckFailure");
  errors.one_of(on_failure, prefix + "returnValuesOnConditionCheckFailure", {"ALL_OLD", "NONE"});
  if (!errors.empty() || !table_name || !item) return std::nullopt;
  write.table_name = *table_name;
  write.own(parse_item(*item));
  write.return_old_on_condition_failure = on_failure == "ALL_OLD";
  // As the single-item operations name the expressions that take values.
  auto attributes =
      shape->kind == WriteKind::kUpdate
          ? read_expression_attributes(body, {"UpdateExpression", "ConditionExpression"})
          : read_expression_attributes(body, {"ConditionExpression"});
  if (shape->kind == WriteKind::kUpdate) write.update = expr::Update::parse(*update_text, attributes);
  write.condition = read_condition(body, "ConditionExpression", attributes);
  expr::check_all_used(attributes);
  if (write.kind == WriteKind::kPut && item_size(*write.item) > kMaxItemSize) {
    throw validation_error("Item size has exceeded the maximum allowed size");
  }
  return write;
}

// The request without its token: a retry must match it exactly.
std::string fingerprint(const Json& request) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  for (auto it = request.MemberBegin(); it != request.MemberEnd(); ++it) {
    if (string_of(it->name) == "ClientRequestToken") continue;
    w.Key(it->name.GetString(), it->name.GetStringLength());
    it->value.Accept(w);
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

// TransactWriteItems: up to 100 puts, updates, deletes and condition checks
// over any tables, applied all together or not at all.
void transact_write_items(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* items = array_member(request, "TransactItems");
  errors.require(items != nullptr, "transactItems");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  bool collection_metrics = read_item_collection_metrics(request, errors);
  auto token = string_member(request, "ClientRequestToken");
  if (token && token->empty()) {
    errors.add(*token, "clientRequestToken", "Member must have length greater than or equal to 1");
  }
  if (token && token->size() > 36) {
    errors.add(*token, "clientRequestToken", "Member must have length less than or equal to 36");
  }
  if (items && items->Size() > kMaxTransactionActions) {
    errors.add("[...]", "transactItems", "Member must have length less than or equal to 100");
  }
  if (items && items->Empty()) {
    errors.add("[]", "transactItems", "Member must have length greater than or equal to 1");
  }
  std::vector<ItemWrite> writes;
  if (items && items->Size() <= kMaxTransactionActions) {
    size_t position = 0;
    for (const auto& action : items->GetArray()) {
      ++position;
      if (!action.IsObject()) throw_not_structure(action);
      if (auto w = parse_action(action, position, errors)) writes.push_back(std::move(*w));
    }
  }
  errors.throw_if_any();

  std::string response;
  {
    std::lock_guard lock(engine.storage_mutex());
    std::string print = token ? fingerprint(request) : std::string();
    if (token) {
      if (auto replayed = engine.idempotency_tokens().replay(*token, print, engine.now_ms())) {
        response = std::move(*replayed);
      }
    }
    if (response.empty()) {
      TableConsumption consumed = run_write_transaction(engine, writes);
      std::vector<std::pair<std::string, ItemCollectionMetrics>> metrics;
      for (const auto& w : writes) {
        if (!collection_metrics || w.kind == WriteKind::kConditionCheck) continue;
        auto def = engine.find_table(w.table_name);
        if (!def) continue;
        if (auto m = measure_item_collection(engine.store(), *def, *w.item)) {
          metrics.emplace_back(w.table_name, std::move(*m));
        }
      }
      rapidjson::StringBuffer buffer;
      JsonWriter body(buffer);
      body.StartObject();
      write_transaction_capacity(body, capacity, consumed);
      write_item_collection_metrics_by_table(body, metrics);
      body.EndObject();
      response.assign(buffer.GetString(), buffer.GetSize());
      if (token) engine.idempotency_tokens().remember(*token, print, response, engine.now_ms());
    }
  }
  out.RawValue(response.data(), response.size(), rapidjson::kObjectType);
}

}  // namespace dynamini
