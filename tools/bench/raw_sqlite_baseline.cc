#include "raw_sqlite_baseline.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

void check(int rc, sqlite3* db) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    std::fprintf(stderr, "sqlite: %s\n", sqlite3_errmsg(db));
    std::exit(1);
  }
}

sqlite3_stmt* prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* s = nullptr;
  check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr), db);
  return s;
}

void run(sqlite3_stmt* s, sqlite3* db) {
  check(sqlite3_step(s), db);
  sqlite3_reset(s);
}

}  // namespace

RawFigures measure_raw_sqlite(const std::vector<RawRow>& rows) {
  using Clock = std::chrono::steady_clock;
  sqlite3* db = nullptr;
  sqlite3_open(":memory:", &db);
  sqlite3_exec(db, "PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF;", nullptr, nullptr,
               nullptr);
  sqlite3_exec(db,
               "CREATE TABLE t(pk BLOB NOT NULL, sk BLOB NOT NULL, item TEXT NOT NULL, size "
               "INTEGER NOT NULL, PRIMARY KEY(pk, sk)) WITHOUT ROWID;"
               "CREATE TABLE i(ipk BLOB NOT NULL, isk BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT "
               "NULL, item TEXT NOT NULL, size INTEGER NOT NULL, PRIMARY KEY(ipk, isk, pk, sk)) "
               "WITHOUT ROWID;",
               nullptr, nullptr, nullptr);
  sqlite3_stmt* begin = prepare(db, "BEGIN IMMEDIATE");
  sqlite3_stmt* commit = prepare(db, "COMMIT");
  sqlite3_stmt* put =
      prepare(db, "INSERT OR REPLACE INTO t(pk, sk, item, size) VALUES(?, ?, ?, ?)");
  sqlite3_stmt* put_index = prepare(
      db, "INSERT OR REPLACE INTO i(ipk, isk, pk, sk, item, size) VALUES(?, ?, ?, ?, ?, ?)");
  sqlite3_stmt* get = prepare(db, "SELECT item FROM t WHERE pk = ? AND sk = ?");
  auto start = Clock::now();
  for (const auto& r : rows) {
    run(begin, db);
    sqlite3_bind_blob(put, 1, r.pk.data(), static_cast<int>(r.pk.size()), SQLITE_STATIC);
    sqlite3_bind_blob(put, 2, r.sk.data(), static_cast<int>(r.sk.size()), SQLITE_STATIC);
    sqlite3_bind_text(put, 3, r.item_json.data(), static_cast<int>(r.item_json.size()),
                      SQLITE_STATIC);
    sqlite3_bind_int64(put, 4, static_cast<sqlite3_int64>(r.item_json.size()));
    run(put, db);
    if (!r.gsi_pk.empty()) {
      sqlite3_bind_blob(put_index, 1, r.gsi_pk.data(), static_cast<int>(r.gsi_pk.size()),
                        SQLITE_STATIC);
      sqlite3_bind_blob(put_index, 2, r.gsi_sk.data(), static_cast<int>(r.gsi_sk.size()),
                        SQLITE_STATIC);
      sqlite3_bind_blob(put_index, 3, r.pk.data(), static_cast<int>(r.pk.size()), SQLITE_STATIC);
      sqlite3_bind_blob(put_index, 4, r.sk.data(), static_cast<int>(r.sk.size()), SQLITE_STATIC);
      sqlite3_bind_text(put_index, 5, r.item_json.data(), static_cast<int>(r.item_json.size()),
                        SQLITE_STATIC);
      sqlite3_bind_int64(put_index, 6, static_cast<sqlite3_int64>(r.item_json.size()));
      run(put_index, db);
    }
    run(commit, db);
  }
  double put_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<double> latencies;
  latencies.reserve(rows.size());
  start = Clock::now();
  size_t bytes = 0;
  for (const auto& r : rows) {
    auto t0 = Clock::now();
    sqlite3_bind_blob(get, 1, r.pk.data(), static_cast<int>(r.pk.size()), SQLITE_STATIC);
    sqlite3_bind_blob(get, 2, r.sk.data(), static_cast<int>(r.sk.size()), SQLITE_STATIC);
    if (sqlite3_step(get) == SQLITE_ROW) {
      std::string copy(reinterpret_cast<const char*>(sqlite3_column_text(get, 0)),
                       static_cast<size_t>(sqlite3_column_bytes(get, 0)));
      bytes += copy.size();
    }
    sqlite3_reset(get);
    latencies.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  double get_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::sort(latencies.begin(), latencies.end());
  for (auto* s : {begin, commit, put, put_index, get}) sqlite3_finalize(s);
  sqlite3_close(db);
  if (bytes == 0) std::exit(1);
  return {rows.size() / put_seconds, rows.size() / get_seconds, latencies[latencies.size() / 2]};
}
