#include "keys/item_keys.h"

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"

namespace dynamini {
namespace {

const char kInvalid[] = "One or more parameter values were invalid: ";

void check_size(const KeyElement& element, const AttributeValue& value, bool hash) {
  size_t size = value.type == ValueType::N ? static_cast<size_t>(attribute_value_size(value))
                                           : value.scalar.size();
  if (hash && size > kMaxPartitionKeyBytes) {
    throw validation_error(std::string(kInvalid) +
                           "Size of hashkey has exceeded the maximum size limit of2048 bytes");
  }
  if (!hash && size > kMaxSortKeyBytes) {
    throw validation_error(std::string(kInvalid) +
                           "Aggregated size of all range keys has exceeded the size limit of 1024 "
                           "bytes");
  }
  (void)element;
}

void check_empty_key(const KeyElement& element, const AttributeValue& value) {
  if ((value.type == ValueType::S || value.type == ValueType::B) && value.scalar.empty()) {
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

void validate_key(const Item& key, const TableDef& table) {
  const size_t expected = table.keys.range ? 2 : 1;
  auto matches = [&](const KeyElement& element) {
    auto it = key.find(element.name);
    return it != key.end() && it->second.type == element.type;
  };
  if (key.size() != expected || !matches(table.keys.hash) ||
      (table.keys.range && !matches(*table.keys.range))) {
    throw validation_error("The provided key element does not match the schema");
  }
  check_empty_key(table.keys.hash, key.at(table.keys.hash.name));
  if (table.keys.range) check_empty_key(*table.keys.range, key.at(table.keys.range->name));
  check_size(table.keys.hash, key.at(table.keys.hash.name), true);
  if (table.keys.range) check_size(*table.keys.range, key.at(table.keys.range->name), false);
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
    check_size(element, it->second, hash);
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
      if ((it->second.type == ValueType::S || it->second.type == ValueType::B) &&
          it->second.scalar.empty()) {
        const std::string type = it->second.type == ValueType::S ? "string" : "binary";
        throw validation_error(
            "One or more parameter values are not valid. A value specified for a secondary index "
            "key is not supported. The AttributeValue for a key attribute cannot contain an "
            "empty " +
            type + " value. IndexName: " + index.name + ", IndexKey: " + element.name);
      }
    };
    for (const KeyElement* element : index.keys.elements()) check_index(*element);
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

// The encoded key part of `elements` in `item`, or nullopt when the item lacks
// one of them or holds it with another type.
std::optional<std::string> key_part_of(const Item& item, const KeyElementList& elements) {
  std::vector<const AttributeValue*> values;
  values.reserve(elements.size());
  for (const KeyElement* e : elements) {
    auto it = item.find(e->name);
    if (it == item.end() || it->second.type != e->type) return std::nullopt;
    values.push_back(&it->second);
  }
  return encode_key_part(values);
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
    auto hash = key_part_of(item, index.keys.hash_elements());
    if (!hash) return std::nullopt;
    EncodedKey key{std::move(*hash), {}};
    if (index.keys.range) {
      auto range = key_part_of(item, index.keys.range_elements());
      if (!range) return std::nullopt;
      key.range = std::move(*range);
    }
    return key;
  }
  auto hash = item.find(index.keys.hash.name);
  if (hash == item.end() || hash->second.type != index.keys.hash.type) return std::nullopt;
  EncodedKey key;
  key.hash = encode_key_value(hash->second);
  if (index.keys.range) {
    auto range = item.find(index.keys.range->name);
    if (range == item.end() || range->second.type != index.keys.range->type) return std::nullopt;
    key.range = encode_key_value(range->second);
  }
  return key;
}

bool has_index_key(const Item& item, const IndexDef& index) {
  if (index.keys.multi_attribute()) {
    for (const KeyElement* element : index.keys.elements()) {
      auto value = item.find(element->name);
      if (value == item.end() || value->second.type != element->type) return false;
    }
    return true;
  }
  auto hash = item.find(index.keys.hash.name);
  if (hash == item.end() || hash->second.type != index.keys.hash.type) return false;
  if (!index.keys.range) return true;
  auto range = item.find(index.keys.range->name);
  return range != item.end() && range->second.type == index.keys.range->type;
}

Item project_for_index(const Item& item, const TableDef& table, const IndexDef& index) {
  if (index.projection.type == IndexProjection::Type::kAll) return item;
  Item out = key_of(item, table.keys);
  auto copy = [&](const std::string& name) {
    auto it = item.find(name);
    if (it != item.end()) out.insert_or_assign(name, it->second);
  };
  for (const KeyElement* element : index.keys.elements()) copy(element->name);
  for (const auto& name : index.projection.non_key_attributes) copy(name);
  return out;
}

}  // namespace dynamini
