#pragma once

#include "dynamini/shapes.h"
#include "values/attribute_value.h"
#include "values/json.h"
#include "values/shape_errors.h"

namespace dynamini {

enum class ReturnValues { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

// PutItem and DeleteItem accept only NONE and ALL_OLD; DynamoDB answers
// "ReturnValues can only be ALL_OLD or NONE" otherwise.
void require_none_or_all_old(ReturnValues value);

// The same for a typed request's ReturnValues.
void require_none_or_all_old(const std::optional<Enum<api::ReturnValue>>& value);

}  // namespace dynamini
