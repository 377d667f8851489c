#pragma once

// Fan-out on write, driven by the table's stream: when a post item
// (USER#<author> / POST#<ULID>) is inserted, every follower of the author
// (USER#<author> / FOLLOWER#<id>) gets one notification and one badge
// increment, the way a Lambda function on a DynamoDB stream would do it.
//
// Idempotent per (post, follower): the notification id is derived from the
// post id and the follower (Inbox::fanout_notif_id), and Inbox::deliver writes
// the item with attribute_not_exists(pk) in the same transaction as the
// increment. A batch retried after a failure half-way (the stream redelivers
// it) therefore skips the followers already done and counts nobody twice.

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "dynamini/database.h"
#include "dynamini/stream_handler.h"
#include "model/inbox.h"

namespace dynamini::model {

class FanOut {
 public:
  // `inbox` must outlive this object.
  explicit FanOut(Inbox& inbox);

  // Handles one batch of stream records of the inbox table: each INSERT of a
  // POST# item is fanned out; other records are ignored. Throws (so the batch
  // is retried) when a request fails. Requests per post: Query the followers
  // (pages of 1000), then per follower Inbox::deliver (one
  // TransactWriteItems).
  void handle(const std::vector<StreamRecord>& batch);

  // Subscribes handle() to `db`'s stream of the inbox table.
  std::unique_ptr<Subscription> subscribe(Database& db, SubscribeOptions options = {});

  // Blocks until post `post_id` has been fanned out completely, or
  // `timeout_ms` passed; true when it was.
  bool wait_for_post(const std::string& post_id, int64_t timeout_ms);

  struct Counters {
    int64_t posts = 0;       // posts fanned out completely
    int64_t delivered = 0;   // notifications written (unread or as read)
    int64_t duplicates = 0;  // deliveries skipped: already there (retries)
  };
  Counters counters() const;

 private:
  void fan_out_post(const std::string& author_id, const std::string& post_id,
                    const std::string& text, const std::string& created_at);

  Inbox& inbox_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::set<std::string> done_posts_;
  Counters counters_;
};

}  // namespace dynamini::model
