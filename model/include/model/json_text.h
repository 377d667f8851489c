#pragma once

// Building DynamoDB JSON requests as text: the one place the model quotes
// strings, so user ids with quotes or control characters stay valid JSON.

#include <string>
#include <string_view>

namespace dynamini::model {

// `text` as a JSON string literal, quotes included.
std::string json_quote(std::string_view text);
// {"S":"<text>"}
std::string s_value(std::string_view text);
// {"N":"<n>"}
std::string n_value(long long n);

}  // namespace dynamini::model
