#include "request_id.h"

#include <cstdint>
#include <random>

namespace dynamini::server {

std::string new_request_id() {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static constexpr int kLength = 52;
  thread_local std::mt19937_64 rng{[] {
    std::random_device device;
    std::seed_seq seed{device(), device(), device(), device()};
    return std::mt19937_64(seed);
  }()};
  std::uniform_int_distribution<int> pick(0, sizeof(kAlphabet) - 2);
  std::string id(kLength, '0');
  for (char& c : id) c = kAlphabet[pick(rng)];
  return id;
}

}  // namespace dynamini::server
