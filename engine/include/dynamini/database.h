#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dynamini/api_error.h"
#include "dynamini/call_facts.h"
#include "dynamini/shapes.h"
#include "dynamini/stream_handler.h"

namespace dynamini {

// How long DynamoDB's asynchronous table changes take here, in milliseconds
// of the clock (Options::clock_ms when set). With 0 (every default) a change
// is complete when its response is sent, which still says CREATING, UPDATING
// or DELETING as DynamoDB's does; with a delay the table shows that status
// for the window and answers DynamoDB's errors meanwhile (see
// engine/table_lifecycle.h). dynalite's --createTableMs/--deleteTableMs/
// --updateTableMs are the same idea.
struct TransientDelays {
  // CreateTable: CREATING this long. Default 0.
  int64_t create_table_ms = 0;
  // DeleteTable: DELETING (still described and listed) this long. Default 0.
  int64_t delete_table_ms = 0;
  // UpdateTable: UPDATING this long; a global secondary index it creates is
  // CREATING with Backfilling true meanwhile. Default 0.
  int64_t update_table_ms = 0;
};

// What an acknowledged write of a database file survives (Options::durability).
// SQLite's documentation (https://www.sqlite.org/pragma.html#pragma_synchronous,
// https://www.sqlite.org/wal.html): in WAL mode with synchronous=NORMAL "a
// transaction committed ... might roll back following a power loss or system
// crash", and transactions are durable across application crashes whatever
// the setting; with synchronous=FULL "an additional sync operation of the WAL
// file happens after each transaction commit". tests/reliability proves both
// with a VFS that cuts the power at every write and sync.
enum class Durability {
  // WAL, synchronous=NORMAL: a write survives a crash of the process (the
  // operating system still writes what it was given); power loss or an OS
  // crash may lose the last acknowledged writes, never the file's integrity.
  // SQLite syncs only at checkpoints.
  kNormal,
  // WAL, synchronous=FULL: a write is acknowledged only after its WAL frames
  // were fsync'ed (and, when the WAL file was just created, its directory:
  // SQLite's unix VFS does it at the WAL's first sync), so it also survives
  // power loss and OS crashes, on storage that honours fsync. Each write
  // waits for the disk.
  kFull,
};

struct Options {
  // SQLite database file. Empty (the default) means a private in-memory
  // database that disappears with the Database object.
  std::string path;
  // For a file (`path` set): what an acknowledged write survives. Default
  // kNormal (a process crash). Ignored in memory.
  Durability durability = Durability::kNormal;
  // Milliseconds since the Unix epoch. Default (empty): the system clock.
  // Tests inject a fixed or stepping clock (TTL, CreationDateTime, ...).
  std::function<int64_t()> clock_ms;
  // Region and account id used in ARNs (TableArn, IndexArn). Any region a
  // client signs with reaches the same tables; this only shapes ARNs.
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
  // Time to Live: how often a background thread deletes expired items (and
  // trims stream records older than 24 hours), in milliseconds of real time.
  // Default 1000. 0 disables the thread; sweep_expired_items() still works.
  int64_t ttl_sweep_interval_ms = 1000;
  // Transient table statuses. Default: none (every window 0).
  TransientDelays transient_delays;
  // DynamoDB Streams shards: a table stream's open shard closes and hands
  // over to a child shard (whose ParentShardId names it) once it is this many
  // milliseconds old by clock_ms. Default 4 hours: DynamoDB's shards are
  // reported to roll over about every 4 hours (the period is not
  // documented). 0: never by age.
  int64_t stream_shard_lifetime_ms = 4LL * 60 * 60 * 1000;
  // ... or once it holds this many records. Default 0: no limit. A small
  // number makes shards change often, for consumers that follow lineage.
  int64_t stream_shard_max_records = 0;
  // Where ExportTableToPointInTime writes and ImportTable reads. Set: S3
  // bucket B is the directory <bucket_directory>/B, and every bucket, B or
  // file:///dir, must lie inside bucket_directory once symbolic links and
  // ".." are resolved (a bucket outside fails the job with S3NoSuchBucket).
  // Empty (the default): only S3Bucket values of the form
  // file:///absolute/dir can be used, anywhere; a bucket name makes the job
  // fail with S3NoSuchBucket, as a missing bucket does in DynamoDB. Either
  // way no object key leaves its bucket (no "..", no link leading out).
  std::string bucket_directory = "";
};

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

// How Database::execute runs one call.
struct ExecuteOptions {
  // Measure the capacity the call consumes even when the request does not
  // ask for it (ReturnConsumedCapacity absent or NONE): it is returned in
  // Result::consumed_capacity, and the response body stays as the client
  // asked. Default false. (The server's request log sets it.)
  bool measure_capacity = false;
  // Record what the call read and wrote (dynamini/call_facts.h) in
  // Result::facts. Default false. (The server sets it for its request log's
  // reviewer, ServerOptions::request_annotator.)
  bool collect_facts = false;
  // With collect_facts: also list the key of every item a Query or Scan read
  // (CallFacts::Page::keys), which costs a parse of each key. Default false.
  bool collect_read_keys = false;
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
  Outcome<CreateTableResponse> create_table(CreateTableRequest request = {});
  Outcome<DescribeTableResponse> describe_table(DescribeTableRequest request = {});
  Outcome<UpdateTableResponse> update_table(UpdateTableRequest request = {});
  Outcome<ListTablesResponse> list_tables(ListTablesRequest request = {});
  Outcome<DeleteTableResponse> delete_table(DeleteTableRequest request = {});
  Outcome<PutItemResponse> put_item(PutItemRequest request = {});
  Outcome<GetItemResponse> get_item(GetItemRequest request = {});
  Outcome<DeleteItemResponse> delete_item(DeleteItemRequest request = {});
  Outcome<UpdateItemResponse> update_item(UpdateItemRequest request = {});
  Outcome<QueryResponse> query(QueryRequest request = {});
  Outcome<ScanResponse> scan(ScanRequest request = {});
  Outcome<BatchGetItemResponse> batch_get_item(BatchGetItemRequest request = {});
  Outcome<BatchWriteItemResponse> batch_write_item(BatchWriteItemRequest request = {});
  Outcome<TransactWriteItemsResponse> transact_write_items(TransactWriteItemsRequest request = {});
  Outcome<TransactGetItemsResponse> transact_get_items(TransactGetItemsRequest request = {});
  Outcome<TagResourceResponse> tag_resource(TagResourceRequest request = {});
  Outcome<UntagResourceResponse> untag_resource(UntagResourceRequest request = {});
  Outcome<ListTagsOfResourceResponse> list_tags_of_resource(ListTagsOfResourceRequest request = {});
  Outcome<ExecuteStatementResponse> execute_statement(ExecuteStatementRequest request = {});
  Outcome<BatchExecuteStatementResponse> batch_execute_statement(
      BatchExecuteStatementRequest request = {});
  Outcome<ExecuteTransactionResponse> execute_transaction(ExecuteTransactionRequest request = {});
  Outcome<UpdateTimeToLiveResponse> update_time_to_live(UpdateTimeToLiveRequest request = {});
  Outcome<DescribeTimeToLiveResponse> describe_time_to_live(DescribeTimeToLiveRequest request = {});
  Outcome<DescribeLimitsResponse> describe_limits(DescribeLimitsRequest request = {});
  Outcome<DescribeEndpointsResponse> describe_endpoints(DescribeEndpointsRequest request = {});
  Outcome<ListStreamsResponse> list_streams(ListStreamsRequest request = {});
  Outcome<DescribeStreamResponse> describe_stream(DescribeStreamRequest request = {});
  Outcome<GetShardIteratorResponse> get_shard_iterator(GetShardIteratorRequest request = {});
  Outcome<GetRecordsResponse> get_records(GetRecordsRequest request = {});
  // Exact nearest-neighbour search over a vector index (SearchVectors).
  Outcome<SearchVectorsResponse> search_vectors(SearchVectorsRequest request = {});
  Outcome<PutResourcePolicyResponse> put_resource_policy(PutResourcePolicyRequest request = {});
  Outcome<GetResourcePolicyResponse> get_resource_policy(GetResourcePolicyRequest request = {});
  Outcome<DeleteResourcePolicyResponse> delete_resource_policy(
      DeleteResourcePolicyRequest request = {});

