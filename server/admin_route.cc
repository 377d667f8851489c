#include "admin_route.h"

#include <cctype>
#include <exception>

#include "beast_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kPrefix = "/dynamini/admin";
constexpr size_t kMaxNameLength = 128;

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else {
      out += c;  // names are checked to be printable ASCII without controls
    }
  }
  return out + "\"";
}

Response json(const Request& request, http::status status, std::string body) {
  Response response{status, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, "application/json");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

Response failure(const Request& request, http::status status, std::string_view message) {
  return json(request, status, R"({"message":)" + json_string(message) + "}");
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The decoded value of `name` in the query string, or nullopt.
std::optional<std::string> query_param(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    std::string value;
    std::string_view raw = eq == pair.npos ? std::string_view() : pair.substr(eq + 1);
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 &&
          hex_value(raw[i + 2]) >= 0) {
        value += static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
        i += 2;
      } else {
        value += raw[i] == '+' ? ' ' : raw[i];
      }
    }
    return value;
  }
  return std::nullopt;
}

bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > kMaxNameLength) return false;
  for (unsigned char c : name) {
    if (!std::isgraph(c)) return false;
  }
  return true;
}

}  // namespace

void AdminSnapshots::put(const std::string& name, std::shared_ptr<const Snapshot> snapshot) {
  std::lock_guard lock(mutex_);
  snapshots_[name] = std::move(snapshot);
}

std::shared_ptr<const Snapshot> AdminSnapshots::get(const std::string& name) const {
  std::lock_guard lock(mutex_);
  auto it = snapshots_.find(name);
  return it == snapshots_.end() ? nullptr : it->second;
}

bool is_admin_target(std::string_view target) {
  if (!target.starts_with(kPrefix)) return false;
  target.remove_prefix(kPrefix.size());
  return target.empty() || target.front() == '/' || target.front() == '?';
}

Response admin_disabled_response(const Request& request) {
  return failure(request, http::status::not_found,
                 "Not found (the admin endpoint is off; start dynamini with --admin)");
}

Response admin_response(Database& db, AdminSnapshots& snapshots, const Request& request) {
  std::string_view target = std_view(request.target());
  std::string_view path = target.substr(0, target.find('?'));
  std::string_view query =
      path.size() < target.size() ? target.substr(path.size() + 1) : std::string_view();
  if (request.method() != http::verb::post) {
    return failure(request, http::status::method_not_allowed, "Admin requests are POST");
  }
  try {
    if (path == "/dynamini/admin/reset") {
      db.reset();
      return json(request, http::status::ok, R"({"reset":true})");
    }
    if (path == "/dynamini/admin/sweep-ttl") {
      // Time to Live now, as the background sweeper would (for tests).
      const int64_t deleted = db.sweep_expired_items();
      return json(request, http::status::ok, R"({"deleted":)" + std::to_string(deleted) + "}");
    }
    const bool snapshot = path == "/dynamini/admin/snapshot";
    const bool restore = path == "/dynamini/admin/restore";
    if (!snapshot && !restore) {
      return failure(request, http::status::not_found,
                     "Unknown admin request " + std::string(path) +
                         " (expected reset, snapshot?name=N or restore?name=N)");
    }
    std::optional<std::string> name = query_param(query, "name");
    if (!name || !valid_name(*name)) {
      return failure(request, http::status::bad_request,
                     "name=N is required: 1 to 128 printable characters without spaces");
    }
    if (snapshot) {
      snapshots.put(*name, db.snapshot());
      return json(request, http::status::ok, R"({"snapshot":)" + json_string(*name) + "}");
    }
    std::shared_ptr<const Snapshot> kept = snapshots.get(*name);
    if (!kept) {
      return failure(request, http::status::not_found, "No snapshot named " + *name);
    }
    db.restore(*kept);
    return json(request, http::status::ok, R"({"restored":)" + json_string(*name) + "}");
  } catch (const std::exception& e) {
    return failure(request, http::status::internal_server_error, e.what());
  }
}

}  // namespace dynamini::server
