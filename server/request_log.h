#pragma once

// A bounded, in-memory record of the most recent DynamoDB API calls a server
// answered, read by the teaching console (GET /console/api/requests).
// Recording is cheap (copies of at most kBodyPrefix bytes and a capacity
// fragment, into storage reused from the entry it evicts, so a full log
// records without allocating; the lock is held only to swap the entry in);
// the table and key are worked out when the log is read.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/shapes.h"

namespace dynamini::server {

class RequestLog {
 public:
  // Longest request body kept per entry; longer bodies are cut (and flagged).
  static constexpr size_t kBodyPrefix = 16 * 1024;

  // Keeps the last `capacity` entries (at least 1).
  explicit RequestLog(size_t capacity = 500);

  struct Call {
    std::string_view target = {};         // X-Amz-Target as sent
    std::string_view client = {};         // x-dynamini-client, else the User-Agent
    std::string_view request_body = {};   // the JSON request
    unsigned status = 0;                  // HTTP status answered
    std::string_view response_body = {};  // the JSON response or error
    // What the call consumed (Result::consumed_capacity); null: nothing.
    const std::vector<api::ConsumedCapacity>* consumed_capacity = nullptr;
    std::chrono::microseconds latency{0};
    std::string_view note = {};  // ServerOptions::request_annotator's note, or empty
    std::string_view note_link = {};
  };
  // Appends one call, dropping the oldest entry when full. Thread-safe.
  void record(const Call& call);

  // {"entries":[...],"lastId":N,"capacity":C}: the entries with id > after,
  // oldest first, at most `limit` of them (the newest ones when more match).
  // Each entry: id, time (ms since epoch), operation, service ("dynamodb" or
  // "dynamodbstreams"), table, key (a JSON value or null), status, latencyMs,
  // client, consumedCapacity (as the response gave it, or null), cost
  // (dynamini/capacity_units.h's capacity_json of it), error ({type,
  // message} or null), note ({text, link}: the annotator's note, or null),
  // request (the parsed body, or null when it was cut),
  // awsCli (dynamini/aws_cli_command.h's command with `endpoint`, or null
  // when the body was cut) and truncated. Thread-safe.
  std::string entries_json(uint64_t after, size_t limit, std::string_view endpoint = {}) const;

 private:
  struct Entry {
    uint64_t id = 0;
    int64_t time_ms = 0;
    std::string target;
    std::string client;
    std::string body;  // at most kBodyPrefix bytes
    bool truncated = false;
    unsigned status = 0;
    double latency_ms = 0;
    std::vector<api::ConsumedCapacity> capacity;  // what the call consumed
    std::string error;                            // the error response body, or empty
    std::string note;                             // the annotator's note, or empty
    std::string note_link;
  };

  size_t capacity_;
  mutable std::mutex mutex_;
  // A ring: entries_[(oldest_ + i) % capacity_] is the i-th oldest entry.
  std::vector<Entry> entries_;
  size_t oldest_ = 0;
  uint64_t next_id_ = 1;
};

}  // namespace dynamini::server
