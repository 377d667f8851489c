#include "streams/subscriptions.h"

#include <algorithm>
#include <chrono>

#include "storage/stream_record.h"

namespace dynamini {

void Subscription::State::wake() {
  {
    std::lock_guard lock(mutex);
    ++generation;
  }
  cv.notify_all();
}

void Subscription::State::stop_and_join() {
  std::thread worker;
  {
    std::lock_guard lock(mutex);
    stop = true;
    worker = std::move(thread);
  }
  cv.notify_all();
  if (!worker.joinable()) return;
  if (worker.get_id() == std::this_thread::get_id()) {
    worker.detach();  // cancelled from its own handler: it exits when it returns
  } else {
    worker.join();
  }
}

Subscription::Subscription(std::shared_ptr<State> state) : state_(std::move(state)) {}
Subscription::~Subscription() { cancel(); }
void Subscription::cancel() { state_->stop_and_join(); }
int64_t Subscription::failure_count() const { return state_->failures.load(); }
int64_t Subscription::delivered_count() const { return state_->delivered.load(); }
int64_t Subscription::skipped_batch_count() const { return state_->skipped.load(); }

SubscriptionHub::SubscriptionHub(Context& context, bool threaded)
    : engine_(context), threaded_(threaded) {}

SubscriptionHub::~SubscriptionHub() { stop_all(); }

std::unique_ptr<Subscription> SubscriptionHub::subscribe(std::string table_name,
                                                         StreamHandler handler,
                                                         SubscribeOptions options) {
  auto state = std::make_shared<Subscription::State>();
  state->table_name = std::move(table_name);
  state->handler = std::move(handler);
  options.max_batch_size = std::max<size_t>(options.max_batch_size, 1);
  options.initial_retry_delay_ms = std::max<int64_t>(options.initial_retry_delay_ms, 0);
  options.max_retry_delay_ms = std::max(options.max_retry_delay_ms, options.initial_retry_delay_ms);
  options.idle_poll_ms = std::max<int64_t>(options.idle_poll_ms, 1);
  state->options = options;
  state->retry_delay_ms = options.initial_retry_delay_ms;
  if (!options.from_oldest_retained) {
    std::lock_guard storage(engine_.storage_mutex());
    state->last_seq = engine_.store().stream_log().last_sequence();
  }
  {
    std::lock_guard lock(mutex_);
    // Forget subscriptions already cancelled.
    std::erase_if(states_, [](const auto& s) {
      std::lock_guard l(s->mutex);
      return s->stop;
    });
    states_.push_back(state);
    if (threaded_) {
      std::lock_guard l(state->mutex);
      state->thread = std::thread([this, state] { run(*state); });
    }
  }
  return std::make_unique<Subscription>(state);
}

void SubscriptionHub::notify() {
  std::lock_guard lock(mutex_);
  for (const auto& state : states_) state->wake();
}

void SubscriptionHub::stop_all() {
  std::vector<std::shared_ptr<Subscription::State>> states;
  {
    std::lock_guard lock(mutex_);
    states.swap(states_);
  }
  for (const auto& state : states) state->stop_and_join();
}

namespace {

int64_t next_retry_delay(const SubscribeOptions& options, int64_t delay) {
  return std::min(std::max<int64_t>(delay * 2, 1), options.max_retry_delay_ms);
}

bool is_stopped(Subscription::State& state) {
  std::lock_guard lock(state.mutex);
  return state.stop;
}

}  // namespace

SubscriptionHub::Batch SubscriptionHub::next_batch(Subscription::State& state) {
  Batch batch;
  try {
    std::lock_guard storage(engine_.storage_mutex());
    StreamLog& log = engine_.store().stream_log();
    // A restore may have rewound the sequence: follow it.
    state.last_seq = std::min(state.last_seq, log.last_sequence());
    for (auto& r : log.read_table(state.table_name, state.last_seq,
                                  static_cast<int64_t>(state.options.max_batch_size))) {
      batch.records.push_back(parse_stream_record(state.table_name, r.json));
      batch.last_seq = r.seq;
    }
  } catch (const std::exception&) {
    batch.records.clear();  // storage trouble: try again at the next poll
  }
  return batch;
}

bool SubscriptionHub::hand_over(Subscription::State& state, const Batch& batch) {
  try {
    state.handler(batch.records);
    state.delivered += static_cast<int64_t>(batch.records.size());
    return true;
  } catch (...) {
    ++state.failures;
    return false;
  }
}

void SubscriptionHub::run(Subscription::State& state) {
  // Sleeps up to `ms`, or until stopped (true) or, when `wake_on_write`, a
  // record is written.
  uint64_t seen = 0;
  auto wait = [&](int64_t ms, bool wake_on_write) {
    std::unique_lock lock(state.mutex);
    state.cv.wait_for(lock, std::chrono::milliseconds(ms),
                      [&] { return state.stop || (wake_on_write && state.generation != seen); });
    seen = state.generation;
    return state.stop;
  };
  while (!is_stopped(state)) {
    {
      std::lock_guard lock(state.mutex);
      seen = state.generation;
    }
    const Batch batch = next_batch(state);
    if (batch.records.empty()) {
      if (wait(state.options.idle_poll_ms, true)) return;
      continue;
    }
    int attempts = 0;
    int64_t delay = state.options.initial_retry_delay_ms;
    while (true) {
      ++attempts;
      if (hand_over(state, batch)) break;
      if (state.options.max_attempts > 0 && attempts >= state.options.max_attempts) {
        ++state.skipped;
        break;
      }
      if (wait(delay, false)) return;
      delay = next_retry_delay(state.options, delay);
    }
    state.last_seq = batch.last_seq;
  }
}

DeliveryCounts SubscriptionHub::deliver_pending() {
  DeliveryCounts counts;
  if (threaded_) return counts;
  std::vector<std::shared_ptr<Subscription::State>> states;
  {
    std::lock_guard lock(mutex_);
    states = states_;  // a handler may subscribe: not under mutex_
  }
  for (const auto& state : states) {
    const DeliveryCounts one = deliver_pending(*state);
    counts.delivered += one.delivered;
    counts.failed += one.failed;
  }
  return counts;
}

DeliveryCounts SubscriptionHub::deliver_pending(Subscription::State& state) {
  constexpr int kMostBatchesPerCall = 1000;
  DeliveryCounts counts;
  const SubscribeOptions& options = state.options;
  for (int i = 0; i < kMostBatchesPerCall && !is_stopped(state); ++i) {
    const auto now = std::chrono::steady_clock::now();
    if (now < state.retry_at) break;
    const Batch batch = next_batch(state);
    if (batch.records.empty()) break;
    ++state.attempts;
    const bool handled = hand_over(state, batch);
    if (handled) counts.delivered += static_cast<int64_t>(batch.records.size());
    if (!handled) ++counts.failed;
    if (!handled && (options.max_attempts == 0 || state.attempts < options.max_attempts)) {
      state.retry_at = now + std::chrono::milliseconds(state.retry_delay_ms);
      state.retry_delay_ms = next_retry_delay(options, state.retry_delay_ms);
      break;
    }
    if (!handled) ++state.skipped;
    state.attempts = 0;
    state.retry_delay_ms = options.initial_retry_delay_ms;
    state.last_seq = batch.last_seq;
  }
  return counts;
}

}  // namespace dynamini
