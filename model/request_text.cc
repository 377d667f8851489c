#include "model/request_text.h"

#include "json/json_text.h"

namespace dynamini::model {

std::string s_value(std::string_view text) { return "{\"S\":" + json_quote(text) + "}"; }

std::string n_value(long long n) { return "{\"N\":\"" + std::to_string(n) + "\"}"; }

}  // namespace dynamini::model
