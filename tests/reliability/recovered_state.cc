// read_recovered (durability_workload.h): the items, GSI rows and stream
// records of table `tbl`, read through the API as a client would after restart.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <set>
#include <stdexcept>

#include "durability_workload.h"

namespace dynamini::testing {
namespace {

uint64_t fnv1a(uint64_t h, std::string_view s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}
constexpr uint64_t kFnvBasis = 14695981039346656037ull;

std::string to_json(const rapidjson::Value& v) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  v.Accept(w);
  return b.GetString();
}

rapidjson::Document call(Database& db, std::string_view operation, const std::string& body,
                         std::optional<ApiError>* error = nullptr) {
  Result r = db.execute(operation, body);
  if (!r.ok()) {
    if (error != nullptr) {
      *error = r.error;
      return {};
    }
    throw std::runtime_error(std::string(operation) + " failed: " + r.error->message);
  }
  rapidjson::Document d;
  d.Parse(r.body.c_str());
  return d;
}

std::string member(const rapidjson::Value& item, const char* name, const char* type) {
  if (!item.IsObject() || !item.HasMember(name)) return "";
  return item[name][type].GetString();
}

// Every page of a Scan of the table or of `index`.
std::vector<rapidjson::Document> scan(Database& db, const std::string& index) {
  std::vector<rapidjson::Document> pages;
  std::string start;
  do {
    std::string body = R"({"TableName":"tbl")";
    if (!index.empty()) body += R"(,"IndexName":")" + index + "\"";
    if (!start.empty()) body += R"(,"ExclusiveStartKey":)" + start;
    body += "}";
    pages.push_back(call(db, "Scan", body));
    const auto& page = pages.back();
    start = page.HasMember("LastEvaluatedKey") ? to_json(page["LastEvaluatedKey"]) : "";
  } while (!start.empty());
  return pages;
}

// The items in the canonical form of durability_workload.cc, with their
// filler checked; the keys of those that carry g.
void read_items(Database& db, Recovered& out, std::set<std::string>& with_g) {
  std::vector<std::string> lines;
  for (const auto& page : scan(db, "")) {
    for (const auto& item : page["Items"].GetArray()) {
      const std::string pk = member(item, "pk", "S"), sk = member(item, "sk", "S");
      const std::string v = member(item, "v", "N"), g = member(item, "g", "S");
      const std::string cnt = item.HasMember("cnt") ? member(item, "cnt", "N") : "0";
      const std::string pad = member(item, "filler", "S");
      const size_t members = 4 + item.HasMember("cnt") + item.HasMember("g");
      if (item.MemberCount() != members || pad.empty() || pad[0] != 'a' + std::stoll(v) % 26) {
        out.problem += "unexpected item " + to_json(item).substr(0, 200) + "\n";
      }
      lines.push_back(pk + "|" + sk + "|v=" + v + "|cnt=" + cnt + "|g=" + g);
      if (!g.empty()) with_g.insert(pk + "/" + sk);
    }
  }
  std::sort(lines.begin(), lines.end());
  out.content_hash = kFnvBasis;
  for (const auto& line : lines) out.content_hash = fnv1a(out.content_hash, line + "\n");
}

void check_index(Database& db, Recovered& out, const std::set<std::string>& with_g) {
  std::set<std::string> indexed;
  for (const auto& page : scan(db, "byG")) {
    for (const auto& item : page["Items"].GetArray()) {
      indexed.insert(member(item, "pk", "S") + "/" + member(item, "sk", "S"));
    }
  }
  if (indexed != with_g) out.problem += "the GSI does not hold exactly the items with g\n";
}

std::string record_text(const rapidjson::Value& record) {
  const auto& change = record["dynamodb"];
  const rapidjson::Value& keys = change["Keys"];
  std::string text = std::string(record["eventName"].GetString()) + " " + member(keys, "pk", "S") +
                     "/" + member(keys, "sk", "S");
  if (change.HasMember("OldImage")) text += " old=" + member(change["OldImage"], "v", "N");
  if (change.HasMember("NewImage")) text += " new=" + member(change["NewImage"], "v", "N");
  return text;
}

// Every record of every shard, parents before children (DescribeStream's
// order), each shard read from TRIM_HORIZON until it ends or is caught up.
void read_stream(Database& db, const std::string& arn, Recovered& out) {
  std::string last_shard;
  do {
    std::string body = R"({"StreamArn":")" + arn + "\"";
    if (!last_shard.empty()) body += R"(,"ExclusiveStartShardId":")" + last_shard + "\"";
    auto description = call(db, "DescribeStream", body + "}");
    const auto& stream = description["StreamDescription"];
    for (const auto& shard : stream["Shards"].GetArray()) {
      auto it = call(db, "GetShardIterator",
                     R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard["ShardId"].GetString() +
                         R"(","ShardIteratorType":"TRIM_HORIZON"})");
      std::string iterator = it["ShardIterator"].GetString();
      while (!iterator.empty()) {
        auto page = call(db, "GetRecords", R"({"ShardIterator":")" + iterator + "\"}");
        for (const auto& record : page["Records"].GetArray())
          out.records.push_back(record_text(record));
        const bool more = page.HasMember("NextShardIterator") && !page["Records"].Empty();
        iterator = more ? page["NextShardIterator"].GetString() : "";
      }
    }
    last_shard =
        stream.HasMember("LastEvaluatedShardId") ? stream["LastEvaluatedShardId"].GetString() : "";
  } while (!last_shard.empty());
}

}  // namespace

Recovered read_recovered(Database& db) {
  Recovered out;
  std::optional<ApiError> missing;
  auto description = call(db, "DescribeTable", R"({"TableName":"tbl"})", &missing);
  if (missing) {
    if (missing->code != ErrorCode::kResourceNotFound) out.problem = missing->message;
    return out;
  }
  out.table_exists = true;
  std::set<std::string> with_g;
  read_items(db, out, with_g);
  check_index(db, out, with_g);
  read_stream(db, description["Table"]["LatestStreamArn"].GetString(), out);
  return out;
}

}  // namespace dynamini::testing
