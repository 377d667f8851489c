#include "ops/condition_failure.h"

#include "validation/request_members.h"

namespace dynamini {

bool read_return_old_on_condition_failure(const Json& request, ShapeErrors& errors) {
  auto text = string_member(request, "ReturnValuesOnConditionCheckFailure");
  // DynamoDB API reference, ReturnValuesOnConditionCheckFailure: "Valid Values: ALL_OLD | NONE".
  errors.one_of(text, "returnValuesOnConditionCheckFailure", {"ALL_OLD", "NONE"});
  return text == "ALL_OLD";
}

ApiError conditional_check_failed(bool return_old, const Item* old_item) {
  ApiError error{ErrorCode::kConditionalCheckFailed, "The conditional request failed", {}};
  if (return_old && old_item) error.extra_members_json = "\"Item\":" + item_to_json(*old_item);
  return error;
}

}  // namespace dynamini
