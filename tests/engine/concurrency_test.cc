// Concurrency through the embedded API (also run under ThreadSanitizer by
// tools/sanitize.sh): no lost update, no torn transaction, readers never see
// a partial write.
#include <atomic>
#include <thread>
#include <vector>

#include "api_fixture.h"

TEST_CASE_FIXTURE(ApiFixture, "Concurrency: conditional ADD from 8 threads loses no update") {
  create_inbox_like();
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"c"},"sk":{"S":"c"},"n":{"N":"0"}}})~");
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([this] {
      for (int i = 0; i < 200; ++i) {
        auto r = db->execute("UpdateItem",
                             R"~({"TableName":"inbox","Key":{"pk":{"S":"c"},"sk":{"S":"c"}},
          "UpdateExpression":"ADD n :one","ConditionExpression":"n >= :zero",
          "ExpressionAttributeValues":{":one":{"N":"1"},":zero":{"N":"0"}}})~");
        REQUIRE(r.ok());
      }
    });
  }
  for (auto& t : threads) t.join();
  auto got = call("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"c"},"sk":{"S":"c"}}})~");
  CHECK(std::string(got["Item"]["n"]["N"].GetString()) == "1600");
}

TEST_CASE_FIXTURE(ApiFixture, "Concurrency: readers never see a transaction half-applied") {
  create_inbox_like();
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"acct"},"sk":{"S":"a"},"n":{"N":"100"}}})~");
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"acct"},"sk":{"S":"b"},"n":{"N":"0"}}})~");
  std::atomic<bool> done{false};
  std::atomic<int> torn{0};
  std::thread reader([&] {
    while (!done) {
      auto r = db->execute("Query", R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p",
        "ExpressionAttributeValues":{":p":{"S":"acct"}}})~");
      rapidjson::Document doc;
      doc.Parse(r.body.c_str());
      int sum = 0;
      for (const auto& item : doc["Items"].GetArray()) sum += std::stoi(item["n"]["N"].GetString());
      if (sum != 100) ++torn;
    }
  });
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([this] {
      for (int i = 0; i < 50; ++i) {
        db->execute("TransactWriteItems", R"~({"TransactItems":[
          {"Update":{"TableName":"inbox","Key":{"pk":{"S":"acct"},"sk":{"S":"a"}},"UpdateExpression":"ADD n :m",
            "ConditionExpression":"n >= :one","ExpressionAttributeValues":{":m":{"N":"-1"},":one":{"N":"1"}}}},
          {"Update":{"TableName":"inbox","Key":{"pk":{"S":"acct"},"sk":{"S":"b"}},"UpdateExpression":"ADD n :p",
            "ExpressionAttributeValues":{":p":{"N":"1"}}}}]})~");
      }
    });
  }
  for (auto& t : writers) t.join();
  done = true;
  reader.join();
  CHECK(torn == 0);
  auto b = call("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"acct"},"sk":{"S":"b"}}})~");
  CHECK(std::string(b["Item"]["n"]["N"].GetString()) == "100");
}
