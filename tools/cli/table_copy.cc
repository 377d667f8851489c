#include "cli/table_copy.h"

#include <rapidjson/document.h>

#include <stdexcept>
#include <thread>

#include "cli/json_out.h"
#include "cli/progress_bar.h"

namespace dynamini::cli {
namespace {

using rapidjson::Document;
using rapidjson::Value;

// BatchWriteItem takes at most 25 put or delete requests (API reference,
// BatchWriteItem).
constexpr size_t kBatchSize = 25;

Document parse(const std::string& json) {
  Document doc;
  doc.Parse(json.c_str(), json.size());
  if (doc.HasParseError() || !doc.IsObject())
    throw std::runtime_error("not a JSON object: " + json);
  return doc;
}

const Value* find(const Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string string_of(const Value* value) {
  return value && value->IsString() ? value->GetString() : "";
}

// Copies member `name` of `from` into `to` when present.
void copy_member(const Value& from, const char* name, Value& to, Document::AllocatorType& alloc) {
  if (const Value* v = find(from, name)) to.AddMember(Value(name, alloc), Value(*v, alloc), alloc);
}

// {"ReadCapacityUnits": r, "WriteCapacityUnits": w} from a description's
// ProvisionedThroughput (at least 1 each, as CreateTable requires).
Value throughput(const Value* described, Document::AllocatorType& alloc) {
  Value out(rapidjson::kObjectType);
  for (const char* name : {"ReadCapacityUnits", "WriteCapacityUnits"}) {
    const Value* v = described ? find(*described, name) : nullptr;
    const int64_t units = v && v->IsInt64() && v->GetInt64() > 0 ? v->GetInt64() : 1;
    out.AddMember(Value(name, alloc), Value(units), alloc);
  }
  return out;
}

Value indexes(const Value& described, bool global, bool provisioned,
              Document::AllocatorType& alloc) {
  Value out(rapidjson::kArrayType);
  for (const Value& index : described.GetArray()) {
    Value created(rapidjson::kObjectType);
    for (const char* name : {"IndexName", "KeySchema", "Projection"})
      copy_member(index, name, created, alloc);
    if (global && provisioned) {
      created.AddMember("ProvisionedThroughput",
                        throughput(find(index, "ProvisionedThroughput"), alloc), alloc);
    }
    out.PushBack(created, alloc);
  }
  return out;
}

}  // namespace

std::string create_table_request(const std::string& description_json) {
  Document described = parse(description_json);
  const Value* table = find(described, "Table");
  if (!table) throw std::runtime_error("DescribeTable answered no Table");
  Document request(rapidjson::kObjectType);
  auto& alloc = request.GetAllocator();
  for (const char* name : {"TableName", "KeySchema", "AttributeDefinitions"}) {
    copy_member(*table, name, request, alloc);
  }
  const Value* billing = find(*table, "BillingModeSummary");
  const bool provisioned =
      string_of(billing ? find(*billing, "BillingMode") : nullptr) != "PAY_PER_REQUEST";
  request.AddMember("BillingMode",
                    Value(rapidjson::StringRef(provisioned ? "PROVISIONED" : "PAY_PER_REQUEST")),
                    alloc);
  if (provisioned) {
    request.AddMember("ProvisionedThroughput",
                      throughput(find(*table, "ProvisionedThroughput"), alloc), alloc);
  }
  if (const Value* gsis = find(*table, "GlobalSecondaryIndexes"); gsis && gsis->IsArray()) {
    request.AddMember("GlobalSecondaryIndexes", indexes(*gsis, true, provisioned, alloc), alloc);
  }
  if (const Value* lsis = find(*table, "LocalSecondaryIndexes"); lsis && lsis->IsArray()) {
    request.AddMember("LocalSecondaryIndexes", indexes(*lsis, false, provisioned, alloc), alloc);
  }
  if (const Value* stream = find(*table, "StreamSpecification")) {
    const Value* enabled = find(*stream, "StreamEnabled");
    if (enabled && enabled->IsBool() && enabled->GetBool()) {
      request.AddMember("StreamSpecification", Value(*stream, alloc), alloc);
    }
  }
  return json_text(request);
}

namespace {

std::string describe_error(const DynamoDbReply& reply) {
  return reply.error_type.empty() ? reply.message : reply.error_type + ": " + reply.message;
}

// Sends `operation` to the destination, retrying throttling and server
// errors; throws with `what` on any other error.
Document destination_call(DynamoDbClient& destination, std::string_view operation,
                          const std::string& request, const std::string& what) {
  DynamoDbReply reply = destination.call_with_retries(operation, request);
  if (!reply.ok()) throw std::runtime_error(what + ": " + describe_error(reply));
  return parse(reply.body);
}

Document source_call(ApiTarget& source, std::string_view operation, const std::string& request,
                     const std::string& what) {
  Result result = source.execute(operation, request);
  if (!result.ok()) {
    throw std::runtime_error(what + " at " + source.describe() + ": " + result.error->name() +
                             ": " + result.error->message);
  }
  return parse(result.body);
}

std::string table_request(const std::string& table) {
  Document request(rapidjson::kObjectType);
  request.AddMember("TableName", Value(table.c_str(), request.GetAllocator()),
                    request.GetAllocator());
  return json_text(request);
}

bool all_active(const Value& table) {
  if (string_of(find(table, "TableStatus")) != "ACTIVE") return false;
  if (const Value* gsis = find(table, "GlobalSecondaryIndexes"); gsis && gsis->IsArray()) {
    for (const Value& index : gsis->GetArray()) {
      if (string_of(find(index, "IndexStatus")) != "ACTIVE") return false;
    }
  }
  return true;
}

void wait_active(DynamoDbClient& destination, const std::string& table,
                 std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto pause = std::chrono::milliseconds(100);
  for (;;) {
    Document described = destination_call(destination, "DescribeTable", table_request(table),
                                          "describing " + table + " at the destination");
    if (const Value* t = find(described, "Table"); t && all_active(*t)) return;
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error(table + " did not become ACTIVE at the destination in " +
                               std::to_string(timeout.count()) + " s");
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(5000));
  }
}

}  // namespace
namespace {

// Writes items with BatchWriteItem, 25 at a time, sending UnprocessedItems
// again after a backoff until none are left.
class BatchWriter {
 public:
  BatchWriter(DynamoDbClient& destination, const std::string& table, const CopyOptions& options,
              ProgressBar& progress, TableCopied& report)
      : destination_(destination),
        table_(table),
        options_(options),
        progress_(progress),
        report_(report) {}

