#include "values/value_decode.h"

#include <stdexcept>

#include "dynamini/api_error.h"
#include "values/base64.h"
#include "values/deserializer_errors.h"
#include "values/value_check.h"

namespace dynamini {
namespace {

[[noreturn]] void throw_serialization(const std::string& message) {
  throw ApiError{ErrorCode::kSerialization, message, {}};
}

const Json& wire_list(const Json& json) {
  if (!json.IsArray()) throw_not_list(json);
  return json;
}

const Json& wire_map(const Json& json) {
  if (json.IsObject()) return json;
  if (json.IsArray()) throw_not_structure(json);
  throw_serialization("Expected map or null");
}

// The data type a member name names, or -1: "S" "N" "B" "BOOL" "NULL" "SS"
// "NS" "BS" "L" "M" in ValueType order (one pass over the name, no string
// compares: this runs for every attribute of every request and stored item).
int data_type_named(std::string_view name) {
  switch (name.size()) {
    case 1:
      switch (name[0]) {
        case 'S':
          return static_cast<int>(ValueType::S);
        case 'N':
          return static_cast<int>(ValueType::N);
        case 'B':
          return static_cast<int>(ValueType::B);
        case 'L':
          return static_cast<int>(ValueType::L);
        case 'M':
          return static_cast<int>(ValueType::M);
        default:
          return -1;
      }
    case 2:
      if (name[1] != 'S') return -1;
      switch (name[0]) {
        case 'S':
          return static_cast<int>(ValueType::SS);
        case 'N':
          return static_cast<int>(ValueType::NS);
        case 'B':
          return static_cast<int>(ValueType::BS);
        default:
          return -1;
      }
    case 4:
      if (name == "BOOL") return static_cast<int>(ValueType::BOOL);
      if (name == "NULL") return static_cast<int>(ValueType::NUL);
      return -1;
    default:
      return -1;
  }
}

void decode_into(const Json& json, int depth, AttributeValue& out);

// Each member decoded in place in its map node (no temporary value moved in);
// a repeated JSON member replaces the earlier one, as the deserializer does.
Item decode_item_at_depth(const Json& json, int depth) {
  Item item;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    const size_t before = item.size();
    // The end is the right hint when the members come in name order.
    auto slot = item.try_emplace(item.end(), std::string(string_of(it->name)));
    if (item.size() == before) slot->second = AttributeValue();
    decode_into(it->value, depth, slot->second);
  }
  return item;
}

// Reads the data type member `v` of type `type` into `out`.
void decode_typed(const Json& v, ValueType type, int depth, AttributeValue& out) {
  out.type = type;
  switch (type) {
    case ValueType::S:
    case ValueType::N:
      out.scalar = wire_string(v);
      break;
    case ValueType::B:
      out.scalar = wire_binary(v);
      break;
    case ValueType::BOOL:
    case ValueType::NUL:
      out.boolean = read_boolean(v);
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      out.set.reserve(wire_list(v).Size());
      for (const auto& member : v.GetArray()) {
        out.set.push_back(type == ValueType::BS ? wire_binary(member) : wire_string(member));
      }
      break;
    case ValueType::L:
      out.list.reserve(wire_list(v).Size());
      for (const auto& element : v.GetArray()) {
        decode_into(element, depth + 1, out.list.emplace_back());
      }
      break;
    case ValueType::M:
      out.map = decode_item_at_depth(wire_map(v), depth + 1);
      break;
  }
}

void decode_into(const Json& json, int depth, AttributeValue& out) {
  // Deeper levels are not read: the check refuses this one.
  if (depth >= kMaxNestingDepth) {
    out = AttributeValue::null();
    return;
  }
  if (!json.IsObject()) throw_not_structure(json);
  int found = 0;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    const int type = data_type_named(string_of(it->name));
    if (type < 0) continue;
    if (found++) out = AttributeValue();
    decode_typed(it->value, static_cast<ValueType>(type), depth, out);
  }
  out.type_count = static_cast<uint8_t>(found);
}

// ---- stored items: written by item_to_json, read without checks

[[noreturn]] void corrupt_stored_item() {
  throw std::runtime_error("a stored item is not DynamoDB JSON");
}

