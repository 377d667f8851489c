#pragma once

// In-process DynamoDB Streams consumers: Database::subscribe() calls a
// handler with the stream records of one table, the way AWS Lambda is
// triggered by a DynamoDB stream, without leaving the process.
//
// Contract:
//  * Source: the records of the table's stream (the table needs a
//    StreamSpecification; a table without an enabled stream produces no
//    records). Records are delivered by table name: they keep flowing across
//    a stream being disabled and enabled again, or the table being re-created.
//  * Ordering: records arrive in commit order (SequenceNumber order), in
//    batches of at most SubscribeOptions::max_batch_size, one batch at a time.
//    A batch is delivered only after the writes it holds have committed.
//  * At least once: when the handler throws, the same batch is delivered
//    again after a backoff (initial_retry_delay_ms doubling up to
//    max_retry_delay_ms). Each throw adds one to failure_count(). When
//    max_attempts is non-zero and reached, the batch is skipped
//    (skipped_batch_count()) and delivery moves on, like an event source
//    mapping's MaximumRetryAttempts. A handler must therefore be idempotent.
//  * Threading: each subscription has its own worker thread; the handler runs
//    on it, never concurrently with itself. The handler may call the Database
//    (e.g. execute()) but must not destroy or cancel() its own Subscription.
//  * Lifetime: destroying the Subscription (or cancel()) stops the worker
//    after the batch in flight and joins it. Destroying the Database stops
//    every worker first; a Subscription that outlives its Database is inert.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace dynamini {

// One stream record, as GetRecords returns it, with its main fields parsed.
struct StreamRecord {
  std::string json;  // the complete record ({"eventID":...,"dynamodb":{...}})
  std::string table_name;
  std::string event_id;
  std::string event_name;                 // "INSERT", "MODIFY" or "REMOVE"
  std::string sequence_number;            // decimal string, increasing in commit order
  std::string keys_json;                  // {"pk":{"S":"a"}}: the item's primary key
  std::string new_image_json;             // empty when the view type or event has none
  std::string old_image_json;             // empty when the view type or event has none
  int64_t approximate_creation_time = 0;  // epoch seconds
  bool from_time_to_live = false;         // a TTL deletion (userIdentity: dynamodb.amazonaws.com)
};

// Called with each batch, in order. Throw to have the batch retried.
using StreamHandler = std::function<void(const std::vector<StreamRecord>& batch)>;

struct SubscribeOptions {
  // Most records per handler call. Default 100 (Lambda's default BatchSize).
  size_t max_batch_size = 100;
  // false (default): only records committed after subscribe() returns.
  // true: also every record still retained (24 hours), oldest first.
  bool from_oldest_retained = false;
  // Backoff after a throw: starts here and doubles, capped below. Defaults
  // 10 ms and 1000 ms.
  int64_t initial_retry_delay_ms = 10;
  int64_t max_retry_delay_ms = 1000;
  // Deliveries of one batch before it is skipped; 0 (default) retries forever.
  int max_attempts = 0;
  // How often an idle worker looks for records when no write woke it.
  // Default 200 ms (writes wake it at once).
  int64_t idle_poll_ms = 200;
};

// A running subscription. Thread-safe.
class Subscription {
 public:
  struct State;
  explicit Subscription(std::shared_ptr<State> state);
  ~Subscription();  // cancel()
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

  // Stops the worker and waits for it (after the batch in flight).
  // REQUIRES: not called from the subscription's own handler.
  void cancel();

  // Handler calls that threw.
  int64_t failure_count() const;
  // Records handed to a handler call that returned normally.
  int64_t delivered_count() const;
  // Batches given up after max_attempts.
  int64_t skipped_batch_count() const;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace dynamini
