#include "error_body.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace dynamini::server {

std::string error_body(const ApiError& error) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  const std::string type = error.wire_type();
  writer.StartObject();
  writer.Key("__type");
  writer.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
  // An empty message is no member at all: DynamoDB's answer to a body it
  // cannot parse is {"__type": "...#SerializationException"} alone.
  if (!error.message.empty()) {
    writer.Key(error.code == ErrorCode::kTransactionCanceled ? "Message" : "message");
    writer.String(error.message.data(), static_cast<rapidjson::SizeType>(error.message.size()));
  }
  writer.EndObject();
  std::string body(buffer.GetString(), buffer.GetSize());
  if (!error.extra_members_json.empty()) {
    body.pop_back();  // the closing brace
    body += ',';
    body += error.extra_members_json;
    body += '}';
  }
  return body;
}

}  // namespace dynamini::server
