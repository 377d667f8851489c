#include "triggers/trigger_admin_route.h"

#include <stdexcept>

#include "admin_reply.h"
#include "beast_string.h"
#include "json/json_text.h"
#include "query_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kPath = "/dynamini/admin/triggers";

std::string status_json(const TriggerStatus& s) {
  std::string out = trigger_json(s.config);
  out.pop_back();  // the closing brace: the counters follow
  out += ",\"State\":\"Enabled\",\"Invocations\":" + std::to_string(s.invocations) +
         ",\"FailedInvocations\":" + std::to_string(s.failed_invocations) +
         ",\"RecordsDelivered\":" + std::to_string(s.records_delivered) +
         ",\"RecordsFilteredOut\":" + std::to_string(s.records_filtered_out) +
         ",\"RecordsDiscarded\":" + std::to_string(s.records_discarded) +
         ",\"RecordsPending\":" + std::to_string(s.records_pending) +
         ",\"Checkpoint\":" + json_quote(s.checkpoint) +
         ",\"LastError\":" + json_quote(s.last_error) + "}";
  return out;
}

}  // namespace

bool is_trigger_admin_target(std::string_view target) {
  if (!target.starts_with(kPath)) return false;
  target.remove_prefix(kPath.size());
  return target.empty() || target.front() == '?';
}

Response trigger_admin_response(Triggers* triggers, const Request& request) {
  if (triggers == nullptr) {
    return admin_failure(request, http::status::not_found,
                         "Stream triggers are not available on this server");
  }
  switch (request.method()) {
    case http::verb::get: {
      std::string body = "{\"Triggers\":[";
      bool first = true;
      for (const auto& s : triggers->list()) {
        body += (first ? "" : ",") + status_json(s);
        first = false;
      }
      return admin_json(request, http::status::ok, body + "]}");
    }
    case http::verb::post:
      try {
        TriggerConfig config = parse_trigger_json(request.body());
        config.id = triggers->add(config);
        return admin_json(request, http::status::ok, trigger_json(config));
      } catch (const std::invalid_argument& e) {
        return admin_failure(request, http::status::bad_request, e.what());
      }
    case http::verb::delete_: {
      const std::string id = query_param(std_view(request.target()), "id").value_or("");
      if (id.empty() || !triggers->remove(id)) {
        return admin_failure(request, http::status::not_found, "No trigger with UUID " + id);
      }
      return admin_json(request, http::status::ok, "{\"removed\":" + json_quote(id) + "}");
    }
    default:
      return admin_failure(request, http::status::method_not_allowed,
                           "Triggers are read with GET, started with POST, stopped with DELETE");
  }
}

}  // namespace dynamini::server
