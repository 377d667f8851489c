#pragma once

// Shared by the expression tests: items and ExpressionAttributes from JSON
// text, and the message of the ApiError a call throws.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "dynamini/api_error.h"
#include "expressions/expressions.h"
#include "values/value_check.h"

namespace dynamini::expr::testing {

inline Item item_of(const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  REQUIRE(!d.HasParseError());
  Item item = decode_item(d);
  ValueChecker(ValueLayer::kCurrent).item(item);
  return item;
}

inline ExpressionAttributes attrs(const char* names, const char* values) {
  std::optional<std::map<std::string, std::string>> name_map;
  if (names) {
    rapidjson::Document d;
    d.Parse(names);
    REQUIRE(d.IsObject());
    name_map.emplace();
    for (const auto& m : d.GetObject()) (*name_map)[m.name.GetString()] = m.value.GetString();
  }
  std::optional<Item> value_map;
  if (values) value_map = item_of(values);
  return make_expression_attributes(name_map, value_map);
}

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ApiError& e) {
    return e.message;
  }
  return "<no error>";
}

}  // namespace dynamini::expr::testing
