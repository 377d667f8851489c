#pragma once

// ConditionalCheckFailedException for PutItem, UpdateItem and DeleteItem,
// with ReturnValuesOnConditionCheckFailure: ALL_OLD returns the item as it
// was in the error's "Item" member (absent when no item existed).

#include "dynamini/api_error.h"
#include "values/attribute_value.h"
#include "values/json.h"
#include "values/shape_errors.h"

namespace dynamini {

// "The conditional request failed", with "Item" when `return_old` and
// `old_item` is not null.
ApiError conditional_check_failed(bool return_old, const Item* old_item);

}  // namespace dynamini
