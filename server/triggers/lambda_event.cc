#include "triggers/lambda_event.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <cstdio>
#include <ctime>

#include "json/json_text.h"

namespace dynamini::triggers {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void write_string(Writer& w, const std::string& s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// With ReportBatchItemFailures: the lowest identifier named, or a whole-batch
// failure when one is empty, null or not in the batch.
InvokeResult partial_result(const rapidjson::Value& failures,
                            const std::vector<PendingRecord>& batch) {
  InvokeResult result;
  result.status = 200;
  result.error = "batchItemFailures";
  std::optional<std::string> lowest;
  for (const auto& failure : failures.GetArray()) {
    auto it = failure.IsObject() ? failure.FindMember("itemIdentifier") : failure.MemberEnd();
    const bool valid = failure.IsObject() && it != failure.MemberEnd() && it->value.IsString() &&
                       it->value.GetStringLength() > 0;
    if (!valid) return result;  // a whole-batch failure
    const std::string id = it->value.GetString();
    bool known = false;
    for (const auto& r : batch) known = known || r.sequence_number == id;
    if (!known) return result;
    if (!lowest || sequence_value(id) < sequence_value(*lowest)) lowest = id;
  }
  result.first_failed_sequence = lowest;
  return result;
}

}  // namespace

int64_t sequence_value(const std::string& s) {
  try {
    return std::stoll(s);
  } catch (const std::exception&) {
    return -1;
  }
}

std::string lambda_record(const std::string& record_json, const std::string& stream_arn) {
  rapidjson::Document d;
  d.Parse(record_json.c_str(), record_json.size());
  if (d.HasParseError() || !d.IsObject()) return record_json;
  d.AddMember("eventSourceARN", rapidjson::Value(stream_arn.c_str(), d.GetAllocator()),
              d.GetAllocator());
  return json_text(d);
}

std::string lambda_event(const std::vector<PendingRecord>& records) {
  std::string out = "{\"Records\":[";
  for (size_t i = 0; i < records.size(); ++i) {
    if (i) out += ',';
    out += records[i].json;
  }
  return out + "]}";
}

InvokeResult interpret_reply(const HttpReply& reply, bool report_batch_item_failures,
                             const std::vector<PendingRecord>& batch) {
  InvokeResult result;
  result.status = reply.status;
  if (reply.status == 0) {
    result.error = "no response: " + reply.error;
    return result;
  }
  if (reply.status < 200 || reply.status > 299) {
    result.error = "HTTP " + std::to_string(reply.status);
    return result;
  }
  if (!reply.function_error.empty()) {
    result.error = reply.function_error;
    return result;
  }
  if (reply.body.starts_with("Task timed out after")) {
    result.error = reply.body;
    return result;
  }
  rapidjson::Document d;
  d.Parse(reply.body.c_str(), reply.body.size());
  const bool object = !d.HasParseError() && d.IsObject();
  if (object && d.HasMember("errorMessage") && d.HasMember("errorType")) {
    result.error = "Unhandled";
    return result;
  }
  if (report_batch_item_failures && object && d.HasMember("batchItemFailures") &&
      d["batchItemFailures"].IsArray() && !d["batchItemFailures"].Empty()) {
    return partial_result(d["batchItemFailures"], batch);
  }
  result.ok = true;
  return result;
}

std::string iso_time(int64_t epoch_ms, bool with_ms) {
  const std::time_t seconds = static_cast<std::time_t>(epoch_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[40];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
  std::string out = buffer;
  if (with_ms) {
    char ms[8];
    std::snprintf(ms, sizeof ms, ".%03d", static_cast<int>(epoch_ms % 1000));
    out += ms;
  }
  return out + "Z";
}

std::string invocation_record(const std::vector<PendingRecord>& records, const Discard& discard,
                              const BatchInfo& info) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("requestContext");
  w.StartObject();
  w.Key("requestId");
  write_string(w, boost::uuids::to_string(boost::uuids::random_generator()()));
  w.Key("functionArn");
  write_string(w, info.function_arn);
  w.Key("condition");
  write_string(w, discard.condition);
  w.Key("approximateInvokeCount");
  w.Int64(discard.approximate_invoke_count);
  w.EndObject();
  if (discard.approximate_invoke_count > 0) {
    w.Key("responseContext");
    w.StartObject();
    w.Key("statusCode");
    w.Int(discard.last.status);
    w.Key("executedVersion");
    w.String("$LATEST");
    w.Key("functionError");
    w.String("Unhandled");
    w.EndObject();
  }
  w.Key("version");
  w.String("1.0");
  w.Key("timestamp");
  write_string(w, iso_time(info.now_ms, true));
  w.Key("DDBStreamBatchInfo");
  w.StartObject();
  w.Key("shardId");
  write_string(w, info.shard_id);
  w.Key("startSequenceNumber");
  write_string(w, records.front().sequence_number);
  w.Key("endSequenceNumber");
  write_string(w, records.back().sequence_number);
  w.Key("approximateArrivalOfFirstRecord");
  write_string(w, iso_time(records.front().created_s * 1000, false));
  w.Key("approximateArrivalOfLastRecord");
  write_string(w, iso_time(records.back().created_s * 1000, false));
  w.Key("batchSize");
  w.Uint64(records.size());
  w.Key("streamArn");
  write_string(w, info.stream_arn);
  w.EndObject();
  w.Key("payload");
  const std::string event = lambda_event(records);
  w.RawValue(event.c_str(), event.size(), rapidjson::kObjectType);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::triggers
