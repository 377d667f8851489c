#pragma once

// A Query's key condition as a range of stored keys (storage/store.h
// RangeRead): the partition blob to read and the bounds of the sort blob,
// with DynamoDB's errors for a condition that does not fit the key schema.
// Stored keys are encoded as keys/key_encoding.h describes; a key part of
// several attributes (a multi-attribute GSI key) is a concatenation of
// self-delimiting components, so equality on a prefix of the RANGE attributes
// is a blob prefix.

#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "expressions/expressions.h"
#include "storage/store.h"

namespace dynamini {

// "Condition parameter type does not match schema type" unless `value` has
// the element's declared type.
void check_condition_type(const AttributeValue& value, const KeyElement& element);

// The bounds of a sort key of one attribute (stored as encode_key_value)
// for one condition on it. Throws for BETWEEN with its bounds reversed and
// for begins_with on a number.
void apply_single_range_term(const expr::KeyConditionTerm& term, const KeyElement& element,
                             RangeRead& read);

// The sort blob bounds of a multi-attribute sort key whose first attributes
// are equal to the components in `prefix` (append_key_component of each) and
// whose next attribute has the condition `term`. Every blob of an item in the
// index continues `prefix` with that attribute's component, then the
// others'. Checks nothing: BETWEEN with its bounds reversed reads nothing;
// begins_with REQUIRES an S or B operand.
void apply_composite_range_bounds(const expr::KeyConditionTerm& term, const std::string& prefix,
                                  RangeRead& read);

// The whole key condition on a multi-attribute key (KeySchema::multi_attribute),
// Developer Guide "Multi-attribute key schema": an equality on every HASH
// attribute; conditions on a prefix of the RANGE attributes with no gap, all
// equalities but the last, which may be any key condition; clauses in any
// order. `start` (ExclusiveStartKey) has each key element checked before the
// conditions on it, as for one-attribute keys.
void apply_multi_attribute_key_condition(const std::vector<expr::KeyConditionTerm>& terms,
                                         const KeySchema& keys, const Item* start, RangeRead& read);

}  // namespace dynamini
