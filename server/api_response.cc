#include "api_response.h"

#include <charconv>
#include <cstdint>
#include <string_view>
#include <utility>

#include "crc32.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kContentType = "application/x-amz-json-1.0";
constexpr std::string_view kExposeHeaders = "x-amzn-RequestId, x-amz-crc32, x-amz-id-2";

// Decimal digits of `value` in `buffer`.
template <size_t N>
std::string_view decimal(char (&buffer)[N], uint64_t value) {
  const auto end = std::to_chars(buffer, buffer + N, value).ptr;
  return std::string_view(buffer, static_cast<size_t>(end - buffer));
}

// Calls emit(name, value) for each header line of `response`, in the order
// api_response.h lists them. Both renderers go through here.
template <typename Emit>
void for_each_header(const ApiResponse& response, Emit&& emit) {
  char crc_digits[16];
  char length_digits[24];
  emit(http::field::server, "Server", "dynamini");
  emit(http::field::content_type, "Content-Type", kContentType);
  emit(http::field::unknown, "x-amzn-RequestId",
       std::string_view(response.request_id.data(), response.request_id.size()));
  emit(http::field::unknown, "x-amz-crc32", decimal(crc_digits, crc32(response.body)));
  if (response.cors.allow) {
    emit(http::field::access_control_allow_origin, "Access-Control-Allow-Origin",
         response.cors.allow_origin);
  }
  if (response.cors.vary) emit(http::field::vary, "Vary", "Origin");
  emit(http::field::access_control_expose_headers, "Access-Control-Expose-Headers", kExposeHeaders);
  // What Beast's keep_alive() writes: HTTP/1.1 is kept alive unless it says
  // close; HTTP/1.0 closes unless it says keep-alive.
  if (response.version >= 11 && !response.keep_alive) {
    emit(http::field::connection, "Connection", "close");
  } else if (response.version < 11 && response.keep_alive) {
    emit(http::field::connection, "Connection", "keep-alive");
  }
  emit(http::field::content_length, "Content-Length", decimal(length_digits, response.body.size()));
}

}  // namespace

ApiResponse make_api_response(unsigned status, std::string body, unsigned version,
                              bool keep_alive) {
  return ApiResponse{.status = status,
                     .version = version,
                     .keep_alive = keep_alive,
                     .body = std::move(body),
                     .request_id = new_request_id_chars(),
                     .cors = {}};
}

void append_api_response(const ApiResponse& response, std::string& out) {
  // The status line as Beast writes it: "HTTP/1.1 200 OK".
  out.append("HTTP/1.");
  out.push_back(static_cast<char>('0' + response.version % 10));
  out.push_back(' ');
  char status_digits[8];
  out.append(decimal(status_digits, response.status));
  out.push_back(' ');
  const auto reason = http::obsolete_reason(static_cast<http::status>(response.status));
  out.append(reason.data(), reason.size());
  out.append("\r\n");
  for_each_header(response, [&out](http::field, std::string_view name, std::string_view value) {
    out.append(name);
    out.append(": ");
    out.append(value);
    out.append("\r\n");
  });
  out.append("\r\n");
  out.append(response.body);
}

Response to_beast(ApiResponse response) {
  Response message{static_cast<http::status>(response.status), response.version};
  for_each_header(response,
                  [&message](http::field field, std::string_view name, std::string_view value) {
                    const boost::beast::string_view v(value.data(), value.size());
                    if (field == http::field::unknown) {
                      message.insert(boost::beast::string_view(name.data(), name.size()), v);
                    } else {
                      message.insert(field, v);
                    }
                  });
  message.body() = std::move(response.body);
  return message;
}

}  // namespace dynamini::server
