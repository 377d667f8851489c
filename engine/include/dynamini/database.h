#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dynamini/api_error.h"
#include "dynamini/call_facts.h"
#include "dynamini/operation_list.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"
#include "dynamini/stream_handler.h"

namespace dynamini {

// A consistent copy of a whole database (every table, index row and the
// catalog), taken with SQLite's online backup API. Immutable; may be restored
// any number of times, into the database it came from or another one.
class Snapshot {
 public:
  ~Snapshot();
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;
  struct Impl;
  explicit Snapshot(std::unique_ptr<Impl> impl);
  Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

// The outcome of one JSON API call: either a response body or an error.
struct Result {
  std::optional<ApiError> error;  // set when the call failed
  std::string body;               // the JSON response body when it succeeded
  // What the call consumed, one entry per table (BatchWriteItem and the
  // transactions touch several), when the request asked for it or
  // ExecuteOptions::measure_capacity was set; empty otherwise and for
  // operations that consume no capacity.
  std::vector<api::ConsumedCapacity> consumed_capacity;
  // What the call read and wrote, when ExecuteOptions::collect_facts was
  // set and the call succeeded; empty otherwise.
  CallFacts facts;
  // What the request named, when ExecuteOptions::admit was set and the
  // request was read (also when admit refused it); empty otherwise.
  CallTargets targets;

  bool ok() const { return !error.has_value(); }
};

// The outcome of one typed API call: the response, or an error.
template <class Response>
struct Outcome {
  std::optional<ApiError> error;  // set when the call failed
  Response response;              // meaningful when ok()

  bool ok() const { return !error.has_value(); }
  const Response& operator*() const { return response; }
  const Response* operator->() const { return &response; }
};

// A DynamoDB-compatible database backed by SQLite.
//
// Thread safety: every method may be called from any number of threads at
// once. Writes are serialised; JSON parsing and rendering happen outside the
// storage lock.
class Database {
 public:
  // Opens (creating if needed) the database described by `options`.
  // Throws std::runtime_error with a readable message when the file cannot be
  // opened (missing directory, unwritable, not a database).
  static std::unique_ptr<Database> open(Options options = {});

  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one DynamoDB API operation, e.g. execute("PutItem", R"({...})").
  // `operation` is the name after "DynamoDB_20120810." in X-Amz-Target.
  // Unknown operations answer UnknownOperationException; malformed JSON
  // answers SerializationException. Never throws for client input.
  Result execute(std::string_view operation, std::string_view request_json,
                 const ExecuteOptions& options = {});

  // The same operations typed, without JSON (dynamini/shapes.h): the request
  // is checked as the wire's is (shape errors in DynamoDB's words, then
  // values: numbers are put in canonical form), then run. Items in Query,
  // Scan and GetItem responses are dynamini::ItemArray / ItemJson: the
  // stored text, decode() for Items.
  // One method per operation of dynamini/operation_list.h, e.g.
  //   Outcome<PutItemResponse> put_item(PutItemRequest request = {});
  //   Outcome<SearchVectorsResponse> search_vectors(SearchVectorsRequest request = {});
#define DYNAMINI_DECLARE_OPERATION(Name, method) \
  Outcome<Name##Response> method(Name##Request request = {});
  DYNAMINI_OPERATIONS(DYNAMINI_DECLARE_OPERATION)
#undef DYNAMINI_DECLARE_OPERATION

  // Replaces Options::transient_delays for the changes made from now on (the
  // dynamini command preloads its tables without delays, then sets the
  // flags' delays).
  void set_transient_delays(const TransientDelays& delays);

  // Returns the database to its initial state: no tables right after open(),
  // or the state recorded by the last mark_initial_state() (the dynamini
  // command marks it after preloading the inbox). Takes milliseconds: it is a
  // restore of an in-memory snapshot.
  void reset();
  // Records the current state as the one reset() returns to.
  void mark_initial_state();

  // A consistent copy of the whole database, taken under the storage lock.
  std::shared_ptr<const Snapshot> snapshot();
  // Replaces the whole database with `snapshot`'s content, atomically with
  // respect to other calls.
  void restore(const Snapshot& snapshot);
  // The same to and from a SQLite database file (which `--db` can open).
  // Throw std::runtime_error on I/O failure.
  void save_snapshot_file(const std::string& path);
  void restore_snapshot_file(const std::string& path);

  // Copies the write-ahead log into the database file and truncates it
  // (PRAGMA wal_checkpoint(TRUNCATE)), under the storage lock; a no-op for
  // an in-memory database. The dynamini command calls it on shutdown.
  // Throws std::runtime_error when SQLite cannot (e.g. a reader holds it).
  void checkpoint();

  // Current time of the injected clock, in milliseconds since the epoch.
  int64_t now_ms() const;

  // Calls `handler` with the stream records of table `table_name`, on a
  // worker thread, in commit order, at least once (see
  // dynamini/stream_handler.h for the whole contract). The table need not
  // exist yet. Destroy the returned Subscription to stop it.
  std::unique_ptr<Subscription> subscribe(std::string table_name, StreamHandler handler,
                                          SubscribeOptions options = {});

  // Blocks until every export and import started so far has finished (they
  // run on a background thread; DescribeExport and DescribeImport show their
  // progress).
  void wait_for_jobs();

  // Deletes every item whose Time to Live has expired (by the injected
  // clock), now and synchronously, as the background sweeper does; returns
  // how many were deleted.
  int64_t sweep_expired_items();

  struct Impl;

 private:
  explicit Database(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace dynamini
