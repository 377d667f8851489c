#include "model/model_runner.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

#include "json/json_text.h"
#include "model/inbox_pattern_runner.h"
#include "model/pattern_arguments.h"
#include "model/ulid.h"

namespace dynamini::model {
namespace {

// The value at a dotted path ("Item.version.N") as text, or nullopt.
std::optional<std::string> at_path(const rapidjson::Value& root, std::string_view path) {
  const rapidjson::Value* v = &root;
  while (!path.empty()) {
    const std::string_view name = path.substr(0, path.find('.'));
    path.remove_prefix(std::min(path.size(), name.size() + 1));
    if (!v->IsObject()) return std::nullopt;
    const rapidjson::Value key(rapidjson::StringRef(name.data(), name.size()));
    auto it = v->FindMember(key);
    if (it == v->MemberEnd()) return std::nullopt;
    v = &it->value;
  }
  if (v->IsString()) return std::string(v->GetString(), v->GetStringLength());
  return json_text(*v);
}

// The capacity a call consumed: Result::consumed_capacity when the executor
// measured it, else the response's ConsumedCapacity (a call over HTTP).
double units(const Result& r) {
  double total = 0;
  for (const auto& c : r.consumed_capacity) total += c.capacity_units.value_or(0);
  if (!r.consumed_capacity.empty() || !r.ok()) return total;
  rapidjson::Document body;
  body.Parse(r.body.c_str(), r.body.size());
  if (!body.IsObject() || !body.HasMember("ConsumedCapacity")) return total;
  const rapidjson::Value& cc = body["ConsumedCapacity"];
  auto add = [&](const rapidjson::Value& entry) {
    if (entry.IsObject() && entry.HasMember("CapacityUnits") && entry["CapacityUnits"].IsNumber()) {
      total += entry["CapacityUnits"].GetDouble();
    }
  };
  if (cc.IsArray()) {
    for (const auto& entry : cc.GetArray()) add(entry);
  } else {
    add(cc);
  }
  return total;
}

bool reads(std::string_view operation) {
  return operation == "GetItem" || operation == "Query" || operation == "Scan" ||
         operation == "BatchGetItem" || operation == "TransactGetItems";
}

std::string cost(const PatternCall& call) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g %s", units(call.result),
                reads(call.operation) ? "RCU" : "WCU");
  return buf;
}

// The parameters every generic pattern may use without declaring them.
void add_clock_parameters(TemplateParams& values, UlidGenerator& ulids) {
  const auto now = std::chrono::system_clock::now();
  const int64_t seconds =
      std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char iso[32];
  std::strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
  if (values.find("now") == nullptr) values.text("now", iso);
  if (values.find("nowSeconds") == nullptr) values.text("nowSeconds", std::to_string(seconds));
  if (values.find("ulid") == nullptr) values.text("ulid", ulids.next());
}

// "returned 10 of 10 item(s) read (0.5 RCU)" for a Query or Scan page, or
// nullopt.
std::optional<std::string> page_text(const PatternCall& call, const rapidjson::Document& body) {
  if (!body.IsObject() || !body.HasMember("Count") || !body.HasMember("ScannedCount")) {
    return std::nullopt;
  }
  return "returned " + std::to_string(body["Count"].GetInt64()) + " of " +
         std::to_string(body["ScannedCount"].GetInt64()) + " item(s) read (" + cost(call) + ")";
}

rapidjson::Document body_of(const PatternCall& call) {
  rapidjson::Document body;
  body.Parse(call.result.body.c_str(), call.result.body.size());
  return body;
}

// What one successful call did, in words.
std::string describe_call(const PatternCall& call) {
  const rapidjson::Document body = body_of(call);
  if (auto page = page_text(call, body)) {
    return call.operation + " " + *page +
           (body.HasMember("LastEvaluatedKey") ? "; more: the next page starts at LastEvaluatedKey"
                                               : "; the last page");
  }
  const std::string spent = " (" + cost(call) + ")";
  if (call.operation == "GetItem") {
    return std::string(body.IsObject() && body.HasMember("Item") ? "GetItem found the item"
                                                                 : "GetItem: no such item") +
           spent;
  }
  return call.operation + " done" + spent;
}

struct StepResult {
  bool stop = false;
  std::optional<std::string> last_evaluated_key;
};

