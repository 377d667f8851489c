#pragma once

// Every SQL statement the engine runs, in one place. Table and index names
// come only from the catalog's storage ids (t<id>, t<id>_i<n>), never from
// user input; all values are bound.
//
// Schema (persisted format):
//   dynamini_catalog(name TEXT PRIMARY KEY, definition TEXT)  table definitions
//   t<id>(pk BLOB, sk BLOB, item TEXT, size INTEGER, PRIMARY KEY(pk, sk))
//       WITHOUT ROWID; keys in the order-preserving encoding of
//       keys/key_encoding.h; item as DynamoDB JSON; size in DynamoDB bytes.
//   t<id>_i<n>(ipk BLOB, isk BLOB, pk BLOB, sk BLOB, item TEXT, size INTEGER,
//       PRIMARY KEY(ipk, isk, pk, sk)) WITHOUT ROWID; item holds the
//       projected attributes for KEYS_ONLY and INCLUDE, and is empty for ALL
//       (reads join the base table: one copy of each item, not two); size is
//       the projected size. Absent index keys mean no row (sparse).
//   t<id>_v<n>(pk BLOB, sk BLOB, hash BLOB, filters TEXT, vector BLOB,
//       size INTEGER, PRIMARY KEY(pk, sk)) WITHOUT ROWID: a vector index's
//       rows (storage/vector_rows.h): the item's key, its HASH value encoded,
//       its INLINE_FILTER attributes, the vector as float32, the entry's size.
//   dynamini_vector_versions(name TEXT PRIMARY KEY, version INTEGER): one row
//       per vector index (name t<id>_v<n>), changed in the transaction of every
//       change to its rows; never reused values (Store::vector_snapshot).

#include <string>

