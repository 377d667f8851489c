#include "storage/job_store.h"

#include "storage/sql_text.h"

namespace dynamini {
namespace {

JobRecord read_job_row(Statement& s) {
  JobRecord r;
  r.arn = std::string(s.column_text(0));
  r.kind = std::string(s.column_text(1));
  r.table_name = std::string(s.column_text(2));
  r.table_id = std::string(s.column_text(3));
  r.client_token = std::string(s.column_text(4));
  r.request = std::string(s.column_text(5));
  r.status = std::string(s.column_text(6));
  r.start_ms = s.column_int64(7);
  if (!s.column_is_null(8)) r.end_ms = s.column_int64(8);
  if (!s.column_is_null(9)) r.point_ms = s.column_int64(9);
  r.items = s.column_int64(10);
  r.bytes = s.column_int64(11);
  r.imported = s.column_int64(12);
  r.errors = s.column_int64(13);
  r.manifest = std::string(s.column_text(14));
  r.failure_code = std::string(s.column_text(15));
  r.failure_message = std::string(s.column_text(16));
  return r;
}

}  // namespace

void JobStore::save(const JobRecord& r) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::upsert_job());
  stmt->bind_text(1, r.arn)
      .bind_text(2, r.kind)
      .bind_text(3, r.table_name)
      .bind_text(4, r.table_id)
      .bind_text(5, r.client_token)
      .bind_text(6, r.request)
      .bind_text(7, r.status)
      .bind_int64(8, r.start_ms);
  if (r.end_ms) stmt->bind_int64(9, *r.end_ms);  // unbound: NULL
  if (r.point_ms) stmt->bind_int64(10, *r.point_ms);
  stmt->bind_int64(11, r.items)
      .bind_int64(12, r.bytes)
      .bind_int64(13, r.imported)
      .bind_int64(14, r.errors)
      .bind_text(15, r.manifest)
      .bind_text(16, r.failure_code)
      .bind_text(17, r.failure_message)
      .run();
}

std::optional<JobRecord> JobStore::find(const std::string& arn) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_job());
  stmt->bind_text(1, arn);
  if (!stmt->step()) return std::nullopt;
  return read_job_row(*stmt);
}

std::vector<JobRecord> JobStore::all(const std::string& kind) {
  tables_.ensure();
  std::vector<JobRecord> out;
  auto stmt = connection_.cached(sql::select_jobs());
  stmt->bind_text(1, kind);
  while (stmt->step()) out.push_back(read_job_row(*stmt));
  return out;
}

std::optional<JobRecord> JobStore::find_by_token(const std::string& kind,
                                                 const std::string& client_token) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_job_by_token());
  stmt->bind_text(1, kind).bind_text(2, client_token);
  if (!stmt->step()) return std::nullopt;
  return read_job_row(*stmt);
}

void JobStore::fail_unfinished(int64_t now_ms, const std::string& code,
                               const std::string& message) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::fail_unfinished_jobs());
  stmt->bind_int64(1, now_ms).bind_text(2, code).bind_text(3, message).run();
}

}  // namespace dynamini
