#pragma once

// The models a process serving a database has loaded, and the one its
// console shows: `dynamini --model` loads one at start, the console's model
// picker loads others. Loading a model creates its tables with its sample
// items (model/model_seed.h) and starts its behaviours: for the inbox, the
// stream trigger that fans posts out and the workers of pending mark-all-read
// jobs (model/inbox_runtime.h). A model's behaviours keep running once
// loaded, also while another model is shown. Thread-safe.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "dynamini/database.h"
#include "model/inbox_runtime.h"
#include "model/model_definition.h"
#include "model/model_seed.h"
#include "model/pattern_run.h"

namespace dynamini::model {

struct LoadedModel {
  ModelDefinition definition;
  // What its patterns run with (the inbox's fan-out), valid while the host
  // lives.
  PatternRunOptions run_options;

  // model_catalogue_json(definition), written on the first call (the
  // console's first request), not while the process starts. Thread-safe.
  const std::string& catalogue() const;

 private:
  mutable std::once_flag catalogue_once_;
  mutable std::string catalogue_;
};

class ModelHost {
 public:
  // `db` must outlive the host. `replay_retained_stream`: the inbox's
  // fan-out also replays the stream records still retained, so a fan-out a
  // restart cut short completes (model/inbox_runtime.h).
  explicit ModelHost(Database& db, bool replay_retained_stream = true);
  // Stops every model's behaviours.
  ~ModelHost();
  ModelHost(const ModelHost&) = delete;
  ModelHost& operator=(const ModelHost&) = delete;

  // Creates the model's missing tables with its items (`existing`:
  // kReplace makes them all again with only the sample items), starts its
  // behaviours unless running already, and makes it the current model.
  // Throws std::runtime_error (ModelFileError, a refused CreateTable), the
  // current model unchanged.
  std::shared_ptr<const LoadedModel> load(ModelDefinition model,
                                          ExistingTables existing = ExistingTables::kKeep);
  // The model the console shows; null when none was loaded.
  std::shared_ptr<const LoadedModel> current() const;
  // The names of the models loaded so far, sorted.
  std::vector<std::string> loaded() const;
  // The behaviours of the inbox, when it was loaded (for the command's
  // messages about resumed jobs); null otherwise.
  InboxRuntime* inbox_runtime();
  // A database without threads (Options::background_work = kHostDriven):
  // runs the models' own background work now (the inbox's read-all jobs
  // resumed at load), as Database::run_background_work() does the
  // engine's; returns how many jobs ran. The host calls both from its timer.
  // With threads: does nothing.
  int64_t run_background_work();

 private:
  bool host_driven() const;

  Database& db_;
  const bool replay_retained_stream_;
  mutable std::mutex mu_;
  std::shared_ptr<const LoadedModel> current_;
  std::map<std::string, std::shared_ptr<const LoadedModel>> models_;
  std::unique_ptr<InboxRuntime> inbox_runtime_;
};

}  // namespace dynamini::model