  void add(const Value& item) {
    Value put(rapidjson::kObjectType);
    Value wrapped(rapidjson::kObjectType);
    wrapped.AddMember("Item", Value(item, pending_.GetAllocator()), pending_.GetAllocator());
    put.AddMember("PutRequest", wrapped, pending_.GetAllocator());
    pending_.PushBack(put, pending_.GetAllocator());
    if (pending_.Size() == kBatchSize) flush();
  }

  void flush() {
    if (pending_.Empty()) return;
    Document request(rapidjson::kObjectType);
    auto& alloc = request.GetAllocator();
    Value requests(rapidjson::kObjectType);
    requests.AddMember(Value(table_.c_str(), alloc), Value(pending_, alloc), alloc);
    request.AddMember("RequestItems", requests, alloc);
    int64_t left = pending_.Size();
    pending_.SetArray();
    for (int attempt = 0;; ++attempt) {
      ++report_.batches;
      Document response = destination_call(destination_, "BatchWriteItem", json_text(request),
                                           "writing items of " + table_);
      const int64_t unprocessed = unprocessed_count(response);
      progress_.advance(left - unprocessed);
      report_.items += left - unprocessed;
      if (unprocessed == 0) return;
      if (attempt + 1 >= options_.unprocessed_attempts) {
        throw std::runtime_error("writing items of " + table_ + ": " + std::to_string(unprocessed) +
                                 " items still unprocessed after " +
                                 std::to_string(options_.unprocessed_attempts) + " attempts");
      }
      ++report_.unprocessed_retries;
      left = unprocessed;
      request["RequestItems"].CopyFrom(response["UnprocessedItems"], alloc);
      std::this_thread::sleep_for(retry_delay(attempt));
    }
  }

 private:
  int64_t unprocessed_count(const Document& response) const {
    const Value* unprocessed = find(response, "UnprocessedItems");
    const Value* mine = unprocessed ? find(*unprocessed, table_.c_str()) : nullptr;
    return mine && mine->IsArray() ? mine->Size() : 0;
  }

