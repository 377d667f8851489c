// The catalog's stored format (engine/catalog/include/catalog/catalog_format.h): the newest
// format round trips every member of TableDef, format 1 entries still read, entries written before
// versions (format 0, CreateTable-shaped) still open and are not rewritten until their table
// changes, and a version from the future is refused.

#include "catalog/catalog_format.h"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "doctest/doctest.h"
#include "dynamini/database.h"
#include "storage/sqlite.h"

namespace {

namespace fs = std::filesystem;
using dynamini::IndexProjection;
using dynamini::TableDef;
using dynamini::ValueType;

void check_same(const TableDef& a, const TableDef& b) {
  CHECK(a.name == b.name);
  CHECK(a.id == b.id);
  CHECK(a.keys.hash.name == b.keys.hash.name);
  CHECK(a.keys.hash.type == b.keys.hash.type);
  REQUIRE(a.keys.range.has_value() == b.keys.range.has_value());
  if (a.keys.range) {
    CHECK(a.keys.range->name == b.keys.range->name);
    CHECK(a.keys.range->type == b.keys.range->type);
  }
  REQUIRE(a.attribute_definitions.size() == b.attribute_definitions.size());
  for (size_t i = 0; i < a.attribute_definitions.size(); ++i) {
    CHECK(a.attribute_definitions[i].name == b.attribute_definitions[i].name);
    CHECK(a.attribute_definitions[i].type == b.attribute_definitions[i].type);
  }
  REQUIRE(a.indexes.size() == b.indexes.size());
  for (size_t i = 0; i < a.indexes.size(); ++i) {
    const auto& x = a.indexes[i];
    const auto& y = b.indexes[i];
    CHECK(x.name == y.name);
    CHECK(x.global == y.global);
    CHECK(x.number == y.number);
    CHECK(x.keys.hash.name == y.keys.hash.name);
    CHECK(x.keys.hash.type == y.keys.hash.type);
    REQUIRE(x.keys.range.has_value() == y.keys.range.has_value());
    if (x.keys.range) {
      CHECK(x.keys.range->name == y.keys.range->name);
      CHECK(x.keys.range->type == y.keys.range->type);
    }
    auto same_elements = [](const std::vector<dynamini::KeyElement>& u,
                            const std::vector<dynamini::KeyElement>& v) {
      REQUIRE(u.size() == v.size());
      for (size_t k = 0; k < u.size(); ++k) {
        CHECK(u[k].name == v[k].name);
        CHECK(u[k].type == v[k].type);
      }
    };
    same_elements(x.keys.more_hash, y.keys.more_hash);
    same_elements(x.keys.more_range, y.keys.more_range);
    CHECK(x.projection.type == y.projection.type);
    CHECK(x.projection.non_key_attributes == y.projection.non_key_attributes);
    CHECK(x.throughput.read == y.throughput.read);
    CHECK(x.throughput.write == y.throughput.write);
  }
  CHECK(a.pay_per_request == b.pay_per_request);
  CHECK(a.last_update_to_pay_per_request == b.last_update_to_pay_per_request);
  CHECK(a.throughput.read == b.throughput.read);
  CHECK(a.throughput.write == b.throughput.write);
  CHECK(a.creation_time == b.creation_time);
  CHECK(a.table_uuid == b.table_uuid);
  CHECK(a.deletion_protection == b.deletion_protection);
  CHECK(a.stream.enabled == b.stream.enabled);
  CHECK(a.stream.view_type == b.stream.view_type);
  CHECK(a.stream.label == b.stream.label);
  CHECK(a.ttl.enabled == b.ttl.enabled);
  CHECK(a.ttl.attribute == b.ttl.attribute);
  CHECK(a.table_class == b.table_class);
  CHECK(a.table_class_updated == b.table_class_updated);
  CHECK(a.sse.kms == b.sse.kms);
  CHECK(a.sse.kms_key_arn == b.sse.kms_key_arn);
  CHECK(a.on_demand.max_read == b.on_demand.max_read);
  CHECK(a.on_demand.max_write == b.on_demand.max_write);
  CHECK(a.warm.read == b.warm.read);
  CHECK(a.warm.write == b.warm.write);
  REQUIRE(a.resource_policy.has_value() == b.resource_policy.has_value());
  if (a.resource_policy) {
    CHECK(a.resource_policy->document == b.resource_policy->document);
    CHECK(a.resource_policy->revision_id == b.resource_policy->revision_id);
  }
  for (size_t i = 0; i < a.indexes.size(); ++i) {
    CHECK(a.indexes[i].on_demand.max_read == b.indexes[i].on_demand.max_read);
    CHECK(a.indexes[i].on_demand.max_write == b.indexes[i].on_demand.max_write);
    CHECK(a.indexes[i].warm.read == b.indexes[i].warm.read);
    CHECK(a.indexes[i].warm.write == b.indexes[i].warm.write);
  }
}

// A definition with a value other than the default in every member,
// including those format 0 did not keep (throughput of an on-demand table,
// the view type of a disabled stream, the TTL attribute while disabled).
TableDef full_definition() {
  TableDef def;
  def.name = "orders.v2";
  def.id = 42;
  def.keys = {{"pk", ValueType::S}, dynamini::KeyElement{"sk", ValueType::N}};
  def.attribute_definitions = {
      {"pk", ValueType::S}, {"sk", ValueType::N}, {"g", ValueType::B}, {"l", ValueType::S}};
  dynamini::IndexDef gsi;
  gsi.name = "G";
  gsi.global = true;
  gsi.keys = {{"g", ValueType::B}, std::nullopt};
  gsi.projection = {IndexProjection::Type::kInclude, {"a", "b\"quoted\""}};
  gsi.throughput = {3, 4};
  gsi.number = 7;
  dynamini::IndexDef lsi;
  lsi.name = "L";
  lsi.global = false;
  lsi.keys = {{"pk", ValueType::S}, dynamini::KeyElement{"l", ValueType::S}};
  lsi.projection = {IndexProjection::Type::kKeysOnly, {}};
  lsi.number = 2;
  def.indexes = {lsi, gsi};  // the stored order is kept, whatever it is
  def.pay_per_request = true;
  def.last_update_to_pay_per_request = 1700000100.25;
  def.throughput = {10, 20};
  def.creation_time = 1700000000.125;
  def.table_uuid = "0f1e2d3c-uuid";
  def.deletion_protection = true;
  def.stream = {false, "NEW_IMAGE", "2023-11-14T22:13:20.000"};
  def.ttl = {false, "expires"};
  def.table_class = "STANDARD_INFREQUENT_ACCESS";
  def.table_class_updated = 1700000200.5;
  def.sse = {true, "arn:aws:kms:us-east-1:000000000000:key/k"};
  def.on_demand = {100, -1};
  def.warm = {15000, 0};
  def.resource_policy = dynamini::ResourcePolicySettings{R"({"Version":"2012-10-17"})", "17"};
  def.indexes[1].on_demand = {-1, 50};
  def.indexes[1].warm = {0, 6000};
  return def;
}

std::string read_error(std::string_view json) {
  try {
    dynamini::table_def_from_json(json);
  } catch (const dynamini::CatalogFormatError& e) {
    return e.what();
  }
  return "(no error)";
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// name -> stored definition, read straight from the file.
std::map<std::string, std::string> catalog_rows(const fs::path& file) {
  dynamini::Connection connection(file.string());
  std::map<std::string, std::string> rows;
  auto stmt = connection.cached("SELECT name, definition FROM dynamini_catalog");
  while (stmt->step()) rows[std::string(stmt->column_text(0))] = std::string(stmt->column_text(1));
  return rows;
}

// A fresh copy of tests/engine/fixtures/catalog_format0.db, made by main at
// 267e3d6 (fixtures/make_catalog_format0.py), in format 0.
fs::path fixture_copy(const char* name) {
  fs::path dir = fs::temp_directory_path() / "dynamini_catalog_format_test";
  fs::create_directories(dir);
  fs::path copy = dir / name;
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(copy.string() + suffix);
  fs::copy_file(fs::path(DYNAMINI_ENGINE_FIXTURES) / "catalog_format0.db", copy);
  return copy;
}

rapidjson::Document call(dynamini::Database& db, const char* operation, const std::string& json) {
  auto r = db.execute(operation, json);
  INFO(operation << ": " << (r.ok() ? r.body : r.error->message));
  REQUIRE(r.ok());
  rapidjson::Document doc;
  doc.Parse(r.body.c_str());
  return doc;
}

}  // namespace

TEST_CASE("Catalog format: every member of TableDef survives the round trip") {
  TableDef def = full_definition();
  std::string json = dynamini::table_def_to_json(def);
  CHECK(dynamini::catalog_format_version(json) == dynamini::kCatalogFormatVersion);
  TableDef back = dynamini::table_def_from_json(json);
  check_same(back, def);
  CHECK(dynamini::table_def_to_json(back) == json);

  TableDef plain;  // defaults: no range key, no index, no stream, no TTL
  plain.name = "p";
  plain.keys.hash = {"id", ValueType::N};
  plain.attribute_definitions = {{"id", ValueType::N}};
  check_same(dynamini::table_def_from_json(dynamini::table_def_to_json(plain)), plain);
}

// Format 1's document for the definition below (as dynamini wrote it before
// format 2): it still reads, and format 2 writes the same members.
constexpr const char* kFormat1Members =
    R"("TableName":"t","StorageId":3,"TableId":"u","CreationDateTime":1.5,)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
    R"({"AttributeName":"sk","AttributeType":"N"}],)"
    R"("KeySchema":{"Hash":{"AttributeName":"pk","AttributeType":"S"},)"
    R"("Range":{"AttributeName":"sk","AttributeType":"N"}},)"
    R"("BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,)"
    R"("WriteCapacityUnits":6},"LastUpdateToPayPerRequestDateTime":0.0,)"
    R"("Indexes":[{"IndexName":"G","Global":true,"StorageNumber":1,)"
    R"("KeySchema":{"Hash":{"AttributeName":"sk","AttributeType":"N"}},)"
    R"("Projection":{"ProjectionType":"ALL","NonKeyAttributes":[]},)"
    R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":2}}],)"
    R"("DeletionProtectionEnabled":false,)"
    R"("Stream":{"Enabled":true,"ViewType":"KEYS_ONLY","LatestStreamLabel":"L"},)"
    R"("TimeToLive":{"Enabled":true,"AttributeName":"exp"})";

