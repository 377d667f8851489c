#pragma once

#include <array>
#include <cstddef>

namespace dynamini::server {

// DynamoDB's x-amzn-RequestId is 52 uppercase letters and digits.
constexpr size_t kRequestIdLength = 52;

// A fresh request id shaped like DynamoDB's x-amzn-RequestId: 52 uppercase
// letters and digits that look random. Unique within the process (13 of the
// characters encode a per-thread sequence number through a bijection); the
// rest come from a per-thread generator seeded from std::random_device, so
// ids of different processes differ too. Thread-safe, allocation-free.
std::array<char, kRequestIdLength> new_request_id_chars();

}  // namespace dynamini::server
