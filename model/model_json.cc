#include "model_json.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "json/json_text.h"

namespace dynamini::model::json {

void fail(const std::string& where, const std::string& what) {
  throw ModelFileError(where.empty() ? what : where + ": " + what);
}

const rapidjson::Value* find(const rapidjson::Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  if (it == object.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

const rapidjson::Value& need(const rapidjson::Value& object, const char* name,
                             const std::string& where) {
  if (!object.IsObject()) fail(where, "expected an object");
  const rapidjson::Value* v = find(object, name);
  if (v == nullptr) fail(where, std::string("missing \"") + name + "\"");
  return *v;
}

std::string text(const rapidjson::Value& object, const char* name, const std::string& where,
                 bool required, std::string fallback) {
  const rapidjson::Value* v = required ? &need(object, name, where) : find(object, name);
  if (v == nullptr) return fallback;
  if (!v->IsString()) fail(at(where, name), "expected a string");
  return std::string(v->GetString(), v->GetStringLength());
}

int64_t integer(const rapidjson::Value& object, const char* name, const std::string& where,
                int64_t fallback) {
  const rapidjson::Value* v = find(object, name);
  if (v == nullptr) return fallback;
  if (!v->IsInt64()) fail(at(where, name), "expected an integer");
  return v->GetInt64();
}

bool boolean(const rapidjson::Value& object, const char* name, const std::string& where,
             bool fallback) {
  const rapidjson::Value* v = find(object, name);
  if (v == nullptr) return fallback;
  if (!v->IsBool()) fail(at(where, name), "expected true or false");
  return v->GetBool();
}

std::vector<std::string> texts(const rapidjson::Value& object, const char* name,
                               const std::string& where) {
  std::vector<std::string> out;
  const rapidjson::Value& list = array(object, name, where);
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    if (!list[i].IsString()) fail(at(at(where, name), i), "expected a string");
    out.emplace_back(list[i].GetString(), list[i].GetStringLength());
  }
  return out;
}

const rapidjson::Value& array(const rapidjson::Value& object, const char* name,
                              const std::string& where, bool required) {
  static const rapidjson::Value kEmpty(rapidjson::kArrayType);
  const rapidjson::Value* v = required ? &need(object, name, where) : find(object, name);
  if (v == nullptr) return kEmpty;
  if (!v->IsArray()) fail(at(where, name), "expected an array");
  return *v;
}

std::vector<std::pair<std::string, std::string>> string_map(const rapidjson::Value& object,
                                                            const char* name,
                                                            const std::string& where) {
  std::vector<std::pair<std::string, std::string>> out;
  const rapidjson::Value* v = find(object, name);
  if (v == nullptr) return out;
  if (!v->IsObject()) fail(at(where, name), "expected an object");
  for (const auto& m : v->GetObject()) {
    if (!m.value.IsString()) fail(at(at(where, name), m.name.GetString()), "expected a string");
    out.emplace_back(m.name.GetString(), m.value.GetString());
  }
  return out;
}

std::string at(const std::string& where, std::string_view name) {
  return where.empty() ? std::string(name) : where + "." + std::string(name);
}

std::string at(const std::string& where, size_t index) {
  return where + "[" + std::to_string(index) + "]";
}

}  // namespace dynamini::model::json
