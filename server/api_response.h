#pragma once

// An API call's answer (a JSON body and the headers DynamoDB sends with it)
// kept as plain values and rendered to the wire by hand: one append per
// header line, where Beast's field container allocates, links and indexes
// each field (5.2k instructions per GetItem over HTTP, callgrind).
//
// The header lines, in this order (what DynamoDB sends that SDKs read:
// x-amzn-RequestId, x-amz-crc32; CORS as DynamoDB Local's -cors):
//   Server: dynamini
//   Content-Type: application/x-amz-json-1.0
//   x-amzn-RequestId: <52 characters, request_id.h>
//   x-amz-crc32: <CRC-32 of the body, decimal>
//   Access-Control-Allow-Origin: <cors.allow_origin>   (unless !cors.allow)
//   Vary: Origin                                       (when cors.vary)
//   Access-Control-Expose-Headers: x-amzn-RequestId, x-amz-crc32, x-amz-id-2
//   Connection: close        (HTTP/1.1 not kept alive)
//   Connection: keep-alive   (HTTP/1.0 kept alive)
//   Content-Length: <body size>

#include <array>
#include <string>

#include "cors.h"
#include "http_message.h"
#include "request_id.h"

namespace dynamini::server {

struct ApiResponse {
  unsigned status = 200;
  unsigned version = 11;  // the request's HTTP version: 10 or 11
  bool keep_alive = true;
  std::string body;
  std::array<char, kRequestIdLength> request_id{};
  CorsHeaders cors;  // "*" unless route() applies the server's allow list
};

// A fresh answer with a new request id.
ApiResponse make_api_response(unsigned status, std::string body, unsigned version, bool keep_alive);

// Appends `response`'s bytes (status line, the header lines above, blank
// line, body) to `out`: what Beast's serializer writes for to_beast(response).
void append_api_response(const ApiResponse& response, std::string& out);

// The same answer as a Beast message, its fields inserted in the same order
// (for route()'s callers and responses too large to render in one buffer).
Response to_beast(ApiResponse response);

}  // namespace dynamini::server
