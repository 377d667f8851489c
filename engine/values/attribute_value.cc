#include "values/attribute_value.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "dynamini/api_error.h"
#include "values/base64.h"
#include "values/deserializer_errors.h"

namespace dynamini {
namespace {

const char kInvalidPrefix[] = "One or more parameter values were invalid: ";

ApiError serialization_error(const std::string& message) {
  return ApiError{ErrorCode::kSerialization, message, {}};
}

std::string require_string(const Json& json) {
  if (!json.IsString()) throw_wrong_type(json, "String");
  return std::string(json.GetString(), json.GetStringLength());
}

// A Blob member: base64 text. Messages recorded in dynalite test/helpers.js
// assertType('Blob') ("a Blob", and "dectected" sic).
std::string decode_binary(const Json& json) {
  if (!json.IsString()) {
    if (json.IsArray() || json.IsObject()) throw_wrong_type(json, "Blob");
    throw serialization_error(std::string("class ") +
                              (json.IsBool()
                                   ? "java.lang.Boolean"
                                   : "com.amazon.coral.value.json.numbers.TruncatingBigNumber") +
                              " can not be converted to a Blob");
  }
  std::string text(json.GetString(), json.GetStringLength());
  const std::string problem = base64_wire_problem(text);
  if (!problem.empty()) {
    throw serialization_error("'" + text + "' can not be converted to a Blob: " + problem);
  }
  std::string bytes;
  base64_decode(text, &bytes);
  return bytes;
}

std::string canonical_number(const Json& json) {
  std::string text = require_string(json);
  return Number::parse_or_throw(text).to_string();
}

// "[a, a]" as DynamoDB quotes a duplicated set in its message.
std::string quote_collection(const Json& array) {
  std::string out = "[";
  for (rapidjson::SizeType i = 0; i < array.Size(); ++i) {
    if (i) out += ", ";
    if (array[i].IsString()) out.append(array[i].GetString(), array[i].GetStringLength());
  }
  return out + "]";
}

const Json& require_array(const Json& json) {
  if (!json.IsArray()) throw_not_list(json);
  return json;
}

int64_t number_size(const std::string& canonical) {
  // Significant digits: strip sign, point and leading/trailing zeros.
  std::string digits;
  for (char c : canonical)
    if (c >= '0' && c <= '9') digits.push_back(c);
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 1;
  digits.erase(0, first);
  digits.erase(digits.find_last_not_of('0') + 1);
  int64_t size = static_cast<int64_t>((digits.size() + 1) / 2) + 1;
  if (!canonical.empty() && canonical[0] == '-') ++size;
  return size;
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
  std::string error;
  Number::parse(scalar, &n, &error);
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
// DynamoDB supports 32 levels of document nesting, the attribute itself
// being level 1: a leaf at level 32 is accepted, at level 33 rejected
// (Developer Guide "Data types"; boundary and message as captured against
// real DynamoDB in public conformance tests).
AttributeValue parse_at_depth(const Json& json, int depth);
Item parse_item_at_depth(const Json& json, int depth);
}  // namespace

AttributeValue parse_attribute_value(const Json& json) { return parse_at_depth(json, 0); }
Item parse_item(const Json& json) { return parse_item_at_depth(json, 0); }

namespace {
// The one type member of an AttributeValue object ({"S": ...}), with
// DynamoDB's messages for none or several.
std::pair<ValueType, const Json*> type_member(const Json& json) {
  static const char* const kNames[] = {"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"};
  const Json* member = nullptr;
  int found = 0;
  ValueType type = ValueType::NUL;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    std::string_view name = string_of(it->name);
    for (int i = 0; i < 10; ++i) {
      if (name == kNames[i]) {
        ++found;
        member = &it->value;
        type = static_cast<ValueType>(i);
      }
    }
  }
  if (found == 0) {
    throw validation_error(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  }
  if (found > 1) {
    throw validation_error(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
        "the supported datatypes");
  }
  return {type, member};
}

// The members of an SS, NS or BS: non-empty, no duplicates (each type has its
// own message).
std::vector<std::string> parse_set(ValueType type, const Json& v) {
  const Json& array = require_array(v);
  if (array.Empty()) {
    const char* what = type == ValueType::SS   ? "An string set  may not be empty"
                       : type == ValueType::NS ? "An number set  may not be empty"
                                               : "Binary sets should not be empty";
    throw validation_error(std::string(kInvalidPrefix) + what);
  }
  std::vector<std::string> members;
  std::unordered_set<std::string> seen;
  for (const auto& element : array.GetArray()) {
    std::string member_value = type == ValueType::SS   ? require_string(element)
                               : type == ValueType::NS ? canonical_number(element)
                                                       : decode_binary(element);
    if (!seen.insert(member_value).second) {
      if (type == ValueType::NS) throw validation_error("Input collection contains duplicates");
      if (type == ValueType::SS) {
        throw validation_error(std::string(kInvalidPrefix) + "Input collection " +
                               quote_collection(array) + " contains duplicates.");
      }
      throw validation_error(std::string(kInvalidPrefix) + "Input collection " +
                             quote_collection(array) + "of type BS contains duplicates.");
    }
    members.push_back(std::move(member_value));
  }
  return members;
}

AttributeValue parse_at_depth(const Json& json, int depth) {
  if (depth >= kMaxNestingDepth) {
    throw validation_error(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  if (!json.IsObject()) {
    throw_not_structure(json);
  }
  auto [type, member] = type_member(json);
  const Json& v = *member;
  AttributeValue out;
  out.type = type;
  switch (type) {
    case ValueType::S:
      out.scalar = require_string(v);
      break;
    case ValueType::N:
      out.scalar = canonical_number(v);
      break;
    case ValueType::B:
      out.scalar = decode_binary(v);
      break;
    case ValueType::BOOL:
      out.boolean = read_boolean(v);
      break;
    case ValueType::NUL:
      if (!read_boolean(v)) {
        throw validation_error(std::string(kInvalidPrefix) +
                               "Null attribute value types must have the value of true");
      }
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      out.set = parse_set(type, v);
      break;
    case ValueType::L:
      for (const auto& element : require_array(v).GetArray()) {
        out.list.push_back(parse_at_depth(element, depth + 1));
      }
      break;
    case ValueType::M:
      if (!v.IsObject()) {
        if (v.IsArray()) throw_not_structure(v);
        throw serialization_error("Expected map or null");
      }
      out.map = parse_item_at_depth(v, depth + 1);
      break;
  }
  return out;
}

Item parse_item_at_depth(const Json& json, int depth) {
  if (!json.IsObject()) {
    if (json.IsArray()) throw_not_structure(json);
    throw serialization_error("Expected map or null");
  }
  Item item;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    // Attribute names (items, keys, maps): 1..65535 bytes (Developer Guide
    // "Constraints": at most 64 KB); messages of DynamoDB Local's
    // newAttributeName (EMPTY_ATTRIBUTE_NAME, ATTRIBUTE_NAME_TOO_LARGE).
    if (it->name.GetStringLength() == 0) throw validation_error("Empty attribute name");
    if (it->name.GetStringLength() > 65535) {
      throw validation_error("Attribute name is too large, must be less than 65536 bytes");
    }
    item.insert_or_assign(std::string(it->name.GetString(), it->name.GetStringLength()),
                          parse_at_depth(it->value, depth));
  }
  return item;
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
      w.StartArray();
      for (const auto& m : value.set) write_string(w, m);
      w.EndArray();
      break;
    case ValueType::BS:
      w.StartArray();
      for (const auto& m : value.set) write_string(w, base64_encode(m));
      w.EndArray();
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

Item item_from_json(std::string_view json) {
  StackJsonDocument<8192> doc;
  doc.Parse(json.data(), json.size());
  return parse_item(doc);
}

Item attributes_from_json(std::string_view json, const std::vector<std::string_view>& names) {
  StackJsonDocument<8192> doc;
  doc.Parse(json.data(), json.size());
  Item out;
  for (std::string_view name : names) {
    auto member = doc.FindMember(
        rapidjson::StringRef(name.data(), static_cast<rapidjson::SizeType>(name.size())));
    if (member != doc.MemberEnd()) out.emplace(name, parse_attribute_value(member->value));
  }
  return out;
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
