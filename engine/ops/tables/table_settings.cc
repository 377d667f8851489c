#include "tables/table_settings.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include "tables/table_binding.h"

namespace dynamini {
namespace {

// DynamoDB's defaults for a new on-demand table (Developer Guide, "Warm
// throughput": 12,000 read and 4,000 write units per second; DescribeTable
// output "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond":
// 4000, "Status": "ACTIVE"}).
constexpr int64_t kOnDemandWarmRead = 12000;
constexpr int64_t kOnDemandWarmWrite = 4000;
// DynamoDB's per-table tag quota (Developer Guide, "Tagging restrictions").
constexpr size_t kMaxTags = 50;

// The key id of the account's AWS managed key for DynamoDB
// (alias/aws/dynamodb): one key per account and region, so a stable id made
// from them (FNV-1a), shaped as a KMS key id.
std::string managed_key_id(const ArnScope& scope) {
  uint64_t h1 = 1469598103934665603ULL, h2 = 1099511628211ULL;
  for (char c : std::string(scope.account) + "/" + std::string(scope.region)) {
    h1 = (h1 ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    h2 = (h2 ^ static_cast<unsigned char>(c)) * 1469598103934665603ULL;
  }
  char out[40];
  std::snprintf(out, sizeof out, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(h1 >> 32),
                static_cast<unsigned>((h1 >> 16) & 0xffff), static_cast<unsigned>(h1 & 0xffff),
                static_cast<unsigned>(h2 >> 48),
                static_cast<unsigned long long>(h2 & 0xffffffffffffULL));
  return out;
}

// A KMSMasterKeyId as DynamoDB describes it: a key id or alias name becomes
// an ARN in the table's account and region; an ARN stays (DynamoDB resolves
// an alias to its key's ARN, which dynamini cannot: it keeps the alias ARN).
std::string kms_key_arn(const std::string& id, const ArnScope& scope) {
  if (id.starts_with("arn:")) return id;
  const std::string prefix =
      "arn:aws:kms:" + std::string(scope.region) + ":" + std::string(scope.account) + ":";
  return prefix + (id.starts_with("alias/") ? id : "key/" + id);
}

// A tag's characters are the AWS tag pattern's, [\p{L}\p{Z}\p{N}_.:/=+\-@]:
// letters and digits of any script, space separators (the space, NBSP, the
// ideographic space) and those seven marks. Refused, recorded against
// DynamoDB (ack-api-quirks DDB-TABLE-372, 2026-10-09; DDB-TABLE-110): emoji,
// '%', ',', quotes, brackets, '&', '*', ';', '?', '|', '\\', '<', '>', '~',
// '#'. Outside ASCII without a Unicode table, a code point counts as a letter
// unless it is a control, or in a block of punctuation, symbols or emoji.
bool tag_code_point(char32_t c) {
  if (c < 0x80) {
    return std::isalnum(static_cast<int>(c)) || c == ' ' ||
           std::string_view("_.:/=+-@").find(static_cast<char>(c)) != std::string_view::npos;
  }
  const bool space = c == 0xA0 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
                     c == 0x202F || c == 0x205F || c == 0x3000;
  if (space) return true;
  const bool other = c <= 0x9F || (c >= 0x2000 && c <= 0x206F) ||  // controls, punctuation
                     (c >= 0x2190 && c <= 0x2BFF) ||               // arrows, math, shapes, dingbats
                     (c >= 0xFE00 && c <= 0xFE0F) ||               // variation selectors
                     (c >= 0x1F000 && c <= 0x1FAFF);               // emoji and pictographs
  return !other;
}

bool valid_tag_text(const std::string& text, size_t min, size_t max) {
  if (text.size() < min || text.size() > max) return false;
  const std::u32string code_points = utf8_code_points(text);
  return std::all_of(code_points.begin(), code_points.end(), tag_code_point);
}

std::string for_whom(const std::string& index) {
  return index.empty() ? "table" : "index : " + index;
}

}  // namespace

std::string bind_table_class(const Enum<api::TableClass>& table_class) {
  if (!table_class.valid()) {
    throw validation_error(
        "Invalid table-class parameter provided. Please try again with a valid table-class value: "
        "[STANDARD, STANDARD_INFREQUENT_ACCESS].");
  }
  return std::string(table_class.text());
}

SseSettings bind_sse(const api::SSESpecification& spec, const ArnScope& scope) {
  const bool enabled = spec.enabled.value_or(false);
  if (!enabled && spec.sse_type) {
    throw invalid_parameter("SSEType can not be specified if Enabled is false");
  }
  if (!enabled && spec.kms_master_key_id) {
    throw invalid_parameter("KMSMasterKeyId can not be specified if Enabled is false");
  }
  if (spec.sse_type && !(*spec.sse_type == api::SSEType::kKms)) {
    throw invalid_parameter("SSEType " + std::string(spec.sse_type->text()) + " is not supported");
  }
  if (spec.kms_master_key_id && !spec.sse_type) {
    throw invalid_parameter("SSEType KMS is required if KMSMasterKeyId is specified");
  }
  if (!enabled) return {};
  return {true, kms_key_arn(spec.kms_master_key_id.value_or(managed_key_id(scope)), scope)};
}

OnDemandLimits bind_on_demand(const api::OnDemandThroughput& spec, bool pay_per_request,
                              const std::string& index, bool update,
                              const OnDemandLimits& current) {
  OnDemandLimits out = current;
  struct Member {
    const char* name;
    const std::optional<int64_t>& value;
    int64_t& into;
  };
  for (const Member& m :
       {Member{"MaxReadRequestUnits", spec.max_read_request_units, out.max_read},
        Member{"MaxWriteRequestUnits", spec.max_write_request_units, out.max_write}}) {
    if (!m.value) continue;
    if (!pay_per_request) {
      throw invalid_parameter(std::string(m.name) +
                              " for OnDemandThroughput cannot be specified when the table "
                              "BillingMode is PROVISIONED");
    }
    if (*m.value < 1 && !(update && *m.value == -1)) {
      throw invalid_parameter("Requested " + std::string(m.name) + " for OnDemandThroughput for " +
                              for_whom(index) + " is outside of valid range");
    }
    m.into = *m.value;
  }
  return out;
}

WarmThroughputSettings bind_warm_for_create(const api::WarmThroughput& spec, bool pay_per_request,
                                            const Throughput& provisioned,
                                            const std::string& index) {
  const std::string whom = index.empty() ? "table" : "index " + index;
  struct Member {
    const char* name;
    const std::optional<int64_t>& value;
    int64_t on_demand;
    int64_t capacity;
    const char* capacity_name;
  };
  for (const Member& m : {Member{"ReadUnitsPerSecond", spec.read_units_per_second,
                                 kOnDemandWarmRead, provisioned.read, "ReadCapacityUnits"},
                          Member{"WriteUnitsPerSecond", spec.write_units_per_second,
                                 kOnDemandWarmWrite, provisioned.write, "WriteCapacityUnits"}}) {
    if (!m.value) continue;
    const std::string head =
        "Requested " + std::string(m.name) + " for WarmThroughput for " + whom + " is lower than ";
    // The text after "See: " is cut in the catalogue; the guide's page on warm
    // throughput is our completion (not confirmed).
    if (pay_per_request && *m.value < m.on_demand) {
      throw invalid_parameter(head +
                              "initial throughput for OnDemand. See: "
                              "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                              "warm-throughput.html");
    }
    if (!pay_per_request && *m.value < m.capacity) {
      throw invalid_parameter(head + m.capacity_name + " of ProvisionedThroughput");
    }
  }
  return {spec.read_units_per_second.value_or(0), spec.write_units_per_second.value_or(0)};
}

WarmThroughputSettings bind_warm_update(const api::WarmThroughput& spec, int64_t current_read,
                                        int64_t current_write, const std::string& index) {
  const std::string whom = index.empty() ? "table" : "index " + index;
  struct Member {
    const char* name;
    const std::optional<int64_t>& value;
    int64_t current;
  };
  for (const Member& m :
       {Member{"ReadUnitsPerSecond", spec.read_units_per_second, current_read},
        Member{"WriteUnitsPerSecond", spec.write_units_per_second, current_write}}) {
    if (m.value && *m.value < m.current) {
      throw invalid_parameter("Requested " + std::string(m.name) + " for WarmThroughput for " +
                              whom +
                              " is lower than current WarmThroughput, decreasing WarmThroughput "
                              "is not supported");
    }
  }
  return {spec.read_units_per_second.value_or(current_read),
          spec.write_units_per_second.value_or(current_write)};
}

std::pair<int64_t, int64_t> warm_throughput_of(const WarmThroughputSettings& asked,
                                               bool pay_per_request, bool was_on_demand,
                                               const Throughput& provisioned) {
  int64_t read = pay_per_request ? 0 : provisioned.read;
  int64_t write = pay_per_request ? 0 : provisioned.write;
  if (pay_per_request || was_on_demand) {
    read = std::max(read, kOnDemandWarmRead);
    write = std::max(write, kOnDemandWarmWrite);
  }
  return {std::max(read, asked.read), std::max(write, asked.write)};
}

void check_tag(const api::Tag& tag) {
  const std::string key = tag.key.value_or("");
  if (!tag.key || !valid_tag_text(key, 1, 128)) {
    throw validation_error("The Tag Key provided is invalid, Key: " +
                           (tag.key ? key : std::string("null")));
  }
  if (key.starts_with("aws:")) {
    throw validation_error("Tag Key cannot be prefixed with aws:, Key: " + key);
  }
  if (!tag.value || !valid_tag_text(*tag.value, 0, 256)) {
    throw validation_error("The Tag Value provided is invalid, Value: " +
                           tag.value.value_or("null"));
  }
}

std::vector<std::pair<std::string, std::string>> bind_create_tags(
    const std::vector<api::Tag>& tags) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> keys;
  for (const auto& tag : tags) {
    check_tag(tag);
    const std::string& key = *tag.key;
    if (!keys.insert(key).second) {
      throw validation_error("Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
                             key);
    }
    out.emplace_back(key, *tag.value);
  }
  if (out.size() > kMaxTags) {
    throw validation_error("Number of Tags exceed the current limit for the provided ResourceArn");
  }
  return out;
}

}  // namespace dynamini
