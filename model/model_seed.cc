#include "model/model_seed.h"

#include <ctime>
#include <stdexcept>

#include "json/json_text.h"
#include "model/request_template.h"
#include "model/request_text.h"

namespace dynamini::model {
namespace {

constexpr size_t kBatch = 25;  // BatchWriteItem's limit

Result call_or_throw(const Executor& executor, std::string_view operation,
                     const std::string& request) {
  Result r = executor(operation, request);
  if (!r.ok()) {
    throw std::runtime_error(std::string(operation) + " failed: " + r.error->name() + ": " +
                             r.error->message);
  }
  return r;
}

std::string table_request(const std::string& table) {
  return "{\"TableName\":" + json_quote(table) + "}";
}

// Writes `items` (JSON objects) into `table`, 25 a request.
void write_items(const Executor& executor, const std::string& table,
                 const std::vector<std::string>& items) {
  for (size_t i = 0; i < items.size(); i += kBatch) {
    std::string request = "{\"RequestItems\":{" + json_quote(table) + ":[";
    for (size_t j = i; j < std::min(items.size(), i + kBatch); ++j) {
      if (j > i) request += ',';
      request += "{\"PutRequest\":{\"Item\":" + items[j] + "}}";
    }
    request += "]}}";
    call_or_throw(executor, "BatchWriteItem", request);
  }
}

std::string iso_seconds(int64_t epoch) {
  std::time_t t = static_cast<std::time_t>(epoch);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Creates the tables `existing` allows; returns the names of those made now.
std::vector<std::string> create_tables(const Executor& executor, const ModelDefinition& model,
                                       ExistingTables existing) {
  std::vector<std::string> made;
  const std::vector<std::string> names = model.table_names();
  for (size_t i = 0; i < names.size(); ++i) {
    const bool exists = existing != ExistingTables::kFail &&
                        executor("DescribeTable", table_request(names[i])).ok();
    if (exists && existing == ExistingTables::kKeep) continue;
    if (exists) call_or_throw(executor, "DeleteTable", table_request(names[i]));
    call_or_throw(executor, "CreateTable", model.tables[i]);
    made.push_back(names[i]);
  }
  return made;
}

}  // namespace

std::vector<std::string> generated_items(const GeneratedItems& g) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < g.count; ++i) {
    const int64_t t = g.start + i * g.step;
    std::string padded = std::to_string(i);
    if (padded.size() < 4) padded.insert(0, 4 - padded.size(), '0');
    TemplateParams p;
    p.text("i", padded).text("t", std::to_string(t)).text("date", iso_seconds(t));
    out.push_back(instantiate(g.cycle[static_cast<size_t>(i) % g.cycle.size()], p));
  }
  return out;
}

SeedReport load_model_data(const Executor& executor, const ModelDefinition& model,
                           ExistingTables existing) {
  SeedReport report;
  const std::vector<std::string> made = create_tables(executor, model, existing);
  report.tables_created = static_cast<int>(made.size());
  for (const std::string& table : made) {
    std::vector<std::string> items;
    for (const auto& [name, item] : model.items) {
      if (name == table) items.push_back(item);
    }
    for (const GeneratedItems& g : model.generated) {
      if (g.table != table) continue;
      std::vector<std::string> more = generated_items(g);
      items.insert(items.end(), more.begin(), more.end());
    }
    write_items(executor, table, items);
    report.items += static_cast<int64_t>(items.size());
  }
  return report;
}

}  // namespace dynamini::model
