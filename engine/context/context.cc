#include "context/context.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include "catalog/stream_settings.h"
#include "context/random_uuid.h"
#include "dynamini/api_error.h"
#include "storage/backup.h"

namespace dynamini {

std::string random_uuid_v4() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const char* hex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) out.push_back('-');
    const uint64_t r = rng();
    // The version nibble is 4, the variant's top bits 10 (RFC 9562).
    out.push_back(i == 12 ? '4' : i == 16 ? hex[8 + r % 4] : hex[r % 16]);
  }
  return out;
}

Context::Context(Options options)
    : options_(std::move(options)),
      file_lock_(options_.path),
      store_(options_.path, options_.durability == Durability::kFull ? CommitSync::kEveryCommit
                                                                     : CommitSync::kAtCheckpoints),
      delays_(options_.transient_delays) {
  store_.stream_log().configure(
      [this] { return now_ms(); }, options_.region,
      ShardRollover{std::max<int64_t>(options_.stream_shard_max_records, 0),
                    std::max<int64_t>(options_.stream_shard_lifetime_ms, 0)});
  store_.configure_recovery([this] { return now_ms(); }, options_.region, options_.account_id);
  reload_catalog();
}

void Context::reload_catalog() {
  tables_.clear();
  lifecycle_.clear();
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

std::shared_ptr<const TableDef> Context::require_table(std::string_view reference,
                                                       std::string_view action) {
  const std::string name = table_name_of_reference(reference, arn_scope(), action);
  auto table = find_table(name);
  if (!table || lifecycle_.status(name, now_ms()) == TableLifecycle::Status::kCreating) {
    throw ApiError{ErrorCode::kResourceNotFound, "Requested resource not found", {}};
  }
  return table;
}

std::shared_ptr<const TableDef> Context::require_named_table(std::string_view reference,
                                                             std::string_view action) const {
  const std::string name = table_name_of_reference(reference, arn_scope(), action);
  auto table = find_table(name);
  if (!table) {
    throw ApiError{ErrorCode::kResourceNotFound,
                   "Requested resource not found: Table: " + name + " not found",
                   {}};
  }
  return table;
}

std::shared_ptr<const TableDef> Context::require_changeable_table(std::string_view reference,
                                                                  std::string_view action) {
  const std::string name = table_name_of_reference(reference, arn_scope(), action);
  const int64_t now = now_ms();
  const char* state = nullptr;
  if (lifecycle_.deleted(name, now)) state = "deleted";
  auto table = state ? nullptr : require_named_table(name, action);
  if (table) {
    const auto status = lifecycle_.status(name, now);
    if (status == TableLifecycle::Status::kCreating) state = "created";
    if (status == TableLifecycle::Status::kUpdating) state = "updated";
  }
  if (state) {
    // The windows need transient delays: tests/engine/table_lifecycle_test.cc, e2e table_features.
    // catalogue-exempt: table_lifecycle_test.cc
    throw ApiError{ErrorCode::kResourceInUse,
                   "Attempt to change a resource which is still in use: Table is being " +
                       std::string(state) + ": " + name,
                   {}};
  }
  return table;
}

std::shared_ptr<const TableDef> Context::create_table(TableDef def, const TagList& tags) {
  const int64_t now = now_ms();
  if (find_table(def.name) || lifecycle_.deleted(def.name, now)) {
    // ack-api-quirks DDB-TABLE-005: "Table already exists" in every state
    // but CREATING, which answers as the other changes do.
    if (lifecycle_.status(def.name, now) == TableLifecycle::Status::kCreating) {
      // catalogue-exempt: needs transient delays; tests/engine/table_lifecycle_test.cc
      throw ApiError{
          ErrorCode::kResourceInUse,
          "Attempt to change a resource which is still in use: Table is being created: " + def.name,
          {}};
    }
    throw ApiError{ErrorCode::kResourceInUse, "Table already exists: " + def.name, {}};
  }
  def.id = next_id_++;
  def.creation_time = static_cast<double>(now_ms()) / 1000.0;
  if (def.table_uuid.empty()) def.table_uuid = random_uuid_v4();  // ImportTable sets its own
  if (def.stream.enabled)
    def.stream.label = stream_label_at(std::llround(def.creation_time * 1000));
  WriteTransaction txn(store_.connection());
  store_.create_table(def);
  for (const auto& [key, value] : tags) store_.set_tag(def, key, value);
  txn.commit();
  auto shared = std::make_shared<const TableDef>(std::move(def));
  tables_.emplace(shared->name, shared);
  if (delays_.create_table_ms > 0) {
    lifecycle_.creating(shared->name, now + delays_.create_table_ms);
  }
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

void Context::delete_table(const TableDef& def, const TableStats& stats) {
  std::string name = def.name;  // `def` may be owned by the cache entry
  auto keep_alive = find_table(name);
  WriteTransaction txn(store_.connection());
  store_.drop_table(def);
  txn.commit();
  tables_.erase(name);
  if (delays_.delete_table_ms > 0) {
    lifecycle_.deleting(name, {keep_alive, stats, now_ms() + delays_.delete_table_ms});
  }
}

std::vector<std::string> Context::table_names() {
  std::vector<std::string> names;
  for (const auto& [name, def] : tables_) names.push_back(name);
  for (auto& name : lifecycle_.deleting_names(now_ms())) names.push_back(std::move(name));
  std::sort(names.begin(), names.end());
  return names;
}

void Context::restore_from(sqlite3* from) {
  store_.connection().clear_cache();
  copy_database(from, store_.connection().handle());
  reload_catalog();
}

}  // namespace dynamini
