#pragma once

// The bodies of the fuzz targets, shared by the libFuzzer entry points
// (fuzz_main.cc, clang builds with -DDYNAMINI_FUZZ=ON) and by the replay test
// that runs every corpus and regression input in the normal test suite.
// Each must never crash, hang or leak, whatever the bytes.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dynamini::fuzz {

// Bytes in, response out, through Database::execute: the first line names
// the operation, the rest is the request body.
void request(const uint8_t* data, size_t size);
// Each expression parser, then evaluation against a sample item.
void condition(const uint8_t* data, size_t size);
void update(const uint8_t* data, size_t size);
void projection(const uint8_t* data, size_t size);
void key_condition(const uint8_t* data, size_t size);
// Structure-aware: the bytes are choices of a grammar-based generator
// (expression_generator.h) that writes a valid-ish expression of one of the
// four grammars, which then goes through the matching body above.
void expression_grammar(const uint8_t* data, size_t size);
// A PartiQL statement: parsed, then run by ExecuteStatement (fuzz_partiql.cc).
void partiql(const uint8_t* data, size_t size);
// Raw bytes on an HTTP connection to a server session (fuzz_http.cc).
void http(const uint8_t* data, size_t size);
// An HTTP request's method, target, headers and body, verified as SigV4
// (fuzz_sigv4.cc).
void sigv4(const uint8_t* data, size_t size);

using Body = void (*)(const uint8_t*, size_t);
// nullptr for an unknown target name.
Body body_named(std::string_view name);

}  // namespace dynamini::fuzz
