#pragma once

// A call's consumed capacity (Result::consumed_capacity) as DynamoDB's JSON:
// one ConsumedCapacity object, or, for the operations that answer a list
// (batches and transactions), the list.

#include <string>
#include <vector>

#include "dynamini/shapes.h"

namespace dynamini {

// `as_list`: render a JSON array even for one entry. "" when `consumed` is
// empty.
std::string consumed_capacity_json(const std::vector<api::ConsumedCapacity>& consumed,
                                   bool as_list);

}  // namespace dynamini