TEST_CASE("Catalog format 2: the written document is the one the header documents") {
  // A change here is a change of format 2's meaning: add a version instead.
  TableDef def;
  def.name = "t";
  def.id = 3;
  def.table_uuid = "u";
  def.creation_time = 1.5;
  def.keys = {{"pk", ValueType::S}, dynamini::KeyElement{"sk", ValueType::N}};
  def.attribute_definitions = {{"pk", ValueType::S}, {"sk", ValueType::N}};
  dynamini::IndexDef gsi;
  gsi.name = "G";
  gsi.keys = {{"sk", ValueType::N}, std::nullopt};
  gsi.projection = {IndexProjection::Type::kAll, {}};
  gsi.throughput = {1, 2};
  gsi.number = 1;
  def.indexes = {gsi};
  def.throughput = {5, 6};
  def.stream = {true, "KEYS_ONLY", "L"};
  def.ttl = {true, "exp"};
  // Settings at their defaults add nothing to format 1's members.
  CHECK(dynamini::table_def_to_json(def) ==
        std::string(R"({"FormatVersion":2,)") + kFormat1Members + "}");
  // A format 1 entry reads as the same definition.
  check_same(
      dynamini::table_def_from_json(std::string(R"({"FormatVersion":1,)") + kFormat1Members + "}"),
      def);
  // Format 2's optional members, each present once it differs from the default.
  def.table_class = "STANDARD";
  def.table_class_updated = 2.5;
  def.sse = {true, "arn:k"};
  def.on_demand = {-1, 9};
  def.warm = {12000, 4000};
  def.resource_policy = dynamini::ResourcePolicySettings{"{}", "7"};
  def.indexes[0].on_demand = {4, -1};
  def.indexes[0].warm = {1, 2};
  std::string json = dynamini::table_def_to_json(def);
  CHECK(contains(json,
                 R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":2},)"
                 R"("OnDemandThroughput":{"MaxReadRequestUnits":4,"MaxWriteRequestUnits":-1},)"
                 R"("WarmThroughput":{"ReadUnitsPerSecond":1,"WriteUnitsPerSecond":2}}],)"));
  CHECK(contains(json,
                 R"("TimeToLive":{"Enabled":true,"AttributeName":"exp"},)"
                 R"("TableClass":{"TableClass":"STANDARD","LastUpdateDateTime":2.5},)"
                 R"("SSE":{"KMSMasterKeyArn":"arn:k"},)"
                 R"("OnDemandThroughput":{"MaxReadRequestUnits":-1,"MaxWriteRequestUnits":9},)"
                 R"("WarmThroughput":{"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000},)"
                 R"("ResourcePolicy":{"Policy":"{}","RevisionId":"7"}})"));
  check_same(dynamini::table_def_from_json(json), def);
}

