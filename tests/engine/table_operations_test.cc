#include <regex>

#include "api_fixture.h"

TEST_CASE_FIXTURE(ApiFixture, "CreateTable then DescribeTable reports keys, index and ACTIVE") {
  auto created = call("CreateTable", R"({"TableName":"tab1",
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
    "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  CHECK(std::string(created["TableDescription"]["TableStatus"].GetString()) == "CREATING");
  auto described = call("DescribeTable", R"({"TableName":"tab1"})");
  const auto& table = described["Table"];
  CHECK(std::string(table["TableStatus"].GetString()) == "ACTIVE");
  CHECK(std::string(table["KeySchema"][0]["AttributeName"].GetString()) == "id");
  CHECK(table["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 5);
  CHECK(std::string(table["TableArn"].GetString()) ==
        "arn:aws:dynamodb:us-east-1:000000000000:table/tab1");
}

TEST_CASE_FIXTURE(ApiFixture, "CreateTable: an existing name is ResourceInUseException") {
  create_inbox_like("tab");
  auto error = fail("CreateTable", R"({"TableName":"tab",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(std::string(error.name()) == "ResourceInUseException");
  CHECK(error.message == "Table already exists: tab");
}

TEST_CASE_FIXTURE(ApiFixture, "CreateTable: shape errors are reported together, DynamoDB style") {
  auto error = fail("CreateTable", R"({"TableName":"a"})");
  CHECK(std::string(error.name()) == "ValidationException");
  CHECK(error.message ==
        "3 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy "
        "constraint: Member must not be null; Value 'a' at 'tableName' failed to satisfy "
        "constraint: Member must have length greater than or equal to 3; Value null at "
        "'keySchema' failed to satisfy constraint: Member must not be null");
}

TEST_CASE_FIXTURE(ApiFixture, "CreateTable: undefined key attribute is rejected") {
  auto error = fail("CreateTable", R"({"TableName":"abc",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"b","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(error.message ==
        "One or more parameter values were invalid: Some index key attributes are not defined in "
        "AttributeDefinitions. Keys: [b], AttributeDefinitions: [a]");
}

TEST_CASE_FIXTURE(ApiFixture, "ListTables pages with Limit and ExclusiveStartTableName") {
  for (const char* name : {"ccc", "aaa", "bbb"}) create_inbox_like(name);
  auto first = call("ListTables", R"({"Limit":2})");
  CHECK(str(first["TableNames"]) == R"(["aaa","bbb"])");
  CHECK(std::string(first["LastEvaluatedTableName"].GetString()) == "bbb");
  auto second = call("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"bbb"})");
  CHECK(str(second["TableNames"]) == R"(["ccc"])");
  CHECK_FALSE(second.HasMember("LastEvaluatedTableName"));
}

TEST_CASE_FIXTURE(ApiFixture, "DeleteTable removes the table and its items") {
  create_inbox_like("gone");
  call("PutItem", R"({"TableName":"gone","Item":{"pk":{"S":"a"},"sk":{"S":"b"}}})");
  auto deleted = call("DeleteTable", R"({"TableName":"gone"})");
  CHECK(std::string(deleted["TableDescription"]["TableStatus"].GetString()) == "DELETING");
  auto error = fail("DescribeTable", R"({"TableName":"gone"})");
  CHECK(std::string(error.name()) == "ResourceNotFoundException");
  CHECK(error.message == "Requested resource not found: Table: gone not found");
  create_inbox_like("gone");
  auto scan = call("Scan", R"({"TableName":"gone"})");
  CHECK(scan["Count"].GetInt() == 0);
}

TEST_CASE_FIXTURE(ApiFixture, "Unknown operation is UnknownOperationException") {
  auto result = db->execute("FlyToTheMoon", "{}");
  REQUIRE_FALSE(result.ok());
  CHECK(std::string(result.error->name()) == "UnknownOperationException");
}

TEST_CASE_FIXTURE(ApiFixture, "Malformed JSON is SerializationException") {
  auto result = db->execute("ListTables", "{\"Limit\":");
  REQUIRE_FALSE(result.ok());
  CHECK(std::string(result.error->name()) == "SerializationException");
  CHECK(result.error->http_status() == 400);
}

TEST_CASE("File database keeps tables and items across reopen") {
  std::string path = "/tmp/dynamini-reopen-test.db";
  std::remove(path.c_str());
  std::remove((path + "-wal").c_str());
  std::remove((path + "-shm").c_str());
  {
    ApiFixture f;
    f.db = dynamini::Database::open({.path = path});
    f.create_inbox_like("kept");
    f.call(
        "PutItem",
        R"({"TableName":"kept","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"gsi1pk":{"S":"g"},"gsi1sk":{"S":"h"}}})");
  }
  ApiFixture f;
  f.db = dynamini::Database::open({.path = path});
  auto got = f.call("GetItem", R"({"TableName":"kept","Key":{"pk":{"S":"a"},"sk":{"S":"b"}}})");
  CHECK(got.HasMember("Item"));
  auto q = f.call(
      "Query",
      R"({"TableName":"kept","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :g","ExpressionAttributeValues":{":g":{"S":"g"}}})");
  CHECK(q["Count"].GetInt() == 1);
  std::remove(path.c_str());
}

// TableId is a random version-4 UUID in lowercase (the API model's TableId
// pattern; scylladb test/alternator/test_table.py checks the form on AWS).
TEST_CASE_FIXTURE(ApiFixture, "CreateTable: TableId is a random version-4 UUID") {
  const std::regex v4("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
  create_inbox_like("uuid1");
  create_inbox_like("uuid2");
  const std::string first =
      call("DescribeTable", R"({"TableName":"uuid1"})")["Table"]["TableId"].GetString();
  const std::string second =
      call("DescribeTable", R"({"TableName":"uuid2"})")["Table"]["TableId"].GetString();
  CHECK(std::regex_match(first, v4));
  CHECK(std::regex_match(second, v4));
  CHECK(first != second);
}
