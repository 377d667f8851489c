// LazyTables: a feature's tables made at first use, kept or taken back with
// the transaction that made them, and only the catalog made at open.

#include "storage/lazy_tables.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "dynamini/database.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"

using dynamini::Connection;
using dynamini::existing_tables;
using dynamini::LazyTables;
using dynamini::WriteTransaction;

namespace {

std::string tags_probe() { return "CREATE TABLE IF NOT EXISTS probe_t(x INTEGER)"; }

bool has_table(Connection& c, const char* name) { return existing_tables(c).contains(name); }

dynamini::Result must(dynamini::Result r) {
  INFO((r.error ? std::string(r.error->name()) + ": " + r.error->message : std::string()));
  REQUIRE(r.ok());
  return r;
}

}  // namespace

TEST_CASE("lazy tables: absent until ensure(), made in autocommit mode") {
  Connection c("");
  LazyTables t(c, tags_probe, "probe_t");
  CHECK_FALSE(t.detect(existing_tables(c)));
  CHECK_FALSE(t.maybe_present());
  CHECK_FALSE(has_table(c, "probe_t"));
  t.ensure();
  CHECK(t.maybe_present());
  CHECK(has_table(c, "probe_t"));
  CHECK(t.detect(existing_tables(c)));
}

TEST_CASE("lazy tables: made inside a transaction that rolls back are made again") {
  Connection c("");
  LazyTables t(c, tags_probe, "probe_t");
  t.detect(existing_tables(c));
  {
    WriteTransaction txn(c);
    t.ensure();
    c.exec("INSERT INTO probe_t VALUES (1)");
  }  // rolled back: the table goes with the row
  CHECK_FALSE(has_table(c, "probe_t"));
  {
    WriteTransaction txn(c);
    t.ensure();  // made again
    c.exec("INSERT INTO probe_t VALUES (2)");
    txn.commit();
  }
  CHECK(has_table(c, "probe_t"));
  {
    WriteTransaction txn(c);  // a later rollback does not take a committed table
    t.ensure();
    c.exec("INSERT INTO probe_t VALUES (3)");
  }
  CHECK(has_table(c, "probe_t"));
  auto count = c.cached("SELECT count(*) FROM probe_t");
  REQUIRE(count->step());
  CHECK(count->column_int64(0) == 1);
}

TEST_CASE("lazy tables: a database file has only the catalog until a feature is used") {
  namespace fs = std::filesystem;
  const fs::path file = fs::temp_directory_path() / "dynamini_lazy_tables_test.db";
  fs::remove(file);
  const std::string path = file.string();
  {
    auto db = dynamini::Database::open({.path = path, .ttl_sweep_interval_ms = 0});
    must(db->execute("CreateTable", R"({"TableName":"lazy","BillingMode":"PAY_PER_REQUEST",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})"));
    must(db->execute("PutItem", R"({"TableName":"lazy","Item":{"pk":{"S":"a"}}})"));
    // Read as empty without their tables.
    auto streams = must(db->execute("ListStreams", "{}"));
    CHECK(streams.body.find("\"Streams\":[]") != std::string::npos);
    auto tags =
        db->execute("ListTagsOfResource",
                    R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/lazy"})");
    REQUIRE(tags.ok());
  }
  {
    Connection c(path);
    const auto tables = existing_tables(c);
    CHECK(tables.contains("dynamini_catalog"));
    for (const char* feature : {"dynamini_streams", "dynamini_stream_shards", "dynamini_backups",
                                "dynamini_jobs", "dynamini_pitr"}) {
      CHECK_MESSAGE(!tables.contains(feature), std::string(feature));
    }
  }
  {
    auto db = dynamini::Database::open({.path = path, .ttl_sweep_interval_ms = 0});
    must(db->execute("UpdateTable", R"({"TableName":"lazy","StreamSpecification":
        {"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"}})"));
    must(db->execute("PutItem", R"({"TableName":"lazy","Item":{"pk":{"S":"b"}}})"));
    auto streams = must(db->execute("ListStreams", "{}"));
    CHECK(streams.body.find("\"TableName\":\"lazy\"") != std::string::npos);
  }
  {
    Connection c(path);
    const auto tables = existing_tables(c);
    CHECK(tables.contains("dynamini_streams"));
    CHECK(tables.contains("dynamini_stream_records"));
    CHECK(tables.contains("dynamini_stream_shards"));
    auto records = c.cached("SELECT count(*) FROM dynamini_stream_records");
    REQUIRE(records->step());
    CHECK(records->column_int64(0) == 1);
  }
  fs::remove(file);
  fs::remove(path + "-wal");
  fs::remove(path + "-shm");
}
