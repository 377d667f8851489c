#include "cli/request_lines.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cctype>
#include <cstdio>

#include "cli/json_out.h"
#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"

namespace dynamini::cli {
namespace {

constexpr size_t kMaxValueChars = 40;

std::string shorten(std::string s) {
  if (s.size() > kMaxValueChars) {
    s.resize(kMaxValueChars - 3);
    s += "...";
  }
  return s;
}

// An AttributeValue as people read it: S and N bare, others as JSON.
std::string show_value(const rapidjson::Value& av) {
  if (av.IsObject() && av.MemberCount() == 1) {
    const auto& m = *av.MemberBegin();
    std::string_view type = m.name.GetString();
    if ((type == "S" || type == "N" || type == "B") && m.value.IsString()) {
      return shorten(m.value.GetString());
    }
    if (type == "BOOL" && m.value.IsBool()) return m.value.GetBool() ? "true" : "false";
    if (type == "NULL") return "null";
    return shorten(json_text(m.value));
  }
  return shorten(json_text(av));
}

// {pk=..., sk=...} of `item`, in `names` order when given, else member order.
std::string show_key(const rapidjson::Value& item, const std::vector<std::string>& names) {
  std::string out = "{";
  bool first = true;
  auto add = [&](std::string_view name, const rapidjson::Value& value) {
    if (!first) out += ", ";
    first = false;
    out += name;
    out += '=';
    out += show_value(value);
  };
  if (names.empty()) {
    for (const auto& m : item.GetObject()) add(m.name.GetString(), m.value);
  } else {
    for (const std::string& name : names) {
      auto it = item.FindMember(name.c_str());
      if (it != item.MemberEnd()) add(name, it->value);
    }
  }
  return out + "}";
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The expression with #names and :values replaced by what they stand for.
std::string fill_in(std::string_view expression, const rapidjson::Value& body) {
  auto names = body.FindMember("ExpressionAttributeNames");
  auto values = body.FindMember("ExpressionAttributeValues");
  std::string out;
  for (size_t i = 0; i < expression.size();) {
    char c = expression[i];
    if ((c == '#' || c == ':') && i + 1 < expression.size() && name_char(expression[i + 1])) {
      size_t end = i + 1;
      while (end < expression.size() && name_char(expression[end])) ++end;
      std::string token(expression.substr(i, end - i));
      bool replaced = false;
      if (c == '#' && names != body.MemberEnd() && names->value.IsObject()) {
        auto it = names->value.FindMember(token.c_str());
        if (it != names->value.MemberEnd() && it->value.IsString()) {
          out += it->value.GetString();
          replaced = true;
        }
      } else if (c == ':' && values != body.MemberEnd() && values->value.IsObject()) {
        auto it = values->value.FindMember(token.c_str());
        if (it != values->value.MemberEnd()) {
          out += show_value(it->value);
          replaced = true;
        }
      }
      if (!replaced) out += token;
      i = end;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

std::string table_of(const rapidjson::Value& body) {
  if (auto it = body.FindMember("TableName"); it != body.MemberEnd() && it->value.IsString()) {
    std::string table = it->value.GetString();
    if (auto index = body.FindMember("IndexName");
        index != body.MemberEnd() && index->value.IsString()) {
      table += "/";
      table += index->value.GetString();
    }
    return table;
  }
  if (auto it = body.FindMember("RequestItems"); it != body.MemberEnd() && it->value.IsObject()) {
    std::string names;
    for (const auto& m : it->value.GetObject()) {
      if (!names.empty()) names += ",";
      names += m.name.GetString();
    }
    return names;
  }
  return "";
}

std::string error_type(const rapidjson::Value& response) {
  auto it = response.FindMember("__type");
  if (it == response.MemberEnd() || !it->value.IsString()) return "";
  std::string type = it->value.GetString();
  return type.substr(type.find('#') + 1);
}

std::pair<std::string_view, std::string_view> split_target(std::string_view target) {
  size_t dot = target.find('.');
  if (dot == std::string_view::npos) return {"dynamodb", target};
  return {target.starts_with("DynamoDBStreams") ? "dynamodbstreams" : "dynamodb",
          target.substr(dot + 1)};
}

}  // namespace

std::string request_line(const ApiCall& call, const KeyNamesLookup& key_names) {
  auto [service, operation] = split_target(call.target);
  rapidjson::Document body;
  body.Parse(call.request_body.data(), call.request_body.size());
  std::string line(operation.empty() ? std::string_view("?") : operation);
  if (!body.HasParseError() && body.IsObject()) {
    std::string table = table_of(body);
    if (!table.empty()) line += " " + table;
    if (auto key = body.FindMember("Key"); key != body.MemberEnd() && key->value.IsObject()) {
      std::vector<std::string> names;
      if (key_names && key->value.MemberCount() > 1) names = key_names(table);
      line += " " + show_key(key->value, names);
    } else if (auto item = body.FindMember("Item");
               item != body.MemberEnd() && item->value.IsObject()) {
      std::vector<std::string> names = key_names ? key_names(table) : std::vector<std::string>{};
      if (!names.empty()) line += " " + show_key(item->value, names);
    } else if (auto kce = body.FindMember("KeyConditionExpression");
               kce != body.MemberEnd() && kce->value.IsString()) {
      line += " (" + fill_in(kce->value.GetString(), body) + ")";
    }
  }
  line += " " + std::to_string(call.status);
  rapidjson::Document response;
  response.Parse(call.response_body.data(), call.response_body.size());
  const bool parsed = !response.HasParseError() && response.IsObject();
  if (call.status != 200 && parsed) {
    std::string type = error_type(response);
    if (!type.empty()) line += " " + type;
  }
  const double ms = static_cast<double>(call.latency.count()) / 1000.0;
  char buf[64];
  std::snprintf(buf, sizeof buf, ms < 1 ? " %.2fms" : " %.1fms", ms);
  line += buf;
  if (call.consumed_capacity && !call.consumed_capacity->empty()) {
    line +=
        " " + capacity_text(capacity_units(operation, call.request_body, *call.consumed_capacity));
  }
  return line;
}

RequestLinePrinter::RequestLinePrinter(Database& db, bool with_aws_command, std::FILE* out)
    : db_(db), with_aws_command_(with_aws_command), out_(out) {}

void RequestLinePrinter::set_endpoint(std::string endpoint) {
  std::lock_guard lock(mutex_);
  endpoint_ = std::move(endpoint);
}

std::vector<std::string> RequestLinePrinter::key_names(const std::string& table) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = key_names_.find(table); it != key_names_.end()) return it->second;
  }
  std::vector<std::string> names;
  rapidjson::StringBuffer request;
  {
    rapidjson::Writer<rapidjson::StringBuffer> w(request);
    w.StartObject();
    w.Key("TableName");
    w.String(table.c_str(), static_cast<rapidjson::SizeType>(table.size()));
    w.EndObject();
  }
  Result result =
      db_.execute("DescribeTable", std::string_view(request.GetString(), request.GetSize()));
  if (!result.ok()) return names;
  rapidjson::Document doc;
  doc.Parse(result.body.data(), result.body.size());
  if (doc.HasParseError() || !doc.IsObject()) return names;
  auto t = doc.FindMember("Table");
  if (t == doc.MemberEnd() || !t->value.IsObject()) return names;
  auto ks = t->value.FindMember("KeySchema");
  if (ks == t->value.MemberEnd() || !ks->value.IsArray()) return names;
  for (const auto& k : ks->value.GetArray()) {
    auto n = k.FindMember("AttributeName");
    auto type = k.FindMember("KeyType");
    if (n == k.MemberEnd() || !n->value.IsString() || type == k.MemberEnd()) continue;
    if (std::string_view(type->value.GetString()) == "HASH") {
      names.insert(names.begin(), n->value.GetString());
    } else {
      names.push_back(n->value.GetString());
    }
  }
  std::lock_guard lock(mutex_);
  key_names_[table] = names;
  return names;
}

void RequestLinePrinter::operator()(const ApiCall& call) {
  // A table dropped or re-created may change its key: forget what we knew.
  auto [service, operation] = split_target(call.target);
  if (operation == "DeleteTable" || operation == "CreateTable") {
    std::lock_guard lock(mutex_);
    key_names_.clear();
  }
  std::string text = request_line(call, [this](const std::string& t) { return key_names(t); });
  text += '\n';
  if (!call.note.empty()) text += "  review: " + std::string(call.note) + '\n';
  std::lock_guard lock(mutex_);
  if (with_aws_command_) text += aws_cli_command(call.target, call.request_body, endpoint_) + '\n';
  std::fwrite(text.data(), 1, text.size(), out_);
  std::fflush(out_);
}

}  // namespace dynamini::cli
