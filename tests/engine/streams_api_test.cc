// The DynamoDB Streams API: ListStreams, DescribeStream, GetShardIterator,
// GetRecords.

#include <string>

#include "streams_fixture.h"

namespace {

std::string put(const std::string& pk) {
  return R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("},"sk":{"S":"x"}}})";
}

}  // namespace

TEST_CASE_FIXTURE(StreamsFixture,
                  "ListStreams: lists streams, filters by table and pages with Limit") {
  create_table("aa1", "KEYS_ONLY");
  create_table("bb1", "KEYS_ONLY");
  create_table("cc1", "");
  auto all = call("ListStreams", "{}");
  REQUIRE(all["Streams"].Size() == 2);
  CHECK(std::string(all["Streams"][0]["TableName"].GetString()) == "aa1");
  CHECK_FALSE(all.HasMember("LastEvaluatedStreamArn"));
  auto one = call("ListStreams", R"({"TableName":"bb1"})");
  REQUIRE(one["Streams"].Size() == 1);
  CHECK(std::string(one["Streams"][0]["StreamArn"].GetString()) == stream_arn("bb1"));
  auto page = call("ListStreams", R"({"Limit":1})");
  REQUIRE(page["Streams"].Size() == 1);
  std::string last = page["LastEvaluatedStreamArn"].GetString();
  auto next = call("ListStreams", R"({"Limit":1,"ExclusiveStartStreamArn":")" + last + "\"}");
  REQUIRE(next["Streams"].Size() == 1);
  CHECK(std::string(next["Streams"][0]["TableName"].GetString()) == "bb1");
}

TEST_CASE_FIXTURE(StreamsFixture, "ListStreams: Limit 0 is a shape error") {
  auto e = fail("ListStreams", R"({"Limit":0})");
  CHECK(e.message ==
        "1 validation error detected: Value '0' at 'limit' failed to satisfy "
        "constraint: Member must have value greater than or equal to 1");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "DescribeStream: one ENABLED shard with a decimal starting sequence number") {
  create_table("tbl", "KEYS_ONLY");
  auto d = call("DescribeStream", R"({"StreamArn":")" + stream_arn("tbl") + R"("})");
  const auto& s = d["StreamDescription"];
  CHECK(std::string(s["StreamStatus"].GetString()) == "ENABLED");
  CHECK(std::string(s["StreamViewType"].GetString()) == "KEYS_ONLY");
  CHECK(std::string(s["TableName"].GetString()) == "tbl");
  CHECK(str(s["KeySchema"]) ==
        R"([{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}])");
  REQUIRE(s["Shards"].Size() == 1);
  std::string shard = s["Shards"][0]["ShardId"].GetString();
  CHECK(shard.size() <= 65);
  std::string start = s["Shards"][0]["SequenceNumberRange"]["StartingSequenceNumber"].GetString();
  CHECK(start.find_first_not_of("0123456789") == std::string::npos);
  CHECK_FALSE(s["Shards"][0]["SequenceNumberRange"].HasMember("EndingSequenceNumber"));
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "DescribeStream: a malformed ARN is a ValidationException, an unknown one ResourceNotFound") {
  CHECK(fail("DescribeStream",
             R"({"StreamArn":"sdfadfsdfnlfkajakfgjalksfgklasjklasdjfklasdfasdfgasf"})")
            .code == dynamini::ErrorCode::kValidation);
  auto e = fail(
      "DescribeStream",
      R"({"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/x/stream/2020-01-01T00:00:00.000"})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message ==
        "Requested resource not found: Stream: arn:aws:dynamodb:us-east-1:000000000000:"
        "table/x/stream/2020-01-01T00:00:00.000 not found");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "GetShardIterator: an unknown shard is ResourceNotFoundException") {
  create_table("tbl", "KEYS_ONLY");
  auto e = fail(
      "GetShardIterator",
      R"({"StreamArn":")" + stream_arn("tbl") +
          R"(","ShardId":"semprinidfaasdasfsdvacsdcfsdsvsdvsdvsdvsdvsdv","ShardIteratorType":"LATEST"})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "GetShardIterator: AT_SEQUENCE_NUMBER needs a SequenceNumber, LATEST refuses one") {
  create_table("tbl", "KEYS_ONLY");
  std::string arn = stream_arn("tbl");
  std::string base = R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard_id(arn) + "\"";
  CHECK(fail("GetShardIterator", base + R"(,"ShardIteratorType":"AT_SEQUENCE_NUMBER"})").code ==
        dynamini::ErrorCode::kValidation);
  CHECK(fail("GetShardIterator",
             base + R"(,"ShardIteratorType":"LATEST","SequenceNumber":"000000000000000000001"})")
            .code == dynamini::ErrorCode::kValidation);
  CHECK(fail("GetShardIterator", base + R"(,"ShardIteratorType":"bulle"})").code ==
        dynamini::ErrorCode::kValidation);
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "GetShardIterator: TRIM_HORIZON reads from the first record, LATEST only after it") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("1"));
  std::string arn = stream_arn("tbl");
  std::string latest = iterator(arn, "LATEST");
  call("PutItem", put("2"));
  auto from_latest = call("GetRecords", R"({"ShardIterator":")" + latest + R"("})");
  REQUIRE(from_latest["Records"].Size() == 1);
  CHECK(str(from_latest["Records"][0]["dynamodb"]["Keys"]["pk"]) == R"({"S":"2"})");
  CHECK(record_count("tbl") == 2);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "GetShardIterator: AT and AFTER_SEQUENCE_NUMBER start at and after a record") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("1"));
  call("PutItem", put("2"));
  call("PutItem", put("3"));
  auto all = records("tbl");
  std::string second = all["Records"][1]["dynamodb"]["SequenceNumber"].GetString();
  std::string arn = stream_arn("tbl");
  auto at = call("GetRecords",
                 R"({"ShardIterator":")" + iterator(arn, "AT_SEQUENCE_NUMBER", second) + R"("})");
  REQUIRE(at["Records"].Size() == 2);
  CHECK(str(at["Records"][0]["dynamodb"]["Keys"]["pk"]) == R"({"S":"2"})");
  auto after = call("GetRecords", R"({"ShardIterator":")" +
                                      iterator(arn, "AFTER_SEQUENCE_NUMBER", second) + R"("})");
  REQUIRE(after["Records"].Size() == 1);
  CHECK(str(after["Records"][0]["dynamodb"]["Keys"]["pk"]) == R"({"S":"3"})");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "GetRecords: Limit pages through NextShardIterator without loss or repeat") {
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 5; ++i) call("PutItem", put(std::to_string(i)));
  std::string it = iterator(stream_arn("tbl"), "TRIM_HORIZON");
  std::string seen;
  for (int page = 0; page < 4; ++page) {
    auto r = call("GetRecords", R"({"ShardIterator":")" + it + R"(","Limit":2})");
    for (const auto& rec : r["Records"].GetArray())
      seen += rec["dynamodb"]["Keys"]["pk"]["S"].GetString();
    it = r["NextShardIterator"].GetString();
  }
  CHECK(seen == "01234");
}

