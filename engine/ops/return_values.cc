#include "ops/return_values.h"

#include "dynamini/api_error.h"
#include "dynamini/request_check_error.h"

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

void write_attributes(JsonWriter& out, const Item& item) {
  if (item.empty()) return;
  out.Key("Attributes");
  write_item(out, item);
}

}  // namespace dynamini
