#include "context.h"

#include <chrono>
#include <cmath>
#include <random>

#include "dynamini/api_error.h"
#include "storage/backup.h"
#include "streams/stream_settings.h"

namespace dynamini {
namespace {

std::string random_uuid() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const char* hex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) out.push_back('-');
    out.push_back(hex[rng() % 16]);
  }
  return out;
}

}  // namespace

Context::Context(Options options)
    : options_(std::move(options)),
      file_lock_(options_.path),
      store_(options_.path, options_.durability == Durability::kFull ? CommitSync::kEveryCommit
                                                                     : CommitSync::kAtCheckpoints) {
  store_.stream_log().configure([this] { return now_ms(); }, options_.region);
  reload_catalog();
}

void Context::reload_catalog() {
  tables_.clear();
  for (auto& def : store_.load_catalog()) {
    next_id_ = std::max(next_id_, def.id + 1);
    std::string name = def.name;
    tables_.emplace(std::move(name), std::make_shared<const TableDef>(std::move(def)));
  }
}

int64_t Context::now_ms() const {
  if (options_.clock_ms) return options_.clock_ms();
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::shared_ptr<const TableDef> Context::find_table(std::string_view name) const {
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

std::shared_ptr<const TableDef> Context::require_table(std::string_view name) const {
  auto table = find_table(name);
  if (!table) throw ApiError{ErrorCode::kResourceNotFound, "Requested resource not found", {}};
  return table;
}

std::shared_ptr<const TableDef> Context::require_named_table(std::string_view name) const {
  auto table = find_table(name);
  if (!table) {
    throw ApiError{ErrorCode::kResourceNotFound,
                   "Requested resource not found: Table: " + std::string(name) + " not found",
                   {}};
  }
  return table;
}

std::shared_ptr<const TableDef> Context::create_table(TableDef def) {
  if (find_table(def.name)) {
    throw ApiError{ErrorCode::kResourceInUse, "Table already exists: " + def.name, {}};
  }
  def.id = next_id_++;
  def.creation_time = static_cast<double>(now_ms()) / 1000.0;
  def.table_uuid = random_uuid();
  if (def.stream.enabled)
    def.stream.label = stream_label_at(std::llround(def.creation_time * 1000));
  WriteTransaction txn(store_.connection());
  store_.create_table(def);
  txn.commit();
  auto shared = std::make_shared<const TableDef>(std::move(def));
  tables_.emplace(shared->name, shared);
  return shared;
}

std::shared_ptr<const TableDef> Context::save_table_definition(TableDef def) {
  return save_table_definition(std::move(def), nullptr);
}

std::shared_ptr<const TableDef> Context::save_table_definition(
    TableDef def, const std::function<void(Store&)>& storage_changes) {
  WriteTransaction txn(store_.connection());
  if (storage_changes) storage_changes(store_);
  store_.save_definition(def);
  txn.commit();
  auto shared = std::make_shared<const TableDef>(std::move(def));
  tables_[shared->name] = shared;
  return shared;
}

void Context::delete_table(const TableDef& def) {
  std::string name = def.name;  // `def` may be owned by the cache entry
  auto keep_alive = find_table(name);
  WriteTransaction txn(store_.connection());
  store_.drop_table(def);
  txn.commit();
  tables_.erase(name);
}

std::vector<std::string> Context::table_names() const {
  std::vector<std::string> names;
  for (const auto& [name, def] : tables_) names.push_back(name);
  return names;
}

void Context::restore_from(sqlite3* from) {
  store_.connection().clear_cache();
  copy_database(from, store_.connection().handle());
  reload_catalog();
}

}  // namespace dynamini