namespace dynamini::sql {

std::string create_catalog();
std::string select_catalog();
std::string insert_catalog();
std::string delete_catalog();

std::string create_item_table(const std::string& table);
std::string create_index_table(const std::string& index);
std::string drop_table(const std::string& table);

std::string select_item(const std::string& table);
std::string select_item_and_size(const std::string& table);
std::string upsert_item(const std::string& table);
std::string delete_item(const std::string& table);
std::string insert_index_row(const std::string& index);
std::string delete_index_row(const std::string& index);
std::string count_and_size(const std::string& table);

std::string create_vector_table(const std::string& table);
std::string create_vector_versions();
std::string upsert_vector_row(const std::string& table);   // pk, sk, hash, filters, vector, size
std::string delete_vector_row(const std::string& table);   // pk, sk
std::string select_vector_rows(const std::string& table);  // pk, sk, hash, filters, vector, size
std::string max_vector_version();
std::string select_vector_version();  // name
std::string upsert_vector_version();  // name, version
std::string delete_vector_version();  // name

// DynamoDB Streams (storage/stream_log.h). Persisted format:
//   dynamini_streams(table_name, label, view_type, key_schema, created_ms,
//       start_seq, end_seq, closed_ms, trimmed_through) one row per stream;
//       end_seq/closed_ms NULL while the stream is enabled.
//   dynamini_stream_records(seq INTEGER PRIMARY KEY AUTOINCREMENT, table_name,
//       label, created_ms, record) one row per record; record is the JSON
//       GetRecords returns. seq is the SequenceNumber, never reused.
std::string create_stream_tables();  // several statements, for exec()
std::string last_stream_sequence();
std::string insert_stream_record();
std::string insert_stream();
std::string close_streams();              // binds end_seq, closed_ms, table_name, keep label
std::string select_streams();             // every stream, ordered by table_name, label
std::string select_stream();              // binds table_name, label
std::string select_stream_records();      // binds table_name, label, from seq, to seq, limit
std::string select_table_records();       // binds table_name, after seq, limit
std::string select_trimmed_streams();     // binds cutoff; table_name, label, MAX(seq)
std::string update_trimmed_through();     // binds seq, table_name, label
std::string delete_old_stream_records();  // binds cutoff
std::string delete_closed_streams();      // binds cutoff
// Stream shards (storage/stream_shards.h). Persisted format, added after
// files with one shard per stream existed (StreamShards::ensure_schema gives
// those streams their shard row):
//   dynamini_stream_shards(table_name, label, shard_id, parent_shard_id,
//       created_ms, start_seq, end_seq, closed_ms, record_count) one row per
//       retained shard; end_seq/closed_ms NULL while the shard is open (one
//       open shard per enabled stream); parent_shard_id NULL for a first shard.
std::string create_stream_shard_table();          // several statements, for exec()
std::string select_streams_without_shards();      // table_name, label, created_ms
std::string insert_one_shard_of_stream();         // binds shard_id, table_name, label
std::string insert_open_shard();                  // binds table, label, id, parent or "",
                                                  //   created_ms, start_seq
std::string select_stream_shards();               // binds table_name, label
std::string select_stream_shard();                // binds table_name, label, shard_id
std::string select_open_shard();                  // binds table_name, label; shard_id,
                                                  //   created_ms, start_seq, record_count
std::string select_open_shards_of_table();        // binds table_name
std::string select_open_shards_created_before();  // binds created_ms
std::string close_shard();                        // binds end_seq, closed_ms, table, label, id
std::string count_shard_record();                 // binds table_name, label, shard_id
std::string delete_closed_shards();               // binds cutoff

// Table tags (TagResource): dynamini_tags(table_name TEXT, key TEXT,
// value TEXT, PRIMARY KEY(table_name, key)), removed with the table.
std::string create_tags();
std::string select_tags();      // table_name -> key, value ordered by key
std::string upsert_tag();       // table_name, key, value
std::string delete_tag();       // table_name, key
std::string delete_all_tags();  // table_name

// Backups (storage/backup_store.h). Persisted format:
//   dynamini_backups(arn TEXT PRIMARY KEY, name, table_name, table_id, type
//       ('USER' or 'SYSTEM'), created_ms, expiry_ms (NULL for USER), item_count,
//       size_bytes, storage INTEGER UNIQUE, definition TEXT) one row per backup;
//       definition is the source table's catalog entry (catalog_format.h) as it
//       was when the backup was taken.
//   b<storage>: the backup's items, shaped as t<id> (create_item_table).
std::string create_backup_tables();
std::string insert_backup();   // the columns above, in order
std::string select_backups();  // every backup, oldest first (created_ms, arn)
std::string select_backup();   // binds arn
std::string delete_backup();   // binds arn
std::string next_backup_storage();
// Copies every row of item table `from` into item table `to` (same shape).
std::string copy_item_rows(const std::string& from, const std::string& to);
// Item rows in key order after (pk, sk) (binds pk, sk, limit): pk, sk, item, size.
std::string select_item_rows_after(const std::string& table);
std::string select_item_rows_first(const std::string& table);  // binds limit

// Point-in-time recovery (storage/point_in_time_log.h). Persisted format:
//   dynamini_pitr(table_id TEXT PRIMARY KEY, enabled_ms INTEGER, recovery_days
//       INTEGER) one row per table with point-in-time recovery enabled.
//   dynamini_pitr_log(seq INTEGER PRIMARY KEY, table_id TEXT, at_ms INTEGER,
//       pk BLOB, sk BLOB, item TEXT, size INTEGER) one row per write to such a
//       table, written in the write's transaction before the write: the key and
//       the item as it was before (item and size NULL when there was none).
//       at_ms never decreases with seq. Index (table_id, at_ms).
std::string create_pitr_tables();  // several statements, for exec()
std::string select_pitr();         // every row: table_id, enabled_ms, recovery_days
std::string upsert_pitr();         // table_id, enabled_ms, recovery_days
std::string delete_pitr();         // table_id
std::string last_pitr_time();
// Logs the row of item table `table` at (pk, sk) as it is now: binds table_id,
// at_ms, pk, sk.
std::string log_row_before_write(const std::string& table);
std::string delete_pitr_log();  // table_id
std::string trim_pitr_log();    // table_id, before_ms
// The writes after a time, newest first (binds table_id, after_ms): pk, sk,
// item, size.
std::string select_pitr_writes_after();
// The first write of each key in (from_ms, to_ms] (binds table_id, from_ms,
// to_ms): pk, sk, item (the item at from_ms), size, at_ms of the key's last
// write in the period.
std::string select_pitr_changes();
// The item of each key as it was at to_ms, for keys written after it (binds
// table_id, to_ms): pk, sk, item (NULL: absent).
std::string select_pitr_first_write_after();

// Export and import jobs (storage/job_store.h). Persisted format:
//   dynamini_jobs(arn TEXT PRIMARY KEY, kind ('export' or 'import'), table_name,
//       table_id, client_token, request TEXT, status, start_ms, end_ms,
//       point_ms, items, bytes, imported, errors, manifest, failure_code,
//       failure_message) one row per job; request is the request as the client
//       sent it (its JSON); the numbers' meaning per kind is in job_store.h.
std::string create_jobs();
std::string upsert_job();            // every column, in order
std::string select_job();            // binds arn
std::string select_jobs();           // binds kind; newest first (arn descending)
std::string select_job_by_token();   // binds kind, client_token
std::string fail_unfinished_jobs();  // binds end_ms, failure_code, failure_message

// The shape of one range read (Query or Scan page).
struct RangeShape {
  bool index = false;      // index table (ipk, isk, pk, sk) or item table (pk, sk)
  bool has_hash = false;   // Query: equality on the partition key
  bool has_lower = false;  // sort key >= / > bound
  bool lower_inclusive = true;
  bool has_upper = false;  // sort key <= / < bound
  bool upper_inclusive = true;
  bool has_start = false;  // ExclusiveStartKey
  bool forward = true;     // ScanIndexForward
  bool has_limit = false;
};
// Parameters bind in this order: hash, lower, upper, start key columns
// (Query on table: sk; Query on index: isk, pk, sk; Scan on table: pk, sk;
// Scan on index: ipk, isk, pk, sk), limit. Columns returned: item, size, and
// the key columns (pk, sk) of the base table. `base_table`, for an index
// that projects ALL attributes, names the table whose rows hold the item
// text (the index rows store only keys and the item's size).
std::string select_range(const std::string& table, const RangeShape& shape,
                         const std::string& base_table = "");

// Copies the WAL into the database file and truncates it to zero bytes.
std::string checkpoint_wal();

}  // namespace dynamini::sql
