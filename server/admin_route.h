#pragma once

// The admin endpoint (ServerOptions::admin), for test suites in any
// language:
//   POST /dynamini/admin/reset              Database::reset()
//   POST /dynamini/admin/sweep-ttl          Database::sweep_expired_items() now ({"deleted":N})
//   POST /dynamini/admin/snapshot?name=N    keep Database::snapshot() as N
//   POST /dynamini/admin/restore?name=N     Database::restore(snapshot N)
// Answers JSON: {"reset":true}, {"snapshot":"N"}, {"restored":"N"}; an
// unknown snapshot is 404, a missing or bad name 400.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "dynamini/database.h"
#include "route.h"

namespace dynamini::server {

// The named snapshots of one server, kept in memory. Thread-safe.
class AdminSnapshots {
 public:
  void put(const std::string& name, std::shared_ptr<const Snapshot> snapshot);
  std::shared_ptr<const Snapshot> get(const std::string& name) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Snapshot>> snapshots_;
};

// True for targets under /dynamini/admin.
bool is_admin_target(std::string_view target);

// Answers one admin request (any method; only POST acts).
Response admin_response(Database& db, AdminSnapshots& snapshots, const Request& request);

// The 404 answered for admin targets when the endpoint is off.
Response admin_disabled_response(const Request& request);

}  // namespace dynamini::server
