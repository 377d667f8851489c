// The wire helpers: CRC32, request ids, error bodies, response bytes.

#include <doctest/doctest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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
