#include "dynamini/database.h"

#include <map>
#include <stdexcept>
#include <string>

#include "context/context.h"
#include "operation/call_facts_recorder.h"
#include "operation/operations.h"
#include "operation/typed_operation.h"
#include "storage/backup.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"
#include "streams/subscriptions.h"
#include "ttl/ttl_sweeper.h"
#include "values/request_json.h"

namespace dynamini {

struct Snapshot::Impl {
  std::unique_ptr<Connection> copy;  // a private in-memory database
};
Snapshot::Snapshot(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Snapshot::~Snapshot() = default;

struct Database::Impl {
  explicit Impl(Options options) : context(std::move(options)), subscriptions(context) {
    context.store().stream_log().set_listener([this] { subscriptions.notify(); });
    const int64_t interval = context.options().ttl_sweep_interval_ms;
    if (interval > 0) sweeper = std::make_unique<BackgroundSweeper>(context, interval);
  }
  ~Impl() {
    sweeper.reset();  // background threads stop before the context goes
    subscriptions.stop_all();
  }
  Context context;
  SubscriptionHub subscriptions;
  std::unique_ptr<BackgroundSweeper> sweeper;
  std::shared_ptr<const Snapshot> initial_state;  // null: no tables
};

Database::Database(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Database::~Database() = default;

std::unique_ptr<Database> Database::open(Options options) {
  try {
    return std::unique_ptr<Database>(new Database(std::make_unique<Impl>(std::move(options))));
  } catch (const SqliteError& e) {
    throw std::runtime_error(e.what());
  }
}

namespace {

// Reads the request, runs it and writes the complete response object;
// throws ApiError for client errors.
using Operation = void (*)(Context& context, const Json& request, Call& call, JsonWriter& response);

// The registry: every operation of dynamini/operation_list.h by its wire name;
// nullptr for an unknown name.
Operation find_operation(std::string_view name) {
#define DYNAMINI_REGISTER_OPERATION(Name, method) {#Name, run_json<Name##Operation>},
  static const std::map<std::string, Operation, std::less<>> kOperations = {
      DYNAMINI_OPERATIONS(DYNAMINI_REGISTER_OPERATION)};
#undef DYNAMINI_REGISTER_OPERATION
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

// Anything but an ApiError out of an operation: the only 500.
ApiError internal_error(const std::exception& e) {
  // not on the wire: no request can provoke it; only an SQLite failure or a bug does.
  return ApiError{ErrorCode::kInternalServerError, std::string("Internal error: ") + e.what(), {}};
}

}  // namespace

Result Database::execute(std::string_view operation, std::string_view request_json,
                         const ExecuteOptions& options) {
  Result result;
  Operation op = find_operation(operation);
  if (!op) {
    result.error = ApiError{ErrorCode::kUnknownOperation, "", {}};
    return result;
  }
  StackJsonDocument<16384> request;
  if (!parse_request_json(request, request_json)) {
    // DynamoDB answers a body it cannot read with a SerializationException
    // that has no message member (dynalite's test/connection.js, recorded
    // against DynamoDB); the empty message is written as no member.
    result.error = ApiError{ErrorCode::kSerialization, "", {}};
    return result;
  }
  if (!request.IsObject()) {
    result.error =
        ApiError{ErrorCode::kSerialization, "Expected a JSON object as request body", {}};
    return result;
  }
  // The single catch point: client errors arrive as ApiError; anything else
  // (an SQLite failure, a bug) is an internal error, the only 500.
  Call call{.options = options, .operation = operation};
  try {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    FactsRecording recording(options.collect_facts ? &result.facts : nullptr,
                             options.collect_read_keys);
    op(impl_->context, request, call, writer);
    result.body.assign(buffer.GetString(), buffer.GetSize());
    result.consumed_capacity = std::move(call.consumed_capacity);
  } catch (const ApiError& e) {
    result.error = e;
  } catch (const std::exception& e) {
    result.error = internal_error(e);
  }
  result.targets = std::move(call.targets);
  if (result.error) result.facts = {};  // nothing was read or written for the caller
  return result;
}

namespace {

// The typed calls' catch point, as execute()'s.
template <class Op>
Outcome<typename Op::Response> run_guarded(Context& context, typename Op::Request request) {
  Outcome<typename Op::Response> outcome;
  try {
    outcome.response = run_typed<Op>(context, std::move(request));
  } catch (const ApiError& e) {
    outcome.error = e;
  } catch (const std::exception& e) {
    outcome.error = internal_error(e);
  }
  return outcome;
}

}  // namespace

// The typed operations, one per entry of dynamini/operation_list.h.
#define DYNAMINI_DEFINE_OPERATION(Name, method)                              \
  Outcome<Name##Response> Database::method(Name##Request request) {          \
    return run_guarded<Name##Operation>(impl_->context, std::move(request)); \
  }
DYNAMINI_OPERATIONS(DYNAMINI_DEFINE_OPERATION)
#undef DYNAMINI_DEFINE_OPERATION

void Database::reset() {
  std::shared_ptr<const Snapshot> initial = impl_->initial_state;
  if (!initial) {
    // The state right after open(): an empty catalog.
    std::lock_guard lock(impl_->context.storage_mutex());
    auto empty = empty_memory_database_like(impl_->context.store().connection().handle());
    empty->exec(sql::create_catalog());
    impl_->context.restore_from(empty->handle());
    return;
  }
  restore(*initial);
}

void Database::mark_initial_state() { impl_->initial_state = snapshot(); }

std::shared_ptr<const Snapshot> Database::snapshot() {
  std::lock_guard lock(impl_->context.storage_mutex());
  auto impl = std::make_unique<Snapshot::Impl>();
  impl->copy = copy_to_memory(impl_->context.store().connection().handle());
  return std::make_shared<const Snapshot>(std::move(impl));
}

void Database::restore(const Snapshot& snapshot) {
  std::lock_guard lock(impl_->context.storage_mutex());
  impl_->context.restore_from(snapshot.impl().copy->handle());
}

void Database::save_snapshot_file(const std::string& path) {
  try {
    Connection file(path);
    std::lock_guard lock(impl_->context.storage_mutex());
    copy_database(impl_->context.store().connection().handle(), file.handle());
  } catch (const SqliteError& e) {
    throw std::runtime_error(e.what());
  }
}

void Database::restore_snapshot_file(const std::string& path) {
  try {
    Connection file(path);
    // Refuse anything that is not a dynamini database before touching ours.
    file.exec("SELECT 1 FROM dynamini_catalog LIMIT 1");
    std::lock_guard lock(impl_->context.storage_mutex());
    impl_->context.restore_from(file.handle());
  } catch (const SqliteError& e) {
    throw std::runtime_error(e.what());
  }
}

void Database::checkpoint() {
  try {
    std::lock_guard lock(impl_->context.storage_mutex());
    impl_->context.store().connection().exec(sql::checkpoint_wal());
  } catch (const SqliteError& e) {
    throw std::runtime_error(e.what());
  }
}

int64_t Database::now_ms() const { return impl_->context.now_ms(); }

void Database::set_transient_delays(const TransientDelays& delays) {
  std::lock_guard lock(impl_->context.storage_mutex());
  impl_->context.set_transient_delays(delays);
}

std::unique_ptr<Subscription> Database::subscribe(std::string table_name, StreamHandler handler,
                                                  SubscribeOptions options) {
  return impl_->subscriptions.subscribe(std::move(table_name), std::move(handler), options);
}

void Database::wait_for_jobs() { impl_->context.jobs().wait_idle(); }

int64_t Database::sweep_expired_items() { return dynamini::sweep_expired_items(impl_->context); }

}  // namespace dynamini
