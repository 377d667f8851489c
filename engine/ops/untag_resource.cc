#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/table_arn.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

void untag_resource(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto arn = string_member(request, "ResourceArn");
  const Json* keys = array_member(request, "TagKeys");
  errors.require(keys != nullptr, "tagKeys");
  std::vector<std::string> names;
  if (keys) {
    for (const auto& key : keys->GetArray()) {
      if (!key.IsString()) throw ApiError{ErrorCode::kSerialization, "Unexpected value type in TagKeys", {}};
      names.emplace_back(key.GetString(), key.GetStringLength());
    }
  }
  errors.throw_if_any();
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = table_of_arn(engine, arn);
    WriteTransaction txn(engine.store().connection());
    // Removing a key the table does not carry is not an error.
    for (const auto& name : names) engine.store().remove_tag(*table, name);
    txn.commit();
  }
  out.StartObject();
  out.EndObject();
}

}  // namespace dynamini
