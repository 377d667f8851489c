#include "cli/mcp_backend.h"

#include <filesystem>
#include <stdexcept>

#include "cli/mcp_tool.h"

namespace dynamini::cli {
namespace {

// A snapshot name as a query parameter: the tools' schema restricts names
// to letters, digits and "._-", so nothing needs escaping; checked again here.
void check_name(const std::string& name) {
  if (name.empty() || name.size() > 128) throw ToolError("a snapshot name has 1 to 128 characters");
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') {
      throw ToolError("a snapshot name has only letters, digits, '.', '_' and '-'");
    }
  }
}

}  // namespace

McpBackend::McpBackend(std::unique_ptr<Database> db, std::string label)
    : db_(std::move(db)), label_(std::move(label)) {}

McpBackend::McpBackend(const std::string& endpoint)
    : label_(endpoint), endpoint_(endpoint), remote_(open_endpoint_target(endpoint)) {}

McpBackend::~McpBackend() = default;

Result McpBackend::execute(std::string_view operation, std::string_view request_json,
                           const ExecuteOptions& options) {
  if (db_) return db_->execute(operation, request_json, options);
  std::lock_guard lock(remote_mutex_);
  return remote_->execute(operation, request_json);
}

std::string McpBackend::describe() const { return label_; }

void McpBackend::admin_call(std::string_view action, const std::string& name) {
  unsigned status = 0;
  std::string body;
  try {
    std::tie(status, body) =
        post_to_endpoint(endpoint_, "/dynamini/admin/" + std::string(action) + "?name=" + name);
  } catch (const std::exception& e) {
    throw ToolError(e.what());
  }
  if (status == 404 && body.find("--admin") != std::string::npos) {
    throw ToolError("the server at " + endpoint_ +
                    " has no admin endpoint: start it with --admin to take and restore snapshots");
  }
  if (status != 200) throw ToolError(std::string(action) + " failed: " + body);
}

void McpBackend::snapshot(const std::string& name, const std::string& file) {
  if (file.empty()) check_name(name);
  if (!db_) {
    if (!file.empty()) throw ToolError("snapshots to a file need the database in this process");
    return admin_call("snapshot", name);
  }
  if (!file.empty()) {
    // Never overwrites: taking a snapshot stays a non-destructive tool.
    if (std::filesystem::exists(file)) {
      throw ToolError("file " + file + " exists; a snapshot goes to a new file");
    }
    try {
      db_->save_snapshot_file(file);
    } catch (const std::exception& e) {
      throw ToolError(e.what());
    }
    return;
  }
  auto snap = db_->snapshot();
  std::lock_guard lock(snapshots_mutex_);
  snapshots_[name] = std::move(snap);
}

void McpBackend::restore(const std::string& name, const std::string& file) {
  if (file.empty()) check_name(name);
  if (!db_) {
    if (!file.empty()) throw ToolError("snapshots from a file need the database in this process");
    return admin_call("restore", name);
  }
  if (!file.empty()) {
    try {
      db_->restore_snapshot_file(file);
    } catch (const std::exception& e) {
      throw ToolError(e.what());
    }
    return;
  }
  std::shared_ptr<const Snapshot> snap;
  {
    std::lock_guard lock(snapshots_mutex_);
    auto it = snapshots_.find(name);
    if (it == snapshots_.end())
      throw ToolError("no snapshot named '" + name + "' (take one first)");
    snap = it->second;
  }
  db_->restore(*snap);
}

std::vector<std::string> McpBackend::snapshot_names() const {
  std::lock_guard lock(snapshots_mutex_);
  std::vector<std::string> names;
  for (const auto& [name, snap] : snapshots_) names.push_back(name);
  return names;
}

}  // namespace dynamini::cli
