// TriggerConfig from and to JSON (dynamini/triggers.h). Ranges are Lambda's
// (API reference, CreateEventSourceMapping).

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <stdexcept>

#include "dynamini/triggers.h"
#include "json/json_text.h"
#include "triggers/filter_pattern.h"
#include "triggers/http_post.h"

namespace dynamini {
namespace {

using Value = rapidjson::Value;

[[noreturn]] void bad(const std::string& message) {
  throw std::invalid_argument("trigger: " + message);
}

int64_t integer(const Value& v, const char* name, int64_t low, int64_t high) {
  if (!v.IsInt64() || v.GetInt64() < low || v.GetInt64() > high) {
    bad(std::string(name) + " must be an integer from " + std::to_string(low) + " to " +
        std::to_string(high));
  }
  return v.GetInt64();
}

std::string string(const Value& v, const char* name) {
  if (!v.IsString()) bad(std::string(name) + " must be a string");
  return v.GetString();
}

bool boolean(const Value& v, const char* name) {
  if (!v.IsBool()) bad(std::string(name) + " must be true or false");
  return v.GetBool();
}

void read_filters(TriggerConfig& c, const Value& v) {
  if (!v.IsObject() || !v.HasMember("Filters") || !v["Filters"].IsArray()) {
    bad("FilterCriteria must be {\"Filters\": [{\"Pattern\": \"...\"}]}");
  }
  if (v["Filters"].Size() > 5) bad("FilterCriteria has at most 5 filters");
  for (const auto& f : v["Filters"].GetArray()) {
    if (!f.IsObject() || !f.HasMember("Pattern")) bad("each filter needs a Pattern");
    // A Pattern is a string of JSON; an object is accepted as well.
    std::string pattern;
    if (f["Pattern"].IsString()) {
      pattern = f["Pattern"].GetString();
    } else {
      pattern = json_text(f["Pattern"]);
    }
    triggers::FilterPattern::parse(pattern);  // throws when invalid
    c.filter_patterns.push_back(pattern);
  }
}

void read_destination(TriggerConfig& c, const Value& v) {
  if (!v.IsObject() || !v.HasMember("OnFailure") || !v["OnFailure"].IsObject() ||
      !v["OnFailure"].HasMember("Destination")) {
    bad("DestinationConfig must be {\"OnFailure\": {\"Destination\": \"file:PATH\" | "
        "\"table:NAME\"}}");
  }
  c.on_failure = string(v["OnFailure"]["Destination"], "Destination");
  const bool file = c.on_failure.starts_with("file:") && c.on_failure.size() > 5;
  const bool table = c.on_failure.starts_with("table:") && c.on_failure.size() > 6;
  if (!file && !table) bad("Destination must be file:PATH or table:NAME");
}

void read_member(TriggerConfig& c, std::string_view name, const Value& v) {
  if (name == "TableName") {
    c.table = string(v, "TableName");
  } else if (name == "FunctionUrl") {
    c.url = string(v, "FunctionUrl");
  } else if (name == "UUID") {
    c.id = string(v, "UUID");
  } else if (name == "BatchSize") {
    c.batch_size = static_cast<size_t>(integer(v, "BatchSize", 1, 10000));
  } else if (name == "MaximumBatchingWindowInSeconds") {
    c.max_batching_window_s = integer(v, "MaximumBatchingWindowInSeconds", 0, 300);
  } else if (name == "StartingPosition") {
    const std::string p = string(v, "StartingPosition");
    if (p != "LATEST" && p != "TRIM_HORIZON")
      bad("StartingPosition must be LATEST or TRIM_HORIZON");
    c.from_trim_horizon = p == "TRIM_HORIZON";
  } else if (name == "BisectBatchOnFunctionError") {
    c.bisect_on_error = boolean(v, "BisectBatchOnFunctionError");
  } else if (name == "MaximumRetryAttempts") {
    c.max_retry_attempts = integer(v, "MaximumRetryAttempts", -1, 10000);
  } else if (name == "MaximumRecordAgeInSeconds") {
    c.max_record_age_s = integer(v, "MaximumRecordAgeInSeconds", -1, 604800);
    if (c.max_record_age_s >= 0 && c.max_record_age_s < 60) {
      bad("MaximumRecordAgeInSeconds must be -1 or from 60 to 604800");
    }
  } else if (name == "FunctionResponseTypes") {
    if (!v.IsArray()) bad("FunctionResponseTypes must be a list");
    for (const auto& t : v.GetArray()) {
      if (string(t, "FunctionResponseTypes") != "ReportBatchItemFailures") {
        bad("FunctionResponseTypes accepts only ReportBatchItemFailures");
      }
      c.report_batch_item_failures = true;
    }
  } else if (name == "FilterCriteria") {
    read_filters(c, v);
  } else if (name == "DestinationConfig") {
    read_destination(c, v);
  } else if (name == "RetryBaseDelayMs") {
    c.retry_base_delay_ms = integer(v, "RetryBaseDelayMs", 0, 600000);
  } else if (name == "RetryMaxDelayMs") {
    c.retry_max_delay_ms = integer(v, "RetryMaxDelayMs", 0, 600000);
  } else if (name == "InvokeTimeoutMs") {
    c.invoke_timeout_ms = integer(v, "InvokeTimeoutMs", 1, 900000);
  } else {
    bad("unknown member " + std::string(name));
  }
}

}  // namespace

TriggerConfig parse_trigger_json(std::string_view json) {
  rapidjson::Document d;
  d.Parse(json.data(), json.size());
  if (d.HasParseError() || !d.IsObject()) bad("the configuration must be a JSON object");
  TriggerConfig c;
  for (const auto& [name, value] : d.GetObject()) {
    read_member(c, std::string_view(name.GetString(), name.GetStringLength()), value);
  }
  if (c.table.empty()) bad("TableName is required");
  if (c.url.empty()) bad("FunctionUrl is required");
  triggers::parse_http_url(c.url);  // throws when not http://HOST[:PORT]/...
  return c;
}

TriggerConfig parse_trigger_flag(std::string_view spec) {
  const size_t eq = spec.find('=');
  if (eq == spec.npos || eq == 0 || eq + 1 == spec.size()) {
    bad("expected TABLE=URL or TABLE={json}, got '" + std::string(spec) + "'");
  }
  const std::string table(spec.substr(0, eq));
  std::string_view value = spec.substr(eq + 1);
  if (value.front() != '{') {
    TriggerConfig c;
    c.table = table;
    c.url = value;
    triggers::parse_http_url(c.url);
    return c;
  }
  rapidjson::Document d;
  d.Parse(value.data(), value.size());
  if (d.HasParseError() || !d.IsObject()) bad("the configuration after TABLE= is not JSON");
  if (!d.HasMember("TableName")) {
    d.AddMember("TableName", rapidjson::Value(table.c_str(), d.GetAllocator()), d.GetAllocator());
  }
  return parse_trigger_json(json_text(d));
}

std::string trigger_json(const TriggerConfig& c) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  w.StartObject();
  w.Key("UUID");
  w.String(c.id.c_str());
  w.Key("TableName");
  w.String(c.table.c_str());
  w.Key("FunctionUrl");
  w.String(c.url.c_str());
  w.Key("BatchSize");
  w.Uint64(c.batch_size);
  w.Key("MaximumBatchingWindowInSeconds");
  w.Int64(c.max_batching_window_s);
  w.Key("StartingPosition");
  w.String(c.from_trim_horizon ? "TRIM_HORIZON" : "LATEST");
  w.Key("BisectBatchOnFunctionError");
  w.Bool(c.bisect_on_error);
  w.Key("MaximumRetryAttempts");
  w.Int64(c.max_retry_attempts);
  w.Key("MaximumRecordAgeInSeconds");
  w.Int64(c.max_record_age_s);
  w.Key("FunctionResponseTypes");
  w.StartArray();
  if (c.report_batch_item_failures) w.String("ReportBatchItemFailures");
  w.EndArray();
  w.Key("FilterCriteria");
  w.StartObject();
  w.Key("Filters");
  w.StartArray();
  for (const auto& p : c.filter_patterns) {
    w.StartObject();
    w.Key("Pattern");
    w.String(p.c_str());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  if (!c.on_failure.empty()) {
    w.Key("DestinationConfig");
    w.StartObject();
    w.Key("OnFailure");
    w.StartObject();
    w.Key("Destination");
    w.String(c.on_failure.c_str());
    w.EndObject();
    w.EndObject();
  }
  w.EndObject();
  return b.GetString();
}

}  // namespace dynamini
