// PartiQL writes as item writes (ops/partiql/partiql_translate.h), as DynamoDB's
// PartiQL layer translates them (DynamoDB Local's Insert/Update/Delete and
// CheckStatementTranslator): INSERT puts an item that must not exist yet,
// UPDATE changes an item that must exist (a missing one fails the
// condition: Developer Guide, "PartiQL update statements"), DELETE removes
// one; whatever the WHERE clause adds to the key is the write's condition.

#include "partiql_translate.h"

#include <iterator>
#include <variant>

#include "dynamini/api_error.h"
#include "keys/item_keys.h"
#include "partiql/expression_text.h"
#include "partiql_key_terms.h"

namespace dynamini::partiql {
namespace {

Condition key_exists(const KeySchema& keys, bool exists) {
  Operand hash{Operand::Kind::kPath, {{keys.hash.name, -1}}, {}, {}, {}};
  return Condition{
      Condition::Kind::kFunction, exists ? "attribute_exists" : "attribute_not_exists", {hash}, {}};
}

// The item a write's WHERE clause names, checked against the schema.
Item item_key(const std::optional<Condition>& where, const TableDef& table,
              std::vector<const Condition*>& rest) {
  ExtractedKey extracted = extract_item_key(where, table.keys);
  for (const auto& [name, value] : extracted.key) check_key_value(name, value, table.keys, true);
  rest = std::move(extracted.rest);
  return std::move(extracted.key);
}

std::optional<expr::Condition> condition_of(std::vector<const Condition*> parts) {
  if (parts.empty()) return std::nullopt;
  return to_condition(parts);
}

}  // namespace

const std::string& table_of(const Statement& statement) {
  return std::visit(
      [](const auto& s) -> const std::string& {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Exists>) {
          return s.select.table;
        } else {
          return s.table;
        }
      },
      statement);
}

const char* action_of(const Statement& statement) {
  // EXISTS reads the item it checks.
  static constexpr const char* kActions[] = {"PartiQLSelect", "PartiQLInsert", "PartiQLUpdate",
                                             "PartiQLDelete", "PartiQLSelect"};
  static_assert(std::size(kActions) == std::variant_size_v<Statement>);
  return kActions[statement.index()];
}

ItemWrite plan_write(const Statement& statement, const TableDef& table) {
  ItemWrite write;
  write.table_name = table_of(statement);
  if (const auto* insert = std::get_if<Insert>(&statement)) {
    write.kind = WriteKind::kPut;
    write.insert = true;
    write.item = &insert->item;
    Condition absent = key_exists(table.keys, false);
    write.condition = condition_of({&absent});
    return write;
  }
  std::vector<const Condition*> rest;
  if (const auto* update = std::get_if<Update>(&statement)) {
    write.kind = WriteKind::kUpdate;
    write.own(item_key(update->where, table, rest));
    Condition present = key_exists(table.keys, true);
    rest.insert(rest.begin(), &present);
    write.condition = condition_of(rest);
    write.update = to_update(update->actions);
    return write;
  }
  if (const auto* del = std::get_if<Delete>(&statement)) {
    write.kind = WriteKind::kDelete;
    write.own(item_key(del->where, table, rest));
    if (rest.empty()) return write;
    // Developer Guide, "PartiQL delete statements": with no item of that key
    // the statement succeeds, deleting nothing; the rest of the WHERE clause
    // only guards an item that exists.
    Condition guard = *rest[0];
    for (size_t i = 1; i < rest.size(); ++i) {
      guard = Condition{Condition::Kind::kAnd, "", {}, {std::move(guard), *rest[i]}};
    }
    Condition either{
        Condition::Kind::kOr, "", {}, {key_exists(table.keys, false), std::move(guard)}};
    write.condition = condition_of({&either});
    return write;
  }
  // not on the wire: callers pass writes only
  throw std::logic_error("plan_write: not a write statement");
}

void check_write_key(const Statement& statement, const TableDef& table) {
  std::vector<const Condition*> rest;
  if (const auto* insert = std::get_if<Insert>(&statement)) {
    validate_item_keys(insert->item, table);
  } else if (const auto* update = std::get_if<Update>(&statement)) {
    item_key(update->where, table, rest);
  } else if (const auto* del = std::get_if<Delete>(&statement)) {
    item_key(del->where, table, rest);
  }
}

ItemWrite plan_condition_check(const Exists& exists, const TableDef& table) {
  // DynamoDB Local's CheckStatementTranslator (ValidationExceptionMessages
  // INVALID_INDICES_FOR_TWI_CONDITION_CHECK, INVALID_KEYS_FOR_TWI_CONDITION_CHECK);
  // the second is recorded against DynamoDB (paritysuite/dynamodb-conformance
  // partiqlFunctions.test.ts).
  if (exists.select.index) {
    throw validation_error("Operations on indices are not supported in transactions");
  }
  ExtractedKey extracted = collect_item_key(exists.select.where, table.keys);
  if (!is_full_key(extracted.key, table.keys) || extracted.rest.empty()) {
    throw validation_error("EXISTS() must contain a single item read with additional condition");
  }
  for (const auto& [name, value] : extracted.key) check_key_value(name, value, table.keys, true);
  std::vector<const Condition*> rest = std::move(extracted.rest);
  ItemWrite write;
  write.kind = WriteKind::kConditionCheck;
  write.table_name = exists.select.table;
  write.own(std::move(extracted.key));
  Condition present = key_exists(table.keys, true);
  rest.insert(rest.begin(), &present);
  write.condition = condition_of(rest);
  return write;
}

}  // namespace dynamini::partiql
