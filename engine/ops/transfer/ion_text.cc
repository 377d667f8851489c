#include "ion_text.h"

#include <cstdio>
#include <vector>

#include "values/base64.h"
#include "values/set_order.h"

namespace dynamini {
namespace {

bool identifier_symbol(const std::string& name) {
  if (name.empty() || name == "null" || name == "true" || name == "false" || name == "nan") {
    return false;
  }
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

// Ion text escapes (Ion 1.0 specification, strings and symbols); other bytes,
// UTF-8 included, are written as they are.
void append_escaped(std::string& out, const std::string& text, char quote) {
  out.push_back(quote);
  for (unsigned char c : text) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c == static_cast<unsigned char>(quote)) {
          out.push_back('\\');
          out.push_back(quote);
        } else if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back(quote);
}

void append_field_name(std::string& out, const std::string& name) {
  if (identifier_symbol(name)) {
    out += name;
  } else {
    append_escaped(out, name, '\'');
  }
}

void append_value(std::string& out, const AttributeValue& v);

// The members in DynamoDB's order, as the JSON export writes them
// (values/set_order.h).
void append_set(std::string& out, const char* annotation, const AttributeValue& v) {
  out += annotation;
  out += "::[";
  const std::vector<std::string> members = members_in_order(v);
  for (size_t i = 0; i < members.size(); ++i) {
    if (i) out.push_back(',');
    if (v.type == ValueType::SS) append_escaped(out, members[i], '"');
    if (v.type == ValueType::NS) out += ion_decimal(members[i]);
    if (v.type == ValueType::BS) out += "{{" + base64_encode(members[i]) + "}}";
  }
  out.push_back(']');
}

void append_struct(std::string& out, const Item& members) {
  out.push_back('{');
  bool first = true;
  for (const auto& [name, value] : members) {
    if (!first) out.push_back(',');
    first = false;
    append_field_name(out, name);
    out.push_back(':');
    append_value(out, value);
  }
  out.push_back('}');
}

void append_value(std::string& out, const AttributeValue& v) {
  switch (v.type) {
    case ValueType::S:
      return append_escaped(out, v.scalar, '"');
    case ValueType::N:
      out += ion_decimal(v.scalar);
      return;
    case ValueType::B:
      out += "{{" + base64_encode(v.scalar) + "}}";
      return;
    case ValueType::BOOL:
      out += v.boolean ? "true" : "false";
      return;
    case ValueType::NUL:
      out += "null";
      return;
    case ValueType::SS:
      return append_set(out, "$dynamodb_SS", v);
    case ValueType::NS:
      return append_set(out, "$dynamodb_NS", v);
    case ValueType::BS:
      return append_set(out, "$dynamodb_BS", v);
    case ValueType::L:
      out.push_back('[');
      for (size_t i = 0; i < v.list.size(); ++i) {
        if (i) out.push_back(',');
        append_value(out, v.list[i]);
      }
      out.push_back(']');
      return;
    case ValueType::M:
      return append_struct(out, v.map);
  }
}

}  // namespace

std::string ion_decimal(const std::string& number) {
  const size_t e = number.find_first_of("eE");
  if (e != std::string::npos) {
    std::string exponent = number.substr(e + 1);
    if (!exponent.empty() && exponent[0] == '+') exponent.erase(0, 1);
    return number.substr(0, e) + "d" + exponent;
  }
  return number.find('.') == std::string::npos ? number + "." : number;
}

std::string ion_export_line(const Item& item) {
  std::string out = "$ion_1_0 {Item:";
  append_struct(out, item);
  out.push_back('}');
  return out;
}

}  // namespace dynamini
