#include "backups/recovery_arns.h"

#include <random>
#include <vector>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {

struct RecoveryArnParts {
  std::string partition, service, region, account, resource;
};

bool split_recovery_arn(const std::string& arn, RecoveryArnParts& out) {
  std::vector<std::string> parts;
  size_t begin = 0;
  for (int i = 0; i < 5; ++i) {
    size_t colon = arn.find(':', begin);
    if (colon == std::string::npos) return false;
    parts.push_back(arn.substr(begin, colon - begin));
    begin = colon + 1;
  }
  if (parts[0] != "arn") return false;
  out = {parts[1], parts[2], parts[3], parts[4], arn.substr(begin)};
  return true;
}

const char* kind_word(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::kBackup:
      return "backup";
    case ResourceKind::kExport:
      return "export";
    case ResourceKind::kImport:
      return "import";
  }
  return "";
}

// "table/NAME/<kind>/<id>" with a non-empty name and id.
bool resource_matches(const std::string& resource, ResourceKind kind) {
  if (!resource.starts_with("table/")) return false;
  const std::string marker = std::string("/") + kind_word(kind) + "/";
  const size_t at = resource.find(marker, 6);
  return at != std::string::npos && at > 6 && at + marker.size() < resource.size() &&
         resource.find('/', at + marker.size()) == std::string::npos;
}

}  // namespace

std::string table_arn_of(const Context& context, const std::string& table_name) {
  const auto& o = context.options();
  return "arn:aws:dynamodb:" + o.region + ":" + o.account_id + ":table/" + table_name;
}

std::string new_resource_id(int64_t ms) {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  std::string id = std::to_string(ms);
  if (id.size() < 14) id.insert(0, 14 - id.size(), '0');
  id += '-';
  const char* hex = "0123456789abcdef";
  for (int i = 0; i < 8; ++i) id.push_back(hex[rng() % 16]);
  return id;
}

std::string resource_arn_key(const Context& context, const std::string& arn, ResourceKind kind) {
  RecoveryArnParts parts;
  const bool shaped = split_recovery_arn(arn, parts) && resource_matches(parts.resource, kind);
  if (!shaped) {
    switch (kind) {
      case ResourceKind::kBackup:
        throw validation_error("Invalid Backup ARN");
      case ResourceKind::kExport:
        throw validation_error("Invalid Export ARN");
      case ResourceKind::kImport:
        throw validation_error("Invalid Import ARN");
    }
  }
  if (kind == ResourceKind::kBackup &&
      (!parts.partition.starts_with("aws") || parts.service != "dynamodb")) {
    throw validation_error("BackupArn is not valid");
  }
  const auto& o = context.options();
  return "arn:aws:dynamodb:" + o.region + ":" + o.account_id + ":" + parts.resource;
}

}  // namespace dynamini
