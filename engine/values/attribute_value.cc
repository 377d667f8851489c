#include "values/attribute_value.h"

#include <unordered_set>

#include "values/base64.h"
#include "values/set_order.h"

namespace dynamini {
namespace {

// A number's size in bytes, by DynamoDB's rule as measured against the
// 400 KB gate (nubo-db/dynamodb-conformance src/item-size.ts, 23 literals
// captured in eu-west-2, 2026-08-18; paritysuite/dynamodb-conformance
// tests/tier3/limits/numberByteSize.test.ts): 1 byte, plus one per two
// significant digits of the integer part and one per two of the fraction
// (each rounded up: digits straddling the point cost a byte more, "1.5" is 3
// bytes where "15" is 2), plus 1 for a negative number; zero is 1. The
// Developer Guide's "1 byte per two significant digits plus 1" is what the
// capture disproves. `canonical` has no exponent and no leading or trailing
// zeros (Number::to_string).
int64_t number_size(std::string_view canonical) {
  const bool negative = !canonical.empty() && canonical[0] == '-';
  if (negative) canonical.remove_prefix(1);
  const size_t point = canonical.find('.');
  std::string_view whole = canonical.substr(0, point);
  std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : canonical.substr(point + 1);
  if (whole == "0") whole = {};
  if (whole.empty() && fraction.empty()) return 1;  // zero, "-0" too
  // Trailing zeros of the integer part count only when a fraction follows
  // ("100" is 2 bytes, "100.5" is 4); leading zeros of a pure fraction never.
  if (fraction.empty()) whole = whole.substr(0, whole.find_last_not_of('0') + 1);
  if (whole.empty()) fraction.remove_prefix(fraction.find_first_not_of('0'));
  const auto half_up = [](size_t digits) { return static_cast<int64_t>((digits + 1) / 2); };
  return 1 + half_up(whole.size()) + half_up(fraction.size()) + (negative ? 1 : 0);
}

}  // namespace

const char* type_name(ValueType type) {
  switch (type) {
    case ValueType::S:
      return "S";
    case ValueType::N:
      return "N";
    case ValueType::B:
      return "B";
    case ValueType::BOOL:
      return "BOOL";
    case ValueType::NUL:
      return "NULL";
    case ValueType::SS:
      return "SS";
    case ValueType::NS:
      return "NS";
    case ValueType::BS:
      return "BS";
    case ValueType::L:
      return "L";
    case ValueType::M:
      return "M";
  }
  return "?";
}

AttributeValue AttributeValue::string(std::string s) {
  AttributeValue v;
  v.type = ValueType::S;
  v.scalar = std::move(s);
  return v;
}
AttributeValue AttributeValue::number(const Number& n) {
  AttributeValue v;
  v.type = ValueType::N;
  v.scalar = n.to_string();
  return v;
}
AttributeValue AttributeValue::binary(std::string bytes) {
  AttributeValue v;
  v.type = ValueType::B;
  v.scalar = std::move(bytes);
  return v;
}
AttributeValue AttributeValue::boolean_value(bool b) {
  AttributeValue v;
  v.type = ValueType::BOOL;
  v.boolean = b;
  return v;
}
AttributeValue AttributeValue::null() {
  AttributeValue v;
  v.type = ValueType::NUL;
  v.boolean = true;
  return v;
}

Number AttributeValue::as_number() const {
  Number n;
  Number::read(scalar, NumberReading::kExponent64, &n);
  return n;
}

bool operator==(const AttributeValue& a, const AttributeValue& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case ValueType::S:
    case ValueType::N:  // canonical text is unique per value
    case ValueType::B:
      return a.scalar == b.scalar;
    case ValueType::BOOL:
      return a.boolean == b.boolean;
    case ValueType::NUL:
      return true;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS: {
      if (a.set.size() != b.set.size()) return false;
      std::unordered_set<std::string> members(a.set.begin(), a.set.end());
      for (const auto& m : b.set)
        if (!members.count(m)) return false;
      return true;
    }
    case ValueType::L:
      return a.list == b.list;
    case ValueType::M:
      return a.map == b.map;
  }
  return false;
}

