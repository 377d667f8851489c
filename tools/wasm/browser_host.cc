#include "browser_host.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "cli/model_console_routes.h"
#include "cli/request_review.h"
#include "error_body.h"
#include "model/model_file.h"
#include "model/model_library.h"

namespace dynamini::wasm {
namespace {

constexpr std::string_view kTargetPrefixes[] = {"DynamoDB_20120810.", "DynamoDBStreams_20120810."};
// Where save() and load() put the database file: the in-memory file system
// emscripten gives the module (nothing reaches a disk).
constexpr const char* kTransferFile = "/tmp/dynamini-transfer.db";

// The operation after a known service prefix, or empty.
std::string_view operation_of(std::string_view target) {
  for (std::string_view prefix : kTargetPrefixes) {
    if (target.starts_with(prefix)) return target.substr(prefix.size());
  }
  return {};
}

HostAnswer error_answer(const ApiError& error) {
  return {.status = static_cast<unsigned>(error.http_status()), .body = server::error_body(error)};
}

model::ModelDefinition model_named(const std::string& model) {
  if (!model.empty() && model.front() == '{') return model::parse_model(model, "the given model");
  const model::ModelDefinition* shipped = model::shipped_model(model);
  if (shipped == nullptr) throw std::runtime_error("no model named " + model);
  return *shipped;
}

Options host_driven(Options options) {
  options.background_work = BackgroundWork::kHostDriven;
  return options;
}

}  // namespace

BrowserHost::BrowserHost(HostSettings settings)
    : db_(Database::open(host_driven(settings.options))),
      models_(std::make_unique<model::ModelHost>(*db_)) {
  // As `dynamini` preloads: the model's tables without transient delays.
  db_->set_transient_delays({});
  if (settings.console) {
    advisor_ = std::make_shared<model::Advisor>();
    annotator_ = cli::request_reviewer(advisor_);
    log_ = std::make_unique<server::RequestLog>();
    routes_ = cli::model_console_routes(*models_, advisor_);
    recording_ = {.log = log_.get(), .annotator = &annotator_, .observer = nullptr};
  }
  if (!settings.model.empty()) models_->load(model_named(settings.model));
  db_->mark_initial_state();
  db_->set_transient_delays(settings.options.transient_delays);
}

BrowserHost::~BrowserHost() {
  routes_.clear();
  models_.reset();  // the models' behaviours stop before the database goes
  db_.reset();
}

HostAnswer BrowserHost::api(std::string_view target, std::string_view body,
                            std::string_view client) {
  const std::string_view operation = operation_of(target);
  if (operation.empty()) return error_answer(ApiError{ErrorCode::kUnknownOperation, "", {}});
  if (!recording_.recorded()) {
    Result result = db_->execute(operation, body);
    if (!result.ok()) return error_answer(*result.error);
    return {.status = 200, .body = std::move(result.body)};
  }
  const auto start = std::chrono::steady_clock::now();
  Result result = db_->execute(
      operation, body,
      ExecuteOptions{.measure_capacity = true, .collect_facts = recording_.annotated()});
  HostAnswer answer = result.ok() ? HostAnswer{.status = 200, .body = std::move(result.body)}
                                  : error_answer(*result.error);
  server::record_call(recording_, {.target = target,
                                   .client = client,
                                   .request_body = body,
                                   .status = answer.status,
                                   .response_body = answer.body,
                                   .consumed_capacity = &result.consumed_capacity,
                                   .latency = std::chrono::duration_cast<std::chrono::microseconds>(
                                       std::chrono::steady_clock::now() - start),
                                   .facts = recording_.annotated() ? &result.facts : nullptr});
  return answer;
}

HostAnswer BrowserHost::console(std::string_view method, std::string_view path_and_query,
                                std::string_view body, std::string_view content_type,
                                std::string_view client) {
  const std::string_view path = path_and_query.substr(0, path_and_query.find('?'));
  const std::string_view query = path.size() < path_and_query.size()
                                     ? path_and_query.substr(path.size() + 1)
                                     : std::string_view();
  if (!server::is_console_api_path(path)) {
    return {.status = 404,
            .body = R"({"error":"not a console endpoint"})",
            .content_type = "application/json"};
  }
  server::ConsoleContext context{
      .log = log_.get(),
      .routes = &routes_,
      .call = [this](std::string_view caller, std::string_view operation, std::string_view json) {
        return server::recorded_execute(*db_, recording_, caller, operation, json);
      }};
  ConsoleRouteResponse answer = server::answer_console_api({.method = method,
                                                            .path = path,
                                                            .query = query,
                                                            .body = body,
                                                            .content_type = content_type,
                                                            .client = client,
                                                            .endpoint = {}},
                                                           context);
  return {.status = answer.status,
          .body = std::move(answer.body),
          .content_type = std::move(answer.content_type)};
}

void BrowserHost::load_model(const std::string& model, bool reset) {
  models_->load(model_named(model),
                reset ? model::ExistingTables::kReplace : model::ExistingTables::kKeep);
}

std::string BrowserHost::run_background_work() {
  const Database::BackgroundWorkDone done = db_->run_background_work();
  const int64_t model_jobs = models_->run_background_work();
  return "{\"jobs\":" + std::to_string(done.jobs) +
         ",\"swept\":" + (done.swept ? "true" : "false") +
         ",\"expiredItems\":" + std::to_string(done.expired_items) +
         ",\"deliveredRecords\":" + std::to_string(done.delivered_records) +
         ",\"failedDeliveries\":" + std::to_string(done.failed_deliveries) +
         ",\"modelJobs\":" + std::to_string(model_jobs) + "}";
}

std::string BrowserHost::save() {
  std::remove(kTransferFile);
  db_->save_snapshot_file(kTransferFile);
  std::ifstream file(kTransferFile, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::remove(kTransferFile);
  return bytes;
}

void BrowserHost::load(std::string_view bytes) {
  {
    std::ofstream file(kTransferFile, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw std::runtime_error("cannot write the database file to load");
  }
  try {
    db_->restore_snapshot_file(kTransferFile);
  } catch (...) {
    std::remove(kTransferFile);
    throw;
  }
  std::remove(kTransferFile);
}

}  // namespace dynamini::wasm
