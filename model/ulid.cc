#include "model/ulid.h"

#include <chrono>
#include <random>

namespace dynamini::model {

namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int decode_char(char c) {
  for (int i = 0; i < 32; ++i) {
    if (kAlphabet[i] == c) return i;
  }
  return -1;
}

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string encode_ulid(int64_t ms, uint16_t hi, uint64_t lo) {
  std::string out(26, '0');
  // Time: 10 characters, 50 bits of which the top 2 are zero.
  uint64_t t = static_cast<uint64_t>(ms);
  for (int i = 9; i >= 0; --i) {
    out[i] = kAlphabet[t & 31];
    t >>= 5;
  }
  // Randomness: 16 characters = 80 bits, hi (16 bits) then lo (64 bits).
  for (int i = 25; i >= 10; --i) {
    out[i] = kAlphabet[lo & 31];
    lo = (lo >> 5) | (static_cast<uint64_t>(hi & 31) << 59);
    hi >>= 5;
  }
  return out;
}

std::optional<int64_t> ulid_time_ms(std::string_view text) {
  if (text.size() != 26 || text[0] > '7') return std::nullopt;
  int64_t t = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    int v = decode_char(text[i]);
    if (v < 0) return std::nullopt;
    if (i < 10) t = t * 32 + v;
  }
  return t;
}

bool is_ulid(std::string_view text) { return ulid_time_ms(text).has_value(); }

UlidGenerator::UlidGenerator(std::function<int64_t()> clock_ms, std::optional<uint64_t> seed)
    : clock_ms_(clock_ms ? std::move(clock_ms) : system_ms),
      state_(seed
                 ? *seed
                 : (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()) {
}

uint64_t UlidGenerator::random64() { return splitmix64(state_); }

std::string UlidGenerator::next() {
  int64_t now = clock_ms_();
  std::lock_guard lock(mu_);
  if (now > last_ms_) {
    last_ms_ = now;
    hi_ = static_cast<uint16_t>(random64());
    lo_ = random64();
  } else {
    // Same millisecond (or the clock went back): increment the 80-bit
    // random part. On overflow (2^80 ids in one ms) move to the next ms.
    if (++lo_ == 0 && ++hi_ == 0) ++last_ms_;
  }
  return encode_ulid(last_ms_, hi_, lo_);
}

std::string derived_ulid(int64_t time_ms, std::string_view key) {
  // Two FNV-1a 64-bit hashes (different offsets) through splitmix64.
  uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (unsigned char c : key) {
    a = (a ^ c) * 0x100000001b3ULL;
    b = (b ^ c) * 0x100000001b3ULL;
  }
  uint64_t lo = splitmix64(a);
  uint64_t hi = splitmix64(b);
  return encode_ulid(time_ms, static_cast<uint16_t>(hi), lo);
}

}  // namespace dynamini::model
