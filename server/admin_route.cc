#include "admin_route.h"

#include <cctype>
#include <exception>

#include "admin_reply.h"
#include "beast_string.h"
#include "json/json_text.h"
#include "query_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kAdminPrefix = "/dynamini/admin";
constexpr size_t kMaxNameLength = 128;

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
  if (!target.starts_with(kAdminPrefix)) return false;
  target.remove_prefix(kAdminPrefix.size());
  return target.empty() || target.front() == '/' || target.front() == '?';
}

Response admin_disabled_response(const Request& request) {
  return admin_failure(request, http::status::not_found,
                       "Not found (the admin endpoint is off; start dynamini with --admin)");
}

Response admin_response(Database& db, AdminSnapshots& snapshots, const Request& request) {
  std::string_view target = std_view(request.target());
  std::string_view path = target.substr(0, target.find('?'));
  if (request.method() != http::verb::post) {
    return admin_failure(request, http::status::method_not_allowed, "Admin requests are POST");
  }
  try {
    if (path == "/dynamini/admin/reset") {
      db.reset();
      return admin_json(request, http::status::ok, R"({"reset":true})");
    }
    if (path == "/dynamini/admin/sweep-ttl") {
      // Time to Live now, as the background sweeper would (for tests).
      const int64_t deleted = db.sweep_expired_items();
      return admin_json(request, http::status::ok,
                        R"({"deleted":)" + std::to_string(deleted) + "}");
    }
    const bool snapshot = path == "/dynamini/admin/snapshot";
    const bool restore = path == "/dynamini/admin/restore";
    if (!snapshot && !restore) {
      return admin_failure(request, http::status::not_found,
                           "Unknown admin request " + std::string(path) +
                               " (expected reset, snapshot?name=N or restore?name=N)");
    }
    std::optional<std::string> name = query_param(target, "name");
    if (!name || !valid_name(*name)) {
      return admin_failure(request, http::status::bad_request,
                           "name=N is required: 1 to 128 printable characters without spaces");
    }
    if (snapshot) {
      snapshots.put(*name, db.snapshot());
      return admin_json(request, http::status::ok, R"({"snapshot":)" + json_quote(*name) + "}");
    }
    std::shared_ptr<const Snapshot> kept = snapshots.get(*name);
    if (!kept) {
      return admin_failure(request, http::status::not_found, "No snapshot named " + *name);
    }
    db.restore(*kept);
    return admin_json(request, http::status::ok, R"({"restored":)" + json_quote(*name) + "}");
  } catch (const std::exception& e) {
    return admin_failure(request, http::status::internal_server_error, e.what());
  }
}

}  // namespace dynamini::server
