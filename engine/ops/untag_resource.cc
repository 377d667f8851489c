#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/table_arn.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// Checks in the order DynamoDB answers them (dynalite test/untagResource.js):
// a missing ResourceArn, then the shape errors, then the ARN's form, then an
// empty TagKeys list, then the table, whose absence UntagResource reports
// without naming the ARN.
void untag_resource(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto arn = string_member(request, "ResourceArn");
  const Json* keys = array_member(request, "TagKeys");
  errors.require(keys != nullptr, "tagKeys");
  std::vector<std::string> names;
  if (keys) {
    for (const auto& key : keys->GetArray()) {
      if (key.IsNull()) continue;
      if (!key.IsString()) throw_wrong_type(key, "String");
      names.emplace_back(key.GetString(), key.GetStringLength());
    }
  }
  if (!arn) table_name_of_arn(arn);  // throws "Invalid TableArn"
  errors.throw_if_any();
  const std::string table_name = table_name_of_arn(arn);
  if (names.empty()) throw validation_error("Atleast one Tag Key needs to be provided as Input.");
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(table_name);
    WriteTransaction txn(engine.store().connection());
    // Removing a key the table does not carry is not an error.
    for (const auto& name : names) engine.store().remove_tag(*table, name);
    txn.commit();
  }
  out.StartObject();
  out.EndObject();
}

}  // namespace dynamini
