#include "keys/key_encoding.h"

namespace dynamini {

std::string encode_key_value(const AttributeValue& value) {
  if (value.type == ValueType::N) return value.as_number().key_bytes();
  return value.scalar;
}

std::string prefix_upper_bound(std::string_view prefix) {
  std::string bound(prefix);
  while (!bound.empty()) {
    unsigned char last = static_cast<unsigned char>(bound.back());
    if (last != 0xFF) {
      bound.back() = static_cast<char>(last + 1);
      return bound;
    }
    bound.pop_back();
  }
  return bound;
}

}  // namespace dynamini
