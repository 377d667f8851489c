#include "keys/key_encoding.h"

namespace dynamini {

std::string encode_key_value(const AttributeValue& value) {
  if (value.type == ValueType::N) return value.as_number().key_bytes();
  return value.scalar;
}

void append_key_component_prefix(std::string& out, const AttributeValue& prefix) {
  for (char c : prefix.scalar) {
    out.push_back(c);
    if (c == '\0') out.push_back('\xFF');
  }
}

void append_key_component(std::string& out, const AttributeValue& value) {
  if (value.type == ValueType::N) {
    const Number n = value.as_number();
    out += n.key_bytes();
    if (!n.is_zero() && !n.is_negative()) out.push_back('\0');
    return;
  }
  append_key_component_prefix(out, value);
  out.push_back('\0');
  out.push_back('\x01');
}

std::string encode_key_part(const std::vector<const AttributeValue*>& values) {
  if (values.size() == 1) return encode_key_value(*values[0]);
  std::string out;
  for (const AttributeValue* v : values) append_key_component(out, *v);
  return out;
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
