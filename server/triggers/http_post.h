#pragma once

// A blocking HTTP/1.1 POST of a JSON body, for delivering trigger events to
// a local function (the Lambda Runtime Interface Emulator's invoke URL
// http://HOST:PORT/2015-03-31/functions/function/invocations, or any HTTP
// handler). http:// only.

#include <cstdint>
#include <string>

namespace dynamini::triggers {

struct HttpReply {
  int status = 0;              // 0: no response (error says why)
  std::string function_error;  // the X-Amz-Function-Error header, if any
  std::string body;
  std::string error;  // connection or protocol failure
};

struct HttpUrl {
  std::string host;
  std::string port;
  std::string target;  // path and query, "/" when absent
};

// Splits "http://host[:port][/path]"; throws std::invalid_argument otherwise.
HttpUrl parse_http_url(const std::string& url);

// Posts `body` to `url` within `timeout_ms` (connect, send and receive).
HttpReply http_post(const HttpUrl& url, const std::string& body, int64_t timeout_ms);

}  // namespace dynamini::triggers
