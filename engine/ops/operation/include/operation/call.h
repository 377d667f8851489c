#pragma once

// One API call as the operations see it: the caller's options in, and what
// the call returns beside its response (the capacity it consumed, as data).

#include <string_view>
#include <vector>

#include "dynamini/call_targets.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"

namespace dynamini {

struct Call {
  ExecuteOptions options;
  std::string_view operation;  // its name on the wire ("PutItem")
  // Filled by the typed adapter (operation/typed_operation.h) from the response.
  std::vector<api::ConsumedCapacity> consumed_capacity;
  // What the request named, when options.admit is set (operation/call_targets.h).
  CallTargets targets;
};

}  // namespace dynamini
