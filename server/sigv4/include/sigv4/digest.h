#pragma once

// SHA-256 and HMAC-SHA256 for AWS Signature Version 4 (signing and verifying), computed by
// OpenSSL's libcrypto (EVP_MD "SHA256" and EVP_MAC "HMAC", the OpenSSL 3
// interfaces; none of the deprecated SHA256_* / HMAC_CTX_* functions).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace dynamini::sigv4 {

using Digest = std::array<uint8_t, 32>;

// The SHA-256 of `data` (FIPS 180-4).
// Thread-safe: each thread reuses its own OpenSSL context, so no algorithm
// is looked up and nothing is allocated per call after a thread's first.
// Throws std::runtime_error if OpenSSL fails (only when out of memory).
Digest sha256(std::string_view data);

// The HMAC-SHA256 of `message` under `key` (RFC 2104; any key length).
// Thread-safety and errors as sha256().
Digest hmac_sha256(std::string_view key, std::string_view message);

// True when `a` equals `b`, in a time that depends on their lengths only
// (OpenSSL's CRYPTO_memcmp, which the compiler cannot turn into an early
// exit): comparing a signature reveals nothing of where it first differs.
// Lengths are compared first; a SigV4 signature's length is public (64).
bool constant_time_equal(std::string_view a, std::string_view b);

// Lower-case hexadecimal of `digest` (64 characters), as SigV4 writes hashes.
std::string to_hex(const Digest& digest);

// The digest's bytes, e.g. as the key of the next HMAC in SigV4's chain.
inline std::string_view as_bytes(const Digest& d) {
  return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
}

}  // namespace dynamini::sigv4
