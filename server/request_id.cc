#include "request_id.h"

#include <atomic>
#include <boost/random/mersenne_twister.hpp>
#include <cstdint>
#include <random>

namespace dynamini::server {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr uint64_t kBase = sizeof(kAlphabet) - 1;  // 36
constexpr int kUniqueDigits = 13;                  // 36^13 > 2^64
constexpr int kDigitsPerDraw = 12;                 // 36^12 < 2^64

// Writes the first `count` base-36 digits of the fraction value / 2^64 (each
// step multiplies by 36: the integer part is the digit, the rest carries on,
// exactly). For count >= 13 distinct values give distinct digits.
char* put_digits(char* out, uint64_t value, int count) {
  for (int i = 0; i < count; ++i) {
    const unsigned __int128 scaled = static_cast<unsigned __int128>(value) * kBase;
    *out++ = kAlphabet[static_cast<uint64_t>(scaled >> 64)];
    value = static_cast<uint64_t>(scaled);
  }
  return out;
}

// The per-process odd multiplier of the unique part, drawn once.
uint64_t process_multiplier() {
  static const uint64_t multiplier = [] {
    std::random_device device;
    return ((static_cast<uint64_t>(device()) << 32) ^ device()) | 1;
  }();
  return multiplier;
}

boost::random::mt19937_64 seeded_generator() {
  std::random_device device;
  std::seed_seq seed{device(), device(), device(), device(),
                     device(), device(), device(), device()};
  return boost::random::mt19937_64(seed);
}

struct ThreadIds {
  // Threads get distinct indexes, so (index, sequence) is unique per process.
  uint64_t thread_index;
  uint64_t sequence = 0;
  boost::random::mt19937_64 random = seeded_generator();

  ThreadIds() {
    static std::atomic<uint64_t> next_thread{0};
    thread_index = next_thread.fetch_add(1, std::memory_order_relaxed);
  }
};

}  // namespace

std::array<char, kRequestIdLength> new_request_id_chars() {
  thread_local ThreadIds ids;
  std::array<char, kRequestIdLength> id;
  const uint64_t unique =
      ((ids.thread_index << 40) | (ids.sequence++ & ((uint64_t{1} << 40) - 1))) *
      process_multiplier();
  char* out = put_digits(id.data(), unique, kUniqueDigits);
  for (int left = kRequestIdLength - kUniqueDigits; left > 0; left -= kDigitsPerDraw) {
    out = put_digits(out, ids.random(), left < kDigitsPerDraw ? left : kDigitsPerDraw);
  }
  return id;
}

}  // namespace dynamini::server
