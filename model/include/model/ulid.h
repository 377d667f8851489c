#pragma once

// ULIDs (https://github.com/ulid/spec): 26 Crockford base32 characters, a
// 48-bit millisecond timestamp then 80 random bits. Lexicographic order of the
// text is time order, which is why the inbox uses them as sort keys.

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace dynamini::model {

// The text of the ULID with time `ms` and 80-bit randomness `hi:lo` (hi holds
// the top 16 bits). REQUIRES: 0 <= ms < 2^48.
std::string encode_ulid(int64_t ms, uint16_t hi, uint64_t lo);
// The timestamp of a valid ULID, or nullopt when `text` is not one (wrong
// length, a character outside Crockford's alphabet, first character > '7').
std::optional<int64_t> ulid_time_ms(std::string_view text);
bool is_ulid(std::string_view text);

// Generates ULIDs that are strictly increasing, also within one millisecond
// and when the clock steps back: then the previous timestamp is kept and the
// random part incremented by one (the spec's monotonic mode). Thread-safe.
class UlidGenerator {
 public:
  // `clock_ms`: milliseconds since the epoch (default: the system clock).
  // `seed`: seeds the randomness (default: std::random_device), so tests get
  // reproducible ids.
  explicit UlidGenerator(std::function<int64_t()> clock_ms = {},
                         std::optional<uint64_t> seed = std::nullopt);
  std::string next();

 private:
  uint64_t random64();

  std::function<int64_t()> clock_ms_;
  std::mutex mu_;
  uint64_t state_;  // splitmix64 state
  int64_t last_ms_ = -1;
  uint16_t hi_ = 0;
  uint64_t lo_ = 0;
};

// A ULID derived deterministically from `time_ms` and `key`: same inputs, same
// id. The fan-out uses it so a retried delivery writes the same item.
std::string derived_ulid(int64_t time_ms, std::string_view key);

}  // namespace dynamini::model
