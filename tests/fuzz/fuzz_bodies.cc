#include "fuzz_bodies.h"

#include <memory>
#include <string>

#include "dynamini/api_error.h"
#include "dynamini/database.h"
#include "expression_generator.h"
#include "expressions/expressions.h"
#include "fuzz_database.h"
#include "request_json_parity.h"

namespace dynamini::fuzz {
namespace {

Item sample_item() {
  rapidjson::Document doc;
  doc.Parse(
      R"({"a":{"S":"text"},"b":{"N":"-1.5"},"c":{"L":[{"N":"1"},{"M":{"d":{"BOOL":true}}},{"NULL":true}]},
    "s":{"SS":["x","y"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AQI="]},"bin":{"B":"AAEC"},
    "m":{"M":{"n":{"M":{"deep":{"S":"v"}}}}}})");
  return decode_item(doc);
}

expr::ExpressionAttributes sample_attributes() {
  rapidjson::Document doc;
  doc.Parse(R"({":s":{"S":"text"},":n":{"N":"1"},":l":{"L":[{"S":"z"}]},
    ":ss":{"SS":["x"]},":ns":{"NS":["3"]},":b":{"B":"AQ=="},":t":{"BOOL":true}})");
  return expr::make_expression_attributes(
      std::map<std::string, std::string>{{"#a", "a"}, {"#b", "b"}, {"#c", "c"}, {"#s", "status"}},
      decode_item(doc));
}

std::string_view text_of(const uint8_t* data, size_t size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

// Client errors are ApiError values; anything else escaping is a bug the
// fuzzer should see, so it is not caught.
template <typename F>
void expect_api_errors_only(F&& f) {
  try {
    f();
  } catch (const ApiError&) {
  }
}

}  // namespace

void request(const uint8_t* data, size_t size) {
  note_input();
  Database& db = fuzz_database();
  std::string_view input = text_of(data, size);
  auto newline = input.find('\n');
  std::string_view op = newline == input.npos ? input : input.substr(0, newline);
  std::string_view body = newline == input.npos ? "" : input.substr(newline + 1);
  if (!request_json_matches_rapidjson(body)) __builtin_trap();
  Result r = db.execute(op, body);
  if (!r.ok() && r.error->code == ErrorCode::kInternalServerError) {
    __builtin_trap();  // a client's bytes must never cause an internal error
  }
}

void condition(const uint8_t* data, size_t size) {
  static const Item item = sample_item();
  expect_api_errors_only([&] {
    auto attributes = sample_attributes();
    auto c = expr::Condition::parse(text_of(data, size), attributes, "ConditionExpression");
    c.evaluate(&item);
    c.evaluate(nullptr);
  });
}

void update(const uint8_t* data, size_t size) {
  static const Item item = sample_item();
  expect_api_errors_only([&] {
    auto attributes = sample_attributes();
    auto u = expr::Update::parse(text_of(data, size), attributes);
    Item copy = item;
    u.apply(copy);
    expr::extract_paths(copy, u.target_paths());
  });
}

void projection(const uint8_t* data, size_t size) {
  static const Item item = sample_item();
  expect_api_errors_only([&] {
    auto attributes = sample_attributes();
    auto p = expr::Projection::parse(text_of(data, size), attributes);
    p.apply(item);
  });
}

void key_condition(const uint8_t* data, size_t size) {
  expect_api_errors_only([&] {
    auto attributes = sample_attributes();
    expr::parse_key_condition(text_of(data, size), attributes);
  });
}

void expression_grammar(const uint8_t* data, size_t size) {
  const GeneratedExpression e = generate_expression(data, size);
  const auto* text = reinterpret_cast<const uint8_t*>(e.text.data());
  switch (e.grammar) {
    case Grammar::kCondition:
      return condition(text, e.text.size());
    case Grammar::kUpdate:
      return update(text, e.text.size());
    case Grammar::kProjection:
      return projection(text, e.text.size());
    case Grammar::kKeyCondition:
      return key_condition(text, e.text.size());
  }
}

Body body_named(std::string_view name) {
  if (name == "request") return request;
  if (name == "condition") return condition;
  if (name == "update") return update;
  if (name == "projection") return projection;
  if (name == "key_condition") return key_condition;
  if (name == "expression_grammar") return expression_grammar;
  if (name == "partiql") return partiql;
  if (name == "http") return http;
  if (name == "sigv4") return sigv4;
  return nullptr;
}

}  // namespace dynamini::fuzz
