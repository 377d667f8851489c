#pragma once

// What the tools of `dynamini mcp` work on: a database opened in this
// process (--db FILE, or in memory), or a running server reached over HTTP
// (--endpoint URL). Both answer DynamoDB calls; snapshots are the
// Database's own in this process and the admin endpoint's (a server started
// with --admin) over HTTP.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "cli/api_target.h"
#include "dynamini/database.h"

namespace dynamini::cli {

class McpBackend {
 public:
  // `db` serves every call. `label` names it in messages ("in-memory database").
  McpBackend(std::unique_ptr<Database> db, std::string label);
  // Calls go to `endpoint` ("http://127.0.0.1:8000"); throws
  // std::runtime_error for a malformed URL.
  explicit McpBackend(const std::string& endpoint);
  ~McpBackend();

  // Database::execute's contract. Thread-safe (calls to an endpoint are
  // sent one at a time over one connection).
  Result execute(std::string_view operation, std::string_view request_json,
                 const ExecuteOptions& options = {});

  // The database in this process, or null when calls go to an endpoint.
  Database* database() { return db_.get(); }
  // The endpoint, or "" in this process.
  const std::string& endpoint() const { return endpoint_; }
  // "in-memory database", "file:inbox.db", "http://127.0.0.1:8000".
  std::string describe() const;

  // Records the whole database under `name` (replacing a snapshot of that
  // name), or restores it. In this process the snapshots are kept in
  // memory; when `file` is not empty the snapshot is that SQLite file
  // instead (and `name` is not used; snapshot() refuses a file that exists). Over HTTP they go to
  // the admin endpoint. Throws ToolError when refused (unknown name, admin endpoint off, a file
  // over HTTP).
  void snapshot(const std::string& name, const std::string& file);
  void restore(const std::string& name, const std::string& file);
  // The names snapshot() recorded in this process (not the server's).
  std::vector<std::string> snapshot_names() const;

 private:
  void admin_call(std::string_view action, const std::string& name);

  std::unique_ptr<Database> db_;
  std::string label_;
  std::string endpoint_;
  std::unique_ptr<ApiTarget> remote_;
  std::mutex remote_mutex_;
  mutable std::mutex snapshots_mutex_;
  std::map<std::string, std::shared_ptr<const Snapshot>> snapshots_;
};

}  // namespace dynamini::cli
