#include "triggers/trigger_runner.h"

#include <rapidjson/document.h>

#include <chrono>
#include <stdexcept>

#include "triggers/failure_destination.h"
#include "triggers/lambda_event.h"

namespace dynamini::triggers {
namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

TriggerRunner::TriggerRunner(Database& db, TriggerConfig config, CheckpointStore* store)
    : db_(db),
      config_(std::move(config)),
      url_(parse_http_url(config_.url)),
      store_(store),
      store_key_(config_.table + " " + config_.url),
      capacity_(std::max<size_t>(2 * config_.batch_size, 1000)) {
  for (const auto& p : config_.filter_patterns) patterns_.push_back(FilterPattern::parse(p));
  policy_ = DeliveryPolicy{.bisect_on_error = config_.bisect_on_error,
                           .max_retry_attempts = config_.max_retry_attempts,
                           .max_record_age_s = config_.max_record_age_s,
                           .report_batch_item_failures = config_.report_batch_item_failures,
                           .retry_base_delay_ms = config_.retry_base_delay_ms,
                           .retry_max_delay_ms = config_.retry_max_delay_ms};
  counters_.config = config_;
  if (store_ != nullptr) {
    if (auto saved = store_->get(store_key_)) {
      resume_after_ = sequence_value(*saved);
      counters_.checkpoint = *saved;
    }
  }
  delivery_ = std::thread([this] { deliver_loop(); });
  SubscribeOptions options;
  options.max_batch_size = std::min<size_t>(config_.batch_size, 1000);
  options.from_oldest_retained = config_.from_trim_horizon || resume_after_ >= 0;
  subscription_ = db_.subscribe(
      config_.table, [this](const std::vector<StreamRecord>& batch) { on_records(batch); },
      options);
}

TriggerRunner::~TriggerRunner() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  subscription_.reset();  // its handler may be waiting for room: stop_ wakes it
  if (delivery_.joinable()) delivery_.join();
}

std::string TriggerRunner::describe(const char* operation, const std::string& request,
                                    const char* member, const char* field) {
  Result r = db_.execute(operation, request);
  if (!r.ok()) return "";
  rapidjson::Document d;
  d.Parse(r.body.c_str());
  if (d.HasParseError() || !d.HasMember(member)) return "";
  const auto& m = d[member];
  if (std::string_view(field) == "ShardId") {  // the stream's newest shard
    if (!m.HasMember("Shards") || !m["Shards"].IsArray() || m["Shards"].Empty()) return "";
    const auto& shards = m["Shards"].GetArray();
    return shards[shards.Size() - 1]["ShardId"].GetString();
  }
  return m.HasMember(field) && m[field].IsString() ? m[field].GetString() : "";
}

void TriggerRunner::on_records(const std::vector<StreamRecord>& batch) {
  const std::string stream_arn = describe(
      "DescribeTable", "{\"TableName\":" + quoted(config_.table) + "}", "Table", "LatestStreamArn");
  for (const StreamRecord& record : batch) {
    const int64_t seq = sequence_value(record.sequence_number);
    if (resume_after_ >= 0 && seq <= resume_after_) continue;  // handled before a restart
    resume_after_ = -1;
    PendingRecord pending{lambda_record(record.json, stream_arn), record.sequence_number,
                          record.approximate_creation_time};
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return stop_ || queue_.size() < capacity_; });
    if (stop_) return;  // not checkpointed: read again after a restart
    queue_.push_back(std::move(pending));
    cv_.notify_all();
  }
}

std::vector<PendingRecord> TriggerRunner::take_batch() {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
  if (config_.max_batching_window_s > 0) {
    // The window opens with the first record; it closes early when full.
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::seconds(config_.max_batching_window_s);
    cv_.wait_until(lock, until, [&] { return stop_ || queue_.size() >= config_.batch_size; });
  }
  std::vector<PendingRecord> batch;
  if (stop_) return batch;
  while (!queue_.empty() && batch.size() < config_.batch_size) {
    batch.push_back(std::move(queue_.front()));
    queue_.pop_front();
  }
  in_flight_ = batch.size();
  cv_.notify_all();  // room for the reader
  return batch;
}