std::string stored_string(const Json& json) {
  if (!json.IsString()) corrupt_stored_item();
  return std::string(json.GetString(), json.GetStringLength());
}

std::string stored_binary(const Json& json) {
  std::string bytes;
  if (!json.IsString() || !base64_decode(string_of(json), &bytes)) corrupt_stored_item();
  return bytes;
}

AttributeValue stored_value(const Json& json) {
  if (!json.IsObject() || json.MemberCount() != 1) corrupt_stored_item();
  const auto member = json.MemberBegin();
  const int type = data_type_named(string_of(member->name));
  const Json& v = member->value;
  AttributeValue out;
  out.type = static_cast<ValueType>(type);
  switch (type) {
    case static_cast<int>(ValueType::S):
    case static_cast<int>(ValueType::N):
      out.scalar = stored_string(v);
      break;
    case static_cast<int>(ValueType::B):
      out.scalar = stored_binary(v);
      break;
    case static_cast<int>(ValueType::BOOL):
    case static_cast<int>(ValueType::NUL):
      if (!v.IsBool()) corrupt_stored_item();
      out.boolean = v.GetBool();
      break;
    case static_cast<int>(ValueType::SS):
    case static_cast<int>(ValueType::NS):
    case static_cast<int>(ValueType::BS):
      if (!v.IsArray()) corrupt_stored_item();
      out.set.reserve(v.Size());
      for (const auto& m : v.GetArray()) {
        out.set.push_back(type == static_cast<int>(ValueType::BS) ? stored_binary(m)
                                                                  : stored_string(m));
      }
      break;
    case static_cast<int>(ValueType::L):
      if (!v.IsArray()) corrupt_stored_item();
      out.list.reserve(v.Size());
      for (const auto& element : v.GetArray()) out.list.push_back(stored_value(element));
      break;
    case static_cast<int>(ValueType::M):
      out.map = stored_item(v);
      break;
    default:
      corrupt_stored_item();
  }
  return out;
}

}  // namespace

std::string wire_string(const Json& json) {
  if (!json.IsString()) throw_wrong_type(json, "String");
  return std::string(json.GetString(), json.GetStringLength());
}

// Messages recorded in dynalite test/helpers.js assertType('Blob') ("a Blob",
// and "dectected" sic).
std::string wire_binary(const Json& json) {
  if (!json.IsString()) {
    if (json.IsArray() || json.IsObject()) throw_wrong_type(json, "Blob");
    throw_serialization(std::string("class ") +
                        (json.IsBool()
                             ? "java.lang.Boolean"
                             : "com.amazon.coral.value.json.numbers.TruncatingBigNumber") +
                        " can not be converted to a Blob");
  }
  const std::string_view text = string_of(json);
  const std::string problem = base64_wire_problem(text);
  if (!problem.empty()) {
    throw_serialization("'" + std::string(text) + "' can not be converted to a Blob: " + problem);
  }
  std::string bytes;
  base64_decode(text, &bytes);
  return bytes;
}

AttributeValue decode_attribute_value(const Json& json) {
  AttributeValue out;
  decode_into(json, 0, out);
  return out;
}

Item decode_item(const Json& json) { return decode_item_at_depth(wire_map(json), 0); }

Item stored_item(const Json& json) {
  if (!json.IsObject()) corrupt_stored_item();
  Item item;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    item.emplace_hint(item.end(), std::string(string_of(it->name)), stored_value(it->value));
  }
  return item;
}

Item item_from_json(std::string_view json) {
  StackJsonDocument<8192> doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError()) corrupt_stored_item();
  return stored_item(doc);
}

Item attributes_from_json(std::string_view json, const std::vector<std::string_view>& names) {
  StackJsonDocument<8192> doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject()) corrupt_stored_item();
  Item out;
  for (std::string_view name : names) {
    auto member = doc.FindMember(
        rapidjson::StringRef(name.data(), static_cast<rapidjson::SizeType>(name.size())));
    if (member != doc.MemberEnd()) out.emplace(name, stored_value(member->value));
  }
  return out;
}

}  // namespace dynamini
