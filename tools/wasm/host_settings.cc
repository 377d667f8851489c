#include "host_settings.h"

#include <rapidjson/document.h>

#include <stdexcept>
#include <string>

namespace dynamini::wasm {
namespace {

rapidjson::Document parse_object(std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    throw std::runtime_error("the settings are not a JSON object");
  }
  return doc;
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
  auto it = object.FindMember(name);
  return it == object.MemberEnd() || it->value.IsNull() ? nullptr : &it->value;
}

void read(const rapidjson::Value& object, const char* name, int64_t& out) {
  if (const rapidjson::Value* value = member(object, name)) {
    if (!value->IsInt64()) throw std::runtime_error(std::string(name) + " must be an integer");
    out = value->GetInt64();
  }
}

void read(const rapidjson::Value& object, const char* name, bool& out) {
  if (const rapidjson::Value* value = member(object, name)) {
    if (!value->IsBool()) throw std::runtime_error(std::string(name) + " must be true or false");
    out = value->GetBool();
  }
}

void read(const rapidjson::Value& object, const char* name, std::string& out) {
  if (const rapidjson::Value* value = member(object, name)) {
    if (!value->IsString()) throw std::runtime_error(std::string(name) + " must be a string");
    out.assign(value->GetString(), value->GetStringLength());
  }
}

}  // namespace

HostSettings host_settings(std::string_view json) {
  const rapidjson::Document doc = parse_object(json);
  HostSettings settings;
  read(doc, "console", settings.console);
  read(doc, "model", settings.model);
  Options& options = settings.options;
  read(doc, "region", options.region);
  read(doc, "accountId", options.account_id);
  read(doc, "ttlSweepIntervalMs", options.ttl_sweep_interval_ms);
  read(doc, "streamShardLifetimeMs", options.stream_shard_lifetime_ms);
  read(doc, "streamShardMaxRecords", options.stream_shard_max_records);
  if (const rapidjson::Value* delays = member(doc, "transientDelays")) {
    if (!delays->IsObject()) throw std::runtime_error("transientDelays must be an object");
    read(*delays, "createTableMs", options.transient_delays.create_table_ms);
    read(*delays, "deleteTableMs", options.transient_delays.delete_table_ms);
    read(*delays, "updateTableMs", options.transient_delays.update_table_ms);
  }
  return settings;
}

SubscribeOptions subscribe_options(std::string_view json) {
  const rapidjson::Document doc = parse_object(json);
  SubscribeOptions options;
  int64_t batch = static_cast<int64_t>(options.max_batch_size);
  int64_t attempts = options.max_attempts;
  read(doc, "maxBatchSize", batch);
  read(doc, "fromOldestRetained", options.from_oldest_retained);
  read(doc, "initialRetryDelayMs", options.initial_retry_delay_ms);
  read(doc, "maxRetryDelayMs", options.max_retry_delay_ms);
  read(doc, "maxAttempts", attempts);
  options.max_batch_size = batch > 0 ? static_cast<size_t>(batch) : 1;
  options.max_attempts = static_cast<int>(attempts);
  return options;
}

}  // namespace dynamini::wasm
