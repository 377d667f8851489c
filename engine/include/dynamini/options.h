#pragma once

// How a Database is opened (Options) and how one call runs (ExecuteOptions).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "dynamini/api_error.h"
#include "dynamini/call_targets.h"

namespace dynamini {

// How long DynamoDB's asynchronous table changes take here, in milliseconds
// of the clock (Options::clock_ms when set). With 0 (every default) a change
// is complete when its response is sent, which still says CREATING, UPDATING
// or DELETING as DynamoDB's does; with a delay the table shows that status
// for the window and answers DynamoDB's errors meanwhile (see
// context/table_lifecycle.h). dynalite's --createTableMs/--deleteTableMs/
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
  // Asked once the request was read and its shape checked, before it runs,
  // with the operation's name and what the request names: an error returned
  // is the call's answer instead, and nothing runs. Default: none. (The
  // server's fault rules and --enforce-throughput set it.)
  std::function<std::optional<ApiError>(std::string_view operation, const CallTargets& targets)>
      admit;
};

}  // namespace dynamini
