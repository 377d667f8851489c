#pragma once

// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for verifying AWS
// Signature Version 4 without a crypto library.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace dynamini::server::sigv4 {

using Digest = std::array<uint8_t, 32>;

// Incremental SHA-256: update() any number of times, then finish() once.
class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  Digest finish();

 private:
  void compress(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> block_{};
  size_t block_used_ = 0;
  uint64_t total_bytes_ = 0;
};

Digest sha256(std::string_view data);
Digest hmac_sha256(std::string_view key, std::string_view message);

// Lower-case hexadecimal of `digest` (64 characters).
std::string to_hex(const Digest& digest);
inline std::string_view as_bytes(const Digest& d) {
  return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
}

}  // namespace dynamini::server::sigv4
