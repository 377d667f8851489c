#include "model/request_text.h"

#include "json/json_text.h"

namespace dynamini::model {

std::string s_value(std::string_view text) { return "{\"S\":" + json_quote(text) + "}"; }

std::string n_value(long long n) { return "{\"N\":\"" + std::to_string(n) + "\"}"; }

std::string string_attribute(const rapidjson::Value& item, const char* name) {
  if (!item.IsObject()) return "";
  auto it = item.FindMember(name);
  if (it == item.MemberEnd() || !it->value.IsObject()) return "";
  auto s = it->value.FindMember("S");
  return s != it->value.MemberEnd() && s->value.IsString() ? s->value.GetString() : "";
}

}  // namespace dynamini::model
