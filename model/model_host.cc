#include "model/model_host.h"

#include "model/executor.h"
#include "model/model_catalogue.h"
#include "model/pricing.h"

namespace dynamini::model {

const std::string& LoadedModel::catalogue() const {
  std::call_once(catalogue_once_, [this] { catalogue_ = model_catalogue_json(definition); });
  return catalogue_;
}

ModelHost::ModelHost(Database& db, bool replay_retained_stream)
    : db_(db), replay_retained_stream_(replay_retained_stream) {}

ModelHost::~ModelHost() {
  std::lock_guard lock(mu_);
  inbox_runtime_.reset();
}

std::shared_ptr<const LoadedModel> ModelHost::load(ModelDefinition model, ExistingTables existing) {
  std::lock_guard lock(mu_);
  auto loaded = std::make_shared<LoadedModel>();
  // The catalogue is written on first use; its one failure, a price table
  // that does not exist, is found now, before any table is made.
  price_table(model.prices);
  load_model_data(database_executor(db_), model, existing);
  if (model.runner == "inbox" && !inbox_runtime_) {
    InboxRuntimeOptions options;
    options.replay_retained_stream = replay_retained_stream_;
    options.inbox.table = model.table_names().front();
    options.inbox.host_driven = host_driven();
    inbox_runtime_ = std::make_unique<InboxRuntime>(db_, std::move(options));
  }
  if (model.runner == "inbox") loaded->run_options.fanout = &inbox_runtime_->fanout();
  if (host_driven()) {
    loaded->run_options.host_driven = true;
    loaded->run_options.run_background_work = [this] { db_.run_background_work(); };
  }
  loaded->definition = std::move(model);
  models_[loaded->definition.name] = loaded;
  current_ = loaded;
  return loaded;
}

std::shared_ptr<const LoadedModel> ModelHost::current() const {
  std::lock_guard lock(mu_);
  return current_;
}

std::vector<std::string> ModelHost::loaded() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> names;
  for (const auto& [name, model] : models_) names.push_back(name);
  return names;
}

bool ModelHost::host_driven() const { return db_.background_work() == BackgroundWork::kHostDriven; }

int64_t ModelHost::run_background_work() {
  InboxRuntime* runtime = nullptr;
  {
    std::lock_guard lock(mu_);
    runtime = inbox_runtime_.get();
  }
  return runtime != nullptr ? runtime->inbox().run_pending_jobs() : 0;
}

InboxRuntime* ModelHost::inbox_runtime() {
  std::lock_guard lock(mu_);
  return inbox_runtime_.get();
}

}  // namespace dynamini::model
