#include "request_log.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <deque>
#include <utility>

#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"
#include "dynamini/consumed_capacity_json.h"

namespace dynamini::server {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// "DynamoDB_20120810.Query" -> ("dynamodb", "Query").
std::pair<std::string_view, std::string_view> split_target(std::string_view target) {
  size_t dot = target.find('.');
  if (dot == std::string_view::npos) return {"", target};
  std::string_view prefix = target.substr(0, dot);
  return {prefix.starts_with("DynamoDBStreams") ? "dynamodbstreams" : "dynamodb",
          target.substr(dot + 1)};
}

// The table a request names: TableName, the tables of RequestItems, or the
// table part of a StreamArn ("arn:...:table/<name>/stream/<label>").
std::string table_of(const rapidjson::Value& body) {
  if (!body.IsObject()) return "";
  if (auto it = body.FindMember("TableName"); it != body.MemberEnd() && it->value.IsString()) {
    return it->value.GetString();
  }
  if (auto it = body.FindMember("RequestItems"); it != body.MemberEnd() && it->value.IsObject()) {
    std::string names;
    for (const auto& m : it->value.GetObject()) {
      if (!names.empty()) names += ",";
      names += m.name.GetString();
    }
    return names;
  }
  if (auto it = body.FindMember("StreamArn"); it != body.MemberEnd() && it->value.IsString()) {
    std::string_view arn = it->value.GetString();
    size_t start = arn.find(":table/");
    if (start != std::string_view::npos) {
      arn.remove_prefix(start + 7);
      return std::string(arn.substr(0, arn.find('/')));
    }
  }
  return "";
}

// What the request addresses: Key, else the Item written, else the key
// condition of a Query; null otherwise.
void write_key(Writer& out, const rapidjson::Value& body) {
  if (body.IsObject()) {
    for (const char* name : {"Key", "Item", "KeyConditionExpression"}) {
      auto it = body.FindMember(name);
      if (it != body.MemberEnd()) {
        it->value.Accept(out);
        return;
      }
    }
  }
  out.Null();
}

void write_raw_or_null(Writer& out, const std::string& json) {
  rapidjson::Document doc;
  if (json.empty() || doc.Parse(json.data(), json.size()).HasParseError()) {
    out.Null();
  } else {
    doc.Accept(out);
  }
}

void write_error(Writer& out, const std::string& body) {
  rapidjson::Document doc;
  if (body.empty() || doc.Parse(body.data(), body.size()).HasParseError() || !doc.IsObject()) {
    out.Null();
    return;
  }
  std::string type;
  std::string message;
  if (auto it = doc.FindMember("__type"); it != doc.MemberEnd() && it->value.IsString()) {
    type = it->value.GetString();
    type = type.substr(type.find('#') + 1);
  }
  for (const char* name : {"message", "Message"}) {
    if (auto it = doc.FindMember(name); it != doc.MemberEnd() && it->value.IsString()) {
      message = it->value.GetString();
    }
  }
  out.StartObject();
  out.Key("type");
  out.String(type.c_str(), static_cast<rapidjson::SizeType>(type.size()));
  out.Key("message");
  out.String(message.c_str(), static_cast<rapidjson::SizeType>(message.size()));
  out.EndObject();
}

void write_string(Writer& out, std::string_view s) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// {"text": ..., "link": ...}, or null without a note.
void write_note(Writer& out, const std::string& text, const std::string& link) {
  if (text.empty()) {
    out.Null();
    return;
  }
  out.StartObject();
  out.Key("text");
  write_string(out, text);
  out.Key("link");
  write_string(out, link);
  out.EndObject();
}

}  // namespace

RequestLog::RequestLog(size_t capacity) : capacity_(std::max<size_t>(capacity, 1)) {}

void RequestLog::record(const Call& call) {
  // Filled outside the lock, in storage that earlier calls on this thread
  // left here (the entry a full log evicted), so its strings are reused.
  thread_local Entry entry;
  entry.time_ms = now_ms();
  entry.target.assign(call.target);
  entry.client.assign(call.client.substr(0, 200));
  entry.truncated = call.request_body.size() > kBodyPrefix;
  entry.body.assign(call.request_body.substr(0, kBodyPrefix));
  entry.status = call.status;
  entry.latency_ms = static_cast<double>(call.latency.count()) / 1000.0;
  entry.error.clear();
  entry.capacity.clear();
  entry.note.assign(call.note.substr(0, 1024));
  entry.note_link.assign(call.note_link.substr(0, 1024));
  if (call.status != 200) {
    entry.error.assign(call.response_body.substr(0, 4096));
  } else if (call.consumed_capacity != nullptr) {
    entry.capacity = *call.consumed_capacity;
  }
  std::lock_guard lock(mutex_);
  entry.id = next_id_++;
  if (entries_.size() < capacity_) {
    entries_.push_back(std::move(entry));  // moved-from: empty, refilled next call
  } else {
    std::swap(entries_[oldest_], entry);  // `entry` now holds the evicted one
    oldest_ = (oldest_ + 1) % capacity_;
  }
}

std::string RequestLog::entries_json(uint64_t after, size_t limit,
                                     std::string_view endpoint) const {
  std::deque<Entry> picked;
  uint64_t last_id = 0;
  {
    std::lock_guard lock(mutex_);
    last_id = next_id_ - 1;
    // Newest first, back from the newest slot.
    for (size_t i = entries_.size(); i > 0 && picked.size() < limit; --i) {
      const Entry& e = entries_[(oldest_ + i - 1) % entries_.size()];
      if (e.id <= after) break;
      picked.push_front(e);
    }
  }
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("entries");
  out.StartArray();
  for (const Entry& e : picked) {
    rapidjson::Document body;
    bool parsed = !e.truncated && !body.Parse(e.body.data(), e.body.size()).HasParseError();
    auto [service, operation] = split_target(e.target);
    out.StartObject();
    out.Key("id");
    out.Uint64(e.id);
    out.Key("time");
    out.Int64(e.time_ms);
    out.Key("service");
    write_string(out, service);
    out.Key("operation");
    write_string(out, operation);
    out.Key("table");
    write_string(out, parsed ? table_of(body) : "");
    out.Key("key");
    if (parsed) {
      write_key(out, body);
    } else {
      out.Null();
    }
    out.Key("status");
    out.Uint(e.status);
    out.Key("latencyMs");
    out.Double(e.latency_ms);
    out.Key("client");
    write_string(out, e.client);
    out.Key("consumedCapacity");
    write_raw_or_null(out, consumed_capacity_json(e.capacity, answers_capacity_list(operation)));
    out.Key("cost");
    const std::string cost = capacity_json(capacity_units(operation, e.body, e.capacity));
    out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
    out.Key("error");
    write_error(out, e.error);
    out.Key("note");
    write_note(out, e.note, e.note_link);
    out.Key("request");
    if (parsed) {
      body.Accept(out);
    } else {
      out.Null();
    }
    out.Key("awsCli");
    if (e.truncated) {
      out.Null();
    } else {
      write_string(out, aws_cli_command(e.target, e.body, endpoint));
    }
    out.Key("truncated");
    out.Bool(e.truncated);
    out.EndObject();
  }
  out.EndArray();
  out.Key("lastId");
  out.Uint64(last_id);
  out.Key("capacity");
  out.Uint64(capacity_);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::server
