// Stream records written by item writes: view types, event names, no record
// for writes that change nothing, atomicity with the write, ordering.

#include <string>

#include "streams_fixture.h"

namespace {

const char kPut[] = R"({"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"v":{"N":"1"}}})";
const char kModify[] =
    R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"UpdateExpression":"SET v = :v",
        "ExpressionAttributeValues":{":v":{"N":"2"}}})";
const char kDelete[] = R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})";

}  // namespace

TEST_CASE_FIXTURE(
    StreamsFixture,
    "Streams: INSERT, MODIFY and REMOVE records carry both images under NEW_AND_OLD_IMAGES") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call("PutItem", kPut);
  call("UpdateItem", kModify);
  call("DeleteItem", kDelete);
  auto r = records("tbl");
  const auto& list = r["Records"];
  REQUIRE(list.Size() == 3);
  CHECK(std::string(list[0]["eventName"].GetString()) == "INSERT");
  CHECK(std::string(list[1]["eventName"].GetString()) == "MODIFY");
  CHECK(std::string(list[2]["eventName"].GetString()) == "REMOVE");
  CHECK(str(list[0]["dynamodb"]["Keys"]) == R"({"pk":{"S":"a"},"sk":{"S":"1"}})");
  CHECK(str(list[0]["dynamodb"]["NewImage"]["v"]) == R"({"N":"1"})");
  CHECK_FALSE(list[0]["dynamodb"].HasMember("OldImage"));
  CHECK(str(list[1]["dynamodb"]["OldImage"]["v"]) == R"({"N":"1"})");
  CHECK(str(list[1]["dynamodb"]["NewImage"]["v"]) == R"({"N":"2"})");
  CHECK(str(list[2]["dynamodb"]["OldImage"]["v"]) == R"({"N":"2"})");
  CHECK_FALSE(list[2]["dynamodb"].HasMember("NewImage"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: a record has DynamoDB's envelope fields") {
  create_table("tbl", "NEW_IMAGE");
  call("PutItem", kPut);
  auto r = records("tbl");
  const auto& rec = r["Records"][0];
  CHECK(std::string(rec["eventVersion"].GetString()) == "1.1");
  CHECK(std::string(rec["eventSource"].GetString()) == "aws:dynamodb");
  CHECK(std::string(rec["awsRegion"].GetString()) == "us-east-1");
  CHECK(std::string(rec["eventID"].GetString()).size() == 32);
  CHECK(rec["dynamodb"]["ApproximateCreationDateTime"].GetInt64() == 1700000000);
  CHECK(std::string(rec["dynamodb"]["StreamViewType"].GetString()) == "NEW_IMAGE");
  CHECK(rec["dynamodb"]["SizeBytes"].GetInt64() > 0);
  CHECK(std::string(rec["dynamodb"]["SequenceNumber"].GetString()).size() >= 21);
  CHECK_FALSE(rec.HasMember("userIdentity"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: KEYS_ONLY records carry keys and no image") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", kPut);
  call("UpdateItem", kModify);
  auto r = records("tbl");
  for (const auto& rec : r["Records"].GetArray()) {
    CHECK(rec["dynamodb"].HasMember("Keys"));
    CHECK_FALSE(rec["dynamodb"].HasMember("NewImage"));
    CHECK_FALSE(rec["dynamodb"].HasMember("OldImage"));
  }
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: NEW_IMAGE records carry only the new image") {
  create_table("tbl", "NEW_IMAGE");
  call("PutItem", kPut);
  call("UpdateItem", kModify);
  call("DeleteItem", kDelete);
  auto r = records("tbl");
  const auto& list = r["Records"];
  REQUIRE(list.Size() == 3);
  CHECK(str(list[1]["dynamodb"]["NewImage"]["v"]) == R"({"N":"2"})");
  CHECK_FALSE(list[1]["dynamodb"].HasMember("OldImage"));
  CHECK_FALSE(list[2]["dynamodb"].HasMember("NewImage"));
  CHECK_FALSE(list[2]["dynamodb"].HasMember("OldImage"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: OLD_IMAGE records carry only the old image") {
  create_table("tbl", "OLD_IMAGE");
  call("PutItem", kPut);
  call("UpdateItem", kModify);
  auto r = records("tbl");
  const auto& list = r["Records"];
  REQUIRE(list.Size() == 2);
  CHECK_FALSE(list[0]["dynamodb"].HasMember("NewImage"));
  CHECK_FALSE(list[0]["dynamodb"].HasMember("OldImage"));
  CHECK(str(list[1]["dynamodb"]["OldImage"]["v"]) == R"({"N":"1"})");
  CHECK_FALSE(list[1]["dynamodb"].HasMember("NewImage"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: a PutItem of an identical item writes no record") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call("PutItem", kPut);
  call("PutItem", kPut);
  CHECK(record_count("tbl") == 1);
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: an UpdateItem that changes nothing writes no record") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call("PutItem", kPut);
  call("UpdateItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"N":"1.0"}}})");
  call("UpdateItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"REMOVE absentattr"})");
  CHECK(record_count("tbl") == 1);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: an UpdateItem that only removes, of a missing item, writes nothing") {
  // scylladb test/alternator/test_item.py test_update_item_non_existent (run
  // against DynamoDB): such an update does not create the item.
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  auto out = call("UpdateItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"REMOVE absentattr","ReturnValues":"ALL_NEW"})");
  CHECK(!out.HasMember("Attributes"));
  CHECK(record_count("tbl") == 0);
  auto got = call("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  CHECK(!got.HasMember("Item"));
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: deleting a missing item writes no record") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call("DeleteItem", kDelete);
  CHECK(record_count("tbl") == 0);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: a failed condition writes neither the item nor a record") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call("PutItem", kPut);
  auto e =
      fail("PutItem", R"J({"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"v":{"N":"9"}},
    "ConditionExpression":"attribute_not_exists(pk)"})J");
  CHECK(e.code == dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(record_count("tbl") == 1);
  auto got = call("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  CHECK(str(got["Item"]["v"]) == R"({"N":"1"})");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: a BatchWriteItem rejected for one bad member writes no record") {
  create_table("tbl", "KEYS_ONLY");
  fail("BatchWriteItem", R"({"RequestItems":{"tbl":[
    {"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"PutRequest":{"Item":{"pk":{"S":"b"}}}}]}})");
  CHECK(record_count("tbl") == 0);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: BatchWriteItem writes one record per changed item, in order") {
  create_table("tbl", "KEYS_ONLY");
  call("BatchWriteItem", R"({"RequestItems":{"tbl":[
    {"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"S":"1"}}}},
    {"DeleteRequest":{"Key":{"pk":{"S":"zz"},"sk":{"S":"1"}}}}]}})");
  auto r = records("tbl");
  REQUIRE(r["Records"].Size() == 2);
  CHECK(str(r["Records"][0]["dynamodb"]["Keys"]["pk"]) == R"({"S":"a"})");
  CHECK(str(r["Records"][1]["dynamodb"]["Keys"]["pk"]) == R"({"S":"b"})");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Streams: sequence numbers increase in commit order across tables") {
  create_table("tbl", "KEYS_ONLY");
  create_table("ubl", "KEYS_ONLY");
  call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"1"},"sk":{"S":"x"}}})");
  call("PutItem", R"({"TableName":"ubl","Item":{"pk":{"S":"2"},"sk":{"S":"x"}}})");
  call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"3"},"sk":{"S":"x"}}})");
  auto t = records("tbl");
  auto u = records("ubl");
  std::string s1 = t["Records"][0]["dynamodb"]["SequenceNumber"].GetString();
  std::string s2 = u["Records"][0]["dynamodb"]["SequenceNumber"].GetString();
  std::string s3 = t["Records"][1]["dynamodb"]["SequenceNumber"].GetString();
  CHECK(s1.size() == s2.size());
  CHECK(s1 < s2);
  CHECK(s2 < s3);
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: a table without a stream writes no records") {
  create_table("tbl", "");
  call("PutItem", kPut);
  auto listed = call("ListStreams", "{}");
  CHECK(listed["Streams"].Size() == 0);
}

TEST_CASE_FIXTURE(StreamsFixture, "Streams: TransactWriteItems writes a record per changed item") {
  create_table("tbl", "NEW_IMAGE");
  call("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"Put":{"TableName":"tbl","Item":{"pk":{"S":"b"},"sk":{"S":"1"}}}}]})");
  CHECK(record_count("tbl") == 2);
}
