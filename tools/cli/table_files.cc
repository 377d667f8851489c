#include "cli/table_files.h"

#include <rapidjson/document.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "cli/json_out.h"

namespace dynamini::cli {
namespace {

using rapidjson::Value;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A TableDescription's settings as CreateTable takes them: TableClassSummary
// as TableClass, a KMS SSEDescription as SSESpecification (WarmThroughput's
// Status is ignored by CreateTable's reader).
void settings_from_description(const Value& table, Value& out,
                               rapidjson::Document::AllocatorType& a) {
  if (!table.HasMember("TableClass") && table.HasMember("TableClassSummary") &&
      table["TableClassSummary"].HasMember("TableClass")) {
    out.AddMember("TableClass", Value(table["TableClassSummary"]["TableClass"], a), a);
  }
  if (!table.HasMember("SSESpecification") && table.HasMember("SSEDescription") &&
      table["SSEDescription"].HasMember("KMSMasterKeyArn")) {
    Value sse(rapidjson::kObjectType);
    sse.AddMember("Enabled", true, a);
    sse.AddMember("SSEType", "KMS", a);
    sse.AddMember("KMSMasterKeyId", Value(table["SSEDescription"]["KMSMasterKeyArn"], a), a);
    out.AddMember("SSESpecification", sse, a);
  }
}

// Copies the members a CreateTable request takes out of a CreateTable
// request or a TableDescription.
std::string create_request_from(const Value& in, rapidjson::Document::AllocatorType& a) {
  const Value& table = in.HasMember("Table") && in["Table"].IsObject() ? in["Table"] : in;
  Value out(rapidjson::kObjectType);
  for (const char* m :
       {"TableName", "AttributeDefinitions", "KeySchema", "StreamSpecification", "SSESpecification",
        "Tags", "TableClass", "DeletionProtectionEnabled", "WarmThroughput", "ResourcePolicy"}) {
    if (table.HasMember(m)) out.AddMember(Value(m, a), Value(table[m], a), a);
  }
  settings_from_description(table, out, a);
  std::string billing = table.HasMember("BillingMode") ? table["BillingMode"].GetString() : "";
  if (billing.empty() && table.HasMember("BillingModeSummary")) {
    billing = table["BillingModeSummary"]["BillingMode"].GetString();
  }
  auto throughput = [&](const Value& source) {
    Value t(rapidjson::kObjectType);
    t.AddMember("ReadCapacityUnits", Value(source["ReadCapacityUnits"], a), a);
    t.AddMember("WriteCapacityUnits", Value(source["WriteCapacityUnits"], a), a);
    return t;
  };
  bool provisioned = billing == "PROVISIONED" ||
                     (billing.empty() && table.HasMember("ProvisionedThroughput") &&
                      table["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64() > 0);
  out.AddMember("BillingMode", Value(provisioned ? "PROVISIONED" : "PAY_PER_REQUEST", a), a);
  if (provisioned) {
    out.AddMember("ProvisionedThroughput", throughput(table["ProvisionedThroughput"]), a);
  } else if (table.HasMember("OnDemandThroughput") && table["OnDemandThroughput"].IsObject()) {
    Value limits(rapidjson::kObjectType);  // -1 (no limit) is described, not taken
    for (const auto& m : table["OnDemandThroughput"].GetObject()) {
      if (m.value.IsInt64() && m.value.GetInt64() > 0) {
        limits.AddMember(Value(m.name, a), Value(m.value, a), a);
      }
    }
    if (limits.MemberCount() > 0) out.AddMember("OnDemandThroughput", limits, a);
  }
  for (const char* list : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!table.HasMember(list)) continue;
    Value indexes(rapidjson::kArrayType);
    for (const auto& index : table[list].GetArray()) {
      Value i(rapidjson::kObjectType);
      for (const char* m : {"IndexName", "KeySchema", "Projection"}) {
        if (index.HasMember(m)) i.AddMember(Value(m, a), Value(index[m], a), a);
      }
      if (provisioned && std::string(list) == "GlobalSecondaryIndexes" &&
          index.HasMember("ProvisionedThroughput")) {
        i.AddMember("ProvisionedThroughput", throughput(index["ProvisionedThroughput"]), a);
      }
      indexes.PushBack(i, a);
    }
    out.AddMember(Value(list, a), indexes, a);
  }
  return json_text(out);
}

}  // namespace

int create_tables_from_file(ApiTarget& target, const std::string& path) {
  rapidjson::Document doc;
  std::string text = read_file(path);
  doc.Parse(text.c_str(), text.size());
  if (doc.HasParseError()) throw std::runtime_error(path + " is not valid JSON");
  std::vector<const Value*> tables;
  if (doc.IsArray()) {
    for (const auto& t : doc.GetArray()) tables.push_back(&t);
  } else if (doc.IsObject()) {
    tables.push_back(&doc);
  }
  int created = 0;
  for (const Value* t : tables) {
    if (!t->IsObject()) throw std::runtime_error(path + ": each table must be a JSON object");
    std::string request = create_request_from(*t, doc.GetAllocator());
    Result r = target.execute("CreateTable", request);
    if (!r.ok()) {
      throw std::runtime_error(path + ": CreateTable failed: " + r.error->name() + ": " +
                               r.error->message);
    }
    ++created;
  }
  return created;
}

std::string create_table_request_from_file(const std::string& path) {
  rapidjson::Document doc;
  std::string text = read_file(path);
  doc.Parse(text.c_str(), text.size());
  if (doc.HasParseError()) throw std::runtime_error(path + " is not valid JSON");
  const Value* table = &doc;
  if (doc.IsArray()) {
    if (doc.Size() != 1) throw std::runtime_error(path + " must describe one table");
    table = &doc[0];
  }
  if (!table->IsObject()) throw std::runtime_error(path + ": the table must be a JSON object");
  return create_request_from(*table, doc.GetAllocator());
}

}  // namespace dynamini::cli
