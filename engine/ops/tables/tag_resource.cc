// TagResource: adds or overwrites a table's tags.

#include <mutex>
#include <set>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "tables/table_arn.h"
#include "tables/table_settings.h"

namespace dynamini {
namespace {

// DynamoDB's tag limits (Developer Guide, "Tagging restrictions in DynamoDB"):
// at most 50 tags per table, keys 1..128 characters, values 0..256 (the
// shape), and the "aws:" prefix reserved.
constexpr size_t kMaxTags = 50;

}  // namespace

// Checks in the order DynamoDB answers them (dynalite test/tagResource.js):
// a missing ResourceArn, then the shape errors, then the ARN's form, then an
// empty Tags list, then the table. The aws: and 50-tag texts are from
// ack-api-quirks DDB-TABLE-442 (both ValidationException).
void TagResourceOperation::check_before_shape(const Request& request) {
  if (!request.resource_arn) table_name_of_arn(request.resource_arn);  // "Invalid TableArn"
}

TagResourceResponse TagResourceOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  table_name_of_arn(request.resource_arn);  // the ARN's form
  const std::vector<api::Tag>& tags = *request.tags;
  if (tags.empty()) throw validation_error("Atleast one Tag needs to be provided as Input.");
  // Each tag as CreateTable checks its Tags; one bad tag fails the whole
  // call (ack-api-quirks DDB-TABLE-372, verified 2026-10-09).
  for (const auto& tag : tags) check_tag(tag);
  std::lock_guard lock(context.storage_mutex());
  auto table = table_of_arn(context, request.resource_arn, "TagResource");
  std::set<std::string> keys;
  for (const auto& [key, value] : context.store().tags(*table)) keys.insert(key);
  for (const auto& tag : tags) keys.insert(*tag.key);
  if (keys.size() > kMaxTags) {
    throw validation_error("Number of Tags exceed the current limit for the provided ResourceArn");
  }
  WriteTransaction txn(context.store().connection());
  for (const auto& tag : tags) context.store().set_tag(*table, *tag.key, *tag.value);
  txn.commit();
  return {};
}

}  // namespace dynamini
