#include "request_id.h"

#include <atomic>
#include <cstdint>
#include <random>

namespace dynamini::server {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr uint64_t kBase = sizeof(kAlphabet) - 1;  // 36

// splitmix64's output function: a bijection on 64-bit values.
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t random_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// Writes `count` base-36 digits of `value` (the low ones) to `out`.
char* put_digits(char* out, uint64_t value, int count) {
  for (int i = 0; i < count; ++i) {
    *out++ = kAlphabet[value % kBase];
    value /= kBase;
  }
  return out;
}

struct Generator {
  // Threads get distinct indexes, so (index, sequence) is unique per process.
  uint64_t thread_index;
  uint64_t sequence = 0;
  uint64_t key = random_seed();    // hides the sequence, differs per process
  uint64_t state = random_seed();  // splitmix64 stream for the other characters

  Generator() {
    static std::atomic<uint64_t> next_thread{0};
    thread_index = next_thread.fetch_add(1, std::memory_order_relaxed);
  }

  uint64_t next_random() { return mix(state += 0x9e3779b97f4a7c15ULL); }
};

}  // namespace

std::array<char, kRequestIdLength> new_request_id_chars() {
  thread_local Generator generator;
  std::array<char, kRequestIdLength> id;
  // 13 base-36 digits hold any 64-bit value (36^13 > 2^64): distinct values
  // give distinct characters. 2^40 ids per thread, 2^24 threads.
  const uint64_t unique =
      mix(((generator.thread_index << 40) | (generator.sequence++ & ((1ULL << 40) - 1))) ^
          generator.key);
  char* out = put_digits(id.data(), unique, 13);
  // 39 more: 12 digits from each of 4 random 64-bit values (36^12 < 2^64).
  for (int left = 39; left > 0; left -= 12) {
    out = put_digits(out, generator.next_random(), left < 12 ? left : 12);
  }
  return id;
}

}  // namespace dynamini::server
