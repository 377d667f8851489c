#pragma once

// Reading a client's request body into a RapidJSON document.
#include <rapidjson/document.h>

#include <string_view>

namespace dynamini {

// Parses `body` into `doc`. Returns false when `body` is not valid UTF-8 or
// not one JSON value: DynamoDB answers both with a SerializationException.
//
// The same language as RapidJSON's parse with kParseValidateEncodingFlag and
// kParseIterativeFlag (the equivalence is tested byte for byte), at a lower
// cost: the UTF-8 check runs over the whole body a word at a time instead of
// per character inside RapidJSON's string reader, and a body with few enough
// '[' and '{' (which bounds its nesting) takes RapidJSON's recursive parser,
// which is faster than the iterative one. A body with more of them, which
// could nest deep enough to exhaust the stack, takes the iterative parser.
bool parse_request_json(rapidjson::Document& doc, std::string_view body);

}  // namespace dynamini
