// run_model_pattern on the inbox (model/inbox_pattern_runner.h): a pattern
// of inbox.json run by id with the model's C++, every request recorded.

#include "model/inbox_pattern_runner.h"

#include <doctest/doctest.h>

#include <atomic>

#include "inbox_fixture.h"
#include "model/inbox_requests.h"
#include "model/inbox_runtime.h"
#include "model/model_library.h"
#include "model/model_runner.h"

namespace dynamini::model {
namespace {

using testing::gsi1_count;

constexpr const char* kNewest = "01HWYQRBZ07H6NWVVGG69A7D65";  // sample: unread

struct Fixture {
  std::unique_ptr<Database> db = Database::open();
  std::atomic<int> sent{0};
  Executor executor = [this](std::string_view op, std::string_view request) {
    ++sent;
    return db->execute(op, request);
  };
  Fixture() { load_inbox(*db); }
};

TEST_CASE("inbox patterns: AP1 sends its template instantiated and pages by the cursor") {
  Fixture f;
  auto run = run_model_pattern(inbox_model(), "AP1", TemplateParams::from_json(R"({"limit":2})"),
                               f.executor);
  REQUIRE(run.calls.size() == 1);
  const PatternCall& call = run.calls[0];
  CHECK(call.operation == "Query");
  CHECK(call.template_id == "recent");
  TemplateParams expected;
  expected.text("table", "inbox").text("user", "u_alice").number("limit", 2);
  CHECK(call.request == instantiate(inbox_request(InboxRequest::kRecent).body, expected));
  CHECK(call.result.ok());
  CHECK(run.ok);
  REQUIRE(run.cursor);
  TemplateParams next = TemplateParams::from_json(R"({"limit":2})");
  next.json("cursor", *run.cursor);
  auto second = run_model_pattern(inbox_model(), "AP1", next, f.executor);
  CHECK(second.outcome.starts_with("1 notification(s); the last page"));
  CHECK(!second.cursor);
}

TEST_CASE("inbox patterns: AP3 marks one read in one TransactWriteItems") {
  Fixture f;
  TemplateParams params;
  params.text("notifId", kNewest);
  auto run = run_model_pattern(inbox_model(), "AP3", params, f.executor);
  REQUIRE(run.calls.size() == 1);
  CHECK(run.calls[0].operation == "TransactWriteItems");
  CHECK(run.calls[0].template_id == "markRead");
  CHECK(run.outcome == std::string(kNewest) + ": marked read; badge decremented");
  CHECK(gsi1_count(*f.db, "u_alice") == 1);
}

TEST_CASE("inbox patterns: AP5 waits for its job; the job's requests are background") {
  Fixture f;
  auto run = run_model_pattern(inbox_model(), "AP5", TemplateParams(), f.executor);
  REQUIRE(run.calls.size() >= 4);
  CHECK(run.calls.front().template_id == "startReadAll");
  CHECK(!run.calls.front().background);
  CHECK(run.calls.back().template_id == "jobDone");
  CHECK(run.calls.back().background);
  CHECK(run.outcome.find("marked 2 notification(s) read") != std::string::npos);
  CHECK(gsi1_count(*f.db, "u_alice") == 0);
}

TEST_CASE("inbox patterns: W3's post is fanned out by the stream trigger it waits for") {
  Fixture f;
  InboxRuntime runtime(*f.db, InboxRuntimeOptions{.replay_retained_stream = false, .inbox = {}});
  run_model_pattern(inbox_model(), "W2",
                    TemplateParams::from_json(R"({"author":"u_bob","follower":"u_carol"})"),
                    f.executor);
  PatternRunOptions options;
  options.fanout = &runtime.fanout();
  auto run = run_model_pattern(
      inbox_model(), "W3", TemplateParams::from_json(R"({"author":"u_bob"})"), f.executor, options);
  REQUIRE(run.calls.size() == 1);
  CHECK(run.calls[0].template_id == "post");
  CHECK(run.outcome.find("the stream trigger notified the followers (1 notification") !=
        std::string::npos);
  CHECK(gsi1_count(*f.db, "u_carol") == 1);
}

TEST_CASE("inbox patterns: an unknown pattern or a missing parameter sends nothing") {
  Fixture f;
  CHECK_THROWS_AS(run_model_pattern(inbox_model(), "AP9", TemplateParams(), f.executor),
                  PatternError);
  CHECK_THROWS_WITH_AS(run_model_pattern(inbox_model(), "AP3", TemplateParams(), f.executor),
                       "pattern AP3 needs parameter notifId", PatternError);
  CHECK_THROWS_AS(run_model_pattern(inbox_model(), "AP1",
                                    TemplateParams::from_json(R"({"limit":"x"})"), f.executor),
                  PatternError);
  CHECK_THROWS_AS(run_model_pattern(inbox_model(), "AP1",
                                    TemplateParams::from_json(R"({"cursor":"{"})"), f.executor),
                  PatternError);
  CHECK(f.sent == 0);
}

TEST_CASE("inbox patterns: a refused request stops the pattern and is recorded") {
  Fixture f;
  auto run = run_model_pattern(inbox_model(), "AP2",
                               TemplateParams::from_json(R"({"table":"missing"})"), f.executor);
  CHECK(!run.ok);
  REQUIRE(run.calls.size() == 1);
  CHECK(!run.calls[0].result.ok());
  CHECK(run.outcome.find("ResourceNotFoundException") != std::string::npos);
}

TEST_CASE("inbox patterns, host-driven: AP5's job runs before the run returns, as background") {
  Fixture f;
  PatternRunOptions options;
  options.host_driven = true;  // no worker thread: the job runs on this one
  auto run = run_model_pattern(inbox_model(), "AP5", TemplateParams(), f.executor, options);
  REQUIRE(run.calls.size() >= 4);
  CHECK(!run.calls.front().background);
  CHECK(run.calls.back().template_id == "jobDone");
  CHECK(run.calls.back().background);
  CHECK(run.outcome.find("marked 2 notification(s) read") != std::string::npos);
  CHECK(gsi1_count(*f.db, "u_alice") == 0);
}

TEST_CASE("inbox patterns, host-driven: W3 runs the background work, then finds the fan-out") {
  Options host_driven;
  host_driven.background_work = BackgroundWork::kHostDriven;
  auto db = Database::open(host_driven);
  load_inbox(*db);
  Executor executor = [&](std::string_view op, std::string_view request) {
    return db->execute(op, request);
  };
  InboxRuntime runtime(*db, InboxRuntimeOptions{.replay_retained_stream = false, .inbox = {}});
  run_model_pattern(inbox_model(), "W2",
                    TemplateParams::from_json(R"({"author":"u_bob","follower":"u_carol"})"),
                    executor);
  PatternRunOptions options;
  options.fanout = &runtime.fanout();
  options.host_driven = true;
  options.fanout_wait_ms = 0;  // nothing may be waited for: the work is done first
  options.run_background_work = [&] { db->run_background_work(); };
  auto run = run_model_pattern(
      inbox_model(), "W3", TemplateParams::from_json(R"({"author":"u_bob"})"), executor, options);
  CHECK(run.outcome.find("the stream trigger notified the followers (1 notification") !=
        std::string::npos);
}

}  // namespace
}  // namespace dynamini::model
