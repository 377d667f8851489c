// Example: dynamini in a GoogleTest suite, with a fixture that resets the
// shared in-process server before every test.
#include <gtest/gtest.h>

#include "dynamini/test_server.h"

class DynamoTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new dynamini::TestServer();
    server_->database().execute("CreateTable",
                                R"({"TableName":"orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
    server_->mark_initial_state();
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { server_->reset(); }

  static dynamini::TestServer* server_;
};

dynamini::TestServer* DynamoTest::server_ = nullptr;

TEST_F(DynamoTest, WritesAreVisible) {
  ASSERT_TRUE(server_->database()
                  .execute("PutItem", R"({"TableName":"orders","Item":{"id":{"S":"o1"}}})")
                  .ok());
  auto got =
      server_->database().execute("GetItem", R"({"TableName":"orders","Key":{"id":{"S":"o1"}}})");
  EXPECT_NE(got.body.find("\"o1\""), std::string::npos);
}

TEST_F(DynamoTest, EachTestStartsFromTheInitialState) {
  auto scan = server_->database().execute("Scan", R"({"TableName":"orders","Select":"COUNT"})");
  EXPECT_NE(scan.body.find("\"Count\":0"), std::string::npos);
  EXPECT_GT(server_->port(), 0);
}
