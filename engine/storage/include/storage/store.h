#pragma once

// Storage of tables, items and index rows in SQLite. Callers hold the
// engine's storage lock and, for writes, a WriteTransaction: a write changes
// the item row and every index row together or not at all.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "keys/item_keys.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"
#include "streams/stream_log.h"

namespace dynamini {

// One range read: a Query (has_hash) or a Scan page, on the table or an index.
struct RangeRead {
  const IndexDef* index = nullptr;  // nullptr: the table itself
  std::optional<std::string> hash;  // encoded partition key (Query)
  std::optional<std::string> lower;
  bool lower_inclusive = true;
  std::optional<std::string> upper;
  bool upper_inclusive = true;
  // Exclusive start, in the order's columns: Query on table {sk}; on index
  // {isk, pk, sk}; Scan on table {pk, sk}; on index {ipk, isk, pk, sk}.
  std::vector<std::string> start;
  bool forward = true;
  std::optional<int64_t> limit;
};

// A row handed to a range reader: stored item JSON, its DynamoDB size and the
// encoded partition key of the base table. Return false to stop reading.
using RowVisitor =
    std::function<bool(std::string_view item_json, int64_t size, std::string_view table_pk)>;

// When a file database's commits reach the disk (dynamini::Durability).
enum class CommitSync {
  kAtCheckpoints,  // WAL, synchronous=NORMAL: durable against process crashes
  kEveryCommit,    // WAL, synchronous=FULL: durable against power loss too
};

class Store {
 public:
  // Opens the SQLite database ("" = in memory: `sync` is ignored) and
  // prepares the catalog.
  explicit Store(const std::string& path, CommitSync sync = CommitSync::kAtCheckpoints);

  Connection& connection() { return connection_; }
  StreamLog& stream_log() { return stream_log_; }

  std::vector<TableDef> load_catalog();
  // Creates the storage of `def` (def.id must be set) and records it.
  void create_table(const TableDef& def);
  void drop_table(const TableDef& def);
  // Rewrites the catalog record (UpdateTable).
  void save_definition(const TableDef& def);
  TableStats stats(const TableDef& def);
  // UpdateTable: creates the storage of `index` (a member of def.indexes)
  // and fills it from every item of the table (sparse: items lacking an index
  // key, or holding it with another type, get no row); no stream records.
  void add_index(const TableDef& def, const IndexDef& index);
  // UpdateTable: drops the storage of `index`.
  void drop_index(const TableDef& def, const IndexDef& index);

  // A stored item as it is kept: its JSON text and DynamoDB size.
  struct StoredItem {
    std::string json;
    int64_t size = 0;
  };
  std::optional<StoredItem> get_stored(const TableDef& def, const EncodedKey& key);
  // The stored item JSON for a primary key, if any.
  std::optional<std::string> get(const TableDef& def, const EncodedKey& key);
  // Writes `item` (keys validated), replacing `old_item` and its index rows.
  // Both add the table's stream record (streams/stream_log.h) in the same
  // transaction.
  void put(const TableDef& def, const Item* old_item, const Item& item);
  void remove(const TableDef& def, const Item& old_item, WriteOrigin origin = WriteOrigin::kClient);

  void read_range(const TableDef& def, const RangeRead& read, const RowVisitor& visit);

  // Tags of a table (TagResource), ordered by key. drop_table removes them.
  std::vector<std::pair<std::string, std::string>> tags(const TableDef& def);
  void set_tag(const TableDef& def, const std::string& key, const std::string& value);
  void remove_tag(const TableDef& def, const std::string& key);

 private:
  // Replaces `old_item`'s index rows (if any) by `item`'s; rows whose index
  // key did not change are rewritten in place.
  void write_index_rows(const TableDef& def, const Item* old_item, const Item& item,
                        const EncodedKey& primary, int64_t item_bytes);
  // One index row: keys and size; the projected text for KEYS_ONLY/INCLUDE,
  // nothing for ALL (see sql_text.h).
  void insert_index_row(const TableDef& def, const IndexDef& index, const EncodedKey& key,
                        const EncodedKey& primary, const Item& item, int64_t item_bytes);
  void delete_index_rows(const TableDef& def, const Item& item, const EncodedKey& primary);

  Connection connection_;
  StreamLog stream_log_{connection_};
};

}  // namespace dynamini
