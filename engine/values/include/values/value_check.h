#pragma once

// The one check of AttributeValues, wherever they come from: the wire (after
// the decode step of values/attribute_value.h, which raises only JSON type
// errors), the typed C++ API, PartiQL parameters and imported items. It
// visits a value once, in DynamoDB's order (members of a request in the order
// of its shape, list elements and set members as given, map members in name
// order), reports the first problem and puts numbers in canonical text.
//
// DynamoDB checks values in one of two layers, and the operation decides which
// (recorded against DynamoDB, paritysuite/dynamodb-conformance
// tests/tier3/error-messages/valueLayers.test.ts, eu-west-2, us-east-1,
// eu-west-1 and us-west-2, 2026-10-09). The layers differ only in the table
// of value_check.cc (ValueLayerRules).

#include <cstdint>
#include <optional>
#include <string>

#include "dynamini/attribute_value.h"
#include "values/attribute_value.h"

namespace dynamini {

// The nesting limit is kMaxNestingDepth (values/attribute_value.h).
// "Nesting Levels have exceeded supported limits", the words every nesting
// refusal starts with, and the whole message a value too deep gets.
extern const char kNestingLimitExceeded[];
extern const char kNestingLimitMessage[];

enum class ValueLayer : uint8_t {
  // PutItem, UpdateItem, DeleteItem (inside "1 validation error detected: "),
  // GetItem, BatchGetItem, Query, and the typed API's other callers.
  kCurrent,
  // BatchWriteItem, TransactWriteItems, TransactGetItems, Scan, and PartiQL
  // parameters (their numbers as Java's BigDecimal reads them:
  // tests/tier3/error-messages/partiqlParameterNumbers.test.ts).
  kOlder,
};

// Checks and normalises the values of one request in `layer`, throwing the
// first problem as a RequestCheckError (values/request_check_error.h: the
// operation decides the envelope).
class ValueChecker {
 public:
  explicit ValueChecker(ValueLayer layer) : layer_(layer) {}

  // One value (a parameter, an AttributeValueList member, an Expected Value).
  void value(AttributeValue& value) const;
  // An item or a key: attribute names 1..65535 bytes, then each value.
  void item(Item& item) const;
  // ExpressionAttributeValues: the older layer names the key
  // ("ExpressionAttributeValues contains invalid value: <why> for key :v").
  void expression_attribute_values(Item& values) const;
  // ExclusiveStartKey: the older layer says "The provided starting key is
  // invalid: <why>".
  void exclusive_start_key(Item& key) const;

 private:
  ValueLayer layer_;
};

// The first problem of `item` in `layer`, or nullopt (numbers normalised on
// the way): for callers that report it their own way (an import's error
// lines).
std::optional<std::string> item_problem(Item& item, ValueLayer layer);

}  // namespace dynamini
