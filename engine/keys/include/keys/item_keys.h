#pragma once

// Keys of items, for a table and its indexes: validation with DynamoDB's
// messages, extraction and encoding.

#include <optional>
#include <string>

#include "catalog/table_def.h"
#include "values/attribute_value.h"

namespace dynamini {

// A primary or index key in the storage encoding (keys/key_encoding.h).
struct EncodedKey {
  std::string hash;
  std::string range;  // empty blob when the schema has no sort key
  bool operator==(const EncodedKey&) const = default;
};

// DynamoDB's key size limits: partition key 2048 bytes, sort key 1024 bytes.
constexpr size_t kMaxPartitionKeyBytes = 2048;
constexpr size_t kMaxSortKeyBytes = 1024;

// A `Key` request member (GetItem, DeleteItem, UpdateItem, BatchGet...):
// exactly the table's key attributes, of their declared types, non-empty.
// Throws ValidationException ("The provided key element does not match the
// schema", ...).
void validate_key(const Item& key, const TableDef& table);
// Whether `key` names exactly the table's key attributes, each of its type
// (the first check of validate_key, whose failure is "The provided key
// element does not match the schema").
bool key_fits_schema(const Item& key, const TableDef& table);

// A whole item to be written (PutItem, BatchWrite put, TransactWriteItems,
// PartiQL INSERT, the result of an UpdateItem or PartiQL UPDATE): table keys
// present, typed and within size; index key attributes, when present, of the
// index's declared types, non-empty and within the same size limits, with the
// same messages ("Size of hashkey has exceeded ...", "Aggregated size of all
// range keys ...").
void validate_item_keys(const Item& item, const TableDef& table);

// TransactWriteItems cancels (a ValidationError reason) rather than refuses
// an action whose key attribute has the wrong type, where an empty key value
// is refused up front (paritysuite/dynamodb-conformance
// transactWriteItems.test.ts and transactIndexKeys.test.ts, recorded against
// DynamoDB). For an item: the first table key, then index key, attribute held
// with another type than declared, as PutItem words it ("One or more parameter
// values were invalid: Type mismatch for key pk expected: S actual: N");
// nullopt when none is, or when a table key attribute is missing.
std::optional<std::string> item_key_type_mismatch(const Item& item, const TableDef& table);
// For a `Key` member: exactly the table's key attributes, one of them with
// another type (validate_key's "The provided key element does not match the
// schema"; a missing or extra attribute is not this fault).
bool key_type_mismatch(const Item& key, const TableDef& table);

// The same item against the table's vector indexes (keys/vector_item_checks.cc):
// a present vector attribute is a list of `dimensions` numbers within float32's
// range, present SearchSchema attributes have their declared types and a HASH
// value is not empty. Absent ones are fine (the item is not in the index).
// Called by validate_item_keys.
void validate_vector_attributes(const Item& item, const TableDef& table);

// The key attributes of `item` under `keys` (item must hold them).
Item key_of(const Item& item, const KeySchema& keys);

EncodedKey encode_primary_key(const Item& item, const KeySchema& keys);
// The stored key of `item` under any key schema (a table's or an index's,
// multi-attribute keys included). REQUIRES: the item holds every key
// attribute with its declared type.
EncodedKey encode_key(const Item& item, const KeySchema& keys);

// The item's key in `index`, or nullopt when the item lacks one of the index
// key attributes (sparse index; with multi-attribute keys, any one of them)
// or holds a value the index cannot key: of another type, an empty string or
// binary, or over the key size limits (the index key violations a GSI
// backfill skips, Developer Guide "Detecting and correcting index key
// violations"). Key parts of several attributes compose as
// keys/key_encoding.h describes.
std::optional<EncodedKey> index_key_of(const Item& item, const IndexDef& index);
// index_key_of(item, index).has_value(), without encoding the key.
bool has_index_key(const Item& item, const IndexDef& index);

// The attributes an index stores for `item`: all of them, or the table and
// index keys plus the projected non-key attributes.
Item project_for_index(const Item& item, const TableDef& table, const IndexDef& index);
// The same, projected as `projection` instead of the index's own.
Item project_for_index(const Item& item, const TableDef& table, const IndexDef& index,
                       const IndexProjection& projection);
// item_size(project_for_index(item, table, index, projection)), without
// building the projected item.
int64_t projected_size(const Item& item, const TableDef& table, const IndexDef& index,
                       const IndexProjection& projection);

}  // namespace dynamini
