#pragma once

// Transient table statuses. DynamoDB changes tables asynchronously: a new
// table is CREATING for seconds, an updated one UPDATING (a new global
// secondary index CREATING and Backfilling meanwhile), a deleted one DELETING
// until it is gone. dynamini's changes are complete when their response is
// sent; with delays (Options::transient_delays) it shows these windows as
// DynamoDB does, measured by the injected clock:
//   CREATING: DescribeTable and ListTables show the table; item operations
//     answer ResourceNotFoundException "Requested resource not found";
//     UpdateTable, DeleteTable and a second CreateTable answer
//     ResourceInUseException "Attempt to change a resource which is still in
//     use: Table is being created: <name>" (ack-api-quirks DDB-TABLE-001 and
//     DDB-TABLE-005; dynalite db/index.js for the item operations).
//   UPDATING: items are served; DeleteTable and UpdateTable answer
//     "... Table is being updated: <name>" (terraform-provider-aws's
//     DynamoDB retry notes); a Query or Scan of an index still CREATING
//     answers ValidationException "Cannot read from backfilling global
//     secondary index: <index>" (the text applications match on).
//   DELETING: the table's items are gone at once; DescribeTable answers
//     DELETING and ListTables lists it until the window ends; DeleteTable and
//     UpdateTable answer "... Table is being deleted: <name>", CreateTable
//     "Table already exists: <name>" (ack-api-quirks DDB-TABLE-005, -008).
// The windows are kept in memory: a database opened again or restored from a
// snapshot has every table ACTIVE.
//
// Thread safety: none; REQUIRES the storage lock (Context) for every call.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/table_def.h"

namespace dynamini {

class TableLifecycle {
 public:
  enum class Status { kActive, kCreating, kUpdating };

  // A deleted table while DELETING: its definition and size as they were.
  struct Deleting {
    std::shared_ptr<const TableDef> def;
    TableStats stats;
    int64_t until_ms = 0;
  };

  // Table `name` is CREATING until `until_ms`.
  void creating(const std::string& name, int64_t until_ms);
  // Table `name` is UPDATING until `until_ms`; `index`, when given, is
  // CREATING (Backfilling) meanwhile.
  void updating(const std::string& name, int64_t until_ms,
                const std::optional<std::string>& index = std::nullopt);
  // The table was deleted and is DELETING until `deleting.until_ms`.
  void deleting(const std::string& name, Deleting deleting);

  // The status of existing table `name` at `now_ms`.
  Status status(const std::string& name, int64_t now_ms);
  // True while `index` of table `name` is CREATING.
  bool index_creating(const std::string& name, const std::string& index, int64_t now_ms);
  // The deleted table `name` while it is DELETING, else nullptr.
  const Deleting* deleted(const std::string& name, int64_t now_ms);
  // The names of the tables DELETING at `now_ms`.
  std::vector<std::string> deleting_names(int64_t now_ms);

  // Forgets every window (a restore, a new catalog).
  void clear();

 private:
  struct Update {
    int64_t until_ms = 0;
    std::optional<std::string> index;
  };
  std::map<std::string, int64_t> creating_;
  std::map<std::string, Update> updating_;
  std::map<std::string, Deleting> deleting_;
};

}  // namespace dynamini
