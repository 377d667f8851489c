// "Mark all read" (AP5) as a background job: zeroing, progress, notifications
// arriving meanwhile, concurrency and resumption after a restart.

#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "inbox_fixture.h"
#include "model/inbox_runtime.h"

namespace dynamini::model {
namespace {

using testing::gsi1_count;
using testing::InboxFixture;
using testing::like_for;
using testing::query_json;

void deliver_n(Inbox& inbox, const std::string& user, int n) {
  for (int i = 0; i < n; ++i) inbox.deliver(like_for(user, "u_" + std::to_string(i)));
}

std::string job_status(Database& db, const ReadAllJob& job) {
  auto doc = query_json(db, "GetItem",
                        R"({"TableName":"inbox","Key":{"pk":{"S":"USER#)" + job.user_id() +
                            R"("},"sk":{"S":"#JOB#READALL#)" + job.job_id() + R"("}}})");
  REQUIRE(doc.HasMember("Item"));
  return doc["Item"]["status"]["S"].GetString();
}

int64_t pending_jobs_in_gsi1(Database& db) {
  auto doc = query_json(db, "Query", R"({"TableName":"inbox","IndexName":"GSI1",
      "KeyConditionExpression":"gsi1pk = :j",
      "ExpressionAttributeValues":{":j":{"S":"JOBS#READALL"}}})");
  return doc["Count"].GetInt64();
}

// Blocks the job worker's page queries until open() is called.
struct Gate {
  std::mutex mu;
  std::condition_variable cv;
  bool opened = false;
  bool reached = false;
  void open() {
    std::lock_guard lock(mu);
    opened = true;
    cv.notify_all();
  }
  void wait_reached() {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return reached; });
  }
  Executor wrap(Database& db) {
    return [this, &db](std::string_view op, std::string_view req) {
      if (op == "Query" && req.find("ProjectionExpression") != std::string_view::npos) {
        std::unique_lock lock(mu);
        reached = true;
        cv.notify_all();
        cv.wait(lock, [&] { return opened; });
      }
      return db.execute(op, req);
    };
  }
};

TEST_CASE("read-all: the badge is 0 at once and every notification ends read") {
  InboxFixture f;
  deliver_n(*f.inbox, "u_alice", 58);  // 60 unread with the sample's 2
  auto job = f.inbox->start_read_all("u_alice");
  CHECK(f.inbox->badge("u_alice") == 0);
  auto progress = job->wait();
  CHECK(progress.finished);
  CHECK(progress.error.empty());
  CHECK(progress.done == 60);
  CHECK(progress.remaining == 0);
  CHECK(gsi1_count(*f.db, "u_alice") == 0);
  CHECK(f.inbox->badge("u_alice") == 0);
  for (const auto& n : f.inbox->recent("u_alice", 100).items) CHECK(n.read);
}

TEST_CASE("read-all: the job item records DONE and leaves the pending-jobs index") {
  InboxFixture f;
  auto job = f.inbox->start_read_all("u_alice");
  job->wait();
  CHECK(job_status(*f.db, *job) == "DONE");
  CHECK(pending_jobs_in_gsi1(*f.db) == 0);
}

TEST_CASE("read-all: progress shows done and remaining while the worker pages 25 at a time") {
  auto db = Database::open();
  load_inbox(*db);
  Gate gate;
  InboxOptions options;
  options.clock_ms = testing::stepping_clock();
  Inbox inbox(gate.wrap(*db), options);
  deliver_n(inbox, "u_alice", 48);  // 50 unread
  auto job = inbox.start_read_all("u_alice");
  gate.wait_reached();
  auto before = job->progress();
  CHECK(before.done == 0);
  CHECK(before.remaining == 50);
  CHECK(!before.finished);
  gate.open();
  auto after = job->wait();
  CHECK(after.done == 50);
  CHECK(after.remaining == 0);
}

