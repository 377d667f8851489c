#include "crc32.h"

#include <boost/crc.hpp>

namespace dynamini::server {

uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

}  // namespace dynamini::server