TEST_CASE("Catalog format 1: a member format 2 added is refused in a format 1 entry") {
  std::string v1 = std::string(R"({"FormatVersion":1,)") + kFormat1Members +
                   R"(,"SSE":{"KMSMasterKeyArn":"k"}})";
  CHECK(read_error(v1) ==
        "catalog entry for table 't' (format 1): SSE: not a member of this format");
}

TEST_CASE("Catalog format 2: a multi-attribute GSI key round trips as MoreHash and MoreRange") {
  TableDef def = full_definition();
  dynamini::IndexDef multi;
  multi.name = "Multi";
  multi.keys.hash = {"h1", ValueType::S};
  multi.keys.more_hash = {{"h2", ValueType::N}};
  multi.keys.range = dynamini::KeyElement{"r1", ValueType::B};
  multi.keys.more_range = {{"r2", ValueType::S}, {"r3", ValueType::N}, {"r4", ValueType::S}};
  multi.number = 9;
  def.indexes.push_back(multi);
  std::string json = dynamini::table_def_to_json(def);
  CHECK(contains(json, R"("KeySchema":{"Hash":{"AttributeName":"h1","AttributeType":"S"},)"
                       R"("Range":{"AttributeName":"r1","AttributeType":"B"},)"
                       R"("MoreHash":[{"AttributeName":"h2","AttributeType":"N"}],)"
                       R"("MoreRange":[{"AttributeName":"r2","AttributeType":"S"},)"
                       R"({"AttributeName":"r3","AttributeType":"N"},)"
                       R"({"AttributeName":"r4","AttributeType":"S"}]})"));
  TableDef back = dynamini::table_def_from_json(json);
  check_same(back, def);
  CHECK(back.indexes.back().keys.multi_attribute());
  CHECK(dynamini::table_def_to_json(back) == json);
  // A single-attribute key writes neither member.
  CHECK_FALSE(contains(dynamini::table_def_to_json(full_definition()), "More"));

  std::string no_range = json;
  no_range.replace(
      no_range.find(R"("Range":{"AttributeName":"r1","AttributeType":"B"},)"),
      std::string_view(R"("Range":{"AttributeName":"r1","AttributeType":"B"},)").size(), "");
  CHECK(read_error(no_range) ==
        "catalog entry for table 'orders.v2' (format 2): Indexes[2].KeySchema.MoreRange: "
        "without Range");
}