TEST_CASE("read-all: a notification arriving during the job stays unread and counted") {
  auto db = Database::open();
  load_inbox(*db);
  Gate gate;
  InboxOptions options;
  options.clock_ms = testing::stepping_clock();
  Inbox inbox(gate.wrap(*db), options);
  auto job = inbox.start_read_all("u_alice");
  gate.wait_reached();  // badge zeroed, worker not started marking
  auto [id, outcome] = inbox.deliver(like_for("u_alice", "u_late"));
  CHECK(outcome == Delivery::kDelivered);
  CHECK(inbox.badge("u_alice") == 1);
  gate.open();
  CHECK(job->wait().done == 2);
  CHECK(inbox.badge("u_alice") == 1);
  auto unread = inbox.unread("u_alice").items;
  REQUIRE(unread.size() == 1);
  CHECK(unread[0].notif_id == id);
}

TEST_CASE("read-all: marking a covered notification read meanwhile leaves the badge alone") {
  auto db = Database::open();
  load_inbox(*db);
  Gate gate;
  InboxOptions options;
  options.clock_ms = testing::stepping_clock();
  Inbox inbox(gate.wrap(*db), options);
  inbox.deliver(like_for("u_alice"));
  auto job = inbox.start_read_all("u_alice");
  gate.wait_reached();
  inbox.deliver(like_for("u_alice", "u_late"));  // badge 1
  CHECK(inbox.mark_read("u_alice", "01HWWVCKJ05CY4TQKFE20S58XM") == MarkRead::kMarkedUncounted);
  CHECK(inbox.badge("u_alice") == 1);
  gate.open();
  CHECK(job->wait().done == 2);  // the other sample one and the first like
  CHECK(inbox.badge("u_alice") == 1);
  CHECK(gsi1_count(*db, "u_alice") == 1);
}

TEST_CASE("read-all: a given notification id older than the cutoff is delivered read") {
  InboxFixture f;
  f.inbox->start_read_all("u_alice")->wait();
  auto n = like_for("u_alice");
  n.notif_id = "01HWZZZZZZAAAAAAAAAAAAAAAA";  // May 2024, before the cutoff
  CHECK(f.inbox->deliver(n).second == Delivery::kDeliveredAsRead);
  CHECK(f.inbox->badge("u_alice") == 0);
  CHECK(gsi1_count(*f.db, "u_alice") == 0);
}

// The race behind the flaky concurrency case: the read-all takes its cutoff,
// then a notification with a NEWER id is delivered and counted before the
// read-all commits. Zeroing the badge then would drop that notification from
// the count while it sorts after the cutoff (so no job marks it read either).
// Two Inbox objects over one database stand for two processes; inside one
// process the same order comes from threads (the id is taken, then the
// transaction sent).
TEST_CASE(
    "read-all: a newer notification counted between taking the cutoff and committing stays "
    "counted") {
  auto db = Database::open();
  load_inbox(*db);
  std::mutex mu;
  std::condition_variable cv;
  bool reached = false, opened = false;
  int read_all_commits = 0;
  Executor gated = [&](std::string_view op, std::string_view req) {
    if (op == "TransactWriteItems" && req.find("#JOB#READALL#") != std::string_view::npos) {
      std::unique_lock lock(mu);
      ++read_all_commits;
      reached = true;
      cv.notify_all();
      cv.wait(lock, [&] { return opened; });
    }
    return db->execute(op, req);
  };
  const int64_t t0 = 1717200000000;  // 2024-06-01, after the sample notifications
  auto clock_from = [](int64_t start) {
    auto t = std::make_shared<std::atomic<int64_t>>(start);
    return [t] { return t->fetch_add(1); };
  };
  Inbox reader(gated, InboxOptions{.clock_ms = clock_from(t0), .ulid_seed = 1});
  Inbox deliverer(database_executor(*db),
                  InboxOptions{.clock_ms = clock_from(t0 + 1), .ulid_seed = 2});

  std::shared_ptr<ReadAllJob> job;
  std::thread read_all([&] { job = reader.start_read_all("u_alice"); });
  {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return reached; });  // cutoff taken, not committed
  }
  auto [id, outcome] = deliverer.deliver(like_for("u_alice", "u_late"));
  CHECK(outcome == Delivery::kDelivered);
  CHECK(deliverer.badge("u_alice") == 3);  // the sample's 2 and this one
  {
    std::lock_guard lock(mu);
    opened = true;
    cv.notify_all();
  }
  read_all.join();
  REQUIRE(job);
  CHECK(std::string("NOTIF#") + id < job->cutoff_sk());  // the read-all took a newer cutoff
  CHECK(read_all_commits == 2);                          // after one refused attempt
  auto p = job->wait();
  CHECK(p.finished);
  CHECK(p.done == 3);
  CHECK(gsi1_count(*db, "u_alice") == 0);
  CHECK(reader.badge("u_alice") == 0);
  CHECK(reader.badge("u_alice") == gsi1_count(*db, "u_alice"));
}