void TriggerRunner::deliver_loop() {
  while (true) {
    std::vector<PendingRecord> batch = take_batch();
    if (batch.empty()) return;
    handle(batch);
    std::lock_guard lock(mutex_);
    in_flight_ = 0;
    if (stop_) return;
  }
}

void TriggerRunner::handle(const std::vector<PendingRecord>& batch) {
  std::vector<PendingRecord> selected;
  for (const auto& record : batch) {
    if (matches_any(patterns_, record.json)) {
      selected.push_back(record);
    } else {
      std::lock_guard lock(mutex_);
      ++counters_.records_filtered_out;
    }
  }
  DeliveryHooks hooks{
      .invoke = [this](const auto& records) { return invoke(records); },
      .discard = [this](const auto& records, const Discard& why) { return discard(records, why); },
      .checkpoint = [this](const std::string& seq) { checkpoint(seq); },
      .now_ms = [] { return now_ms(); },
      .sleep = [this](int64_t ms) { return sleep_unless_stopped(ms); }};
  if (!selected.empty() && !deliver_batch(selected, policy_, hooks)) return;
  checkpoint(batch.back().sequence_number);  // filtered records after the last selected one
}

InvokeResult TriggerRunner::invoke(const std::vector<PendingRecord>& records) {
  const HttpReply reply = http_post(url_, lambda_event(records), config_.invoke_timeout_ms);
  InvokeResult result = interpret_reply(reply, config_.report_batch_item_failures, records);
  std::lock_guard lock(mutex_);
  ++counters_.invocations;
  if (result.ok) {
    counters_.records_delivered += static_cast<int64_t>(records.size());
  } else {
    ++counters_.failed_invocations;
    counters_.last_error = result.error;
  }
  return result;
}

bool TriggerRunner::discard(const std::vector<PendingRecord>& records, const Discard& why) {
  if (!config_.on_failure.empty()) {
    const std::string stream_arn =
        describe("DescribeTable", "{\"TableName\":" + quoted(config_.table) + "}", "Table",
                 "LatestStreamArn");
    BatchInfo info{
        .function_arn = config_.url,
        .stream_arn = stream_arn,
        .shard_id = describe("DescribeStream", "{\"StreamArn\":" + quoted(stream_arn) + "}",
                             "StreamDescription", "ShardId"),
        .now_ms = now_ms()};
    const std::string record = invocation_record(records, why, info);
    // Never lose a record: the destination is retried until it takes it.
    for (int64_t attempt = 1;; ++attempt) {
      const std::string error = write_to_destination(db_, config_.on_failure, record);
      if (error.empty()) break;
      {
        std::lock_guard lock(mutex_);
        counters_.last_error = "on-failure destination: " + error;
      }
      if (!sleep_unless_stopped(retry_delay_ms(policy_, attempt))) return false;
    }
  }
  std::lock_guard lock(mutex_);
  counters_.records_discarded += static_cast<int64_t>(records.size());
  return true;
}

void TriggerRunner::checkpoint(const std::string& sequence_number) {
  {
    std::lock_guard lock(mutex_);
    counters_.checkpoint = sequence_number;
  }
  if (store_ == nullptr) return;
  try {
    store_->put(store_key_, sequence_number);
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    counters_.last_error = e.what();
  }
}

bool TriggerRunner::sleep_unless_stopped(int64_t ms) {
  std::unique_lock lock(mutex_);
  return !cv_.wait_for(lock, std::chrono::milliseconds(ms), [&] { return stop_; });
}

TriggerStatus TriggerRunner::status() const {
  std::lock_guard lock(mutex_);
  TriggerStatus s = counters_;
  s.records_pending = static_cast<int64_t>(queue_.size() + in_flight_);
  return s;
}

}  // namespace dynamini::triggers
