#include "storage/stream_record.h"

#include <cstdio>
#include <random>

#include "keys/item_keys.h"

namespace dynamini {
namespace {

std::string random_event_id() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const char* hex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) out.push_back(hex[rng() % 16]);
  return out;
}

}  // namespace

std::string format_sequence_number(int64_t seq) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%021lld", static_cast<long long>(seq));
  return buffer;
}

std::optional<int64_t> parse_sequence_number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  for (char c : text)
    if (c < '0' || c > '9') return std::nullopt;
  size_t first = text.find_first_not_of('0');
  if (first == std::string_view::npos) return 0;
  std::string_view digits = text.substr(first);
  if (digits.size() > 18) return std::nullopt;
  return std::stoll(std::string(digits));
}

std::string render_stream_record(const RecordInput& in) {
  const TableDef& table = *in.table;
  const std::string& view = table.stream.view_type;
  const Item& source = in.new_item ? *in.new_item : *in.old_item;
  Item keys = key_of(source, table.keys);
  bool with_new = in.new_item && (view == "NEW_IMAGE" || view == "NEW_AND_OLD_IMAGES");
  bool with_old = in.old_item && (view == "OLD_IMAGE" || view == "NEW_AND_OLD_IMAGES");
  int64_t size = item_size(keys) + (with_new ? item_size(*in.new_item) : 0) +
                 (with_old ? item_size(*in.old_item) : 0);

  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("eventID");
  write_string(w, random_event_id());
  w.Key("eventName");
  w.String(!in.old_item ? "INSERT" : !in.new_item ? "REMOVE" : "MODIFY");
  w.Key("eventVersion");
  w.String("1.1");
  w.Key("eventSource");
  w.String("aws:dynamodb");
  w.Key("awsRegion");
  write_string(w, in.region);
  w.Key("dynamodb");
  w.StartObject();
  // Epoch seconds, rounded down (DynamoDB Streams API reference, StreamRecord).
  w.Key("ApproximateCreationDateTime");
  w.Int64(in.created_ms / 1000);
  w.Key("Keys");
  write_item(w, keys);
  if (with_new) {
    w.Key("NewImage");
    write_item(w, *in.new_item);
  }
  if (with_old) {
    w.Key("OldImage");
    write_item(w, *in.old_item);
  }
  w.Key("SequenceNumber");
  write_string(w, format_sequence_number(in.sequence));
  w.Key("SizeBytes");
  w.Int64(size);
  w.Key("StreamViewType");
  write_string(w, view);
  w.EndObject();
  if (in.origin == WriteOrigin::kTimeToLive) {
    // The Streams API's Identity shape has members PrincipalId and Type (SDKs
    // drop the lower-case spelling of Lambda's event format).
    w.Key("userIdentity");
    w.StartObject();
    w.Key("PrincipalId");
    w.String("dynamodb.amazonaws.com");
    w.Key("Type");
    w.String("Service");
    w.EndObject();
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

StreamRecord parse_stream_record(std::string_view table_name, std::string_view json) {
  StreamRecord r;
  r.json = std::string(json);
  r.table_name = std::string(table_name);
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  r.event_id = doc["eventID"].GetString();
  r.event_name = doc["eventName"].GetString();
  const Json& ddb = doc["dynamodb"];
  r.sequence_number = ddb["SequenceNumber"].GetString();
  r.keys_json = json_text(ddb["Keys"]);
  if (ddb.HasMember("NewImage")) r.new_image_json = json_text(ddb["NewImage"]);
  if (ddb.HasMember("OldImage")) r.old_image_json = json_text(ddb["OldImage"]);
  r.approximate_creation_time = ddb["ApproximateCreationDateTime"].GetInt64();
  r.from_time_to_live = doc.HasMember("userIdentity");
  return r;
}

}  // namespace dynamini
