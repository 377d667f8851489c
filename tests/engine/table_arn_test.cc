// A table's ARN wherever a table's name goes (context/table_reference.h): every
// operation's TableName, batch and transaction maps and PartiQL statements,
// with DynamoDB's errors for a malformed ARN or one of another account or
// region; responses keyed by what the request used.

#include <doctest/doctest.h>

#include "api_fixture.h"

namespace {

const std::string kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/inbox";
const std::string kKey = R"({"pk":{"S":"USER#a"},"sk":{"S":"#INBOX"}})";

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: every item operation takes the ARN as TableName") {
  create_inbox_like();
  call("PutItem", R"({"TableName":)" + quoted(kArn) + R"(,"Item":{"pk":{"S":"USER#a"},
       "sk":{"S":"#INBOX"},"n":{"N":"1"},"gsi1pk":{"S":"g"},"gsi1sk":{"S":"s"}}})");
  auto got = call("GetItem", R"({"TableName":)" + quoted(kArn) + R"(,"Key":)" + kKey + "}");
  CHECK(std::string(got["Item"]["n"]["N"].GetString()) == "1");
  call("UpdateItem", R"({"TableName":)" + quoted(kArn) + R"(,"Key":)" + kKey +
                         R"(,"UpdateExpression":"SET n = n + :one",
       "ExpressionAttributeValues":{":one":{"N":"1"}}})");
  auto q = call("Query", R"({"TableName":)" + quoted(kArn) + R"(,"IndexName":"GSI1",
       "KeyConditionExpression":"gsi1pk = :g","ExpressionAttributeValues":{":g":{"S":"g"}},
       "ReturnConsumedCapacity":"TOTAL"})");
  CHECK(q["Count"].GetInt() == 1);
  // ConsumedCapacity names the table as the request did (API reference).
  CHECK(std::string(q["ConsumedCapacity"]["TableName"].GetString()) == kArn);
  auto s = call("Scan", R"({"TableName":)" + quoted(kArn) + "}");
  CHECK(std::string(s["Items"][0]["n"]["N"].GetString()) == "2");
  call("DeleteItem", R"({"TableName":)" + quoted(kArn) + R"(,"Key":)" + kKey + "}");
  CHECK(call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 0);
}

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: the table operations take the ARN") {
  create_inbox_like();
  auto d = call("DescribeTable", R"({"TableName":)" + quoted(kArn) + "}");
  CHECK(std::string(d["Table"]["TableName"].GetString()) == "inbox");
  CHECK(std::string(d["Table"]["TableArn"].GetString()) == kArn);
  call("UpdateTimeToLive",
       R"({"TableName":)" + quoted(kArn) +
           R"(,"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"x"}})");
  auto ttl = call("DescribeTimeToLive", R"({"TableName":)" + quoted(kArn) + "}");
  CHECK(std::string(ttl["TimeToLiveDescription"]["AttributeName"].GetString()) == "x");
  call("UpdateTable", R"({"TableName":)" + quoted(kArn) + R"(,"DeletionProtectionEnabled":true})");
  CHECK(call("DescribeTable", R"({"TableName":"inbox"})")["Table"]["DeletionProtectionEnabled"]
            .GetBool());
  call("UpdateTable", R"({"TableName":)" + quoted(kArn) + R"(,"DeletionProtectionEnabled":false})");
  auto deleted = call("DeleteTable", R"({"TableName":)" + quoted(kArn) + "}");
  CHECK(std::string(deleted["TableDescription"]["TableStatus"].GetString()) == "DELETING");
  // A missing table is named by the name the ARN holds (ack-api-quirks DDB-TABLE-072).
  CHECK(fail("DescribeTable", R"({"TableName":)" + quoted(kArn) + "}").message ==
        "Requested resource not found: Table: inbox not found");
  // CreateTable takes the ARN too: it creates the table the ARN names.
  auto created = call("CreateTable", R"({"TableName":)" + quoted(kArn) + R"(,
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(std::string(created["TableDescription"]["TableName"].GetString()) == "inbox");
}

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: batch maps answer under the key the request used") {
  create_inbox_like();
  call("BatchWriteItem",
       R"({"RequestItems":{)" + quoted(kArn) +
           R"(:[{"PutRequest":{"Item":{"pk":{"S":"USER#a"},"sk":{"S":"#INBOX"}}}}]},
       "ReturnConsumedCapacity":"TOTAL"})");
  auto got = call("BatchGetItem", R"({"RequestItems":{)" + quoted(kArn) + R"(:{"Keys":[)" + kKey +
                                      R"(]}},"ReturnConsumedCapacity":"TOTAL"})");
  REQUIRE(got["Responses"].HasMember(kArn.c_str()));
  CHECK(got["Responses"][kArn.c_str()].Size() == 1);
  CHECK(std::string(got["ConsumedCapacity"][0]["TableName"].GetString()) == kArn);
  auto by_name = call("BatchGetItem", R"({"RequestItems":{"inbox":{"Keys":[)" + kKey + "]}}}");
  CHECK(by_name["Responses"].HasMember("inbox"));
}

