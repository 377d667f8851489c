#include "console_render.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"
#include "json/json_text.h"

namespace dynamini::server {
namespace {

// The ConsumedCapacity of `response` as JSON text, or empty.
std::string consumed_capacity(const rapidjson::Value& body) {
  auto response = body.FindMember("response");
  if (response == body.MemberEnd() || !response->value.IsObject()) return "";
  auto consumed = response->value.FindMember("ConsumedCapacity");
  return consumed == response->value.MemberEnd() ? "" : json_text(consumed->value);
}

}  // namespace

std::optional<std::string> render_call(std::string_view body, std::string_view endpoint) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) return std::nullopt;
  auto target = doc.FindMember("target");
  auto request = doc.FindMember("request");
  if (target == doc.MemberEnd() || !target->value.IsString() || request == doc.MemberEnd() ||
      !request->value.IsString()) {
    return std::nullopt;
  }
  std::string_view target_text(target->value.GetString(), target->value.GetStringLength());
  std::string_view request_text(request->value.GetString(), request->value.GetStringLength());
  std::string_view operation = target_text.substr(target_text.find('.') + 1);
  const std::string command = aws_cli_command(target_text, request_text, endpoint);

  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  out.StartObject();
  out.Key("awsCli");
  out.String(command.c_str(), static_cast<rapidjson::SizeType>(command.size()));
  out.Key("cost");
  const std::string cost =
      capacity_json(capacity_units(operation, request_text, consumed_capacity(doc)));
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::server
