#pragma once

// Reading keys out of a PartiQL WHERE clause (ddb.partiql.shared
// KeyAndConditionExpressionExtractorBase, in DynamoDB Local): only the terms
// at the top of its ANDs count, and a term counts when it compares a
// top-level attribute with values.

#include <optional>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

// The terms joined by the top-level ANDs of `where`, in order.
std::vector<const Condition*> conjuncts(const std::optional<Condition>& where);
std::vector<const Condition*> conjuncts(const Condition& where);

// The top-level attribute a terminal term (a comparison, BETWEEN, IN or
// function) reads, when its other operands are all values; nullptr otherwise.
const std::string* term_attribute(const Condition& c);

// For `attribute = value` (either way round): the value.
const AttributeValue* equality_value(const Condition& c, const std::string& attribute);

// UPDATE's, DELETE's and a point read's key: an equality on every key
// attribute among the conjuncts; the other conjuncts are `rest`. Throws
// "Where clause does not contain a mandatory equality on all key attributes"
// and "Multiple conditions on same key <k>. Only single item
// Update/Insert/Delete are supported".
struct ExtractedKey {
  Item key;
  std::vector<const Condition*> rest;
};
ExtractedKey extract_item_key(const std::optional<Condition>& where, const KeySchema& keys);
// EXISTS's reading of the same (its first equality on each key attribute
// counts, later ones stay conditions): the key may lack attributes.
ExtractedKey collect_item_key(const std::optional<Condition>& where, const KeySchema& keys);
// True when `key` has every key attribute of `keys` (all of a
// multi-attribute key's).
bool is_full_key(const Item& key, const KeySchema& keys);

// A key value's type against the schema (DynamoDB Local's
// StatementTranslator): a write's key must first be a scalar ("Key value
// must be of type S, N, or B. Key name: k, Key type: BOOL"); then, reads too,
// of the schema's type ("Key attribute's data type should match its data type
// in table's schema: Key k"). ValidationException.
void check_key_value(const std::string& name, const AttributeValue& value, const KeySchema& keys,
                     bool scalar_first);

}  // namespace dynamini::partiql
