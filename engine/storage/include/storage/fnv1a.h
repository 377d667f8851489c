#pragma once

// FNV-1a, 32 bits, as 8 lowercase hex digits: the checksum of shard
// iterators and the suffix of shard ids. Not cryptographic; stable across
// versions (shard ids are persisted).

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace dynamini {

inline std::string fnv1a_hex(std::string_view text) {
  uint32_t h = 2166136261u;
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%08x", h);
  return buffer;
}

}  // namespace dynamini
