#include "operation/condition_failure.h"

namespace dynamini {

ApiError conditional_check_failed(bool return_old, const Item* old_item) {
  ApiError error{ErrorCode::kConditionalCheckFailed, "The conditional request failed", {}};
  if (return_old && old_item) error.extra_members_json = "\"Item\":" + item_to_json(*old_item);
  return error;
}

}  // namespace dynamini
