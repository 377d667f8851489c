#include "ops/return_values.h"

#include "dynamini/api_error.h"
#include "validation/request_members.h"

namespace dynamini {

ReturnValues read_return_values(const Json& request, ShapeErrors& errors) {
  auto text = string_member(request, "ReturnValues");
  // Enum order as DynamoDB lists it (dynalite test/putItem.js).
  errors.one_of(text, "returnValues", {"ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"});
  if (text == "ALL_OLD") return ReturnValues::kAllOld;
  if (text == "UPDATED_OLD") return ReturnValues::kUpdatedOld;
  if (text == "ALL_NEW") return ReturnValues::kAllNew;
  if (text == "UPDATED_NEW") return ReturnValues::kUpdatedNew;
  return ReturnValues::kNone;
}

void require_none_or_all_old(ReturnValues value) {
  if (value != ReturnValues::kNone && value != ReturnValues::kAllOld) {
    throw validation_error("ReturnValues can only be ALL_OLD or NONE");
  }
}

void require_none_or_all_old(const std::optional<Enum<api::ReturnValue>>& value) {
  if (value && !(*value == api::ReturnValue::kNone) && !(*value == api::ReturnValue::kAllOld)) {
    throw validation_error("ReturnValues can only be ALL_OLD or NONE");
  }
}

void write_attributes(JsonWriter& out, const Item& item) {
  if (item.empty()) return;
  out.Key("Attributes");
  write_item(out, item);
}

}  // namespace dynamini