TEST_CASE("read-all: concurrent deliveries, reads and read-alls keep badge == GSI1 count") {
  auto db = Database::open();
  load_inbox(*db);
  Inbox inbox(database_executor(*db), InboxOptions{.read_all_page_size = 5});
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 150; ++i) inbox.deliver(like_for("u_alice", "u_" + std::to_string(t)));
    });
  }
  threads.emplace_back([&] {  // a reader marking the newest unread ones
    while (!stop) {
      for (const auto& n : inbox.unread("u_alice", 3).items) inbox.mark_read("u_alice", n.notif_id);
    }
  });
  std::vector<std::shared_ptr<ReadAllJob>> jobs;
  for (int i = 0; i < 4; ++i) {
    jobs.push_back(inbox.start_read_all("u_alice"));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int t = 0; t < 3; ++t) threads[t].join();
  stop = true;
  threads[3].join();
  for (auto& job : jobs) {
    auto p = job->wait();
    CHECK(p.finished);
    CHECK(p.error.empty());
  }
  CHECK(inbox.badge("u_alice") == gsi1_count(*db, "u_alice"));
  CHECK(inbox.recent("u_alice", 1000).items.size() == 453);
  // Every job marked its whole range: what is still unread sorts after the
  // last cutoff (the counted side of the invariant).
  auto meta = query_json(*db, "GetItem", R"({"TableName":"inbox","ConsistentRead":true,
      "Key":{"pk":{"S":"USER#u_alice"},"sk":{"S":"#INBOX"}}})");
  std::string cutoff = meta["Item"]["readAllCutoff"]["S"].GetString();
  for (const auto& n : inbox.unread("u_alice", 1000).items) CHECK("NOTIF#" + n.notif_id > cutoff);
}

TEST_CASE("read-all: a job interrupted by a failure resumes after reopening the file") {
  auto path = std::filesystem::temp_directory_path() /
              ("dynamini-readall-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  std::string job_id;
  {
    auto db = Database::open(Options{.path = path.string()});
    load_inbox(*db);
    std::atomic<int> updates{0};
    Executor failing = [&](std::string_view op, std::string_view req) {
      if (op == "UpdateItem" && req.find("#read") != std::string_view::npos && ++updates > 30) {
        Result r;
        r.error = ApiError{ErrorCode::kInternalServerError, "injected failure", {}};
        return r;
      }
      return db->execute(op, req);
    };
    Inbox inbox(failing, InboxOptions{.read_all_page_size = 10});
    deliver_n(inbox, "u_alice", 98);  // 100 unread
    auto job = inbox.start_read_all("u_alice");
    auto p = job->wait();
    CHECK(!p.finished);
    CHECK(p.error.find("injected failure") != std::string::npos);
    CHECK(p.done == 30);
    job_id = job->job_id();
    CHECK(pending_jobs_in_gsi1(*db) == 1);
  }
  {
    auto db = Database::open(Options{.path = path.string()});
    CHECK(gsi1_count(*db, "u_alice") == 70);
    InboxRuntime runtime(*db);
    REQUIRE(runtime.resumed_jobs().size() == 1);
    auto job = runtime.resumed_jobs()[0];
    CHECK(job->job_id() == job_id);
    auto p = job->wait();
    CHECK(p.finished);
    CHECK(p.done == 100);
    CHECK(gsi1_count(*db, "u_alice") == 0);
    CHECK(runtime.inbox().badge("u_alice") == 0);
    CHECK(pending_jobs_in_gsi1(*db) == 0);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}

}  // namespace
}  // namespace dynamini::model
