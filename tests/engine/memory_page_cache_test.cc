// Guards the page cache for in-memory databases
// (engine/storage/include/storage/memory_page_cache.h): it replaces SQLite's own for every
// ":memory:" database, so rollbacks, page splits (which renumber pages through a far-off temporary
// page number), shrinking tables and reopening must all keep the data exactly as SQLite's cache
// would.

#include "storage/memory_page_cache.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>

#include "storage/sqlite.h"

namespace {

using dynamini::Connection;

std::string integrity(Connection& c) {
  auto stmt = c.cached("PRAGMA integrity_check");
  REQUIRE(stmt->step());
  return std::string(stmt->column_text(0));
}

int64_t pragma(Connection& c, const std::string& name) {
  auto stmt = c.cached("PRAGMA " + name);
  REQUIRE(stmt->step());
  return stmt->column_int64(0);
}

// Pages the connection's cache holds, from SQLite's own accounting
// (SQLITE_DBSTATUS_CACHE_USED is pages times a per-page size of the page,
// its extra bytes and a few pointers).
int64_t cached_pages(Connection& c) {
  int used = 0, highwater = 0;
  REQUIRE(sqlite3_db_status(c.handle(), SQLITE_DBSTATUS_CACHE_USED, &used, &highwater, 0) ==
          SQLITE_OK);
  return used / (pragma(c, "page_size") + 512);
}

int64_t count_rows(Connection& c) {
  auto stmt = c.cached("SELECT COUNT(*) FROM t");
  REQUIRE(stmt->step());
  return stmt->column_int64(0);
}

}  // namespace

TEST_CASE("Memory page cache: installed before SQLite starts, for the whole process") {
  Connection first("");  // any connection installs it first
  CHECK(dynamini::install_memory_page_cache());
}

TEST_CASE("Memory page cache: splits, rollbacks and deletes keep an in-memory database intact") {
  Connection c("");
  c.exec("PRAGMA page_size=8192");
  c.exec("PRAGMA journal_mode=MEMORY");
  c.exec("CREATE TABLE t(k BLOB PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID");
  std::map<std::string, std::string> expected;
  std::mt19937 random(7);
  const std::string value(300, 'v');  // ~25 rows a page: many splits

  for (int round = 0; round < 400; ++round) {
    const bool roll_back = round % 5 == 4;
    std::map<std::string, std::string> written;
    {
      dynamini::WriteTransaction tx(c);
      for (int i = 0; i < 100; ++i) {
        std::string key = "k" + std::to_string(random() % 1000000);
        auto stmt = c.cached("INSERT OR REPLACE INTO t(k, v) VALUES(?, ?)");
        stmt->bind_blob(1, key).bind_text(2, value + key).run();
        written[key] = value + key;
      }
      if (!roll_back) tx.commit();
    }  // an uncommitted transaction rolls back here, splits and all
    if (!roll_back) expected.insert(written.begin(), written.end());
  }
  REQUIRE(count_rows(c) == static_cast<int64_t>(expected.size()));
  CHECK(integrity(c) == "ok");

  // Delete most rows: the table shrinks, pages go to the freelist, and a
  // VACUUM truncates the database (the cache drops pages past its end).
  {
    dynamini::WriteTransaction tx(c);
    c.exec("DELETE FROM t WHERE k > CAST('k2' AS BLOB)");
    tx.commit();
  }
  for (auto it = expected.begin(); it != expected.end();) {
    it = it->first > "k2" ? expected.erase(it) : std::next(it);
  }
  const int64_t pages_before = pragma(c, "page_count");
  c.exec("VACUUM");
  CHECK(integrity(c) == "ok");
  // The pages past the shrunken end left the cache with the truncation.
  CHECK(pragma(c, "page_count") < pages_before / 2);
  CHECK(cached_pages(c) <= pragma(c, "page_count"));
  REQUIRE(count_rows(c) == static_cast<int64_t>(expected.size()));

  // Every surviving row reads back with its own value.
  auto stmt = c.cached("SELECT k, v FROM t ORDER BY k");
  auto want = expected.begin();
  while (stmt->step()) {
    REQUIRE(want != expected.end());
    CHECK(stmt->column_blob(0) == want->first);
    CHECK(stmt->column_text(1) == want->second);
    ++want;
  }
  CHECK(want == expected.end());
}