TEST_CASE_FIXTURE(ApiFixture,
                  "Table ARN: transactions take it, and one item by name and ARN is one") {
  create_inbox_like();
  call("TransactWriteItems",
       R"({"TransactItems":[{"Put":{"TableName":)" + quoted(kArn) + R"(,"Item":)" + kKey + "}}]}");
  auto got = call("TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":)" + quoted(kArn) +
                                          R"(,"Key":)" + kKey + "}}]}");
  CHECK(got["Responses"][0].HasMember("Item"));
  auto e = fail("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"inbox","Item":)" +
                                          kKey + R"(}},
      {"Delete":{"TableName":)" + quoted(kArn) +
                                          R"(,"Key":)" + kKey + "}}]}");
  CHECK(e.message == "Transaction request cannot include multiple operations on one item");
}

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: PartiQL names a table by its ARN") {
  create_inbox_like();
  call("ExecuteStatement",
       R"({"Statement":"INSERT INTO \")" + kArn + R"(\" VALUE {'pk':'USER#b','sk':'#INBOX'}"})");
  auto r = call("ExecuteStatement",
                R"({"Statement":"SELECT * FROM \")" + kArn + R"(\" WHERE pk = 'USER#b'"})");
  CHECK(r["Items"].Size() == 1);
  auto batch =
      call("BatchExecuteStatement", R"({"Statements":[{"Statement":"SELECT * FROM \")" + kArn +
                                        R"(\" WHERE pk = 'USER#b' AND sk = '#INBOX'"}]})");
  // BatchStatementResponse.TableName is shape TableName: the name.
  CHECK(std::string(batch["Responses"][0]["TableName"].GetString()) == "inbox");
  // A transaction names its tables by ARN too: a write and a read, by the
  // name and by the ARN, reach the same table.
  auto tx = call("ExecuteTransaction", R"({"TransactStatements":[
    {"Statement":"UPDATE \")" + kArn + R"(\" SET n = 7 WHERE pk = 'USER#b' AND sk = '#INBOX'"},
    {"Statement":"INSERT INTO \"inbox\" VALUE {'pk':'USER#c','sk':'#INBOX'}"}]})");
  // Writes answer an empty Responses list (execute_transaction.cc).
  REQUIRE(tx["Responses"].IsArray());
  CHECK(tx["Responses"].Size() == 0);
  auto read = call("ExecuteTransaction", R"({"TransactStatements":[
    {"Statement":"SELECT n FROM \")" + kArn + R"(\" WHERE pk = 'USER#b' AND sk = '#INBOX'"},
    {"Statement":"SELECT pk FROM \")" + kArn +
                                             R"(\" WHERE pk = 'USER#c' AND sk = '#INBOX'"}]})");
  CHECK(std::string(read["Responses"][0]["Item"]["n"]["N"].GetString()) == "7");
  CHECK(std::string(read["Responses"][1]["Item"]["pk"]["S"].GetString()) == "USER#c");
}

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: another region, another account, a malformed ARN") {
  create_inbox_like();
  auto get = [&](const std::string& arn) {
    return fail("GetItem", R"({"TableName":)" + quoted(arn) + R"(,"Key":)" + kKey + "}");
  };
  const std::string west = "arn:aws:dynamodb:us-west-2:000000000000:table/inbox";
  auto region = get(west);
  CHECK(region.code == dynamini::ErrorCode::kValidation);
  CHECK(region.message == "1 validation error detected: Invalid AWS region in '" + west + "'");
  const std::string other = "arn:aws:dynamodb:us-east-1:111122223333:table/inbox";
  auto account = get(other);
  CHECK(account.code == dynamini::ErrorCode::kAccessDenied);
  CHECK(account.message ==
        "User: arn:aws:iam::000000000000:root is not authorized to perform: "
        "dynamodb:GetItem on resource: " +
            other +
            " because no resource-based policy allows the dynamodb:GetItem "
            "action");
  const std::string china = "arn:aws-cn:dynamodb:us-east-1:000000000000:table/inbox";
  CHECK(get(china).message ==
        "1 validation error detected: Invalid AWS partition in '" + china + "'");
  const std::string stream = "arn:aws:dynamodb:us-east-1:000000000000:stream/inbox";
  CHECK(get(stream).message ==
        "1 validation error detected: Invalid resource type in '" + stream + "'");
  for (const std::string& bad : {std::string("arn:aws:s3:::bucket"), kArn + "/index/GSI1",
                                 std::string("arn:aws:dynamodb:us-east-1")}) {
    auto e = get(bad);
    CHECK(e.code == dynamini::ErrorCode::kValidation);
    CHECK(e.message == "1 validation error detected: Invalid ARN format in '" + bad + "'");
  }
  // A missing table behind a good ARN is not found, as by name.
  CHECK(get("arn:aws:dynamodb:us-east-1:000000000000:table/nope").message ==
        "Requested resource not found");
}

TEST_CASE_FIXTURE(ApiFixture, "Table ARN: names keep the name's rules, ARNs TableArn's length") {
  auto e = fail("DescribeTable", R"({"TableName":"ab"})");
  CHECK(e.message ==
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3");
  e = fail("DescribeTable", R"({"TableName":""})");
  CHECK(e.message ==
        "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
  const std::string long_arn =
      "arn:aws:dynamodb:us-east-1:000000000000:table/" + std::string(1000, 'a');
  e = fail("DescribeTable", R"({"TableName":)" + quoted(long_arn) + "}");
  CHECK(
      e.message.ends_with("failed to satisfy constraint: Member must have length less than or "
                          "equal to 1024"));
}
