#pragma once

// DynamoDB JSON values as text, for the requests the models build (strings
// quoted by json_quote, json/json_text.h, so user ids with quotes or control
// characters stay valid JSON).

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace dynamini::model {

// {"S":"<text>"}
std::string s_value(std::string_view text);
// {"N":"<n>"}
std::string n_value(long long n);
// The S value of attribute `name` of a DynamoDB JSON item; empty when the
// item has no such string attribute.
std::string string_attribute(const rapidjson::Value& item, const char* name);

}  // namespace dynamini::model
