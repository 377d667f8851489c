// SearchVectors reads its body with a strict deserialiser before it checks any
// member (recorded against DynamoDB in eu-west-2 and us-east-1, 2026-10-09:
// paritysuite/dynamodb-conformance tests/tier3/error-messages/
// searchVectors.test.ts, "request shape errors"):
//   an explicit null for a required member is a SerializationException
//     "invalid type: null, expected a string at line 1 column N" (TableName,
//     IndexName), "... expected a sequence ..." (SearchVector), "... expected
//     i32 ..." (TopK);
//   a fractional TopK: "invalid type: floating point `3.5`, expected i32 at
//     line 1 column N" (SerializationException; nubo-db/dynoxide, recorded
//     2026-08-13); a TopK beyond 32 bits takes serde's "invalid value:
//     integer `N`, expected i32" (unconfirmed: the deserialiser's wording);
//   a missing required member is a ValidationException "missing field
//     `TableName` at line 1 column N", before any constraint error.
// N is where the deserialiser stood: for the compact JSON every SDK sends,
// the byte count up to the end of the offending value (or of the body, for a
// missing member). dynamini measures it on the body written compactly again,
// which is the body itself for SDK requests.

#include <charconv>
#include <cstdint>
#include <string>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "values/shortest_decimal.h"

namespace dynamini {
namespace {

struct Required {
  const char* name;
  const char* expected;
};
constexpr Required kRequired[] = {{"TableName", "a string"},
                                  {"IndexName", "a string"},
                                  {"SearchVector", "a sequence"},
                                  {"TopK", "i32"}};

// The column after member `at`'s value: "{" plus each member before it and
// its own "name": value.
size_t column_after(const Json& body, const Json::ConstMemberIterator& at) {
  size_t column = 1;
  for (auto m = body.MemberBegin(); m != body.MemberEnd(); ++m) {
    if (m != body.MemberBegin()) ++column;  // ","
    column += json_text(m->name).size() + 1 + json_text(m->value).size();
    if (m == at) return column;
  }
  return column;
}

// How the deserialiser prints a float: the shortest decimal that reads back,
// without an exponent, with ".0" when it has no fraction.
std::string decimal_point_text(double v) {
  std::string text = shortest_fixed_text(v);
  if (text.find('.') == std::string::npos) text += ".0";
  return text;
}

ApiError serialization(const std::string& message) {
  return ApiError{ErrorCode::kSerialization, message, {}};
}

}  // namespace

void SearchVectorsOperation::check_before_read(const Json& body) {
  if (!body.IsObject()) return;  // the reader answers that
  for (auto m = body.MemberBegin(); m != body.MemberEnd(); ++m) {
    const std::string name(m->name.GetString(), m->name.GetStringLength());
    for (const auto& r : kRequired) {
      if (name != r.name) continue;
      const std::string at = " at line 1 column " + std::to_string(column_after(body, m));
      if (m->value.IsNull()) {
        throw serialization(std::string("invalid type: null, expected ") + r.expected + at);
      }
      // A number written with a fraction or an exponent is a float to the
      // deserialiser, whatever its value; an integer must fit 32 bits.
      if (name == "TopK" && m->value.IsDouble()) {
        throw serialization("invalid type: floating point `" +
                            decimal_point_text(m->value.GetDouble()) + "`, expected i32" + at);
      }
      if (name == "TopK" && m->value.IsInt64() &&
          (m->value.GetInt64() > INT32_MAX || m->value.GetInt64() < INT32_MIN)) {
        throw serialization("invalid value: integer `" + std::to_string(m->value.GetInt64()) +
                            "`, expected i32" + at);
      }
    }
  }
  for (const auto& r : kRequired) {
    if (body.HasMember(r.name)) continue;
    throw validation_error(std::string("missing field `") + r.name + "` at line 1 column " +
                           std::to_string(json_text(body).size()));
  }
}

}  // namespace dynamini
