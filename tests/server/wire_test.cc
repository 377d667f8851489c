// The wire helpers: CRC32, request ids, error bodies, response bytes (Beast
// messages and hand-rendered API answers).

#include <doctest/doctest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api_response.h"
#include "cors.h"
#include "crc32.h"
#include "error_body.h"
#include "json_helpers.h"
#include "request_id.h"
#include "response_bytes.h"
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

TEST_CASE("crc32: matches the bit-by-bit definition for short and long inputs") {
  // Lengths and start offsets around zlib's word and braid sizes (8 bytes,
  // 5 words) and every byte value, against the bit-by-bit definition of the reflected CRC-32.
  std::string bytes;
  for (int i = 0; i < 70; ++i) bytes.push_back(static_cast<char>((i * 151 + 7) & 0xFF));
  for (int i = 0; i < 256; ++i) bytes.push_back(static_cast<char>(i));
  for (size_t offset : {size_t{0}, size_t{1}, size_t{3}}) {  // zlib aligns to words first
    for (size_t length :
         {size_t{0}, size_t{1}, size_t{7}, size_t{8}, size_t{9}, size_t{15}, size_t{16}, size_t{17},
          size_t{40}, size_t{41}, size_t{63}, size_t{70}, bytes.size() - offset}) {
      uint32_t c = 0xFFFFFFFFu;
      for (size_t i = offset; i < offset + length; ++i) {
        c ^= static_cast<unsigned char>(bytes[i]);
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      }
      CHECK(server::crc32(std::string_view(bytes).substr(offset, length)) == (c ^ 0xFFFFFFFFu));
    }
  }
}

// The server sends small responses as append_response_bytes() renders them
// instead of through http::serializer: the bytes must be the same.
TEST_CASE("response bytes: the same as Beast's serializer writes") {
  auto serialized = [](const server::Response& response) {
    std::ostringstream out;
    out << response;  // Beast's operator<< runs http::serializer
    return out.str();
  };
  auto rendered = [](const server::Response& response) {
    REQUIRE(server::renders_flat(response));
    std::string out = "kept:";
    server::append_response_bytes(response, out);
    REQUIRE(out.starts_with("kept:"));
    return out.substr(5);
  };
  std::vector<server::Response> responses;
  responses.push_back(error_response(validation_error("bad"), 11, true));
  responses.push_back(error_response(validation_error("too large"), 11, false, 413));
  responses.push_back(error_response(validation_error("old client"), 10, false));
  responses.push_back(error_response(validation_error("old keep-alive"), 10, true));
  server::Response custom{server::http::status::ok, 11};
  custom.set("X-Custom", "value");
  custom.set(server::http::field::content_length, "42");  // HEAD: length, no body
  responses.push_back(custom);
  server::Response unknown_status{static_cast<server::http::status>(299), 11};
  unknown_status.body() = std::string(100 * 1024, 'x');
  unknown_status.prepare_payload();
  responses.push_back(unknown_status);
  for (const auto& response : responses) {
    CHECK(rendered(response) == serialized(response));
  }
}

// An API answer is rendered by hand (api_response.h): the bytes must be those
// Beast's serializer writes for the same answer as a Beast message, in every
// variant of the header lines (keep-alive on HTTP/1.0 and 1.1, CORS allow
// list with and without the origin, an error status, an empty body).
TEST_CASE("api response bytes: the same as Beast's serializer writes for to_beast()") {
  auto serialized = [](const server::Response& response) {
    std::ostringstream out;
    out << response;
    return out.str();
  };
  std::vector<server::ApiResponse> answers;
  answers.push_back(server::make_api_response(200, R"({"Item":{"pk":{"S":"a"}}})", 11, true));
  answers.push_back(server::make_api_response(200, "{}", 11, false));
  answers.push_back(server::make_api_response(200, "{}", 10, true));
  answers.push_back(server::make_api_response(200, "", 10, false));
  answers.push_back(server::api_error_response(validation_error("bad"), 11, true));
  answers.push_back(server::api_error_response(validation_error("too large"), 11, false, 413));
  answers.push_back(server::make_api_response(500, "{}", 11, true));
  auto listed = server::make_api_response(200, "{}", 11, true);
  const AccessRules rules{.origins = {"https://app.example"}};
  listed.cors = server::cors_headers(rules, "127.0.0.1:8000", "http://localhost:3000");
  answers.push_back(listed);
  auto refused = server::make_api_response(200, "{}", 11, true);
  refused.cors = server::cors_headers(rules, "127.0.0.1:8000", "http://elsewhere");
  answers.push_back(refused);
  for (const auto& answer : answers) {
    std::string out = "kept:";
    server::append_api_response(answer, out);
    REQUIRE(out.starts_with("kept:"));
    CHECK(out.substr(5) == serialized(server::to_beast(answer)));
  }
  // The headers SDKs read, and the CORS variants.
  const server::Response ok = server::to_beast(answers[0]);
  CHECK(ok[server::http::field::content_type] == "application/x-amz-json-1.0");
  CHECK(ok["x-amz-crc32"] == std::to_string(server::crc32(answers[0].body)));
  CHECK(ok["x-amzn-RequestId"].size() == 52);
  CHECK(ok[server::http::field::content_length] == std::to_string(answers[0].body.size()));
  CHECK(ok[server::http::field::access_control_allow_origin] == "*");
  CHECK(ok.keep_alive());
  CHECK_FALSE(server::to_beast(answers[1]).keep_alive());
  CHECK(server::to_beast(answers[2]).keep_alive());
  CHECK_FALSE(server::to_beast(answers[3]).keep_alive());
  const server::Response allowed = server::to_beast(listed);
  CHECK(allowed[server::http::field::access_control_allow_origin] == "http://localhost:3000");
  CHECK(allowed[server::http::field::vary] == "Origin");
  const server::Response denied = server::to_beast(refused);
  CHECK(denied.count(server::http::field::access_control_allow_origin) == 0);
  CHECK(denied[server::http::field::vary] == "Origin");
}

TEST_CASE("request id: 52 uppercase letters and digits, unique") {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const auto chars = server::new_request_id_chars();
    std::string id(chars.data(), chars.size());
    REQUIRE(id.size() == 52);
    for (char c : id) {
      CHECK((std::isupper(static_cast<unsigned char>(c)) ||
             std::isdigit(static_cast<unsigned char>(c))));
    }
    seen.insert(id);
  }
  CHECK(seen.size() == 1000);
}

TEST_CASE("request id: the first 13 characters are unique across threads") {
  // The unique part encodes (thread index, sequence): threads at the same
  // sequence numbers must still get different ones.
  constexpr int kThreads = 4;
  constexpr int kIdsPerThread = 2000;
  std::vector<std::vector<std::string>> made(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&made, t] {
      for (int i = 0; i < kIdsPerThread; ++i) {
        const auto chars = server::new_request_id_chars();
        made[t].emplace_back(chars.data(), 13);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::string> seen;
  for (const auto& ids : made) seen.insert(ids.begin(), ids.end());
  CHECK(seen.size() == kThreads * kIdsPerThread);
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
