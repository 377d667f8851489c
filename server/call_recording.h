#pragma once

// Recording one answered API call, as the console's request log, the request
// reviewer (ServerOptions::request_annotator) and the request observer see
// it. The server records every call that came over the wire and every call a
// console route made (route.cc); the WebAssembly build records the page's
// and the SDK's calls the same way (tools/wasm/browser_host.h).

#include <chrono>
#include <functional>
#include <string_view>
#include <vector>

#include "dynamini/database.h"
#include "dynamini/server.h"
#include "request_log.h"

namespace dynamini::server {

// Where answered calls go. Every member may be null (or an empty function).
struct CallRecording {
  RequestLog* log = nullptr;
  const std::function<RequestNote(const ApiCall&)>* annotator = nullptr;
  const std::function<void(const ApiCall&)>* observer = nullptr;

  // True when calls are reviewed: their facts must be collected.
  bool annotated() const { return annotator != nullptr && static_cast<bool>(*annotator); }
  // True when anything records calls: their capacity must be measured.
  bool recorded() const {
    return log != nullptr || annotated() || (observer != nullptr && static_cast<bool>(*observer));
  }
};

// One answered call. Views valid during record_call.
struct AnsweredCall {
  std::string_view target;  // X-Amz-Target ("DynamoDB_20120810.PutItem")
  std::string_view client;  // x-dynamini-client, else the User-Agent
  std::string_view request_body;
  unsigned status = 0;
  std::string_view response_body;  // what the client got, errors included
  const std::vector<api::ConsumedCapacity>* consumed_capacity = nullptr;
  std::chrono::microseconds latency{0};
  const CallFacts* facts = nullptr;  // null unless recording.annotated()
};

// Annotates `call` (when reviewed), records it in the log with the note and
// hands it to the observer.
void record_call(const CallRecording& recording, const AnsweredCall& call);

// The X-Amz-Target of `operation`: DynamoDBStreams_20120810.<op> for the
// four Streams operations, DynamoDB_20120810.<op> otherwise.
std::string target_of(std::string_view operation);

// Runs `operation` in process as `client` sent it, and records it like a
// call that came over the wire. Its facts, read keys included, are always
// collected (a console route may show what the call read).
Result recorded_execute(Database& db, const CallRecording& recording, std::string_view client,
                        std::string_view operation, std::string_view body);

}  // namespace dynamini::server
