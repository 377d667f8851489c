#pragma once

// DynamoDB JSON values as text, for the requests the models build (strings
// quoted by json_quote, json/json_text.h, so user ids with quotes or control
// characters stay valid JSON).

#include <string>
#include <string_view>

namespace dynamini::model {

// {"S":"<text>"}
std::string s_value(std::string_view text);
// {"N":"<n>"}
std::string n_value(long long n);

}  // namespace dynamini::model