TEST_CASE_FIXTURE(StreamsFixture, "GetRecords: Limit above 1000 is a shape error") {
  auto e = fail("GetRecords", R"({"ShardIterator":"x","Limit":1001})");
  CHECK(e.message ==
        "1 validation error detected: Value '1001' at 'limit' failed to satisfy "
        "constraint: Member must have value less than or equal to 1000");
}

TEST_CASE_FIXTURE(StreamsFixture, "GetRecords: a mangled iterator is a ValidationException") {
  auto e = fail("GetRecords",
                R"({"ShardIterator":"sdfsdfsgagaddafgagasgasgasdfasdfasdfasdfasdgasdasdgasdg"})");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Invalid ShardIterator");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "GetRecords: an iterator older than 15 minutes is ExpiredIteratorException") {
  create_table("tbl", "KEYS_ONLY");
  std::string it = iterator(stream_arn("tbl"), "TRIM_HORIZON");
  advance_ms(15 * 60 * 1000 + 1);
  auto e = fail("GetRecords", R"({"ShardIterator":")" + it + R"("})");
  CHECK(e.code == dynamini::ErrorCode::kExpiredIterator);
}

TEST_CASE_FIXTURE(StreamsFixture, "GetRecords: records older than 24 hours are trimmed") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("old"));
  std::string arn = stream_arn("tbl");
  std::string first = records("tbl")["Records"][0]["dynamodb"]["SequenceNumber"].GetString();
  advance_ms(24LL * 60 * 60 * 1000 - 60 * 1000);
  call("PutItem", put("new"));
  advance_ms(2 * 60 * 1000);
  auto r = records("tbl");
  REQUIRE(r["Records"].Size() == 1);
  CHECK(str(r["Records"][0]["dynamodb"]["Keys"]["pk"]) == R"({"S":"new"})");
  std::string req = R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard_id(arn) +
                    R"(","ShardIteratorType":"AT_SEQUENCE_NUMBER","SequenceNumber":")" + first +
                    "\"}";
  CHECK(fail("GetShardIterator", req).code == dynamini::ErrorCode::kTrimmedDataAccess);
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "Streams: a deleted table's stream is DISABLED with a closed shard and still readable") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("1"));
  std::string arn = stream_arn("tbl");
  std::string it = iterator(arn, "TRIM_HORIZON");
  call("DeleteTable", R"({"TableName":"tbl"})");
  auto d = call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  CHECK(std::string(d["StreamDescription"]["StreamStatus"].GetString()) == "DISABLED");
  CHECK(
      d["StreamDescription"]["Shards"][0]["SequenceNumberRange"].HasMember("EndingSequenceNumber"));
  auto r = call("GetRecords", R"({"ShardIterator":")" + it + R"("})");
  CHECK(r["Records"].Size() == 1);
  CHECK_FALSE(r.HasMember("NextShardIterator"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: a deleted table's stream is gone after 24 hours") {
  create_table("tbl", "KEYS_ONLY");
  std::string arn = stream_arn("tbl");
  call("DeleteTable", R"({"TableName":"tbl"})");
  advance_ms(24LL * 60 * 60 * 1000 + 1);
  CHECK(call("ListStreams", "{}")["Streams"].Size() == 0);
  CHECK(fail("DescribeStream", R"({"StreamArn":")" + arn + R"("})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}
