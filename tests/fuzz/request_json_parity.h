#pragma once

// The engine's request body parser (values/request_json.h) against the parse
// it replaced, RapidJSON with kParseValidateEncodingFlag | kParseIterativeFlag:
// the same verdict, and the same document when both accept. Part of the
// `request` fuzz body.

#include <string_view>

namespace dynamini::fuzz {

// True when both parsers read `body` the same way. One difference is by
// design and allowed: RapidJSON 1.1 skips each byte of a byte order mark on
// its own, so it reads a body that opens with a piece of one, which is not
// UTF-8 and which parse_request_json refuses.
bool request_json_matches_rapidjson(std::string_view body);

}  // namespace dynamini::fuzz