TEST_CASE("Catalog format 1: an entry written in format 1 still reads; it has no MoreHash") {
  const std::string v1 =
      R"({"FormatVersion":1,"TableName":"t","StorageId":3,"TableId":"u","CreationDateTime":1.5,)"
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
      R"({"AttributeName":"sk","AttributeType":"N"}],)"
      R"("KeySchema":{"Hash":{"AttributeName":"pk","AttributeType":"S"},)"
      R"("Range":{"AttributeName":"sk","AttributeType":"N"}},)"
      R"("BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,)"
      R"("WriteCapacityUnits":6},"LastUpdateToPayPerRequestDateTime":0.0,)"
      R"("Indexes":[{"IndexName":"G","Global":true,"StorageNumber":1,)"
      R"("KeySchema":{"Hash":{"AttributeName":"sk","AttributeType":"N"}},)"
      R"("Projection":{"ProjectionType":"ALL","NonKeyAttributes":[]},)"
      R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":2}}],)"
      R"("DeletionProtectionEnabled":false,)"
      R"("Stream":{"Enabled":true,"ViewType":"KEYS_ONLY","LatestStreamLabel":"L"},)"
      R"("TimeToLive":{"Enabled":true,"AttributeName":"exp"}})";
  TableDef def = dynamini::table_def_from_json(v1);
  CHECK(def.name == "t");
  CHECK(def.keys.range->name == "sk");
  REQUIRE(def.indexes.size() == 1);
  CHECK(def.indexes[0].keys.hash.name == "sk");
  CHECK_FALSE(def.indexes[0].keys.multi_attribute());
  CHECK(def.stream.view_type == "KEYS_ONLY");
  std::string with_more = v1;
  with_more.replace(with_more.find(R"("AttributeType":"N"}},"Projection")"),
                    std::string_view(R"("AttributeType":"N"}},"Projection")").size(),
                    R"("AttributeType":"N"},"MoreHash":[]},"Projection")");
  CHECK(read_error(with_more) ==
        "catalog entry for table 't' (format 1): Indexes[0].KeySchema.MoreHash: not a member of "
        "this format");
}

