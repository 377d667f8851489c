#pragma once

// The records of export and import jobs (ExportTableToPointInTime,
// ImportTable): what was asked (the request's JSON), the job's state and its
// counters, kept in dynamini_jobs (sql_text.h) so DescribeExport and
// DescribeImport answer after a restart too.
//
// REQUIRES: the engine's storage lock held.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/lazy_tables.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"

namespace dynamini {

struct JobRecord {
  std::string arn;
  std::string kind;  // "export" or "import"
  std::string table_name;
  std::string table_id;
  std::string client_token;
  std::string request;  // the request as sent (JSON)
  std::string status;   // IN_PROGRESS, COMPLETED or FAILED
  int64_t start_ms = 0;
  std::optional<int64_t> end_ms;
  std::optional<int64_t> point_ms;  // export: ExportTime
  int64_t items = 0;                // export: items written; import: items processed
  int64_t bytes = 0;                // export: bytes billed; import: bytes processed
  int64_t imported = 0;             // import: items imported
  int64_t errors = 0;               // import: items refused
  std::string manifest;             // export: the manifest-summary.json key
  std::string failure_code, failure_message;
};

class JobStore {
 public:
  explicit JobStore(Connection& connection)
      : connection_(connection), tables_(connection, sql::create_jobs, "dynamini_jobs") {}

  // After open or a restore: whether the database has the jobs table (made
  // at the first job otherwise).
  bool detect(const TableNames& tables) { return tables_.detect(tables); }
  // Inserts or replaces the record with `record.arn`.
  void save(const JobRecord& record);
  std::optional<JobRecord> find(const std::string& arn);
  // Every record of `kind`, ARN descending (newest first: the id starts with
  // the start time).
  std::vector<JobRecord> all(const std::string& kind);
  // The newest record of `kind` made with `client_token`.
  std::optional<JobRecord> find_by_token(const std::string& kind, const std::string& client_token);
  // Marks every IN_PROGRESS record FAILED (a job cut short by a shutdown).
  void fail_unfinished(int64_t now_ms, const std::string& code, const std::string& message);

 private:
  Connection& connection_;
  LazyTables tables_;
};

}  // namespace dynamini
