#pragma once

#include <cstdint>
#include <string_view>

namespace dynamini::server {

// CRC-32 with zlib's polynomial (the value DynamoDB sends in x-amz-crc32,
// printed in decimal), computed by zlib's crc32_z. crc32("123456789") ==
// 3421780262. Thread-safe.
uint32_t crc32(std::string_view bytes);

}  // namespace dynamini::server
