#pragma once

// What the WebAssembly build runs in a page or a Node process: one database
// without threads (Options::background_work = kHostDriven) and, for the
// classroom, what `dynamini` serves beside it: the models (model/model_host.h),
// their console routes, the request reviewer and the console's request log.
// The JavaScript around it (tools/wasm/js/) reaches it through
// browser_exports.cc; the console's pages call console() as they would
// fetch /console/api/... from a server (server/console_api.h).
//
// Thread safety: none needed; WebAssembly here has one thread.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "call_recording.h"
#include "console_api.h"
#include "dynamini/database.h"
#include "model/advisor.h"
#include "model/model_host.h"
#include "request_log.h"

namespace dynamini::wasm {

struct HostSettings {
  Options options;  // background_work is always kHostDriven
  // The classroom: the request log, the reviewer and the models' routes.
  bool console = false;
  // A model to load at start (a shipped model's name, or a model file's
  // JSON text when it starts with '{'); empty: none. Its tables become the
  // state reset() returns to, as `dynamini --model`.
  std::string model;
};

// An answer: HTTP status and body (DynamoDB's error body for an error).
struct HostAnswer {
  unsigned status = 200;
  std::string body;
  std::string content_type = "application/x-amz-json-1.0";
};

class BrowserHost {
 public:
  // Throws std::runtime_error (a model that does not load).
  explicit BrowserHost(HostSettings settings);
  ~BrowserHost();

  Database& db() { return *db_; }

  // One DynamoDB API call as an SDK sends it: `target` is X-Amz-Target
  // ("DynamoDB_20120810.PutItem"). A target of neither service is
  // UnknownOperationException, as the server answers it. Recorded in the
  // request log (when `console`) under `client`.
  HostAnswer api(std::string_view target, std::string_view body, std::string_view client);

  // A console endpoint: what GET or POST `path_and_query` under
  // /console/api/ answers (console_api.h). 404 JSON for any other path.
  HostAnswer console(std::string_view method, std::string_view path_and_query,
                     std::string_view body, std::string_view content_type, std::string_view client);

  // Loads a model as the console's picker does (model_console_routes.h),
  // `model` a shipped name or a model file's JSON text; `reset` makes its
  // tables again with only the sample items. Throws std::runtime_error.
  void load_model(const std::string& model, bool reset);

  // The engine's background work, then the models' (their read-all jobs),
  // as a JSON object {"jobs","swept","expiredItems","deliveredRecords",
  // "failedDeliveries","modelJobs"}.
  std::string run_background_work();

  // The whole database as a SQLite file's bytes (Database::save_snapshot_file
  // through the in-memory file system), and back. Throw std::runtime_error
  // (restore: not a dynamini database).
  std::string save();
  void load(std::string_view bytes);

 private:
  std::unique_ptr<Database> db_;
  std::unique_ptr<model::ModelHost> models_;
  std::shared_ptr<model::Advisor> advisor_;
  std::function<RequestNote(const ApiCall&)> annotator_;
  std::unique_ptr<server::RequestLog> log_;
  std::vector<ConsoleRoute> routes_;
  server::CallRecording recording_;
};

}  // namespace dynamini::wasm