  // Replaces Options::transient_delays for the changes made from now on (the
  // dynamini command preloads its tables without delays, then sets the
  // flags' delays).
  void set_transient_delays(const TransientDelays& delays);
  Outcome<CreateBackupResponse> create_backup(CreateBackupRequest request = {});
  Outcome<DescribeBackupResponse> describe_backup(DescribeBackupRequest request = {});
  Outcome<ListBackupsResponse> list_backups(ListBackupsRequest request = {});
  Outcome<DeleteBackupResponse> delete_backup(DeleteBackupRequest request = {});
  Outcome<RestoreTableFromBackupResponse> restore_table_from_backup(
      RestoreTableFromBackupRequest request = {});
  Outcome<UpdateContinuousBackupsResponse> update_continuous_backups(
      UpdateContinuousBackupsRequest request = {});
  Outcome<DescribeContinuousBackupsResponse> describe_continuous_backups(
      DescribeContinuousBackupsRequest request = {});
  Outcome<RestoreTableToPointInTimeResponse> restore_table_to_point_in_time(
      RestoreTableToPointInTimeRequest request = {});
  Outcome<ExportTableToPointInTimeResponse> export_table_to_point_in_time(
      ExportTableToPointInTimeRequest request = {});
  Outcome<DescribeExportResponse> describe_export(DescribeExportRequest request = {});
  Outcome<ListExportsResponse> list_exports(ListExportsRequest request = {});
  Outcome<ImportTableResponse> import_table(ImportTableRequest request = {});
  Outcome<DescribeImportResponse> describe_import(DescribeImportRequest request = {});
  Outcome<ListImportsResponse> list_imports(ListImportsRequest request = {});

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