namespace {

// In DynamoDB's order (values/set_order.h), which sets are kept in; an item
// stored by an earlier version may hold another.
void write_set_members(JsonWriter& w, const AttributeValue& set) {
  const auto write_members = [&](const std::vector<std::string>& members) {
    w.StartArray();
    for (const auto& m : members) {
      write_string(w, set.type == ValueType::BS ? base64_encode(m) : m);
    }
    w.EndArray();
  };
  if (set_in_order(set)) {
    write_members(set.set);
  } else {
    write_members(members_in_order(set));
  }
}

}  // namespace

void write_attribute_value(JsonWriter& w, const AttributeValue& value) {
  w.StartObject();
  w.Key(type_name(value.type));
  switch (value.type) {
    case ValueType::S:
    case ValueType::N:
      write_string(w, value.scalar);
      break;
    case ValueType::B:
      write_string(w, base64_encode(value.scalar));
      break;
    case ValueType::BOOL:
      w.Bool(value.boolean);
      break;
    case ValueType::NUL:
      w.Bool(true);
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      write_set_members(w, value);
      break;
    case ValueType::L:
      w.StartArray();
      for (const auto& e : value.list) write_attribute_value(w, e);
      w.EndArray();
      break;
    case ValueType::M:
      write_item(w, value.map);
      break;
  }
  w.EndObject();
}

void write_item(JsonWriter& w, const Item& item) {
  w.StartObject();
  for (const auto& [name, value] : item) {
    write_key(w, name);
    write_attribute_value(w, value);
  }
  w.EndObject();
}

std::string item_to_json(const Item& item) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  write_item(w, item);
  return std::string(buffer.GetString(), buffer.GetSize());
}

int64_t attribute_value_size(const AttributeValue& value) {
  switch (value.type) {
    case ValueType::S:
    case ValueType::B:
      return static_cast<int64_t>(value.scalar.size());
    case ValueType::N:
      return number_size(value.scalar);
    case ValueType::BOOL:
    case ValueType::NUL:
      return 1;
    case ValueType::SS:
    case ValueType::BS: {
      int64_t size = 0;
      for (const auto& m : value.set) size += static_cast<int64_t>(m.size());
      return size;
    }
    case ValueType::NS: {
      int64_t size = 0;
      for (const auto& m : value.set) size += number_size(m);
      return size;
    }
    case ValueType::L: {
      int64_t size = 3;
      for (const auto& e : value.list) size += 1 + attribute_value_size(e);
      return size;
    }
    case ValueType::M: {
      int64_t size = 3;
      for (const auto& [name, e] : value.map)
        size += 1 + static_cast<int64_t>(name.size()) + attribute_value_size(e);
      return size;
    }
  }
  return 0;
}

AttributeValue S(std::string text) { return AttributeValue::string(std::move(text)); }
AttributeValue N(std::string_view decimal_text) {
  AttributeValue v;
  v.type = ValueType::N;
  v.scalar = std::string(decimal_text);
  return v;
}
AttributeValue N(int64_t number) { return AttributeValue::number(Number::from_int(number)); }
AttributeValue B(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }
AttributeValue BOOL(bool value) { return AttributeValue::boolean_value(value); }
AttributeValue NUL() { return AttributeValue::null(); }
namespace {
AttributeValue set_of(ValueType type, std::vector<std::string> members) {
  AttributeValue v;
  v.type = type;
  v.set = std::move(members);
  return v;
}
}  // namespace
AttributeValue SS(std::vector<std::string> texts) {
  return set_of(ValueType::SS, std::move(texts));
}
AttributeValue NS(std::vector<std::string> decimal_texts) {
  return set_of(ValueType::NS, std::move(decimal_texts));
}
AttributeValue BS(std::vector<std::string> byte_strings) {
  return set_of(ValueType::BS, std::move(byte_strings));
}
AttributeValue L(std::vector<AttributeValue> elements) {
  AttributeValue v;
  v.type = ValueType::L;
  v.list = std::move(elements);
  return v;
}
AttributeValue M(Item members) {
  AttributeValue v;
  v.type = ValueType::M;
  v.map = std::move(members);
  return v;
}

int64_t item_size(const Item& item) {
  int64_t size = 0;
  for (const auto& [name, value] : item)
    size += static_cast<int64_t>(name.size()) + attribute_value_size(value);
  return size;
}

}  // namespace dynamini
