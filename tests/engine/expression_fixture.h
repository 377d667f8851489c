#pragma once

// Shared by the expression tests: items and ExpressionAttributes from JSON
// text, and the message of the ApiError a call throws.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <functional>
#include <string>

#include "dynamini/api_error.h"
#include "expressions/expressions.h"

namespace dynamini::expr::testing {

inline Item item_of(const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  REQUIRE(!d.HasParseError());
  return parse_item(d);
}

inline ExpressionAttributes attrs(const char* names, const char* values) {
  std::string json = "{";
  if (names) json += std::string("\"ExpressionAttributeNames\":") + names;
  if (values) json += std::string(names ? "," : "") + "\"ExpressionAttributeValues\":" + values;
  json += "}";
  rapidjson::Document d;
  d.Parse(json.c_str());
  REQUIRE(!d.HasParseError());
  return parse_expression_attributes(d);
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
