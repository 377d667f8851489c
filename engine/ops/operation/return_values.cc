#include "operation/return_values.h"

#include "dynamini/api_error.h"
#include "values/request_check_error.h"

namespace dynamini {

void require_none_or_all_old(ReturnValues value) {
  if (value != ReturnValues::kNone && value != ReturnValues::kAllOld) {
    throw request_check_error("ReturnValues can only be ALL_OLD or NONE");
  }
}

void require_none_or_all_old(const std::optional<Enum<api::ReturnValue>>& value) {
  if (value && !(*value == api::ReturnValue::kNone) && !(*value == api::ReturnValue::kAllOld)) {
    throw request_check_error("ReturnValues can only be ALL_OLD or NONE");
  }
}

}  // namespace dynamini
