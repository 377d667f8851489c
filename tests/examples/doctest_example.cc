// Example: dynamini in a doctest suite. One in-process server for the whole
// run; every test starts from the same state thanks to reset().
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "dynamini/test_server.h"

namespace {

// Started on first use; serves until the test process exits.
dynamini::TestServer& dynamo() {
  static dynamini::TestServer& server = *[] {
    auto* s = new dynamini::TestServer();
    s->database().execute("CreateTable", R"({"TableName":"orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
    s->mark_initial_state();
    return s;
  }();
  return server;
}

// Each test case resets, so order and leftovers never matter.
struct Fresh {
  Fresh() { dynamo().reset(); }
};

}  // namespace

TEST_CASE_FIXTURE(Fresh, "example: an order written by the code under test can be read back") {
  auto put =
      dynamo().database().execute("PutItem", R"({"TableName":"orders","Item":{"id":{"S":"o1"}}})");
  REQUIRE(put.ok());
  auto scan = dynamo().database().execute("Scan", R"({"TableName":"orders","Select":"COUNT"})");
  CHECK(scan.body.find("\"Count\":1") != std::string::npos);
}

TEST_CASE_FIXTURE(Fresh, "example: the next test starts empty again") {
  auto scan = dynamo().database().execute("Scan", R"({"TableName":"orders","Select":"COUNT"})");
  CHECK(scan.body.find("\"Count\":0") != std::string::npos);
  CHECK(dynamo().endpoint().rfind("http://127.0.0.1:", 0) == 0);
}