TEST_CASE("Catalog format: a FormatVersion from the future is refused with a clear error") {
  std::string json = dynamini::table_def_to_json(full_definition());
  const std::string next = std::to_string(dynamini::kCatalogFormatVersion + 1);
  const std::string newest = std::to_string(dynamini::kCatalogFormatVersion);
  std::string future =
      R"({"FormatVersion":)" + next + "," + json.substr(json.find("\"TableName\""));
  std::string error = read_error(future);
  CHECK(error == "catalog entry for table 'orders.v2' (format " + next +
                     "): FormatVersion: this dynamini reads formats 0 to " + newest +
                     "; the database was written by a newer dynamini, open it with that");
  CHECK(contains(read_error(R"({"FormatVersion":"1","TableName":"x"})"),
                 "FormatVersion: expected an integer"));

  // Database::open fails with that message rather than opening half a catalog.
  fs::path file = fixture_copy("future.db");
  {
    dynamini::Connection connection(file.string());
    auto stmt =
        connection.cached("UPDATE dynamini_catalog SET definition = ? WHERE name = 'events'");
    stmt->bind_text(1, R"({"FormatVersion":99,"TableName":"events"})").run();
  }
  try {
    dynamini::Database::open({.path = file.string()});
    FAIL("a database with a format 99 entry opened");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) ==
          "catalog entry for table 'events' (format 99): FormatVersion: this dynamini reads "
          "formats 0 to " +
              std::to_string(dynamini::kCatalogFormatVersion) +
              "; the database was written by a newer dynamini, open it with that");
  }
}

TEST_CASE("Catalog format 2: a malformed entry names the table, the member and the problem") {
  std::string json = dynamini::table_def_to_json(full_definition());
  auto replaced = [&](std::string_view from, std::string_view to) {
    std::string out = json;
    size_t at = out.find(from);
    REQUIRE(at != std::string::npos);
    return out.replace(at, from.size(), to);
  };
  // The entry is written in the newest format, which the messages name.
  const std::string entry = "catalog entry for table 'orders.v2' (format " +
                            std::to_string(dynamini::kCatalogFormatVersion) + "): ";
  CHECK(read_error("not json") == "catalog entry (format 0): not a JSON object");
  CHECK(read_error(replaced(R"("StorageId":42)", R"("StorageId":"42")")) ==
        entry + "StorageId: expected an integer");
  CHECK(read_error(replaced(R"("StorageNumber":7)", R"("Number":7)")) ==
        entry + "Indexes[1].Number: not a member of this format");
  CHECK(read_error(replaced(R"("ProjectionType":"KEYS_ONLY")", R"("ProjectionType":"SOME")")) ==
        entry +
            "Indexes[0].Projection.ProjectionType: expected ALL, KEYS_ONLY or INCLUDE, not "
            "\"SOME\"");
  CHECK(read_error(replaced(R"("TimeToLive":{"Enabled":false,)", R"("TimeToLive":{)")) ==
        entry + "TimeToLive.Enabled: missing");
}

