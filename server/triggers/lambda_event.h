#pragma once

// The JSON a trigger exchanges with its function, shaped as AWS Lambda's:
//  * the event: {"Records": [record, ...]}, each record as GetRecords
//    returns it plus "eventSourceARN" (the stream's ARN) (Lambda Developer
//    Guide, "Using AWS Lambda with Amazon DynamoDB", example event);
//  * the function's answer: a failure is no HTTP response, a non-2xx
//    status, an X-Amz-Function-Error header (Lambda's Invoke API), or a body
//    that is Lambda's error document {"errorMessage", "errorType"} (what the
//    Runtime Interface Emulator answers with status 200 when the handler
//    throws) or its "Task timed out after" text (both in the emulator's
//    cmd/aws-lambda-rie/handlers.go, InvokeHandler);
//  * with ReportBatchItemFailures: {"batchItemFailures":[{"itemIdentifier":
//    SequenceNumber}]} ("Configuring partial batch response with DynamoDB and
//    Lambda": an empty or null list is success; an empty, null or unknown
//    identifier fails the whole batch; the lowest one is the checkpoint);
//  * the on-failure invocation record ("Retaining discarded records for a
//    DynamoDB event source in Lambda", example invocation record), with the
//    batch's event itself under "payload" as the S3 destination sends it.

#include <cstdint>
#include <string>
#include <vector>

#include "triggers/batch_delivery.h"
#include "triggers/http_post.h"

namespace dynamini::triggers {

// `record_json` (a GetRecords record) with "eventSourceARN" added.
std::string lambda_record(const std::string& record_json, const std::string& stream_arn);

// A stream record's SequenceNumber as a number (they are decimal digits);
// -1 for anything else.
int64_t sequence_value(const std::string& sequence_number);

// {"Records":[...]} of the records' JSON.
std::string lambda_event(const std::vector<PendingRecord>& records);

InvokeResult interpret_reply(const HttpReply& reply, bool report_batch_item_failures,
                             const std::vector<PendingRecord>& batch);

struct BatchInfo {
  std::string function_arn;
  std::string stream_arn;
  std::string shard_id;
  int64_t now_ms = 0;
};

std::string invocation_record(const std::vector<PendingRecord>& records, const Discard& discard,
                              const BatchInfo& info);

// "2019-11-14T00:13:49.717Z" (with_ms) or "2019-11-14T00:13:19Z".
std::string iso_time(int64_t epoch_ms, bool with_ms);

}  // namespace dynamini::triggers
