// The wire helpers: CRC32, request ids, error bodies.

#include <doctest/doctest.h>

#include <cctype>
#include <set>

#include "crc32.h"
#include "error_body.h"
#include "json_helpers.h"
#include "request_id.h"
#include "route.h"

namespace dynamini {
namespace {

using server::error_response;
using test::member;
using test::parse_json;

TEST_CASE("crc32: matches the standard check value") {
  CHECK(server::crc32("123456789") == 3421780262u);
  CHECK(server::crc32("") == 0u);
  CHECK(server::crc32("{}") == 2745614147u);
}

TEST_CASE("request id: 52 uppercase letters and digits, unique") {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    std::string id = server::new_request_id();
    REQUIRE(id.size() == 52);
    for (char c : id) {
      CHECK((std::isupper(static_cast<unsigned char>(c)) ||
             std::isdigit(static_cast<unsigned char>(c))));
    }
    seen.insert(id);
  }
  CHECK(seen.size() == 1000);
}

TEST_CASE("error_response: renders ApiError's __type, message and status") {
  ApiError error{ErrorCode::kResourceNotFound, "Requested resource not found", {}};
  auto response = error_response(error, 11, true);
  CHECK(response.result_int() == 400);
  auto doc = parse_json(response.body());
  REQUIRE_FALSE(doc.HasParseError());
  CHECK(member(doc, "__type") == error.wire_type());
  CHECK(member(doc, "__type").ends_with("#ResourceNotFoundException"));
  CHECK(member(doc, "message") == "Requested resource not found");
  CHECK(doc.MemberCount() == 2);
}

TEST_CASE("error_response: InternalServerError is a 500") {
  auto response = error_response(ApiError{ErrorCode::kInternalServerError, "boom", {}}, 11, true);
  CHECK(response.result_int() == 500);
  CHECK(member(parse_json(response.body()), "__type").ends_with("#InternalServerError"));
}

TEST_CASE("error_response: the message is JSON-escaped") {
  const std::string message = "a \"quoted\" \\ back\nslash\ttab \x01 é";
  auto response = error_response(validation_error(message), 11, true);
  auto doc = parse_json(response.body());
  REQUIRE_FALSE(doc.HasParseError());
  CHECK(member(doc, "message") == message);
}

TEST_CASE("error_response: extra members are appended to the body") {
  ApiError error{ErrorCode::kConditionalCheckFailed, "The conditional request failed",
                 R"("Item":{"pk":{"S":"a"}})"};
  auto doc = parse_json(error_response(error, 11, true).body());
  REQUIRE_FALSE(doc.HasParseError());
  CHECK(member(doc, "message") == "The conditional request failed");
  REQUIRE(doc.HasMember("Item"));
  CHECK(doc["Item"]["pk"]["S"] == "a");
}

TEST_CASE("error_response: TransactionCanceledException uses Message") {
  ApiError error{ErrorCode::kTransactionCanceled,
                 "Transaction cancelled, please refer cancellation reasons "
                 "for specific reasons [ConditionalCheckFailed]",
                 R"("CancellationReasons":[{"Code":"ConditionalCheckFailed"}])"};
  auto doc = parse_json(error_response(error, 11, true).body());
  REQUIRE_FALSE(doc.HasParseError());
  CHECK(member(doc, "Message") == error.message);
  CHECK(doc["CancellationReasons"].Size() == 1);
}

TEST_CASE("error_response: a status override replaces the error's status") {
  auto response = error_response(validation_error("too large"), 11, false, 413);
  CHECK(response.result_int() == 413);
  CHECK_FALSE(response.keep_alive());
}

}  // namespace
}  // namespace dynamini
