// Stream triggers through the C++ API (dynamini/triggers.h): a second
// in-process server plays the function (a console route answering POST), so
// delivery goes over real HTTP; a state file carries checkpoints across a
// restart of the triggers.

#include "dynamini/triggers.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dynamini/server.h"

namespace dynamini {
namespace {

// An HTTP "function" recording the keys of the records it receives.
struct Function {
  std::mutex mutex;
  std::vector<std::string> keys;
  std::unique_ptr<Database> db = Database::open();
  std::unique_ptr<Server> server;

  Function() {
    ServerOptions options;
    options.port = 0;
    options.console_routes.push_back(
        {.method = "POST", .path = "/console/api/fn", .handler = [this](const auto& request) {
           rapidjson::Document event;
           event.Parse(request.body.data(), request.body.size());
           std::lock_guard lock(mutex);
           for (const auto& r : event["Records"].GetArray()) {
             keys.push_back(r["dynamodb"]["Keys"]["pk"]["S"].GetString());
           }
           return ConsoleRouteResponse{.body = "null"};
         }});
    server = std::make_unique<Server>(*db, options);
    server->start();
  }
  std::string url() const { return server->endpoint() + "/console/api/fn"; }
  std::vector<std::string> received(size_t count) {
    for (int i = 0; i < 400; ++i) {
      {
        std::lock_guard lock(mutex);
        if (keys.size() >= count) return keys;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    std::lock_guard lock(mutex);
    return keys;
  }
};

void put(Database& db, const std::string& pk) {
  REQUIRE(db.execute("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("}}})").ok());
}

TEST_CASE("triggers: delivery resumes after the checkpoint kept in the state file") {
  const std::string state = std::filesystem::temp_directory_path() /
                            ("dynamini-triggers-" + std::to_string(::getpid()) + ".json");
  std::remove(state.c_str());
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})")
              .ok());
  Function fn;
  put(*db, "before");
  TriggerConfig config = parse_trigger_flag(
      "tbl={\"StartingPosition\":\"TRIM_HORIZON\",\"FunctionUrl\":\"" + fn.url() + "\"}");
  {
    Triggers triggers(*db, {.state_file = state});
    const std::string id = triggers.add(config);
    put(*db, "a");
    put(*db, "b");
    CHECK(fn.received(3) == std::vector<std::string>{"before", "a", "b"});
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the checkpoint follows
    auto listed = triggers.list();
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].config.id == id);
    CHECK(listed[0].records_delivered == 3);
    CHECK(listed[0].invocations >= 1);
    CHECK_FALSE(listed[0].checkpoint.empty());
  }
  put(*db, "while-stopped");
  Triggers restarted(*db, {.state_file = state});
  restarted.add(config);  // TRIM_HORIZON, but the checkpoint wins
  CHECK(fn.received(4) == std::vector<std::string>{"before", "a", "b", "while-stopped"});
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(fn.received(5).size() == 4);  // nothing replayed
  std::remove(state.c_str());
}

TEST_CASE("triggers: bad configurations are refused") {
  auto db = Database::open();
  Triggers triggers(*db);
  CHECK_THROWS_AS(triggers.add(parse_trigger_flag("t=ftp://x")), std::invalid_argument);
  CHECK_THROWS_AS(parse_trigger_flag("t"), std::invalid_argument);
  CHECK_THROWS_AS(
      parse_trigger_json(R"({"TableName":"tbl","FunctionUrl":"http://h/","BatchSize":0})"),
      std::invalid_argument);
  CHECK_THROWS_AS(
      parse_trigger_json(
          R"({"TableName":"tbl","FunctionUrl":"http://h/","MaximumRecordAgeInSeconds":5})"),
      std::invalid_argument);
  TriggerConfig ok = parse_trigger_json(R"({"TableName":"tbl","FunctionUrl":"http://h:1/x",
      "BatchSize":5,"FunctionResponseTypes":["ReportBatchItemFailures"],
      "DestinationConfig":{"OnFailure":{"Destination":"table:dlq"}}})");
  CHECK(ok.batch_size == 5);
  CHECK(ok.report_batch_item_failures);
  CHECK(ok.on_failure == "table:dlq");
  CHECK(parse_trigger_json(trigger_json(ok)).on_failure == "table:dlq");
}

}  // namespace
}  // namespace dynamini
