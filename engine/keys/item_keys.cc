#include "keys/item_keys.h"

#include <algorithm>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"

namespace dynamini {
namespace {

const char kInvalid[] = "One or more parameter values were invalid: ";

// The bytes a key value counts against the key size limits: a string's UTF-8
// bytes, a binary's bytes, a number's stored size.
size_t key_value_size(const AttributeValue& value) {
  return value.type == ValueType::N ? static_cast<size_t>(attribute_value_size(value))
                                    : value.scalar.size();
}

// The same messages for a table's keys and an index's (dynalite
// test/putItem.js for the table's; for a global index's partition key the
// same text is reported by users of DynamoDB, e.g. "ValidationException: Size
// of hashkey has exceeded the maximum size limit of2048 bytes" for a GSI on a
// property value).
void throw_hash_too_big() {
  throw validation_error(std::string(kInvalid) +
                         "Size of hashkey has exceeded the maximum size limit of2048 bytes");
}
void throw_range_too_big() {
  throw validation_error(std::string(kInvalid) +
                         "Aggregated size of all range keys has exceeded the size limit of 1024 "
                         "bytes");
}

void check_size(const AttributeValue& value, bool hash) {
  const size_t size = key_value_size(value);
  if (hash && size > kMaxPartitionKeyBytes) throw_hash_too_big();
  if (!hash && size > kMaxSortKeyBytes) throw_range_too_big();
}

// An index key's values, present ones only (an absent one leaves the item out
// of the index): each partition key part within 2048 bytes, the sort key
// parts within 1024 bytes together.
void check_index_key_sizes(const Item& item, const IndexDef& index) {
  for (const KeyElement* element : index.keys.hash_elements()) {
    auto it = item.find(element->name);
    if (it != item.end()) check_size(it->second, true);
  }
  if (!index.keys.range) return;
  size_t range_bytes = 0;
  for (const KeyElement* element : index.keys.range_elements()) {
    auto it = item.find(element->name);
    if (it != item.end()) range_bytes += key_value_size(it->second);
  }
  if (range_bytes > kMaxSortKeyBytes) throw_range_too_big();
}

bool is_empty_string_or_binary(const AttributeValue& value) {
  return (value.type == ValueType::S || value.type == ValueType::B) && value.scalar.empty();
}

void check_empty_key(const KeyElement& element, const AttributeValue& value) {
  if (is_empty_string_or_binary(value)) {
    const std::string type = value.type == ValueType::S ? "string" : "binary";
    throw validation_error(
        "One or more parameter values are not valid. The AttributeValue for a key attribute "
        "cannot contain an empty " +
        type + " value. Key: " + element.name);
  }
}

std::string table_key_type_message(const KeyElement& element, const AttributeValue& value) {
  return std::string(kInvalid) + "Type mismatch for key " + element.name +
         " expected: " + type_name(element.type) + " actual: " + type_name(value.type);
}

std::string index_key_type_message(const KeyElement& element, const AttributeValue& value,
                                   const IndexDef& index) {
  return std::string(kInvalid) + "Type mismatch for Index Key " + element.name +
         " Expected: " + type_name(element.type) + " Actual: " + type_name(value.type) +
         " IndexName: " + index.name;
}

// The value of `element` in `item` when present with another type.
const AttributeValue* mistyped(const Item& item, const KeyElement& element) {
  auto it = item.find(element.name);
  return it != item.end() && it->second.type != element.type ? &it->second : nullptr;
}

}  // namespace

std::optional<std::string> item_key_type_mismatch(const Item& item, const TableDef& table) {
  // A missing table key is the request's fault (validate_item_keys).
  if (!item.contains(table.keys.hash.name)) return std::nullopt;
  if (table.keys.range && !item.contains(table.keys.range->name)) return std::nullopt;
  for (const KeyElement* element :
       {&table.keys.hash, table.keys.range ? &*table.keys.range : nullptr}) {
    if (!element) continue;
    if (const AttributeValue* value = mistyped(item, *element)) {
      return table_key_type_message(*element, *value);
    }
  }
  for (const auto& index : table.indexes) {
    for (const KeyElement* element : index.keys.elements()) {
      if (const AttributeValue* value = mistyped(item, *element)) {
        return index_key_type_message(*element, *value, index);
      }
    }
  }
  return std::nullopt;
}

bool key_type_mismatch(const Item& key, const TableDef& table) {
  const size_t expected = table.keys.range ? 2 : 1;
  if (key.size() != expected || !key.contains(table.keys.hash.name)) return false;
  if (table.keys.range && !key.contains(table.keys.range->name)) return false;
  return mistyped(key, table.keys.hash) || (table.keys.range && mistyped(key, *table.keys.range));
}

bool key_fits_schema(const Item& key, const TableDef& table) {
  const size_t expected = table.keys.range ? 2 : 1;
  auto matches = [&](const KeyElement& element) {
    auto it = key.find(element.name);
    return it != key.end() && it->second.type == element.type;
  };
  return key.size() == expected && matches(table.keys.hash) &&
         (!table.keys.range || matches(*table.keys.range));
}

void validate_key(const Item& key, const TableDef& table) {
  if (!key_fits_schema(key, table)) {
    throw validation_error("The provided key element does not match the schema");
  }
  check_empty_key(table.keys.hash, key.at(table.keys.hash.name));
  if (table.keys.range) check_empty_key(*table.keys.range, key.at(table.keys.range->name));
  check_size(key.at(table.keys.hash.name), true);
  if (table.keys.range) check_size(key.at(table.keys.range->name), false);
}

void validate_item_keys(const Item& item, const TableDef& table) {
  auto check = [&](const KeyElement& element, bool hash) {
    auto it = item.find(element.name);
    if (it == item.end()) {
      throw validation_error(std::string(kInvalid) + "Missing the key " + element.name +
                             " in the item");
    }
    if (it->second.type != element.type) {
      throw validation_error(table_key_type_message(element, it->second));
    }
    check_empty_key(element, it->second);
    check_size(it->second, hash);
  };
  check(table.keys.hash, true);
  if (table.keys.range) check(*table.keys.range, false);
  for (const auto& index : table.indexes) {
    auto check_index = [&](const KeyElement& element) {
      auto it = item.find(element.name);
      if (it == item.end()) return;
      if (it->second.type != element.type) {
        throw validation_error(index_key_type_message(element, it->second, index));
      }
      // "binary" for a B key (paritysuite/dynamodb-conformance
      // transactIndexKeys.test.ts, recorded against DynamoDB).
      if (is_empty_string_or_binary(it->second)) {
        const std::string type = it->second.type == ValueType::S ? "string" : "binary";
        throw validation_error(
            "One or more parameter values are not valid. A value specified for a secondary index "
            "key is not supported. The AttributeValue for a key attribute cannot contain an "
            "empty " +
            type + " value. IndexName: " + index.name + ", IndexKey: " + element.name);
      }
    };
    for (const KeyElement* element : index.keys.elements()) check_index(*element);
    check_index_key_sizes(item, index);
  }
  validate_vector_attributes(item, table);
}

Item key_of(const Item& item, const KeySchema& keys) {
  Item key;
  key.emplace(keys.hash.name, item.at(keys.hash.name));
  if (keys.range) key.emplace(keys.range->name, item.at(keys.range->name));
  return key;
}

EncodedKey encode_primary_key(const Item& item, const KeySchema& keys) {
  EncodedKey key;
  key.hash = encode_key_value(item.at(keys.hash.name));
  if (keys.range) key.range = encode_key_value(item.at(keys.range->name));
  return key;
}

namespace {

// An item has no entry in an index when a key attribute is absent (sparse)
// or when its value is an index key violation, which a GSI backfill skips,
// leaving the item in the table only (Developer Guide, "Detecting and
// correcting index key violations": a value of another type, a partition key
// value over 2048 bytes or a sort key over 1024, an empty string or binary).
// Writes refuse violations first (validate_item_keys).

// The value of `element` in `item` when it can key an index part of at most
// `limit` bytes, else nullptr.
const AttributeValue* keyable_value(const Item& item, const KeyElement& element, size_t limit) {
  auto it = item.find(element.name);
  if (it == item.end() || it->second.type != element.type ||
      is_empty_string_or_binary(it->second) || key_value_size(it->second) > limit) {
    return nullptr;
  }
  return &it->second;
}

// Multi-attribute keys: every partition part within 2048 bytes, the sort
// parts within 1024 bytes together.
struct KeyParts {
  std::vector<const AttributeValue*> hash, range;
};
std::optional<KeyParts> multi_attribute_key_parts(const Item& item, const IndexDef& index) {
  KeyParts parts;
  for (const KeyElement* e : index.keys.hash_elements()) {
    const AttributeValue* v = keyable_value(item, *e, kMaxPartitionKeyBytes);
    if (!v) return std::nullopt;
    parts.hash.push_back(v);
  }
  if (!index.keys.range) return parts;
  size_t range_bytes = 0;
  for (const KeyElement* e : index.keys.range_elements()) {
    const AttributeValue* v = keyable_value(item, *e, kMaxSortKeyBytes);
    if (!v) return std::nullopt;
    range_bytes += key_value_size(*v);
    parts.range.push_back(v);
  }
  if (range_bytes > kMaxSortKeyBytes) return std::nullopt;
  return parts;
}

}  // namespace

EncodedKey encode_key(const Item& item, const KeySchema& keys) {
  if (!keys.multi_attribute()) return encode_primary_key(item, keys);
  auto part = [&](const KeyElementList& elements) {
    std::vector<const AttributeValue*> values;
    for (const KeyElement* e : elements) values.push_back(&item.at(e->name));
    return encode_key_part(values);
  };
  EncodedKey key{part(keys.hash_elements()), {}};
  if (keys.range) key.range = part(keys.range_elements());
  return key;
}

std::optional<EncodedKey> index_key_of(const Item& item, const IndexDef& index) {
  if (index.keys.multi_attribute()) {
    auto parts = multi_attribute_key_parts(item, index);
    if (!parts) return std::nullopt;
    EncodedKey key{encode_key_part(parts->hash), {}};
    if (index.keys.range) key.range = encode_key_part(parts->range);
    return key;
  }
  const AttributeValue* hash = keyable_value(item, index.keys.hash, kMaxPartitionKeyBytes);
  if (!hash) return std::nullopt;
  EncodedKey key;
  key.hash = encode_key_value(*hash);
  if (index.keys.range) {
    const AttributeValue* range = keyable_value(item, *index.keys.range, kMaxSortKeyBytes);
    if (!range) return std::nullopt;
    key.range = encode_key_value(*range);
  }
  return key;
}

bool has_index_key(const Item& item, const IndexDef& index) {
  if (index.keys.multi_attribute()) return multi_attribute_key_parts(item, index).has_value();
  return keyable_value(item, index.keys.hash, kMaxPartitionKeyBytes) &&
         (!index.keys.range || keyable_value(item, *index.keys.range, kMaxSortKeyBytes));
}

Item project_for_index(const Item& item, const TableDef& table, const IndexDef& index) {
  return project_for_index(item, table, index, index.projection);
}

Item project_for_index(const Item& item, const TableDef& table, const IndexDef& index,
                       const IndexProjection& projection) {
  if (projection.type == IndexProjection::Type::kAll) return item;
  Item out = key_of(item, table.keys);
  auto copy = [&](const std::string& name) {
    auto it = item.find(name);
    if (it != item.end()) out.insert_or_assign(name, it->second);
  };
  for (const KeyElement* element : index.keys.elements()) copy(element->name);
  for (const auto& name : projection.non_key_attributes) copy(name);
  return out;
}

int64_t projected_size(const Item& item, const TableDef& table, const IndexDef& index,
                       const IndexProjection& projection) {
  if (projection.type == IndexProjection::Type::kAll) return item_size(item);
  // The projected names in project_for_index's order; a name counts once.
  std::vector<const std::string*> seen;
  int64_t size = 0;
  auto add = [&](const std::string& name) {
    auto same = [&](const std::string* s) { return *s == name; };
    if (std::find_if(seen.begin(), seen.end(), same) != seen.end()) return;
    seen.push_back(&name);
    auto it = item.find(name);
    if (it != item.end())
      size += static_cast<int64_t>(name.size()) + attribute_value_size(it->second);
  };
  seen.reserve(4 + projection.non_key_attributes.size());
  add(table.keys.hash.name);
  if (table.keys.range) add(table.keys.range->name);
  for (const KeyElement* element : index.keys.elements()) add(element->name);
  for (const auto& name : projection.non_key_attributes) add(name);
  return size;
}

}  // namespace dynamini