TEST_CASE("Catalog format 0: an entry of the CreateTable-shaped format still reads") {
  // As main at 267e3d6 wrote a provisioned table with an LSI (no stream,
  // throughput on the table and its GSIs, StorageNumber per index).
  TableDef def = dynamini::table_def_from_json(
      R"({"TableName":"tbl","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
      R"({"AttributeName":"sk","AttributeType":"B"},{"AttributeName":"l","AttributeType":"N"}],)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],)"
      R"("BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":4},)"
      R"("LocalSecondaryIndexes":[{"IndexName":"L","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
      R"({"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"},)"
      R"("StorageNumber":4}],"DeletionProtectionEnabled":false,"StorageId":9,)"
      R"("CreationDateTime":1700000000,"TableId":"u9"})");
  CHECK(def.name == "tbl");
  CHECK(def.id == 9);
  CHECK(def.creation_time == 1700000000.0);
  CHECK(def.keys.range->name == "sk");
  CHECK(def.keys.range->type == ValueType::B);
  CHECK(def.throughput.read == 3);
  CHECK_FALSE(def.pay_per_request);
  REQUIRE(def.indexes.size() == 1);
  CHECK_FALSE(def.indexes[0].global);
  CHECK(def.indexes[0].number == 4);
  CHECK(def.indexes[0].keys.range->type == ValueType::N);
  CHECK(def.indexes[0].projection.type == IndexProjection::Type::kKeysOnly);
  CHECK_FALSE(def.stream.enabled);
  CHECK_FALSE(def.ttl.enabled);
  CHECK(contains(read_error(R"({"TableName":"x","AttributeDefinitions":[],)"
                            R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})"),
                 "catalog entry for table 'x' (format 0): KeySchema[0].AttributeName: attribute "
                 "\"pk\" is not in AttributeDefinitions"));
}

