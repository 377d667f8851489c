#pragma once

// A response as the bytes that go on the wire, so that a small response is
// sent with one plain send() instead of a gather over every header field.

#include <string>

#include "route.h"

namespace dynamini::server {

// True when append_response_bytes() renders `response` exactly as Beast's
// serializer would: a body of known length (Content-Length), not chunked.
bool renders_flat(const Response& response);

// Appends `response`'s serialization to `out`: the header as Beast's
// serializer renders it (the Fields concept's writer: status line, fields,
// blank line), then the body. The same bytes http::write sends.
// REQUIRES: renders_flat(response).
void append_response_bytes(const Response& response, std::string& out);

}  // namespace dynamini::server
