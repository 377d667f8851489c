// AttributeValues off the wire (api/wire_reader.h): JSON type errors thrown at
// once, invalid values deferred in the WireReader, each with DynamoDB's
// message (dynalite test/putItem.js and validations/index.js, recorded
// against DynamoDB; nesting and attribute-name limits from the Developer
// Guide and DynamoDB Local).

#include <unordered_set>

#include "api/wire_reader.h"
#include "values/attribute_value.h"
#include "values/deserializer_errors.h"
#include "values/number.h"
#include "values/request_check_error.h"

namespace dynamini::api {
namespace {

// DynamoDB supports 32 levels of document nesting, the attribute itself
// being level 1: a leaf at level 32 is accepted, at level 33 rejected
// (Developer Guide "Data types"; boundary and message as captured against
// real DynamoDB in public conformance tests).

AttributeValue read_at_depth(const Json& json, int depth, WireReader& reader);
Item read_item_at_depth(const Json& json, int depth, WireReader& reader);

// "[a, a]" as DynamoDB quotes a duplicated set in its message.
std::string quote_collection(const Json& array) {
  std::string out = "[";
  for (rapidjson::SizeType i = 0; i < array.Size(); ++i) {
    if (i) out += ", ";
    if (array[i].IsString()) out.append(array[i].GetString(), array[i].GetStringLength());
  }
  return out + "]";
}

// A number's canonical text; an invalid one is deferred and kept as given.
std::string read_number(const Json& json, WireReader& reader) {
  std::string text = read_string(json);
  Number n;
  std::string error;
  if (!Number::parse(text, &n, &error)) {
    reader.defer(validation_error(error));
    return text;
  }
  return n.to_string();
}

void read_set(const Json& v, ValueType type, AttributeValue& out, WireReader& reader) {
  const Json& array = expect_list(v);
  if (array.Empty()) {
    const char* what = type == ValueType::SS   ? "An string set  may not be empty"
                       : type == ValueType::NS ? "An number set  may not be empty"
                                               : "Binary sets should not be empty";
    reader.defer(request_check_error(std::string(kInvalidParameterValues) + what));
  }
  std::unordered_set<std::string> seen;
  for (const auto& element : array.GetArray()) {
    std::string member = type == ValueType::SS   ? read_string(element)
                         : type == ValueType::NS ? read_number(element, reader)
                                                 : read_blob(element);
    if (!seen.insert(member).second) {
      if (type == ValueType::NS) {
        reader.defer(request_check_error("Input collection contains duplicates"));
      } else if (type == ValueType::SS) {
        reader.defer(request_check_error(std::string(kInvalidParameterValues) +
                                         "Input collection " + quote_collection(array) +
                                         " contains duplicates."));
      } else {
        reader.defer(request_check_error(std::string(kInvalidParameterValues) +
                                         "Input collection " + quote_collection(array) +
                                         "of type BS contains duplicates."));
      }
    }
    out.set.push_back(std::move(member));
  }
}

// Reads the one data type member `v` of type `type` into `out`.
void read_typed(const Json& v, ValueType type, int depth, AttributeValue& out, WireReader& reader) {
  out.type = type;
  switch (type) {
    case ValueType::S:
      out.scalar = read_string(v);
      break;
    case ValueType::N:
      out.scalar = read_number(v, reader);
      break;
    case ValueType::B:
      out.scalar = read_blob(v);
      break;
    case ValueType::BOOL:
      out.boolean = read_boolean(v);
      break;
    case ValueType::NUL:
      out.boolean = read_boolean(v);
      if (!out.boolean) {
        reader.defer(request_check_error(std::string(kInvalidParameterValues) +
                                         "Null attribute value types must have the value of true"));
      }
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      read_set(v, type, out, reader);
      break;
    case ValueType::L:
      for (const auto& element : expect_list(v).GetArray()) {
        out.list.push_back(read_at_depth(element, depth + 1, reader));
      }
      break;
    case ValueType::M:
      out.map = read_item_at_depth(expect_map(v), depth + 1, reader);
      break;
  }
}

// The data type a member name names, or -1: "S" "N" "B" "BOOL" "NULL" "SS"
// "NS" "BS" "L" "M" in ValueType order (one pass over the name, no string
// compares: this runs for every attribute of every request).
int type_named(std::string_view name) {
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

AttributeValue read_at_depth(const Json& json, int depth, WireReader& reader) {
  if (depth >= kMaxNestingDepth) {
    reader.defer(validation_error(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit"));
    return AttributeValue::null();
  }
  AttributeValue out;
  const Json& object = expect_structure(json, StructureWords::kMember, "AttributeValue");
  int found = 0;
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    const int type = type_named(string_of(it->name));
    if (type < 0) continue;
    if (found++) out = AttributeValue();
    read_typed(it->value, static_cast<ValueType>(type), depth, out, reader);
  }
  if (found == 0) {
    reader.defer(validation_error(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"));
  } else if (found > 1) {
    reader.defer(validation_error(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
        "supported datatypes"));
  }
  return out;
}

Item read_item_at_depth(const Json& json, int depth, WireReader& reader) {
  Item item;
  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {
    // Attribute names (items, keys, maps): 1..65535 bytes (Developer Guide
    // "Constraints": at most 64 KB); messages of DynamoDB Local's
    // newAttributeName (EMPTY_ATTRIBUTE_NAME, ATTRIBUTE_NAME_TOO_LARGE).
    if (it->name.GetStringLength() == 0) reader.defer(validation_error("Empty attribute name"));
    if (it->name.GetStringLength() > 65535) {
      reader.defer(validation_error("Attribute name is too large, must be less than 65536 bytes"));
    }
    item.insert_or_assign(std::string(string_of(it->name)),
                          read_at_depth(it->value, depth, reader));
  }
  return item;
}

}  // namespace

AttributeValue read_attribute_value(const Json& value, WireReader& reader) {
  return read_at_depth(value, 0, reader);
}

Item read_item(const Json& value, WireReader& reader) {
  return read_item_at_depth(expect_map(value), 0, reader);
}

Item read_expression_attribute_values(const Json& value, WireReader& reader) {
  Item values;
  const Json& map = expect_map(value);
  for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
    const std::string key(string_of(it->name));
    WireReader own;
    values.insert_or_assign(key, read_at_depth(it->value, 0, own));
    if (own.deferred()) {
      reader.defer(request_check_error("ExpressionAttributeValues contains invalid value: " +
                                       own.deferred()->message + " for key " + key));
    }
  }
  return values;
}

Item read_exclusive_start_key(const Json& value, WireReader& reader) {
  WireReader own;
  Item key = read_item_at_depth(expect_map(value), 0, own);
  if (own.deferred()) {
    reader.defer(
        validation_error("The provided starting key is invalid: " + own.deferred()->message));
  }
  return key;
}

}  // namespace dynamini::api