TEST_CASE("Catalog format 0: a database file written by main at 267e3d6 opens, unchanged") {
  fs::path file = fixture_copy("format0.db");
  auto rows = catalog_rows(file);
  REQUIRE(rows.size() == 2);
  CHECK(dynamini::catalog_format_version(rows["orders"]) == 0);
  CHECK(dynamini::catalog_format_version(rows["events"]) == 0);

  // The definitions, member by member.
  TableDef orders = dynamini::table_def_from_json(rows["orders"]);
  CHECK(orders.name == "orders");
  CHECK(orders.id == 1);
  CHECK(orders.table_uuid == "237bc39f-a1f7-efb9-6682-3b4675ca546b");
  CHECK(orders.creation_time == 1796172787.6);
  CHECK(orders.keys.hash.name == "pk");
  CHECK(orders.keys.hash.type == ValueType::S);
  CHECK(orders.keys.range->name == "sk");
  CHECK(orders.attribute_definitions.size() == 6);
  CHECK(orders.attribute_definitions[4].name == "blob");
  CHECK(orders.attribute_definitions[4].type == ValueType::B);
  CHECK_FALSE(orders.pay_per_request);
  CHECK(orders.throughput.read == 5);
  CHECK(orders.throughput.write == 7);
  CHECK(orders.deletion_protection);
  CHECK(orders.stream.enabled);
  CHECK(orders.stream.view_type == "NEW_AND_OLD_IMAGES");
  CHECK(orders.stream.label == "2026-12-02T00:53:07.600");
  CHECK(orders.ttl.enabled);
  CHECK(orders.ttl.attribute == "expires");
  REQUIRE(orders.indexes.size() == 3);
  const auto& gsi1 = orders.indexes[0];
  CHECK(gsi1.name == "GSI1");
  CHECK(gsi1.global);
  CHECK(gsi1.number == 1);
  CHECK(gsi1.keys.hash.name == "gsi1pk");
  CHECK(gsi1.keys.range->name == "gsi1sk");
  CHECK(gsi1.keys.range->type == ValueType::N);
  CHECK(gsi1.projection.type == IndexProjection::Type::kInclude);
  CHECK(gsi1.projection.non_key_attributes == std::vector<std::string>{"status", "note"});
  CHECK(gsi1.throughput.read == 2);
  CHECK(gsi1.throughput.write == 3);
  const auto& by_blob = orders.indexes[1];
  CHECK(by_blob.name == "ByBlob");
  CHECK(by_blob.number == 2);
  CHECK(by_blob.keys.hash.type == ValueType::B);
  CHECK_FALSE(by_blob.keys.range);
  CHECK(by_blob.projection.type == IndexProjection::Type::kKeysOnly);
  CHECK(by_blob.throughput.read == 1);
  const auto& by_total = orders.indexes[2];
  CHECK(by_total.name == "ByTotal");
  CHECK_FALSE(by_total.global);
  CHECK(by_total.number == 3);
  CHECK(by_total.keys.hash.name == "pk");
  CHECK(by_total.keys.range->name == "total");
  CHECK(by_total.projection.type == IndexProjection::Type::kAll);

  TableDef events = dynamini::table_def_from_json(rows["events"]);
  CHECK(events.id == 2);
  CHECK(events.pay_per_request);
  CHECK(events.last_update_to_pay_per_request == 1796172787.626);
  CHECK(events.keys.hash.type == ValueType::N);
  CHECK_FALSE(events.keys.range);
  CHECK(events.indexes.empty());
  CHECK_FALSE(events.stream.enabled);
  CHECK(events.stream.label == "2026-12-02T00:53:07.659");
  CHECK_FALSE(events.ttl.enabled);
  CHECK_FALSE(events.deletion_protection);

  {
    auto db = dynamini::Database::open({.path = file.string()});
    auto described = call(*db, "DescribeTable", R"({"TableName":"orders"})");
    const auto& table = described["Table"];
    CHECK(std::string(table["TableStatus"].GetString()) == "ACTIVE");
    CHECK(table["ItemCount"].GetInt64() == 1);
    CHECK(table["GlobalSecondaryIndexes"].Size() == 2);
    CHECK(table["LocalSecondaryIndexes"].Size() == 1);
    CHECK(std::string(table["LatestStreamLabel"].GetString()) == "2026-12-02T00:53:07.600");
    CHECK(table["DeletionProtectionEnabled"].GetBool());
    // The item, read through the table and through each index.
    auto got =
        call(*db, "GetItem",
             R"({"TableName":"orders","Key":{"pk":{"S":"USER#u1"},"sk":{"S":"ORDER#0001"}}})");
    const auto& item = got["Item"];
    CHECK(std::string(item["total"]["N"].GetString()) == "42.5");
    CHECK(std::string(item["blob"]["B"].GetString()) == "AAEC");
    CHECK(item["tags"]["SS"].Size() == 2);
    CHECK(std::string(item["lines"]["L"][0]["M"]["sku"]["S"].GetString()) == "X1");
    auto by_index =
        call(*db, "Query",
             R"({"TableName":"orders","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :p",)"
             R"("ExpressionAttributeValues":{":p":{"S":"OPEN"}}})");
    REQUIRE(by_index["Count"].GetInt() == 1);
    CHECK(by_index["Items"][0].HasMember("status"));
    CHECK_FALSE(by_index["Items"][0].HasMember("tags"));  // INCLUDE status, note only
    auto by_lsi = call(*db, "Query",
                       R"({"TableName":"orders","IndexName":"ByTotal","KeyConditionExpression":)"
                       R"("pk = :p AND #t > :n","ExpressionAttributeNames":{"#t":"total"},)"
                       R"("ExpressionAttributeValues":{":p":{"S":"USER#u1"},":n":{"N":"40"}}})");
    CHECK(by_lsi["Count"].GetInt() == 1);
    auto ttl = call(*db, "DescribeTimeToLive", R"({"TableName":"orders"})");
    CHECK(std::string(ttl["TimeToLiveDescription"]["AttributeName"].GetString()) == "expires");
    auto event = call(*db, "GetItem", R"({"TableName":"events","Key":{"id":{"N":"1"}}})");
    CHECK(std::string(event["Item"]["what"]["S"].GetString()) == "created");
    auto billing = call(*db, "DescribeTable", R"({"TableName":"events"})");
    CHECK(std::string(billing["Table"]["BillingModeSummary"]["BillingMode"].GetString()) ==
          "PAY_PER_REQUEST");
  }
  // Opening and reading rewrote nothing.
  CHECK(catalog_rows(file) == rows);

  // A change to one table saves that table's entry in the newest format, and only it.
  {
    auto db = dynamini::Database::open({.path = file.string()});
    call(
        *db, "UpdateTimeToLive",
        R"({"TableName":"events","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"until"}})");
  }
  auto after = catalog_rows(file);
  CHECK(after["orders"] == rows["orders"]);
  CHECK(dynamini::catalog_format_version(after["events"]) == dynamini::kCatalogFormatVersion);
  TableDef changed = dynamini::table_def_from_json(after["events"]);
  events.ttl = {true, "until"};
  check_same(changed, events);
  {
    auto db = dynamini::Database::open({.path = file.string()});
    auto event = call(*db, "GetItem", R"({"TableName":"events","Key":{"id":{"N":"1"}}})");
    CHECK(std::string(event["Item"]["what"]["S"].GetString()) == "created");
  }
}
