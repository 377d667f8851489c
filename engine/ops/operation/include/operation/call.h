#pragma once

// One API call as the operations see it: the caller's options in, and what
// the call returns beside its response (the capacity it consumed, as data).

#include <vector>

#include "dynamini/options.h"
#include "dynamini/shapes.h"

namespace dynamini {

struct Call {
  ExecuteOptions options;
  // Filled by the typed adapter (operation/typed_operation.h) from the response.
  std::vector<api::ConsumedCapacity> consumed_capacity;
};

}  // namespace dynamini
