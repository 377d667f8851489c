#pragma once

// The options PutItem, UpdateItem and DeleteItem share: ReturnValues,
// ReturnConsumedCapacity, ReturnItemCollectionMetrics and
// ReturnValuesOnConditionCheckFailure, plus the legacy parameters' shape
// checks, read in DynamoDB's order of reporting.

#include "ops/consumed_capacity.h"
#include "ops/return_values.h"
#include "validation/shape_errors.h"
#include "values/json.h"

namespace dynamini {

struct WriteOptions {
  ReturnValues return_values = ReturnValues::kNone;
  CapacityDetail capacity = CapacityDetail::kNone;
  bool collection_metrics = false;     // ReturnItemCollectionMetrics SIZE
  bool return_old_on_failure = false;  // ReturnValuesOnConditionCheckFailure ALL_OLD
};

// Records enum and legacy-parameter shape errors in `errors`.
WriteOptions read_write_options(const Json& request, ShapeErrors& errors);

}  // namespace dynamini
