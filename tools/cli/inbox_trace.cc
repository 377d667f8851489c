#include "cli/inbox_trace.h"

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <cstdio>

namespace dynamini::cli {

namespace {

// Sum of CapacityUnits over a ConsumedCapacity member (object or array).
double capacity_units(const rapidjson::Value& doc, std::string* detail) {
  if (!doc.IsObject() || !doc.HasMember("ConsumedCapacity")) return 0;
  const auto& cc = doc["ConsumedCapacity"];
  double total = 0;
  auto add = [&](const rapidjson::Value& entry) {
    if (!entry.IsObject() || !entry.HasMember("CapacityUnits")) return;
    double units = entry["CapacityUnits"].GetDouble();
    total += units;
    if (detail) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%g", units);
      if (!detail->empty()) *detail += ", ";
      *detail += std::string(buf) + " on " +
                 (entry.HasMember("TableName") ? entry["TableName"].GetString() : "?");
      if (entry.HasMember("ReadCapacityUnits")) *detail += " (read)";
      if (entry.HasMember("WriteCapacityUnits")) *detail += " (write)";
    }
  };
  if (cc.IsArray()) {
    for (const auto& entry : cc.GetArray()) add(entry);
  } else {
    add(cc);
  }
  return total;
}

}  // namespace

std::string pretty_json(std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError()) return std::string(json);
  rapidjson::StringBuffer buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
  writer.SetIndent(' ', 2);
  doc.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

InboxTrace::InboxTrace(ApiTarget& target, std::ostream& out, bool quiet)
    : target_(target), out_(out), quiet_(quiet), owner_(std::this_thread::get_id()) {}

model::Executor InboxTrace::executor() {
  return [this](std::string_view operation, std::string_view request) {
    return run(operation, request);
  };
}

double InboxTrace::background_capacity() const {
  std::lock_guard lock(const_cast<std::mutex&>(mu_));
  return background_capacity_;
}

Result InboxTrace::run(std::string_view operation, std::string_view request) {
  std::lock_guard lock(mu_);
  Result result = target_.execute(operation, request);
  rapidjson::Document doc;
  if (result.ok()) doc.Parse(result.body.c_str(), result.body.size());
  bool parsed = result.ok() && !doc.HasParseError();
  if (std::this_thread::get_id() != owner_) {
    ++background_requests_;
    if (parsed) background_capacity_ += capacity_units(doc, nullptr);
    return result;
  }
  if (quiet_) return result;
  out_ << ">>> " << operation << "\n" << pretty_json(request) << "\n";
  if (!result.ok()) {
    out_ << "<<< " << result.error->name() << ": " << result.error->message << "\n";
    if (!result.error->extra_members_json.empty()) {
      out_ << pretty_json("{" + result.error->extra_members_json + "}") << "\n";
    }
    out_
        << "cost: refused requests consume capacity too in DynamoDB (not reported with errors)\n\n";
    return result;
  }
  out_ << "<<< 200\n" << pretty_json(result.body) << "\n";
  std::string detail;
  double units = parsed ? capacity_units(doc, &detail) : 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", units);
  out_ << "cost: " << buf << " capacity units" << (detail.empty() ? "" : " [" + detail + "]");
  if (parsed && doc.HasMember("ScannedCount") && doc.HasMember("Count")) {
    out_ << "; evaluated " << doc["ScannedCount"].GetInt64() << " items (ScannedCount), returned "
         << doc["Count"].GetInt64() << " (Count)";
  }
  out_ << "\n\n";
  return result;
}

}  // namespace dynamini::cli
