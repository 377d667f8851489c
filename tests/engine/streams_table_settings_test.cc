// StreamSpecification on CreateTable and UpdateTable (apply_stream_specification),
// and the stream members of TableDescription.

#include <string>

#include "catalog/catalog_format.h"
#include "catalog/stream_settings.h"
#include "catalog/table_def.h"
#include "streams_fixture.h"
#include "tables/table_binding.h"

TEST_CASE_FIXTURE(
    StreamsFixture,
    "Streams: CreateTable with a stream describes StreamSpecification, label and ARN") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  const auto& table = d["Table"];
  CHECK(str(table["StreamSpecification"]) ==
        R"({"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"})");
  CHECK(std::string(table["LatestStreamLabel"].GetString()) == "2023-11-14T22:13:20.000");
  CHECK(std::string(table["LatestStreamArn"].GetString()) ==
        "arn:aws:dynamodb:us-east-1:000000000000:table/tbl/stream/2023-11-14T22:13:20.000");
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: a table without a stream has no stream members") {
  create_table("tbl", "");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK_FALSE(d["Table"].HasMember("StreamSpecification"));
  CHECK_FALSE(d["Table"].HasMember("LatestStreamArn"));
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: CreateTable refuses an enabled stream without a view type") {
  auto e = fail("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "StreamSpecification":{"StreamEnabled":true}})");
  CHECK(e.message ==
        "One or more parameter values were invalid: Table is being created with a stream enabled, "
        "UpdateViewType is required");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: CreateTable refuses an unknown StreamViewType as a shape error") {
  auto e = fail("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"Fisk"}})");
  CHECK(e.message.find("Value 'Fisk' at 'streamSpecification.streamViewType' failed to satisfy "
                       "constraint: Member must satisfy enum value set") != std::string::npos);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: CreateTable with StreamEnabled false creates no stream") {
  call("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "StreamSpecification":{"StreamEnabled":false}})");
  CHECK(call("ListStreams", "{}")["Streams"].Size() == 0);
}

TEST_CASE("Streams: apply_stream_specification refuses enabling an enabled stream") {
  dynamini::TableDef def;
  def.name = "tbl";
  def.stream = {true, "KEYS_ONLY", "2023-01-01T00:00:00.000"};
  dynamini::api::StreamSpecification spec{true, dynamini::api::StreamViewType::kNewImage};
  try {
    dynamini::apply_stream_specification(def, spec, 1700000000000);
    FAIL("no error");
  } catch (const dynamini::ApiError& e) {
    CHECK(e.message == "Table already has an enabled stream: TableName: tbl");
  }
}

TEST_CASE("Streams: apply_stream_specification refuses disabling a table without a stream") {
  dynamini::TableDef def;
  def.name = "tbl";
  dynamini::api::StreamSpecification spec{false, std::nullopt};
  try {
    dynamini::apply_stream_specification(def, spec, 1700000000000);
    FAIL("no error");
  } catch (const dynamini::ApiError& e) {
    CHECK(e.message == "Table has no stream to disable: TableName: tbl");
  }
}

TEST_CASE("Streams: re-enabling a stream in the same millisecond gets a later label") {
  dynamini::TableDef def;
  def.name = "tbl";
  def.stream = {false, "", dynamini::stream_label_at(1700000000000)};
  dynamini::api::StreamSpecification spec{true, dynamini::api::StreamViewType::kKeysOnly};
  dynamini::apply_stream_specification(def, spec, 1700000000000);
  CHECK(def.stream.enabled);
  CHECK(def.stream.label == "2023-11-14T22:13:20.001");
}

TEST_CASE("Streams: stream settings survive the catalog round trip") {
  dynamini::TableDef def;
  def.name = "tbl";
  def.pay_per_request = true;
  def.keys.hash = {"pk", dynamini::ValueType::S};
  def.attribute_definitions.push_back(def.keys.hash);
  def.stream = dynamini::bind_stream_for_create(
      dynamini::api::StreamSpecification{true, dynamini::api::StreamViewType::kOldImage});
  def.stream.label = "2023-11-14T22:13:20.000";
  def.ttl = {true, "expires"};
  def.table_uuid = "u";
  auto back = dynamini::table_def_from_json(dynamini::table_def_to_json(def));
  CHECK(back.stream.enabled);
  CHECK(back.stream.view_type == "OLD_IMAGE");
  CHECK(back.stream.label == def.stream.label);
  CHECK(back.ttl.enabled);
  CHECK(back.ttl.attribute == "expires");
}

TEST_CASE("Streams: parse_stream_arn splits table name and label") {
  auto name = dynamini::parse_stream_arn(
      "arn:aws:dynamodb:eu-west-3:123:table/my.table/stream/2023-11-14T22:13:20.000");
  REQUIRE(name.has_value());
  CHECK(name->table_name == "my.table");
  CHECK(name->label == "2023-11-14T22:13:20.000");
  CHECK_FALSE(dynamini::parse_stream_arn("sdfadfsdfnlfkajakfgjalksfgklasjklasdjfklasdfasdfgasf"));
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "Streams: UpdateTable enables a stream, then disabling it leaves it DISABLED and readable") {
  create_table("tbl", "");
  call(
      "UpdateTable",
      R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})");
  std::string arn = stream_arn("tbl");
  call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  call("UpdateTable", R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":false}})");
  auto d = call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  CHECK(std::string(d["StreamDescription"]["StreamStatus"].GetString()) == "DISABLED");
  call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"b"},"sk":{"S":"1"}}})");
  CHECK(record_count("tbl") == 1);
  auto t = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK_FALSE(t["Table"].HasMember("StreamSpecification"));
  CHECK(std::string(t["Table"]["LatestStreamArn"].GetString()) == arn);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: re-enabling through UpdateTable starts a new stream with a new label") {
  create_table("tbl", "KEYS_ONLY");
  std::string first = stream_arn("tbl");
  call("UpdateTable", R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":false}})");
  advance_ms(1000);
  call(
      "UpdateTable",
      R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"}})");
  std::string second = stream_arn("tbl");
  CHECK(first != second);
  CHECK(call("ListStreams", R"({"TableName":"tbl"})")["Streams"].Size() == 2);
  auto e = fail(
      "UpdateTable",
      R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"}})");
  CHECK(e.message == "Table already has an enabled stream: TableName: tbl");
}
