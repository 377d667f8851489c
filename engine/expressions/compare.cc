#include "expressions/expressions.h"

namespace dynamini::expr {

std::optional<int> compare_scalars(const AttributeValue& a, const AttributeValue& b) {
  if (a.type != b.type) return std::nullopt;
  switch (a.type) {
    case ValueType::N:
      return a.as_number().compare(b.as_number());
    case ValueType::S:
    case ValueType::B: {
      // std::char_traits<char> compares as unsigned char: UTF-8 byte order
      // for S, unsigned byte order for B.
      int c = a.scalar.compare(b.scalar);
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace dynamini::expr
