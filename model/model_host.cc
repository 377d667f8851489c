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
    inbox_runtime_ = std::make_unique<InboxRuntime>(db_, std::move(options));
  }
  if (model.runner == "inbox") loaded->run_options.fanout = &inbox_runtime_->fanout();
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

InboxRuntime* ModelHost::inbox_runtime() {
  std::lock_guard lock(mu_);
  return inbox_runtime_.get();
}

}  // namespace dynamini::model
