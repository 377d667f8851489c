#include "call_recording.h"

#include <string>

#include "error_body.h"

namespace dynamini::server {

void record_call(const CallRecording& recording, const AnsweredCall& call) {
  ApiCall api_call{.target = call.target,
                   .client = call.client,
                   .request_body = call.request_body,
                   .status = call.status,
                   .response_body = call.response_body,
                   .consumed_capacity = call.consumed_capacity,
                   .latency = call.latency,
                   .facts = call.facts,
                   .note = {},
                   .note_link = {}};
  RequestNote note;
  if (recording.annotated()) note = (*recording.annotator)(api_call);
  api_call.note = note.text;
  api_call.note_link = note.link;
  if (recording.log != nullptr) {
    recording.log->record({.target = call.target,
                           .client = call.client,
                           .request_body = call.request_body,
                           .status = call.status,
                           .response_body = call.response_body,
                           .consumed_capacity = call.consumed_capacity,
                           .latency = call.latency,
                           .note = note.text,
                           .note_link = note.link});
  }
  if (recording.observer != nullptr && *recording.observer) (*recording.observer)(api_call);
}

std::string target_of(std::string_view operation) {
  const bool streams = operation == "ListStreams" || operation == "DescribeStream" ||
                       operation == "GetShardIterator" || operation == "GetRecords";
  return std::string(streams ? "DynamoDBStreams_20120810." : "DynamoDB_20120810.") +
         std::string(operation);
}

Result recorded_execute(Database& db, const CallRecording& recording, std::string_view client,
                        std::string_view operation, std::string_view body) {
  const auto start = std::chrono::steady_clock::now();
  const bool recorded = recording.recorded();
  Result result = db.execute(
      operation, body,
      ExecuteOptions{
          .measure_capacity = recorded, .collect_facts = true, .collect_read_keys = true});
  if (!recorded) return result;
  const std::string target = target_of(operation);
  const std::string error = result.ok() ? std::string() : error_body(*result.error);
  record_call(recording,
              {.target = target,
               .client = client,
               .request_body = body,
               .status = result.ok() ? 200u : static_cast<unsigned>(result.error->http_status()),
               .response_body = result.ok() ? std::string_view(result.body) : error,
               .consumed_capacity = &result.consumed_capacity,
               .latency = std::chrono::duration_cast<std::chrono::microseconds>(
                   std::chrono::steady_clock::now() - start),
               .facts = recording.annotated() ? &result.facts : nullptr});
  return result;
}

}  // namespace dynamini::server
