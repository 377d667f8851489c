#pragma once

// The session's request reader (server/request_reader.h: Beast's parser
// writing a flat HttpRequest) against Beast's own request_parser on the same
// bytes: the same error, or the same request line, fields, keep-alive and
// body. Part of the `http` fuzz body.

#include <string_view>

namespace dynamini::fuzz {

// True when both parsers read `bytes` (one request, then the end of the
// stream) the same way.
bool reader_matches_beast(std::string_view bytes);

}  // namespace dynamini::fuzz
