// The wire-level renderings the console, --log-requests and the pattern
// transcripts share: the AWS CLI command of a call and its capacity units.

#include <doctest/doctest.h>

#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"

namespace dynamini {
namespace {

TEST_CASE("aws_cli_command: kebab-case command and options, shell-quoted JSON values") {
  CHECK(aws_cli_command("DynamoDB_20120810.BatchWriteItem",
                        R"({"RequestItems":{"t":[]},"ReturnConsumedCapacity":"TOTAL"})",
                        "http://127.0.0.1:8000") ==
        "aws dynamodb batch-write-item --request-items '{\"t\":[]}' "
        "--return-consumed-capacity TOTAL --endpoint-url http://127.0.0.1:8000");
  CHECK(aws_cli_command("DynamoDB_20120810.PutItem",
                        R"({"TableName":"t","Item":{"s":{"S":"it's"}}})", "") ==
        R"(aws dynamodb put-item --table-name t --item '{"s":{"S":"it'\''s"}}')");
}

TEST_CASE("aws_cli_command: paginator members go in --cli-input-json with --no-paginate") {
  CHECK(aws_cli_command("Query", R"({"TableName":"t","Limit":2,"ScanIndexForward":false})", "") ==
        R"(aws dynamodb query --table-name t --no-scan-index-forward )"
        R"(--cli-input-json '{"Limit":2}' --no-paginate)");
}

TEST_CASE("aws_cli_command: streams operations are dynamodbstreams; bad JSON goes whole") {
  CHECK(aws_cli_command("DynamoDBStreams_20120810.GetRecords", R"({"ShardIterator":"x"})", "") ==
        "aws dynamodbstreams get-records --shard-iterator x");
  CHECK(aws_cli_command("GetItem", "{oops", "") ==
        "aws dynamodb get-item --cli-input-json '{oops'");
}

TEST_CASE("capacity_units: reads and writes by operation, lists summed") {
  CapacityUnits read = capacity_units("GetItem", "{}", R"({"TableName":"t","CapacityUnits":0.5})");
  CHECK(read.reported);
  CHECK(read.read == 0.5);
  CHECK(read.write == 0);
  CHECK(capacity_text(read) == "0.5 RCU");
  CapacityUnits write = capacity_units(
      "TransactWriteItems", "{}",
      R"([{"TableName":"a","CapacityUnits":4},{"TableName":"b","CapacityUnits":2}])");
  CHECK(write.write == 6);
  CHECK(capacity_text(write) == "6.0 WCU");
}

TEST_CASE("capacity_units: a Read/WriteCapacityUnits split is taken as given") {
  CapacityUnits units =
      capacity_units("TransactWriteItems", "{}",
                     R"({"CapacityUnits":3,"ReadCapacityUnits":1,"WriteCapacityUnits":2})");
  CHECK(units.read == 1);
  CHECK(units.write == 2);
  CHECK(capacity_text(units) == "1.0 RCU + 2.0 WCU");
}

TEST_CASE("capacity_units: PartiQL reads only when every statement is a SELECT") {
  const char* consumed = R"({"CapacityUnits":1})";
  CHECK(capacity_units("ExecuteStatement", R"({"Statement":" select * from t"})", consumed).read ==
        1);
  CHECK(
      capacity_units("ExecuteStatement", R"({"Statement":"INSERT INTO t VALUE {'a':1}"})", consumed)
          .write == 1);
  CHECK(capacity_units("ExecuteTransaction",
                       R"({"TransactStatements":[{"Statement":"SELECT a FROM t"},)"
                       R"({"Statement":"UPDATE t SET b=1"}]})",
                       consumed)
            .write == 1);
}

TEST_CASE("capacity_units: nothing reported gives no text; zero is still said") {
  CHECK(!capacity_units("GetItem", "{}", "").reported);
  CHECK(capacity_text(capacity_units("GetItem", "{}", "")).empty());
  CHECK(capacity_json(capacity_units("GetItem", "{}", "")) == "null");
  CHECK(capacity_text(capacity_units("DeleteItem", "{}", R"({"CapacityUnits":0})")) == "0.0 WCU");
  CHECK(capacity_json(capacity_units("Scan", "{}", R"({"CapacityUnits":0.5})")) ==
        R"({"read":0.5,"write":0.0,"text":"0.5 RCU"})");
}

}  // namespace
}  // namespace dynamini
