#pragma once

// JSON as text, the one helper of its kind for every package (the engine, the
// models, the server and the command link dynamini_json): a RapidJSON value
// written out, and a string quoted as a JSON string literal.

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace dynamini {

// `value` as compact JSON text: every member in order, duplicate names
// included. (A comparison of two documents' texts is an identity test;
// RapidJSON's operator== is not, for objects with a repeated name: it
// compares each member with the first of that name.) Recursive: not for
// values nested deeper than the stack allows.
std::string json_text(const rapidjson::Value& value);

// `text` as a JSON string literal, quotes included: what JSON requires
// escaped is escaped (RFC 8259 section 7), every other byte is kept.
std::string json_quote(std::string_view text);

}  // namespace dynamini
