#pragma once

// The inbox model's access patterns as a C++ API, on nothing but DynamoDB
// requests (an Executor: Database::execute in-process, or HTTP). Every method
// says which requests it sends; each is a template of inbox_requests.h. Every request asks for
// ReturnConsumedCapacity TOTAL, so a tracing executor can show the cost.
//
// Keys (one table, `inbox`):
//   Notification  pk=USER#<u>  sk=NOTIF#<ULID>   unread ones also carry
//                 gsi1pk=UNREAD#<u>, gsi1sk=NOTIF#<ULID> (sparse GSI1)
//   InboxMeta     pk=USER#<u>  sk=#INBOX         unreadCount, lastNotifAt,
//                 readAllCutoff (the sk bound of the last "mark all read":
//                 notifications at or below it are covered), newestNotifSk
//                 (the greatest sk ever counted in unreadCount)
//   ReadAllJob    pk=USER#<u>  sk=#JOB#READALL#<ULID>; pending jobs carry
//                 gsi1pk=JOBS#READALL so resume_pending_jobs() finds them
//   Follower      pk=USER#<author> sk=FOLLOWER#<follower>
//   Post          pk=USER#<author> sk=POST#<ULID>
//
// The badge invariant every write keeps: unreadCount equals the number of
// unread notifications whose sk is greater than readAllCutoff. (Unread ones at
// or below the cutoff were already zeroed by "mark all read" and are being
// marked read by its background job.) So once every job has finished, the
// badge equals the user's item count in GSI1.
// Zeroing is only right if nothing counted sorts after the new cutoff, so
// "mark all read" requires newestNotifSk < cutoff: ids are taken before the
// request is sent, and a delivery can take a newer id than the cutoff yet
// commit first (another thread, another process). Deliveries that commit
// after it with an older id fail on readAllCutoff < sk instead.
//
// Thread safety: every method may be called from any thread.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "model/executor.h"
#include "model/inbox_requests.h"
#include "model/ulid.h"

namespace dynamini::model {

class TemplateParams;  // model/request_template.h

// A request the model sent was refused (other than the conditional failures
// each method handles itself).
class InboxCallError : public std::runtime_error {
 public:
  InboxCallError(std::string operation, ApiError error);
  const std::string& operation() const { return operation_; }
  const ApiError& error() const { return error_; }

 private:
  std::string operation_;
  ApiError error_;
};

struct Notification {
  std::string user_id;
  std::string notif_id;  // a ULID
  std::string type;      // like, comment, follow, post, ...
  std::string actor_id;
  std::string target_id;
  std::string target_type;
  bool read = false;
  std::string read_at;     // empty while unread
  std::string payload;     // the payload map, DynamoDB JSON ({"M":{...}})
  std::string created_at;  // ISO 8601, UTC, milliseconds
};

struct NewNotification {
  std::string user_id;
  std::string type;
  std::string actor_id;
  std::string target_id;
  std::string target_type;
  // String members of the payload map (e.g. {"preview", "Bob liked..."}).
  std::vector<std::pair<std::string, std::string>> payload;
  // Empty: a fresh ULID. Set: this id (deterministic ids make a retried
  // delivery idempotent).
  std::string notif_id;
  // Empty: now (the injected clock).
  std::string created_at;
};

// One page of a list; `cursor` is the LastEvaluatedKey (DynamoDB JSON text),
// absent on the last page. Pass it back as the next call's cursor.
struct Page {
  std::vector<Notification> items;
  std::optional<std::string> cursor;
};

enum class Delivery {
  kDelivered,         // new, unread, counted in the badge
  kAlreadyDelivered,  // this notif_id was already there: nothing written
  kDeliveredAsRead,   // a given notif_id older than the last "mark all read":
                      // stored read, not counted
};

enum class MarkRead {
  kMarked,           // was unread: now read, badge decremented
  kMarkedUncounted,  // was unread but covered by a "mark all read" (already
                     // zeroed): now read, badge unchanged
  kAlreadyRead,      // read already, or no such notification: nothing written
};

// A "mark all read" background job. Progress is observable while it runs.
class ReadAllJob {
 public:
  struct Progress {
    int64_t done = 0;       // notifications this job marked read
    int64_t remaining = 0;  // unread notifications still covered by the job
    bool finished = false;  // the job item says DONE
    std::string error;      // set when the worker stopped on an error (the
                            // job stays pending and resumes at next open)
  };
  ReadAllJob(std::string user_id, std::string job_id, std::string cutoff_sk);
  const std::string& user_id() const { return user_id_; }
  const std::string& job_id() const { return job_id_; }        // a ULID
  const std::string& cutoff_sk() const { return cutoff_sk_; }  // NOTIF#<ULID>
  Progress progress() const;
  // Blocks until the worker ends (finished, stopped or failed).
  Progress wait() const;

