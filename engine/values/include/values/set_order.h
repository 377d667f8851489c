#pragma once

// DynamoDB's order of a set's members: GetItem returns a set's members in
// DynamoDB's own order, not as written: string and binary sets bytewise,
// number sets by value, the empty string first (recorded against DynamoDB in
// eu-west-2, 2026-10-09: paritysuite/dynamodb-conformance
// tests/tier1/updateItem/basic.test.ts, "ADD of an empty string member onto
// an existing set adds it" answers ['', 'a']). Sets are put in this order
// when a request's values are checked and when an update adds members, and
// written in it whatever order they are held in (items stored by earlier
// versions).

#include <string>
#include <vector>

#include "dynamini/attribute_value.h"

namespace dynamini {

// Whether the members of `set` (SS, NS or BS; numbers in canonical text) are
// in DynamoDB's order.
bool set_in_order(const AttributeValue& set);
void put_set_in_order(AttributeValue& set);
// The members in DynamoDB's order (a copy, for writers of a const value).
std::vector<std::string> members_in_order(const AttributeValue& set);

}  // namespace dynamini