  DynamoDbClient& destination_;
  const std::string& table_;
  const CopyOptions& options_;
  ProgressBar& progress_;
  TableCopied& report_;
  Document pending_{rapidjson::kArrayType};
};

int64_t item_count(const Document& described) {
  const Value* table = find(described, "Table");
  const Value* count = table ? find(*table, "ItemCount") : nullptr;
  return count && count->IsInt64() ? count->GetInt64() : 0;
}

void copy_items(ApiTarget& source, DynamoDbClient& destination, const std::string& table,
                int64_t expected, const CopyOptions& options, TableCopied& report) {
  ProgressBar progress("copying " + table, expected, options.quiet);
  BatchWriter writer(destination, table, options, progress, report);
  Document request(rapidjson::kObjectType);
  request.AddMember("TableName", Value(table.c_str(), request.GetAllocator()),
                    request.GetAllocator());
  for (;;) {
    Document page = source_call(source, "Scan", json_text(request), "scanning " + table);
    if (const Value* items = find(page, "Items"); items && items->IsArray()) {
      for (const Value& item : items->GetArray()) writer.add(item);
    }
    const Value* last = find(page, "LastEvaluatedKey");
    if (!last) break;
    request.RemoveMember("ExclusiveStartKey");
    request.AddMember("ExclusiveStartKey", Value(*last, request.GetAllocator()),
                      request.GetAllocator());
  }
  writer.flush();
  progress.finish();
}

// The Time to Live setting, when the source has one enabled. Returns the
// attribute, or "".
std::string copy_ttl(ApiTarget& source, DynamoDbClient& destination, const std::string& table) {
  Document ttl = source_call(source, "DescribeTimeToLive", table_request(table),
                             "reading the Time to Live of " + table);
  const Value* description = find(ttl, "TimeToLiveDescription");
  if (!description) return "";
  const std::string status = string_of(find(*description, "TimeToLiveStatus"));
  const std::string attribute = string_of(find(*description, "AttributeName"));
  if ((status != "ENABLED" && status != "ENABLING") || attribute.empty()) return "";
  Document request(rapidjson::kObjectType);
  auto& alloc = request.GetAllocator();
  request.AddMember("TableName", Value(table.c_str(), alloc), alloc);
  Value spec(rapidjson::kObjectType);
  spec.AddMember("Enabled", true, alloc);
  spec.AddMember("AttributeName", Value(attribute.c_str(), alloc), alloc);
  request.AddMember("TimeToLiveSpecification", spec, alloc);
  destination_call(destination, "UpdateTimeToLive", json_text(request),
                   "enabling Time to Live on " + table + " at the destination");
  return attribute;
}

std::vector<std::string> source_tables(ApiTarget& source) {
  std::vector<std::string> names;
  std::string start;
  for (;;) {
    std::string request = "{}";
    if (!start.empty()) {
      Document r(rapidjson::kObjectType);
      r.AddMember("ExclusiveStartTableName", Value(start.c_str(), r.GetAllocator()),
                  r.GetAllocator());
      request = json_text(r);
    }
    Document page = source_call(source, "ListTables", request, "listing tables");
    if (const Value* list = find(page, "TableNames"); list && list->IsArray()) {
      for (const Value& name : list->GetArray()) names.emplace_back(name.GetString());
    }
    start = string_of(find(page, "LastEvaluatedTableName"));
    if (start.empty()) return names;
  }
}

// One line on what was created: "GSI1, stream NEW_AND_OLD_IMAGES".
std::string definition_summary(const std::string& create_request) {
  Document request = parse(create_request);
  std::string summary;
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (const Value* list = find(request, kind)) {
      for (const Value& index : list->GetArray())
        summary += ", " + string_of(find(index, "IndexName"));
    }
  }
  if (const Value* stream = find(request, "StreamSpecification")) {
    summary += ", stream " + string_of(find(*stream, "StreamViewType"));
  }
  return summary;
}

}  // namespace

std::vector<TableCopied> copy_tables(ApiTarget& source, DynamoDbClient& destination,
                                     const CopyOptions& options, std::ostream& log) {
  std::vector<std::string> tables = options.tables.empty() ? source_tables(source) : options.tables;
  std::vector<TableCopied> copied;
  for (const std::string& table : tables) {
    Document described =
        source_call(source, "DescribeTable", table_request(table), "describing " + table);
    const std::string create = create_table_request(json_text(described));
    DynamoDbReply created = destination.call_with_retries("CreateTable", create);
    if (created.error_type == "ResourceInUseException") {
      throw std::runtime_error("table " + table + " already exists at " + destination.url() +
                               " (nothing was overwritten; delete it or copy with --table others)");
    }
    if (!created.ok())
      throw std::runtime_error("creating " + table + ": " + describe_error(created));
    wait_active(destination, table, options.active_timeout);
    TableCopied report{.table = table};
    copy_items(source, destination, table, item_count(described), options, report);
    const std::string ttl = copy_ttl(source, destination, table);
    log << "copied " << table << ": " << report.items << " items" << definition_summary(create)
        << (ttl.empty() ? "" : ", TTL on " + ttl) << "\n";
    copied.push_back(std::move(report));
  }
  return copied;
}

}  // namespace dynamini::cli