class GenericRun {
 public:
  GenericRun(const ModelDefinition& model, const ModelPattern& pattern, TemplateParams values,
             const Executor& executor)
      : model_(model), pattern_(pattern), values_(std::move(values)), executor_(executor) {}

  PatternRun run();

 private:
  StepResult send_step(const ModelStep& step, const ModelTemplate& t);
  bool send_one(const ModelStep& step, const ModelTemplate& t, std::optional<std::string>& lek);
  std::string summary() const;

  const ModelDefinition& model_;
  const ModelPattern& pattern_;
  TemplateParams values_;
  const Executor& executor_;
  PatternRun out_;
  std::string ending_;  // the outcome when a step ended the run
};

// Sends one page; false when the run must stop (an error).
bool GenericRun::send_one(const ModelStep& step, const ModelTemplate& t,
                          std::optional<std::string>& lek) {
  PatternCall call;
  call.operation = t.operation;
  call.template_id = t.id;
  try {
    call.request = instantiate(t.body, values_);
  } catch (const TemplateError& e) {
    if (out_.calls.empty()) throw PatternError(e.what());
    out_.ok = false;
    ending_ = std::string("not sent: ") + e.what();
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  call.result = executor_(call.operation, call.request);
  call.latency = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - start);
  out_.calls.push_back(call);
  const PatternCall& sent = out_.calls.back();
  if (!sent.result.ok()) {
    const ApiError& e = *sent.result.error;
    const bool expected =
        std::find(step.expect.begin(), step.expect.end(), e.name()) != step.expect.end();
    out_.ok = expected;
    ending_ = t.operation + (expected ? " refused, as it can be: " : " failed: ") + e.name() +
              ": " + e.message + (expected ? " (nothing was written)" : "");
    return false;
  }
  rapidjson::Document body;
  body.Parse(sent.result.body.c_str(), sent.result.body.size());
  lek.reset();
  if (body.IsObject() && body.HasMember("LastEvaluatedKey"))
    lek = json_text(body["LastEvaluatedKey"]);
  for (const auto& [param, path] : step.capture) {
    if (auto value = at_path(body, path)) values_.text(param, *value);
  }
  return true;
}

StepResult GenericRun::send_step(const ModelStep& step, const ModelTemplate& t) {
  StepResult result;
  for (int page = 1; page <= step.pages; ++page) {
    if (!send_one(step, t, result.last_evaluated_key)) {
      result.stop = true;
      return result;
    }
    if (!result.last_evaluated_key || page == step.pages || pattern_.cursor.empty()) break;
    values_.json(pattern_.cursor, *result.last_evaluated_key);
  }
  return result;
}

std::string GenericRun::summary() const {
  if (!ending_.empty()) return ending_;
  const PatternCall& first = out_.calls.front();
  const PatternCall& last = out_.calls.back();
  auto first_page = page_text(first, body_of(first));
  auto last_page = page_text(last, body_of(last));
  if (out_.calls.size() > 1 && first.template_id == last.template_id && first_page && last_page) {
    const std::string n = std::to_string(out_.calls.size());
    return n + " pages of " + last.operation + ": page 1 " + *first_page + "; page " + n + " " +
           *last_page;
  }
  return describe_call(last);
}

PatternRun GenericRun::run() {
  for (const ModelStep& step : pattern_.steps) {
    const ModelTemplate* t = model_.find_template(step.template_id);
    StepResult r = send_step(step, *t);
    if (!pattern_.cursor.empty()) out_.cursor = r.last_evaluated_key;
    if (r.stop) break;
  }
  out_.outcome = summary();
  return std::move(out_);
}

}  // namespace

PatternRun run_model_pattern(const ModelDefinition& model, std::string_view id,
                             const TemplateParams& params, const Executor& executor,
                             const PatternRunOptions& options) {
  if (model.runner == "inbox") return run_inbox_pattern(model, id, params, executor, options);
  const ModelPattern* pattern = model.find_pattern(id);
  if (pattern == nullptr) throw PatternError("no pattern " + std::string(id));
  PatternArguments args(model, *pattern, params);
  TemplateParams values = args.resolved();
  UlidGenerator ulids;
  add_clock_parameters(values, ulids);
  return GenericRun(model, *pattern, std::move(values), executor).run();
}

}  // namespace dynamini::model
