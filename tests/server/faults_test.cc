// Deterministic faults (dynamini/faults.h): the compact syntax, which calls a
// rule picks, and that route() answers the fault before anything is written.

#include "dynamini/faults.h"

#include <doctest/doctest.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "json_helpers.h"
#include "route.h"
#include "test_client.h"

namespace dynamini {
namespace {

using test::api_request;
using test::member;
using test::parse_json;

std::unique_ptr<Database> db_with_table() {
  auto db = Database::open();
  auto r = db->execute("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error->message));
  return db;
}

std::string put(const std::string& pk) {
  return R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("}}})";
}

// What a single-item call on tbl with partition key `pk` names (how the
// engine reads a request into CallTargets: engine_tests' call_targets_test.cc).
CallTargets item(const std::string& pk) {
  return CallTargets{.tables = {"tbl"}, .items = {{"tbl", pk}}};
}

TEST_CASE("faults: the compact syntax reads back as written") {
  const char* rules[] = {
      "op=PutItem,error=Throttling",
      "id=slow,table=orders,prefix=ORDER#,every=3,times=2,error=TransactionConflict,delay=50ms",
      "op=GetItem,probability=0.25,seed=9,error=InternalServerError",
  };
  for (const char* text : rules) CHECK(format_fault_rule(parse_fault_rule(text)) == text);
  CHECK(parse_fault_rule("delay=2s").delay_ms == 2000);
  CHECK(parse_fault_rule("error=ProvisionedThroughputExceededException").error ==
        FaultError::kProvisionedThroughputExceeded);
}

TEST_CASE("faults: a rule without an effect, or with a bad value, is refused") {
  for (const char* bad :
       {"op=PutItem", "error=Nope", "every=x,error=Throttling", "probability=2,error=Throttling",
        "colour=red,error=Throttling", "error", "delay=1h"}) {
    CHECK_THROWS_AS(parse_fault_rule(bad), std::invalid_argument);
  }
}

TEST_CASE("faults: every=3 fires on the third, sixth... matching call only") {
  FaultInjector faults;
  faults.add(parse_fault_rule("op=PutItem,every=3,error=Throttling"));
  std::string fired;
  for (int i = 1; i <= 7; ++i) {
    CHECK_FALSE(faults.apply("GetItem", item("a")));
    fired += faults.apply("PutItem", item("a")) ? "x" : ".";
  }
  CHECK(fired == "..x..x.");
  CHECK(faults.list()[0].matched == 7);
  CHECK(faults.list()[0].fired == 2);
}

TEST_CASE("faults: a seeded probability repeats the same sequence") {
  auto run = [&] {
    FaultInjector faults;
    faults.add(parse_fault_rule("probability=0.3,seed=42,error=Throttling"));
    std::string s;
    for (int i = 0; i < 40; ++i) s += faults.apply("PutItem", item("a")) ? "x" : ".";
    return s;
  };
  const std::string first = run();
  CHECK(first == run());
  CHECK(first.find('x') != std::string::npos);
  CHECK(first.find('.') != std::string::npos);
}

TEST_CASE("faults: times limits a rule, and the key prefix reads the partition key") {
  FaultInjector faults;
  faults.add(parse_fault_rule("prefix=hot,times=1,error=Throttling"));
  CHECK_FALSE(faults.apply("PutItem", item("cold")));
  CHECK(faults.apply("PutItem", item("hot1")));
  CHECK_FALSE(faults.apply("PutItem", item("hot2")));  // spent
}

TEST_CASE("faults: a transaction conflict names the item with the prefix") {
  FaultInjector faults;
  faults.add(parse_fault_rule("op=TransactWriteItems,prefix=B,error=TransactionConflict"));
  const CallTargets transaction{.tables = {"tbl"},
                                .items = {{"tbl", "A"}, {"tbl", "B1"}, {"tbl", "C"}},
                                .transaction = true,
                                .transaction_items = 3};
  auto error = faults.apply("TransactWriteItems", transaction);
  REQUIRE(error);
  CHECK(error->code == ErrorCode::kTransactionCanceled);
  CHECK(error->message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, "
        "TransactionConflict, None]");
  CHECK(
      error->extra_members_json ==
      R"("CancellationReasons":[{"Code":"None"},{"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"},{"Code":"None"}])");
}

TEST_CASE("faults: route() answers a faulted write before the database sees it") {
  auto db = db_with_table();
  ServerOptions options;
  options.faults = std::make_shared<FaultInjector>();
  options.faults->add(parse_fault_rule("op=PutItem,error=ProvisionedThroughputExceeded"));
  server::RouteContext context{.db = *db, .options = &options};
  auto response = server::route(context, api_request("DynamoDB_20120810.PutItem", put("k")));
  CHECK(response.result_int() == 400);
  CHECK(member(parse_json(response.body()), "__type") ==
        "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException");
  auto got = db->execute("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"k"}}})");
  CHECK(got.body == "{}");
  options.faults->clear();
  CHECK(server::route(context, api_request("DynamoDB_20120810.PutItem", put("k"))).result_int() ==
        200);
}

TEST_CASE("faults: InternalServerError is a 500") {
  auto error = fault_api_error(FaultError::kInternalServerError);
  REQUIRE(error);
  CHECK(error->http_status() == 500);
  CHECK(error->wire_type() == "com.amazonaws.dynamodb.v20120810#InternalServerError");
  CHECK_FALSE(fault_api_error(FaultError::kNone));
}

}  // namespace
}  // namespace dynamini