 private:
  friend class Inbox;
  void update(const std::function<void(Progress&)>& change);
  void end();

  std::string user_id_, job_id_, cutoff_sk_;
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  Progress progress_;
  bool ended_ = false;
};

struct InboxOptions {
  // The table (default "inbox").
  std::string table = "inbox";
  // Milliseconds since the epoch for createdAt/readAt and ULIDs. Default: the
  // system clock.
  std::function<int64_t()> clock_ms;
  // Seed of the ULID randomness. Default: random.
  std::optional<uint64_t> ulid_seed;
  // Notifications the read-all job marks per page (default 25).
  int read_all_page_size = 25;
  // false (default): each read-all job runs on a worker thread of its own.
  // true: no thread is started; jobs wait until run_pending_jobs() (for
  // hosts without threads, as Options::background_work = kHostDriven).
  bool host_driven = false;
};

class Inbox {
 public:
  explicit Inbox(Executor executor, InboxOptions options = {});
  // Stops running read-all workers after their current page (the jobs stay
  // pending in the table) and joins them.
  ~Inbox();
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  // Delivers one notification: the item and the badge increment, atomically.
  // Sends ONE TransactWriteItems:
  //   Put notification (with GSI1 keys), condition attribute_not_exists(pk)
  //   Update InboxMeta ADD unreadCount :one SET lastNotifAt, newestNotifSk =
  //     :sk, condition (attribute_not_exists(readAllCutoff) OR readAllCutoff
  //     < :sk) AND (attribute_not_exists(newestNotifSk) OR newestNotifSk < :sk)
  // When the InboxMeta condition fails, a second TransactWriteItems with the
  // same Put and ADD unreadCount :one under the cutoff condition alone counts
  // a notification older than one already counted (newestNotifSk only moves
  // forward). When that fails too (the id is older than the last "mark all
  // read"): a fresh id is retried (another TransactWriteItems); a given id is
  // stored read with one PutItem (attribute_not_exists(pk)).
  // Returns the notification id and what happened.
  std::pair<std::string, Delivery> deliver(const NewNotification& n);

  // AP1: newest first. One Query: pk = USER#u AND begins_with(sk, 'NOTIF#'),
  // ScanIndexForward false, Limit `limit`, ExclusiveStartKey = cursor.
  Page recent(const std::string& user_id, int limit = 20,
              const std::optional<std::string>& cursor = std::nullopt);

  // AP2: the badge. One GetItem of USER#u / #INBOX; 0 when absent.
  int64_t badge(const std::string& user_id);

  // AP3: marks one notification read. ONE TransactWriteItems:
  //   Update notification REMOVE gsi1pk, gsi1sk SET #read, readAt,
  //     condition attribute_exists(gsi1pk) (it is unread)
  //   Update InboxMeta ADD unreadCount :dec, condition unreadCount > :zero
  //     AND (attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk)
  // If only the InboxMeta condition fails (a "mark all read" already zeroed
  // this one), one UpdateItem marks it read without touching the badge.
  MarkRead mark_read(const std::string& user_id, const std::string& notif_id);

  // AP4: unread, oldest first. One Query on GSI1: gsi1pk = UNREAD#u,
  // Limit `limit`, ExclusiveStartKey = cursor.
  Page unread(const std::string& user_id, int limit = 20,
              const std::optional<std::string>& cursor = std::nullopt);

