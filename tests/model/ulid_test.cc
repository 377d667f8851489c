#include "model/ulid.h"

#include <doctest/doctest.h>

#include <set>
#include <thread>
#include <vector>

namespace dynamini::model {
namespace {

TEST_CASE("ULID: encodes time in the first 10 characters and decodes back") {
  std::string id = encode_ulid(1714554900000, 0, 0);
  CHECK(id.size() == 26);
  CHECK(id == "01HWSPZ3H00000000000000000");  // 2024-05-01T09:15:00Z, as the sample data
  CHECK(ulid_time_ms(id) == 1714554900000);
  CHECK(encode_ulid((int64_t{1} << 48) - 1, 0xFFFF, ~uint64_t{0}) == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
}

TEST_CASE("ULID: rejects wrong length, letters outside Crockford base32 and overflow") {
  CHECK(!is_ulid("01HWSPZ3H038NKRKAYDXR834N"));
  CHECK(!is_ulid("01HWSPZ3H038NKRKAYDXR834NU"));  // U is not in the alphabet
  CHECK(!is_ulid("81HWSPZ3H038NKRKAYDXR834N3"));  // more than 48 bits of time
  CHECK(is_ulid("01HWSPZ3H038NKRKAYDXR834N3"));
}

TEST_CASE("ULID generator: same seed and clock give the same ids") {
  UlidGenerator a([] { return int64_t{1000}; }, 7), b([] { return int64_t{1000}; }, 7);
  for (int i = 0; i < 5; ++i) CHECK(a.next() == b.next());
}

TEST_CASE("ULID generator: within one millisecond ids increase by incrementing the random part") {
  UlidGenerator gen([] { return int64_t{1717200000000}; }, 1);
  std::string previous = gen.next();
  for (int i = 0; i < 1000; ++i) {
    std::string id = gen.next();
    CHECK(id > previous);
    CHECK(ulid_time_ms(id) == 1717200000000);
    previous = id;
  }
}

TEST_CASE("ULID generator: a clock stepping back keeps ids increasing") {
  int64_t now = 5000;
  UlidGenerator gen([&] { return now; }, 3);
  std::string first = gen.next();
  now = 4000;
  std::string second = gen.next();
  CHECK(second > first);
  CHECK(ulid_time_ms(second) == 5000);
  now = 6000;
  CHECK(ulid_time_ms(gen.next()) == 6000);
}

TEST_CASE("ULID generator: ids from many threads are unique") {
  UlidGenerator gen;
  std::vector<std::vector<std::string>> out(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) out[t].push_back(gen.next());
    });
  }
  for (auto& t : threads) t.join();
  std::set<std::string> all;
  for (auto& v : out) {
    for (size_t i = 1; i < v.size(); ++i) CHECK(v[i] > v[i - 1]);
    all.insert(v.begin(), v.end());
  }
  CHECK(all.size() == 8000);
}

TEST_CASE("derived ULID: deterministic in its inputs, time from the given ms") {
  CHECK(derived_ulid(1000, "p#a") == derived_ulid(1000, "p#a"));
  CHECK(derived_ulid(1000, "p#a") != derived_ulid(1000, "p#b"));
  CHECK(ulid_time_ms(derived_ulid(1000, "p#a")) == 1000);
}

}  // namespace
}  // namespace dynamini::model
