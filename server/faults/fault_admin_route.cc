#include "faults/fault_admin_route.h"

#include <rapidjson/document.h>

#include <stdexcept>

#include "admin_reply.h"
#include "beast_string.h"
#include "json/json_text.h"
#include "query_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kPath = "/dynamini/admin/faults";

std::string listing(const FaultInjector& faults) {
  std::string out = "{\"Rules\":[";
  bool first = true;
  for (const auto& listed : faults.list()) {
    out += first ? "" : ",";
    first = false;
    out += "{\"id\":" + json_quote(listed.rule.id) +
           ",\"rule\":" + json_quote(format_fault_rule(listed.rule)) +
           ",\"matched\":" + std::to_string(listed.matched) +
           ",\"fired\":" + std::to_string(listed.fired) + "}";
  }
  return out + "]}";
}

// The body's rule: {"rule": "compact"} or members named like the compact keys.
FaultRule rule_of(std::string_view body) {
  rapidjson::Document d;
  d.Parse(body.data(), body.size());
  if (d.HasParseError() || !d.IsObject()) {
    throw std::invalid_argument("the body must be a JSON object");
  }
  if (d.HasMember("rule")) {
    if (!d["rule"].IsString()) throw std::invalid_argument("\"rule\" must be a string");
    return parse_fault_rule(d["rule"].GetString());
  }
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [name, value] : d.GetObject()) {
    std::string text;
    if (value.IsString()) {
      text = value.GetString();
    } else if (value.IsUint64()) {
      text = std::to_string(value.GetUint64());
    } else if (value.IsNumber()) {
      text = std::to_string(value.GetDouble());
    } else {
      throw std::invalid_argument(std::string("member \"") + name.GetString() +
                                  "\" must be a string or a number");
    }
    pairs.emplace_back(name.GetString(), text);
  }
  return fault_rule_from_pairs(pairs);
}

}  // namespace

bool is_fault_admin_target(std::string_view target) {
  if (!target.starts_with(kPath)) return false;
  target.remove_prefix(kPath.size());
  return target.empty() || target.front() == '?';
}

Response fault_admin_response(FaultInjector& faults, const Request& request) {
  switch (request.method()) {
    case http::verb::get:
      return admin_json(request, http::status::ok, listing(faults));
    case http::verb::post:
      try {
        FaultRule rule = rule_of(request.body());
        const std::string id = faults.add(rule);
        rule.id = id;
        return admin_json(
            request, http::status::ok,
            "{\"id\":" + json_quote(id) + ",\"rule\":" + json_quote(format_fault_rule(rule)) + "}");
      } catch (const std::invalid_argument& e) {
        return admin_failure(request, http::status::bad_request, e.what());
      }
    case http::verb::delete_: {
      const std::string id = query_param(std_view(request.target()), "id").value_or("");
      if (id.empty()) {
        const size_t count = faults.list().size();
        faults.clear();
        return admin_json(request, http::status::ok, "{\"cleared\":" + std::to_string(count) + "}");
      }
      if (!faults.remove(id)) {
        return admin_failure(request, http::status::not_found, "No fault rule with id " + id);
      }
      return admin_json(request, http::status::ok, "{\"removed\":" + json_quote(id) + "}");
    }
    default:
      return admin_failure(request, http::status::method_not_allowed,
                           "Fault rules are read with GET, added with POST, removed with DELETE");
  }
}

}  // namespace dynamini::server
