#include "triggers/failure_destination.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <fstream>

#include "dynamini/database.h"

namespace dynamini::triggers {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

std::string append_line(const std::string& path, const std::string& record) {
  std::ofstream out(path, std::ios::app);
  out << record << "\n";
  out.flush();
  return out ? "" : "cannot append to " + path;
}

struct KeyNames {
  std::string hash;
  std::string range;
};

std::string describe_keys(Database& db, const std::string& table, KeyNames& keys) {
  rapidjson::StringBuffer request;
  Writer w(request);
  w.StartObject();
  w.Key("TableName");
  w.String(table.c_str());
  w.EndObject();
  Result described = db.execute("DescribeTable", request.GetString());
  if (!described.ok()) return described.error->message;
  rapidjson::Document d;
  d.Parse(described.body.c_str());
  for (const auto& k : d["Table"]["KeySchema"].GetArray()) {
    (std::string_view(k["KeyType"].GetString()) == "HASH" ? keys.hash : keys.range) =
        k["AttributeName"].GetString();
  }
  return "";
}

void put_s(Writer& w, const std::string& name, const std::string& value) {
  w.Key(name.c_str());
  w.StartObject();
  w.Key("S");
  w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
  w.EndObject();
}

std::string put_item(Database& db, const std::string& table, const std::string& record) {
  KeyNames keys;
  if (std::string error = describe_keys(db, table, keys); !error.empty()) return error;
  rapidjson::Document r;
  r.Parse(record.c_str());
  const auto& info = r["DDBStreamBatchInfo"];
  rapidjson::StringBuffer request;
  Writer w(request);
  w.StartObject();
  w.Key("TableName");
  w.String(table.c_str());
  w.Key("Item");
  w.StartObject();
  put_s(w, keys.hash,
        std::string(info["shardId"].GetString()) + "#" + info["startSequenceNumber"].GetString());
  if (!keys.range.empty()) put_s(w, keys.range, r["timestamp"].GetString());
  put_s(w, "condition", r["requestContext"]["condition"].GetString());
  put_s(w, "startSequenceNumber", info["startSequenceNumber"].GetString());
  put_s(w, "endSequenceNumber", info["endSequenceNumber"].GetString());
  w.Key("batchSize");
  w.StartObject();
  w.Key("N");
  w.String(std::to_string(info["batchSize"].GetUint64()).c_str());
  w.EndObject();
  put_s(w, "record", record);
  w.EndObject();
  w.EndObject();
  Result put = db.execute("PutItem", request.GetString());
  return put.ok() ? "" : put.error->message;
}

}  // namespace

std::string write_to_destination(Database& db, const std::string& destination,
                                 const std::string& record) {
  if (destination.starts_with("file:")) return append_line(destination.substr(5), record);
  if (destination.starts_with("table:")) return put_item(db, destination.substr(6), record);
  return "unknown destination " + destination;
}

}  // namespace dynamini::triggers
