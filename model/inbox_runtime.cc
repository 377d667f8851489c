#include "model/inbox_runtime.h"

namespace dynamini::model {

InboxRuntime::InboxRuntime(Database& db, InboxRuntimeOptions options)
    : inbox_(std::make_unique<Inbox>(database_executor(db), std::move(options.inbox))),
      fanout_(std::make_unique<FanOut>(*inbox_)) {
  SubscribeOptions subscribe;
  subscribe.from_oldest_retained = options.replay_retained_stream;
  subscription_ = fanout_->subscribe(db, subscribe);
  resumed_ = inbox_->resume_pending_jobs();
}

InboxRuntime::~InboxRuntime() {
  subscription_.reset();
  fanout_.reset();
  inbox_.reset();
}

}  // namespace dynamini::model
