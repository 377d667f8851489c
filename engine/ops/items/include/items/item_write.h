#pragma once

// One item write (put, update, delete or condition check) as the transaction
// operations and PartiQL perform it. Parsed and resolved before the storage
// lock; then, under the lock and inside the caller's WriteTransaction: the
// key is checked against the table, the current item read, the condition
// evaluated, the new item computed and stored with its index rows.

#include <memory>
#include <optional>
#include <string>

#include "catalog/table_def.h"
#include "dynamini/api_error.h"
#include "expressions/expressions.h"
#include "keys/item_keys.h"
#include "operation/consumed_capacity.h"
#include "storage/store.h"
#include "values/attribute_value.h"

namespace dynamini {

enum class WriteKind { kPut, kUpdate, kDelete, kConditionCheck };

struct ItemWrite {
  WriteKind kind = WriteKind::kPut;
  std::string table_name;
  // kPut: the whole item; otherwise the key. Not owned: it points into the
  // caller's request (or into `owned` after own()).
  const Item* item = nullptr;
  std::shared_ptr<const Item> owned;
  std::optional<expr::Condition> condition;
  std::optional<expr::Update> update;  // kUpdate only (absent: no change beyond creating the item)
  bool return_old_on_condition_failure = false;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
  // A PartiQL INSERT: its failed condition (the key exists) is a duplicate
  // item rather than a failed condition check.
  bool insert = false;
  // A standalone UpdateItem with an UpdateExpression: DynamoDB charges the
  // statement itself against the 400 KB limit too (Update::statement_charge),
  // before the condition is evaluated. Not AttributeUpdates, PartiQL UPDATE
  // or a transaction's Update, which size only the finished item
  // (paritysuite/dynamodb-conformance itemSizeBySurface.test.ts).
  bool charge_statement = false;

  // Makes the write hold its own item (one built by the caller).
  void own(Item built) {
    owned = std::make_shared<const Item>(std::move(built));
    item = owned.get();
  }

  // Checks the key (or the whole item for kPut: keys and size) against the
  // table's schema, and that an update does not touch a key attribute.
  // ValidationException.
  void validate(const TableDef& table) const;
  // The fault a transaction cancels for (a ValidationError reason) instead of
  // refusing the request: a key or index key attribute with the wrong type
  // (keys/item_keys.h item_key_type_mismatch, key_type_mismatch), or an
  // update assigning an index key a value of the wrong type. nullopt if none.
  std::optional<std::string> type_fault(const TableDef& table) const;
  EncodedKey primary_key(const TableDef& table) const;
  // The action the write needs on its table, as AccessDeniedException names
  // it: PutItem, UpdateItem, DeleteItem, ConditionCheckItem (PartiQLInsert).
  const char* action() const;
};

// What DynamoDB checks of an UpdateExpression against the table before
// running it (dynalite test/updateItem.js): no path may write a table key
// attribute ("Cannot update attribute a. This attribute is part of the key"),
// and no path may reach inside an index key attribute ("Key attributes must
// be scalars; ..."). ValidationException.
void check_update_against_keys(const expr::Update& update, const TableDef& table);
// Its index key check alone: an assignment whose type is known before the
// update runs ("SET gk = :v") to an index key of another type, as DynamoDB
// words it; nullopt if none.
std::optional<std::string> update_index_type_mismatch(const expr::Update& update,
                                                      const TableDef& table);

// After an update ran: an index key attribute SET from a document path whose
// value has the wrong type ("The update expression attempted to update the
// secondary index key to unsupported type"); other mismatches are reported by
// validate_item_keys. ValidationException.
void check_index_key_assignments(const expr::Update& update, const Item& new_item,
                                 const TableDef& table);

// DynamoDB's refusal of an update that leaves an index key attribute an
// empty string (or binary) value: "One or more parameter values are not
// valid. The update expression attempted to update a secondary index key to
// a value that is not supported. ..." (no index named, unlike PutItem's).
ApiError empty_index_key_update(ValueType type);
// After an update ran: an index key attribute it wrote left empty (from a
// document path, so not known before). ValidationException as above.
void check_index_key_emptiness(const expr::Update& update, const Item& new_item,
                               const TableDef& table);

// The stored item under `write`'s key, if any. REQUIRES: storage lock held.
std::optional<Item> read_current(Store& store, const TableDef& table, const ItemWrite& write);

// True when `write` has no condition or its condition holds for `current`.
bool condition_holds(const ItemWrite& write, const Item* current);

// A standalone UpdateItem's statement charge over the 400 KB limit: "Item size
// to update has exceeded the maximum allowed size" (ValidationException).
// Checked before the condition: a failing condition still gets the size
// refusal. A no-op for every other write. REQUIRES: storage lock held.
void check_statement_charge(const ItemWrite& write, const Item* current);

// An update's item after it ran (nullopt for the other kinds, whose new item
// is write.item for a put and none otherwise: see new_item_of; nullopt too
// for an update of a missing item that only removes, which writes nothing:
// see expr::Update::only_removes). Throws
// ValidationException for a failing update (type mismatch, key change, item
// too large).
std::optional<Item> compute_new_item(const ItemWrite& write, const TableDef& table,
                                     const Item* current);
// The item the write leaves: the put's item, the computed update, or nullptr.
const Item* new_item_of(const ItemWrite& write, const std::optional<Item>& computed);

// Stores the outcome and returns its capacity. kConditionCheck writes
// nothing, nor does an update without a new item (one write unit all the
// same). REQUIRES: storage lock held and a WriteTransaction open.
Consumption store_write(Store& store, const TableDef& table, const ItemWrite& write,
                        const Item* current, const Item* new_item);
// The same, computing the capacity (which costs a sizing of every index
// entry) only when `measure` is set or the call records its facts
// (operation/call_facts_recorder.h), once for both; otherwise an empty Consumption.
Consumption apply_write(Store& store, const TableDef& table, const ItemWrite& write,
                        const Item* current, const Item* new_item, bool measure);

}  // namespace dynamini
