#include "sigv4/digest.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <boost/algorithm/hex.hpp>
#include <iterator>
#include <memory>
#include <stdexcept>

namespace dynamini::sigv4 {
namespace {

[[noreturn]] void fail(const char* what) {
  throw std::runtime_error(std::string("OpenSSL: ") + what + " failed");
}

struct MdCtxFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};
struct MdFree {
  void operator()(EVP_MD* md) const { EVP_MD_free(md); }
};
struct MacCtxFree {
  void operator()(EVP_MAC_CTX* ctx) const { EVP_MAC_CTX_free(ctx); }
};
struct MacFree {
  void operator()(EVP_MAC* mac) const { EVP_MAC_free(mac); }
};

// SHA-256 fetched from the default provider once per process (a fetch looks
// the algorithm up by name under a lock; reusing it skips that per call).
const EVP_MD* sha256_algorithm() {
  static const std::unique_ptr<EVP_MD, MdFree> md(EVP_MD_fetch(nullptr, "SHA256", nullptr));
  if (!md) fail("EVP_MD_fetch(SHA256)");
  return md.get();
}

// This thread's digest context; EVP_DigestInit_ex2 resets it for each use.
EVP_MD_CTX* thread_digest_context() {
  thread_local const std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
  if (!ctx) fail("EVP_MD_CTX_new");
  return ctx.get();
}

// This thread's HMAC context, its digest set to SHA-256 once: each
// EVP_MAC_init with a new key and no parameters keeps that digest.
EVP_MAC_CTX* thread_hmac_context() {
  static const std::unique_ptr<EVP_MAC, MacFree> mac(EVP_MAC_fetch(nullptr, "HMAC", nullptr));
  if (!mac) fail("EVP_MAC_fetch(HMAC)");
  thread_local const std::unique_ptr<EVP_MAC_CTX, MacCtxFree> ctx = [] {
    std::unique_ptr<EVP_MAC_CTX, MacCtxFree> made(EVP_MAC_CTX_new(mac.get()));
    char digest_name[] = "SHA256";
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest_name, 0),
        OSSL_PARAM_construct_end()};
    if (!made || EVP_MAC_CTX_set_params(made.get(), params) != 1) fail("HMAC context set-up");
    return made;
  }();
  return ctx.get();
}

}  // namespace

Digest sha256(std::string_view data) {
  EVP_MD_CTX* ctx = thread_digest_context();
  Digest out;
  if (EVP_DigestInit_ex2(ctx, sha256_algorithm(), nullptr) != 1 ||
      EVP_DigestUpdate(ctx, data.data(), data.size()) != 1 ||
      EVP_DigestFinal_ex(ctx, out.data(), nullptr) != 1) {
    fail("SHA-256");
  }
  return out;
}

Digest hmac_sha256(std::string_view key, std::string_view message) {
  EVP_MAC_CTX* ctx = thread_hmac_context();
  Digest out;
  size_t length = 0;
  // A null key would make EVP_MAC_init keep the previous call's key, so an
  // empty key (whose data() may be null) is passed as a non-null pointer.
  static constexpr unsigned char kNoKeyBytes[1] = {0};
  const auto* key_bytes =
      key.empty() ? kNoKeyBytes : reinterpret_cast<const unsigned char*>(key.data());
  const auto* message_bytes = reinterpret_cast<const unsigned char*>(message.data());
  if (EVP_MAC_init(ctx, key_bytes, key.size(), nullptr) != 1 ||
      EVP_MAC_update(ctx, message_bytes, message.size()) != 1 ||
      EVP_MAC_final(ctx, out.data(), &length, out.size()) != 1 || length != out.size()) {
    fail("HMAC-SHA256");
  }
  return out;
}

std::string to_hex(const Digest& digest) {
  std::string out;
  out.reserve(2 * digest.size());
  boost::algorithm::hex_lower(digest.begin(), digest.end(), std::back_inserter(out));
  return out;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace dynamini::sigv4
