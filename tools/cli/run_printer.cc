#include "cli/run_printer.h"

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <cstdio>
#include <memory>
#include <mutex>

#include "cli/json_out.h"
#include "dynamini/capacity_units.h"
#include "model/pricing.h"

namespace dynamini::cli {

namespace {

// Sum of CapacityUnits over a ConsumedCapacity member (object or array), and
// "<units> on <table> (read|write)" for each entry in `detail`.
double reported_units(const rapidjson::Value& doc, std::string* detail) {
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

void print_call(std::ostream& out, const model::PatternCall& call) {
  out << ">>> " << call.operation << "\n" << pretty_json(call.request) << "\n";
  const Result& result = call.result;
  if (!result.ok()) {
    out << "<<< " << result.error->name() << ": " << result.error->message << "\n";
    if (!result.error->extra_members_json.empty()) {
      out << pretty_json("{" + result.error->extra_members_json + "}") << "\n";
    }
    out << "cost: refused requests consume capacity too in DynamoDB (not reported with errors)\n\n";
    return;
  }
  out << "<<< 200\n" << pretty_json(result.body) << "\n";
  rapidjson::Document doc;
  doc.Parse(result.body.c_str(), result.body.size());
  std::string detail;
  const double units = doc.HasParseError() ? 0 : reported_units(doc, &detail);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", units);
  out << "cost: " << buf << " capacity units" << (detail.empty() ? "" : " [" + detail + "]");
  if (!doc.HasParseError() && doc.HasMember("ScannedCount") && doc.HasMember("Count")) {
    out << "; evaluated " << doc["ScannedCount"].GetInt64() << " items (ScannedCount), returned "
        << doc["Count"].GetInt64() << " (Count)";
  }
  out << "\n\n";
}

// What the run cost in all, split into reads and writes.
CapacityUnits run_units(const model::PatternRun& run) {
  CapacityUnits total;
  for (const model::PatternCall& call : run.calls) {
    rapidjson::Document doc;
    doc.Parse(call.result.body.c_str(), call.result.body.size());
    if (!call.result.ok() || doc.HasParseError() || !doc.IsObject() ||
        !doc.HasMember("ConsumedCapacity")) {
      continue;
    }
    const CapacityUnits u =
        capacity_units(call.operation, call.request, json_text(doc["ConsumedCapacity"]));
    total.read += u.read;
    total.write += u.write;
  }
  return total;
}

void print_footer(std::ostream& out, const model::ModelDefinition& model,
                  const model::ModelPattern& pattern, const model::PatternRun& run) {
  int64_t background = 0;
  for (const model::PatternCall& call : run.calls) background += call.background ? 1 : 0;
  if (background > 0) out << "background worker: " << background << " requests\n";
  if (run.cursor && !pattern.cursor.empty()) {
    out << "next page: --" << pattern.cursor << " '" << *run.cursor << "'\n";
  }
  const CapacityUnits units = run_units(run);
  const model::PriceTable& prices = model::price_table(model.prices);
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "price: $%.4g per million calls (%g RCU + %g WCU a call; on demand, %s, rates "
                "of %s)\n",
                model::price_per_million(prices, units.read, units.write), units.read, units.write,
                prices.region.c_str(), prices.read_on.c_str());
  out << buf;
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

void print_run(std::ostream& out, const model::ModelDefinition& model,
               const model::ModelPattern& pattern, const model::PatternRun& run, bool quiet) {
  if (quiet) {
    out << run.outcome << "\n";
    return;
  }
  for (const model::PatternCall& call : run.calls) {
    if (!call.background) print_call(out, call);
  }
  out << run.outcome << "\n";
  print_footer(out, model, pattern, run);
}

model::Executor serialized_executor(ApiTarget& target) {
  auto mu = std::make_shared<std::mutex>();
  return [&target, mu](std::string_view operation, std::string_view request) {
    std::lock_guard lock(*mu);
    return target.execute(operation, request);
  };
}

}  // namespace dynamini::cli
