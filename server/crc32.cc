#include "crc32.h"

#include <zlib.h>

namespace dynamini::server {

uint32_t crc32(std::string_view bytes) {
  // zlib's crc32_z takes a size_t length (crc32 takes a uInt), so bodies
  // past 4 GB are not truncated; its tables are built at compile time.
  return static_cast<uint32_t>(
      ::crc32_z(0, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

}  // namespace dynamini::server
