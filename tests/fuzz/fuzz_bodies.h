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

using Body = void (*)(const uint8_t*, size_t);
// nullptr for an unknown target name.
Body body_named(std::string_view name);

}  // namespace dynamini::fuzz
