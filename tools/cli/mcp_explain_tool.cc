#include "cli/mcp_explain_tool.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>
#include <string_view>
#include <vector>

#include "cli/json_out.h"
#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"
#include "dynamini/consumed_capacity_json.h"
#include "model/advisor.h"
#include "model/review_notes.h"

namespace dynamini::cli {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

constexpr std::array<std::string_view, 5> kReads = {"GetItem", "Query", "Scan", "BatchGetItem",
                                                    "TransactGetItems"};

constexpr const char* kSchema =
    R"({"type":"object","properties":{)"
    R"("operation":{"type":"string","enum":["GetItem","Query","Scan","BatchGetItem","TransactGetItems","PutItem","UpdateItem","DeleteItem","BatchWriteItem","TransactWriteItems"],"description":"The DynamoDB operation"},)"
    R"("request":{"type":"object","description":"The request as DynamoDB takes it, e.g. {\"TableName\":\"inbox\",\"KeyConditionExpression\":\"pk = :p\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"USER#u_alice\"}}}"}},)"
    R"("required":["operation","request"],"additionalProperties":false})";

constexpr const char* kNoFactsOverHttp =
    "the request reviewer works from the engine's facts of the call (the items read, returned "
    "and written), which only a database in this process reports: run dynamini mcp with --db "
    "FILE or in memory, or read the line in the server's --log-requests or console request log";

bool is_read(std::string_view operation) {
  for (std::string_view read : kReads) {
    if (read == operation) return true;
  }
  return false;
}

// What running the request gave: the response (or error), its capacity as
// DynamoDB's ConsumedCapacity JSON, where it ran, and whether Result::facts
// were collected (only in this process).
struct Run {
  Result result;
  std::string capacity_json;
  std::string ran_on;
  bool has_facts = false;
};

std::string with_capacity_request(const rapidjson::Value& request) {
  rapidjson::Document copy;
  copy.CopyFrom(request, copy.GetAllocator());
  copy.RemoveMember("ReturnConsumedCapacity");
  copy.AddMember("ReturnConsumedCapacity", "INDEXES", copy.GetAllocator());
  return json_text(copy);
}

Run run_request(McpBackend& backend, const std::string& operation,
                const rapidjson::Value& request) {
  const bool read = is_read(operation);
  Run run;
  // ReturnConsumedCapacity INDEXES: the units per table and index, in
  // Result::consumed_capacity in this process and in the response over HTTP.
  const std::string text = with_capacity_request(request);
  if (Database* db = backend.database()) {
    const ExecuteOptions measure{.measure_capacity = true, .collect_facts = true};
    if (read) {
      run.result = db->execute(operation, text, measure);
      run.ran_on = "the database (a read changes nothing)";
    } else {
      Options scratch_options;
      scratch_options.ttl_sweep_interval_ms = 0;
      auto scratch = Database::open(std::move(scratch_options));
      scratch->restore(*db->snapshot());
      run.result = scratch->execute(operation, text, measure);
      run.ran_on = "a scratch copy of the database: nothing was written";
    }
    run.capacity_json =
        consumed_capacity_json(run.result.consumed_capacity, answers_capacity_list(operation));
    run.has_facts = true;
    return run;
  }
  if (!read) {
    throw ToolError(
        "explaining a write runs it on a scratch copy of the database, which needs "
        "the database in this process (dynamini mcp --db FILE, or in memory); against "
        "an endpoint only reads can be explained");
  }
  run.result = backend.execute(operation, text);
  run.ran_on = "the endpoint " + backend.endpoint() + " (a read changes nothing)";
  if (run.result.ok()) {
    rapidjson::Document response;
    response.Parse(run.result.body.c_str(), run.result.body.size());
    if (response.IsObject()) {
      if (auto c = response.FindMember("ConsumedCapacity"); c != response.MemberEnd()) {
        run.capacity_json = json_text(c->value);
      }
    }
  }
  return run;
}

const rapidjson::Value* find(const rapidjson::Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string text_of(const rapidjson::Value* value) {
  return value && value->IsString() ? value->GetString() : "";
}

int64_t count_of(const rapidjson::Value* value) {
  return value && value->IsInt64() ? value->GetInt64() : -1;
}

// Facts of a Query or Scan page. Read costs: developer guide, "DynamoDB read
// and write operations" (4 KB units; eventually consistent half; Query and
// Scan count every item read, filtered or not).
void read_notes(std::string_view operation, const rapidjson::Value& request,
                const rapidjson::Value& response, std::vector<std::string>& notes) {
  const std::string index = text_of(find(request, "IndexName"));
  const std::string source =
      index.empty() ? "table " + text_of(find(request, "TableName")) : "index " + index;
  const int64_t count = count_of(find(response, "Count"));
  const int64_t scanned = count_of(find(response, "ScannedCount"));
  if (operation == "Scan") {
    notes.push_back("Scan reads the whole " + source +
                    ", page by page, and pays for every item "
                    "it reads; a Query reads one partition.");
  } else if (operation == "Query") {
    notes.push_back("Query reads one partition of the " + source +
                    ", the items its key condition selects, in sort key order.");
  } else if (operation == "GetItem") {
    notes.push_back("GetItem reads one item by its whole key: its size rounded up to 4 KB.");
  }
  if (find(request, "FilterExpression")) {
    notes.push_back("FilterExpression is applied after reading: " + std::to_string(scanned) +
                    " items read and paid for, " + std::to_string(count) + " returned.");
  }
  const rapidjson::Value* consistent = find(request, "ConsistentRead");
  if (operation == "TransactGetItems") {
    notes.push_back("Transactional reads cost two read units per 4 KB.");
  } else if (consistent && consistent->IsBool() && consistent->GetBool()) {
    notes.push_back(
        "Strongly consistent: one read unit per 4 KB (eventually consistent costs "
        "half).");
  } else {
    notes.push_back("Eventually consistent: half a read unit per 4 KB.");
  }
  if (find(request, "ProjectionExpression")) {
    notes.push_back(
        "ProjectionExpression trims the response, not the cost: whole items are "
        "read.");
  }
  if (find(response, "LastEvaluatedKey")) {
    notes.push_back("There are more pages: the cost is this page's.");
  }
}

void write_notes(std::string_view operation, std::vector<std::string>& notes) {
  notes.push_back(
      "A write costs one write unit per 1 KB of the item (the larger of before and "
      "after), and index updates cost their own units (shown per index).");
  if (operation == "TransactWriteItems") {
    notes.push_back("Transactional writes cost two write units per 1 KB.");
  }
  if (operation == "BatchWriteItem") {
    notes.push_back("BatchWriteItem costs what its puts and deletes cost one by one.");
  }
}

void write_strings(Writer& out, const char* key, const std::vector<std::string>& values) {
  out.Key(key);
  out.StartArray();
  for (const std::string& v : values)
    out.String(v.c_str(), static_cast<rapidjson::SizeType>(v.size()));
  out.EndArray();
}

void write_shape(Writer& out, const rapidjson::Value& request, const rapidjson::Value& response) {
  out.Key("shape");
  out.StartObject();
  for (const char* name : {"TableName", "IndexName"}) {
    if (const rapidjson::Value* v = find(request, name)) {
      out.Key(name);
      v->Accept(out);
    }
  }
  for (const char* name : {"KeyConditionExpression", "FilterExpression", "Limit", "ConsistentRead",
                           "ScanIndexForward", "Select"}) {
    if (const rapidjson::Value* v = find(request, name)) {
      out.Key(name);
      v->Accept(out);
    }
  }
  for (const char* name : {"Count", "ScannedCount"}) {
    if (const rapidjson::Value* v = find(response, name)) {
      out.Key(name);
      v->Accept(out);
    }
  }
  out.Key("morePages");
  out.Bool(find(response, "LastEvaluatedKey") != nullptr);
  out.EndObject();
}

void write_member(Writer& out, const char* key, std::string_view value) {
  out.Key(key);
  write_string(out, value);
}

// The request reviewer's view (model/advisor.h) of this one call, from the
// engine's facts of it: {"available": true, "advice": null} when it has
// nothing to say, else the rule, its line and the note behind it. Rules that
// need a history of calls (a hot partition, a collection that only grows)
// have none here: explain judges the one request.
void write_advisor(Writer& out, const std::string& operation, const Run& run) {
  static const model::Advisor reviewer;
  out.Key("advisor");
  out.StartObject();
  out.Key("available");
  out.Bool(run.has_facts);
  if (!run.has_facts) {
    write_member(out, "why", kNoFactsOverHttp);
    out.EndObject();
    return;
  }
  const auto advice = reviewer.review_again(
      {.operation = operation, .ok = run.result.ok(), .facts = &run.result.facts});
  out.Key("advice");
  if (!advice) {
    out.Null();
  } else {
    out.StartObject();
    write_member(out, "rule", advice->rule);
    write_member(out, "text", advice->text);
    if (const model::ModelNote* note = model::find_review_note(advice->rule)) {
      write_member(out, "title", note->title);
      write_member(out, "note", note->text);
    }
    out.EndObject();
  }
  out.EndObject();
}

ToolOutput render(const std::string& operation, const rapidjson::Value& request, const Run& run,
                  const std::string& endpoint) {
  rapidjson::Document response(rapidjson::kObjectType);
  if (run.result.ok()) response.Parse(run.result.body.c_str(), run.result.body.size());
  const std::string request_text = json_text(request);
  std::vector<std::string> notes;
  if (is_read(operation)) {
    read_notes(operation, request, response, notes);
  } else {
    write_notes(operation, notes);
  }
  const CapacityUnits units = capacity_units(operation, request_text, run.capacity_json);
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("operation");
  out.String(operation.c_str());
  out.Key("ranOn");
  out.String(run.ran_on.c_str());
  out.Key("ok");
  out.Bool(run.result.ok());
  if (!run.result.ok()) {
    out.Key("error");
    out.StartObject();
    out.Key("type");
    out.String(run.result.error->name());
    out.Key("message");
    out.String(run.result.error->message.c_str());
    out.EndObject();
  }
  out.Key("cost");
  const std::string cost = capacity_json(units);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.Key("consumedCapacity");
  if (run.capacity_json.empty()) {
    out.Null();
  } else {
    out.RawValue(run.capacity_json.c_str(), run.capacity_json.size(), rapidjson::kObjectType);
  }
  write_shape(out, request, response);
  write_strings(out, "notes", notes);
  out.Key("awsCli");
  const std::string cli = aws_cli_command(operation, request_text, endpoint);
  out.String(cli.c_str(), static_cast<rapidjson::SizeType>(cli.size()));
  write_advisor(out, operation, run);
  out.EndObject();
  return {.structured = std::string(buffer.GetString(), buffer.GetSize())};
}

}  // namespace

McpTool explain_tool(McpBackend& backend) {
  return {.name = "explain",
          .title = "Explain a request's cost",
          .description =
              "Runs one DynamoDB request without changing anything (a write runs on a scratch "
              "copy of the database) and reports the capacity units it consumed, per table and "
              "index, the facts of its shape that decide the cost (key lookup, one partition or "
              "a whole scan, items read against items returned, consistency, paging), the "
              "AWS CLI command that repeats it, and the request reviewer's view of it (advisor: "
              "the rule it breaks, one line and the note that explains it, or null).",
          .input_schema = kSchema,
          .annotations = {.read_only = true, .idempotent = true},
          .call = [&backend](const rapidjson::Value& arguments) {
            const std::string operation = arguments["operation"].GetString();
            const rapidjson::Value& request = arguments["request"];
            Run run = run_request(backend, operation, request);
            return render(operation, request, run, backend.endpoint());
          }};
}

}  // namespace dynamini::cli
