#pragma once

// Reading JSON members with messages that say where (model files, Workbench
// exports, price tables). Internal to model/.

#include <rapidjson/document.h>

#include <string>
#include <string_view>

#include "model/model_file.h"

namespace dynamini::model::json {

// `where` + ": " + `what`, as a ModelFileError.
[[noreturn]] void fail(const std::string& where, const std::string& what);

// The member, or null when absent (or JSON null).
const rapidjson::Value* find(const rapidjson::Value& object, const char* name);
// The member; absent is an error.
const rapidjson::Value& need(const rapidjson::Value& object, const char* name,
                             const std::string& where);
// A string member; absent: `fallback` (or an error when `required`).
std::string text(const rapidjson::Value& object, const char* name, const std::string& where,
                 bool required = false, std::string fallback = "");
// An integer member; absent: `fallback`.
int64_t integer(const rapidjson::Value& object, const char* name, const std::string& where,
                int64_t fallback);
bool boolean(const rapidjson::Value& object, const char* name, const std::string& where,
             bool fallback);
// An array member (absent: empty when not `required`) of strings.
std::vector<std::string> texts(const rapidjson::Value& object, const char* name,
                               const std::string& where);
// A member that must be an array (absent: an empty one unless `required`).
const rapidjson::Value& array(const rapidjson::Value& object, const char* name,
                              const std::string& where, bool required = false);
// An object's members as (name, string value) pairs.
std::vector<std::pair<std::string, std::string>> string_map(const rapidjson::Value& object,
                                                            const char* name,
                                                            const std::string& where);

// "where.name", "where[i]".
std::string at(const std::string& where, std::string_view name);
std::string at(const std::string& where, size_t index);

}  // namespace dynamini::model::json
