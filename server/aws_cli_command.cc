#include "dynamini/aws_cli_command.h"

#include <rapidjson/document.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "json/json_text.h"

namespace dynamini {
namespace {

// Members the AWS CLI does not offer as options on paginated commands.
constexpr std::string_view kPaginatorMembers[] = {"Limit",
                                                  "ExclusiveStartKey",
                                                  "ExclusiveStartTableName",
                                                  "ExclusiveStartStreamArn",
                                                  "ExclusiveStartShardId",
                                                  "NextToken"};
constexpr std::string_view kPaginatedCommands[] = {
    "Query", "Scan", "ListTables", "ListStreams", "ListTagsOfResource", "ListBackups"};

// "BatchWriteItem" -> "batch-write-item", "SSESpecification" -> "sse-specification".
std::string kebab(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && i > 0) {
      bool prev_lower = std::islower(static_cast<unsigned char>(name[i - 1])) ||
                        std::isdigit(static_cast<unsigned char>(name[i - 1]));
      bool next_lower =
          i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]));
      bool prev_upper = std::isupper(static_cast<unsigned char>(name[i - 1]));
      if (prev_lower || (prev_upper && next_lower)) out += '-';
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// POSIX shell quoting: bare when safe, else in single quotes.
std::string shell_quote(std::string_view s) {
  bool safe = !s.empty();
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("-_./:=@%+,").find(c) == std::string_view::npos) {
      safe = false;
    }
  }
  if (safe) return std::string(s);
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::pair<std::string_view, std::string_view> split_target(std::string_view target) {
  size_t dot = target.find('.');
  if (dot == std::string_view::npos) return {"dynamodb", target};
  return {target.starts_with("DynamoDBStreams") ? "dynamodbstreams" : "dynamodb",
          target.substr(dot + 1)};
}

// Each member as its option; the paginator's members in --cli-input-json.
std::string member_options(const rapidjson::Value& body) {
  std::string out;
  rapidjson::Document residual(rapidjson::kObjectType);
  for (const auto& m : body.GetObject()) {
    std::string_view name = m.name.GetString();
    if (std::ranges::find(kPaginatorMembers, name) != std::end(kPaginatorMembers)) {
      residual.AddMember(rapidjson::Value(m.name, residual.GetAllocator()),
                         rapidjson::Value(m.value, residual.GetAllocator()),
                         residual.GetAllocator());
      continue;
    }
    std::string flag = kebab(name);
    if (m.value.IsBool()) {
      out += (m.value.GetBool() ? " --" : " --no-") + flag;
    } else if (m.value.IsString()) {
      out += " --" + flag + " " + shell_quote(m.value.GetString());
    } else if (m.value.IsNumber()) {
      out += " --" + flag + " " + json_text(m.value);
    } else {
      out += " --" + flag + " " + shell_quote(json_text(m.value));
    }
  }
  if (residual.MemberCount() > 0) out += " --cli-input-json " + shell_quote(json_text(residual));
  return out;
}

}  // namespace

std::string aws_cli_command(std::string_view target, std::string_view request_json,
                            std::string_view endpoint) {
  auto [service, operation] = split_target(target);
  std::string out = "aws " + std::string(service) + " " + kebab(operation);
  rapidjson::Document body;
  body.Parse(request_json.data(), request_json.size());
  if (!body.HasParseError() && body.IsObject()) {
    out += member_options(body);
    if (std::ranges::find(kPaginatedCommands, operation) != std::end(kPaginatedCommands))
      out += " --no-paginate";
  } else if (!request_json.empty()) {
    out += " --cli-input-json " + shell_quote(request_json);
  }
  if (!endpoint.empty()) out += " --endpoint-url " + std::string(endpoint);
  return out;
}

}  // namespace dynamini
