#include "cli/model_run_json.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>

#include "cli/json_out.h"
#include "cli/request_review.h"
#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"
#include "model/pricing.h"

namespace dynamini::cli {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void write_pages(Writer& out, const CallFacts& facts) {
  out.Key("pages");
  out.StartArray();
  for (const CallFacts::Page& p : facts.pages) {
    out.StartObject();
    out.Key("table");
    write_string(out, p.table);
    out.Key("index");
    write_string(out, p.index);
    out.Key("query");
    out.Bool(p.query);
    out.Key("filtered");
    out.Bool(p.filtered);
    out.Key("evaluated");
    out.Int64(p.evaluated);
    out.Key("returned");
    out.Int64(p.returned);
    out.Key("keys");
    out.StartArray();
    for (const CallFacts::Page::Key& k : p.keys) {
      out.StartObject();
      out.Key("key");
      write_json_or_null(out, k.key);
      out.Key("returned");
      out.Bool(k.returned);
      out.EndObject();
    }
    out.EndArray();
    out.EndObject();
  }
  out.EndArray();
}

void write_writes(Writer& out, const CallFacts& facts) {
  out.Key("writes");
  out.StartArray();
  for (const CallFacts::Write& w : facts.writes) {
    out.StartObject();
    out.Key("table");
    write_string(out, w.table);
    out.Key("key");
    write_json_or_null(out, w.key);
    out.Key("created");
    out.Bool(w.created);
    out.Key("removed");
    out.Bool(w.removed);
    out.Key("indexes");
    out.StartArray();
    for (const CallFacts::IndexWrite& i : w.indexes) write_string(out, i.index);
    out.EndArray();
    out.EndObject();
  }
  out.EndArray();
}

void write_outcome(Writer& out, const model::PatternCall& call) {
  const bool ok = call.result.ok();
  out.Key("status");
  out.Int(ok ? 200 : call.result.error->http_status());
  out.Key("response");
  if (ok) {
    write_json_or_null(out, call.result.body);
  } else {
    out.Null();
  }
  out.Key("error");
  if (ok) {
    out.Null();
    return;
  }
  out.StartObject();
  out.Key("type");
  write_string(out, call.result.error->name());
  out.Key("message");
  write_string(out, call.result.error->message);
  out.EndObject();
}

void write_review(Writer& out, const model::PatternCall& call, const model::Advisor* advisor) {
  out.Key("review");
  std::optional<model::Advice> advice;
  if (advisor != nullptr) {
    advice = advisor->review_again(
        {.operation = call.operation, .ok = call.result.ok(), .facts = &call.result.facts});
  }
  if (!advice) {
    out.Null();
    return;
  }
  out.StartObject();
  out.Key("text");
  write_string(out, advice->text);
  out.Key("link");
  write_string(out, review_note_link(advice->rule));
  out.EndObject();
}

void write_call(Writer& out, const model::PatternCall& call, std::string_view endpoint,
                const model::Advisor* advisor, CapacityUnits& total) {
  const CapacityUnits units =
      capacity_units(call.operation, call.request, call.result.consumed_capacity);
  total.read += units.read;
  total.write += units.write;
  total.reported = total.reported || units.reported;
  out.StartObject();
  out.Key("operation");
  write_string(out, call.operation);
  out.Key("template");
  if (call.template_id.empty()) {
    out.Null();
  } else {
    write_string(out, call.template_id);
  }
  out.Key("request");
  write_json_or_null(out, call.request);
  write_outcome(out, call);
  out.Key("latencyMs");
  out.Double(static_cast<double>(call.latency.count()) / 1000.0);
  out.Key("background");
  out.Bool(call.background);
  out.Key("cost");
  const std::string cost = capacity_json(units);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.Key("awsCli");
  write_string(out, aws_cli_command(call.operation, call.request, endpoint));
  write_pages(out, call.result.facts);
  write_writes(out, call.result.facts);
  write_review(out, call, advisor);
  out.EndObject();
}

void write_price(Writer& out, const model::ModelDefinition& m, const CapacityUnits& total) {
  const model::PriceTable& prices = model::price_table(m.prices);
  const double per_million = model::price_per_million(prices, total.read, total.write);
  char text[96];
  std::snprintf(text, sizeof text, "$%.4g per million calls (on demand, %s, rates of %s)",
                per_million, prices.region.c_str(), prices.read_on.c_str());
  out.Key("price");
  out.StartObject();
  out.Key("perMillion");
  out.Double(per_million);
  out.Key("currency");
  write_string(out, prices.currency);
  out.Key("table");
  write_string(out, prices.name);
  out.Key("readOn");
  write_string(out, prices.read_on);
  out.Key("text");
  write_string(out, text);
  out.EndObject();
}

}  // namespace

std::string run_json(const model::ModelDefinition& m, std::string_view pattern,
                     const model::PatternRun& run, std::string_view endpoint,
                     const model::Advisor* advisor) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("pattern");
  write_string(out, pattern);
  out.Key("model");
  write_string(out, m.name);
  out.Key("ok");
  out.Bool(run.ok);
  out.Key("outcome");
  write_string(out, run.outcome);
  out.Key("cursor");
  if (run.cursor) {
    write_json_or_null(out, *run.cursor);
  } else {
    out.Null();
  }
  CapacityUnits total;
  out.Key("calls");
  out.StartArray();
  for (const model::PatternCall& call : run.calls) write_call(out, call, endpoint, advisor, total);
  out.EndArray();
  out.Key("total");
  const std::string cost = capacity_json(total);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.Key("requests");
  out.Uint64(run.calls.size());
  write_price(out, m, total);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::cli
