#include <mutex>
#include <set>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/table_arn.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {
namespace {

// DynamoDB's tag limits (Developer Guide, "Tagging restrictions in DynamoDB"):
// at most 50 tags per table, keys 1..128 characters, values 0..256, and the
// "aws:" prefix reserved.
constexpr size_t kMaxTags = 50;

size_t characters(const std::string& utf8) {
  size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

// Checks in the order DynamoDB answers them (dynalite test/tagResource.js):
// a missing ResourceArn, then the shape errors, then the ARN's form, then an
// empty Tags list, then the table. The aws: and 50-tag texts are from
// ack-api-quirks DDB-TABLE-442 (both ValidationException).
void tag_resource(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto arn = string_member(request, "ResourceArn");
  const Json* tags = array_member(request, "Tags");
  errors.require(tags != nullptr, "tags");
  std::vector<std::pair<std::string, std::string>> pairs;
  if (tags) {
    size_t position = 0;
    for (const auto& tag : tags->GetArray()) {
      ++position;
      std::string prefix = "tags." + std::to_string(position) + ".member.";
      // A Tag that is no structure fails deserialization (dynalite
      // test/helpers.js assertType, ValueStruct).
      if (tag.IsArray()) {
        throw ApiError{ErrorCode::kSerialization,
                       "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.Tag", {}};
      }
      if (!tag.IsObject()) {
        throw ApiError{ErrorCode::kSerialization, "Unexpected value type in payload", {}};
      }
      auto key = string_member(tag, "Key");
      auto value = string_member(tag, "Value");
      errors.require(key.has_value(), prefix + "key");
      errors.require(value.has_value(), prefix + "value");
      if (key && characters(*key) < 1) {
        errors.add(*key, prefix + "key", "Member must have length greater than or equal to 1");
      }
      if (key && characters(*key) > 128) {
        errors.add(*key, prefix + "key", "Member must have length less than or equal to 128");
      }
      if (value && characters(*value) > 256) {
        errors.add(*value, prefix + "value", "Member must have length less than or equal to 256");
      }
      if (key && value) pairs.emplace_back(*key, *value);
    }
  }
  if (!arn) table_name_of_arn(arn);  // throws "Invalid TableArn"
  errors.throw_if_any();
  table_name_of_arn(arn);  // the ARN's form
  if (pairs.empty()) throw validation_error("Atleast one Tag needs to be provided as Input.");
  for (const auto& [key, value] : pairs) {
    if (key.rfind("aws:", 0) == 0) {
      throw validation_error("Tag Key cannot be prefixed with aws:, Key: " + key);
    }
  }
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = table_of_arn(engine, arn);
    std::set<std::string> keys;
    for (const auto& [key, value] : engine.store().tags(*table)) keys.insert(key);
    for (const auto& [key, value] : pairs) keys.insert(key);
    if (keys.size() > kMaxTags) {
      throw validation_error("Number of Tags exceed the current limit for the provided ResourceArn");
    }
    WriteTransaction txn(engine.store().connection());
    for (const auto& [key, value] : pairs) engine.store().set_tag(*table, key, value);
    txn.commit();
  }
  out.StartObject();
  out.EndObject();
}

}  // namespace dynamini
