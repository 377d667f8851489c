#pragma once

// What a process serving the inbox runs beside the database: the stream
// trigger that fans posts out to followers, and the workers of "mark all
// read" jobs left pending by an earlier run (resumed at construction).

#include <memory>
#include <vector>

#include "dynamini/database.h"
#include "model/inbox.h"
#include "model/inbox_fanout.h"

namespace dynamini::model {

struct InboxRuntimeOptions {
  // true (default): the fan-out also replays the stream records still
  // retained (24 hours), so a fan-out cut short by a restart completes
  // (idempotently). false: only posts written from now on.
  bool replay_retained_stream = true;
  InboxOptions inbox;
};

class InboxRuntime {
 public:
  // REQUIRES: the inbox table exists. `db` must outlive this object.
  explicit InboxRuntime(Database& db, InboxRuntimeOptions options = {});
  // Stops the fan-out subscription, then the job workers.
  ~InboxRuntime();

  Inbox& inbox() { return *inbox_; }
  FanOut& fanout() { return *fanout_; }
  // The jobs resume_pending_jobs() restarted at construction.
  const std::vector<std::shared_ptr<ReadAllJob>>& resumed_jobs() const { return resumed_; }

 private:
  std::unique_ptr<Inbox> inbox_;
  std::unique_ptr<FanOut> fanout_;
  std::vector<std::shared_ptr<ReadAllJob>> resumed_;
  std::unique_ptr<Subscription> subscription_;
};

}  // namespace dynamini::model