  // AP5: marks everything read. At once, ONE TransactWriteItems:
  //   Update InboxMeta SET unreadCount = 0, readAllCutoff = NOTIF#<new ULID>
  //     (condition: the cutoff only moves forward, and newestNotifSk is below
  //     it, else a newer id is tried: see the badge invariant above)
  //   Put the job item USER#u / #JOB#READALL#<ULID> (status PENDING, cutoff,
  //     done 0, gsi1pk JOBS#READALL)
  // Then a worker thread pages GSI1 (Query gsi1pk = UNREAD#u AND gsi1sk <=
  // cutoff, Limit read_all_page_size) and marks each read with UpdateItem
  // (condition attribute_exists(gsi1pk); no badge change), records progress
  // with UpdateItem ADD done on the job item, counts what remains with Query
  // Select COUNT, and ends with UpdateItem SET status DONE REMOVE the job's
  // GSI1 keys. Notifications delivered meanwhile sort after the cutoff: they
  // stay unread and counted.
  std::shared_ptr<ReadAllJob> start_read_all(const std::string& user_id);

  // Restarts the worker of every pending job (Query GSI1 gsi1pk =
  // JOBS#READALL, paged). Call it once after opening a database.
  std::vector<std::shared_ptr<ReadAllJob>> resume_pending_jobs();

  // InboxOptions::host_driven: runs the read-all jobs started or resumed so
  // far, each to its end, on the calling thread; returns how many ran.
  // Otherwise does nothing and returns 0.
  int64_t run_pending_jobs();

  // Makes `follower_id` a follower of `author_id`: PutItem USER#author /
  // FOLLOWER#follower.
  void follow(const std::string& author_id, const std::string& follower_id);

  // One page of `author_id`'s followers (ids), oldest key first. One Query:
  // pk = USER#author AND begins_with(sk, 'FOLLOWER#'), Limit, cursor.
  std::pair<std::vector<std::string>, std::optional<std::string>> followers(
      const std::string& author_id, int limit = 1000,
      const std::optional<std::string>& cursor = std::nullopt);

  // Writes a post: PutItem USER#author / POST#<ULID>. The followers'
  // notifications come from the stream trigger (inbox_fanout.h), not from
  // here. Returns the post id (a ULID).
  std::string post(const std::string& author_id, const std::string& text);

  // The notification id a post gives `follower_id`: the post's time and a
  // hash of (post id, follower), so a retried fan-out writes the same item.
  static std::string fanout_notif_id(const std::string& post_id, const std::string& follower_id);

  const std::string& table() const { return options_.table; }
  int64_t now_ms() const;
  std::string now_iso() const;

 private:
  // Parameters every request takes: the table.
  TemplateParams params() const;
  // A job's: the table, its user, jobId and cutoff.
  TemplateParams job_params(const ReadAllJob& job) const;
  // Sends `request`'s template (inbox_requests.h) instantiated with `params`.
  Result send(InboxRequest request, const TemplateParams& params);
  Result send_or_throw(InboxRequest request, const TemplateParams& params);
  std::optional<std::pair<std::string, Delivery>> try_deliver(const NewNotification& n,
                                                              const std::string& id);
  void run_job(std::shared_ptr<ReadAllJob> job, int64_t done_before);
  // Marks the job's notifications with these sort keys read and records
  // progress; returns how many it marked.
  int64_t mark_page_read(const ReadAllJob& job, const std::vector<std::string>& sort_keys);
  void launch(std::shared_ptr<ReadAllJob> job, int64_t done_before);
  int64_t count_covered(const ReadAllJob& job);

  Executor executor_;
  InboxOptions options_;
  UlidGenerator ulids_;
  std::mutex workers_mu_;
  std::vector<std::thread> workers_;
  // host_driven: the jobs launch() queued, with their done_before.
  std::vector<std::pair<std::shared_ptr<ReadAllJob>, int64_t>> queued_;
  std::atomic<bool> stopping_{false};
};

// ISO 8601 UTC with milliseconds: "2024-05-01T09:15:00.000Z".
std::string iso_time(int64_t ms);

}  // namespace dynamini::model
