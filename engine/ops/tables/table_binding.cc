#include "tables/table_binding.h"

#include "catalog/stream_settings.h"

namespace dynamini {
namespace {

ValueType value_type(const Enum<api::ScalarAttributeType>& type) {
  switch (type.value()) {
    case api::ScalarAttributeType::kN:
      return ValueType::N;
    case api::ScalarAttributeType::kB:
      return ValueType::B;
    case api::ScalarAttributeType::kS:
      break;
  }
  return ValueType::S;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

const KeyElement* find_definition(const std::vector<KeyElement>& definitions,
                                  const std::string& name) {
  for (const auto& d : definitions) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

bool any_undefined(const std::vector<api::KeySchemaElement>& schema,
                   const std::vector<KeyElement>& definitions) {
  for (const auto& e : schema) {
    if (!find_definition(definitions, *e.attribute_name)) return true;
  }
  return false;
}

void check_defined(const std::vector<api::KeySchemaElement>& schema,
                   const std::vector<KeyElement>& definitions) {
  if (!any_undefined(schema, definitions)) return;
  std::vector<std::string> keys, defs;
  for (const auto& e : schema) keys.push_back(*e.attribute_name);
  for (const auto& d : definitions) defs.push_back(d.name);
  throw invalid_parameter(
      "Some index key attributes are not defined in AttributeDefinitions. Keys: [" + joined(keys) +
      "], AttributeDefinitions: [" + joined(defs) + "]");
}

// The key-type and same-name rules every KeySchema obeys, in DynamoDB's order.
// An index's KeyType has no enum in the shape check, so any text reaches here.
void check_key_order(const std::vector<api::KeySchemaElement>& schema) {
  if (schema.size() > 1 && *schema[0].attribute_name == *schema[1].attribute_name) {
    throw validation_error(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (!(*schema[0].key_type == api::KeyType::kHash)) {
    throw validation_error("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (schema.size() > 1 && !(*schema[1].key_type == api::KeyType::kRange)) {
    throw validation_error(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  }
}

// REQUIRES: every attribute defined; HASH elements first (check_key_order or
// check_global_key_order passed).
KeySchema resolve(const std::vector<api::KeySchemaElement>& schema,
                  const std::vector<KeyElement>& definitions, std::set<std::string>& used) {
  KeySchema keys;
  keys.hash = *find_definition(definitions, *schema[0].attribute_name);
  used.insert(keys.hash.name);
  for (size_t i = 1; i < schema.size(); ++i) {
    const KeyElement& element = *find_definition(definitions, *schema[i].attribute_name);
    used.insert(element.name);
    if (*schema[i].key_type == api::KeyType::kHash) {
      keys.more_hash.push_back(element);
    } else if (!keys.range) {
      keys.range = element;
    } else {
      keys.more_range.push_back(element);
    }
  }
  return keys;
}

// Multi-attribute GSI keys (Developer Guide, "Multi-attribute key schema":
// up to four HASH and four RANGE attributes). Messages from DynamoDB's
// ValidationException catalogue (ack-api-quirks dynamodb DDB-TABLE-442,
// live-probed CreateTable/UpdateTable texts); which of them DynamoDB reports
// first when several apply is not confirmed.
// kMaxKeyPartAttributes: catalog/table_def.h.

void check_global_key_order(const std::vector<api::KeySchemaElement>& schema) {
  if (schema.size() <= 2) {
    if (schema.size() == 2 && *schema[1].key_type == api::KeyType::kHash) {
      check_key_order({schema[0]});  // two HASH attributes: a multi-attribute partition key
      if (*schema[0].attribute_name == *schema[1].attribute_name) {
        throw validation_error("The KeySchema contains multiple key attributes with the same name");
      }
      return;
    }
    check_key_order(schema);
    return;
  }
  std::set<std::string> names;
  for (const auto& e : schema) {
    if (!names.insert(*e.attribute_name).second) {
      throw validation_error("The KeySchema contains multiple key attributes with the same name");
    }
  }
  check_key_order({schema[0]});
  size_t hash = 0, range = 0;
  for (size_t i = 0; i < schema.size(); ++i) {
    const auto& type = *schema[i].key_type;
    if (type == api::KeyType::kHash) {
      if (range) {
        throw invalid_parameter(
            "All HASH key attributes must precede RANGE key attributes in the KeySchema");
      }
      ++hash;
    } else if (type == api::KeyType::kRange) {
      ++range;
    } else if (i == 1) {
      check_key_order({schema[0], schema[1]});  // the recorded text for the second element
    } else {
      // Not confirmed: DynamoDB's text for a KeyType other than HASH or RANGE
      // past the second element.
      throw validation_error("Invalid KeySchema: The KeySchemaElement " + std::to_string(i + 1) +
                             " is neither a HASH nor a RANGE key type");
    }
  }
  for (auto [count, kind] : {std::pair{hash, "HASH"}, std::pair{range, "RANGE"}}) {
    if (count > kMaxKeyPartAttributes) {
      throw invalid_parameter(std::string("The KeySchema exceeds the maximum allowed number of ") +
                              kind + " key attributes");
    }
  }
}

}  // namespace

std::u32string utf8_code_points(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t code = length == 1 ? lead : lead & (0x7F >> length);
    for (int k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    out.push_back(code);
    i += length;
  }
  return out;
}

ApiError invalid_parameter(const std::string& detail) {
  return validation_error("One or more parameter values were invalid: " + detail);
}

std::vector<KeyElement> bind_attribute_definitions(
    const std::vector<api::AttributeDefinition>& definitions) {
  std::vector<KeyElement> out;
  out.reserve(definitions.size());
  for (const auto& d : definitions)
    out.push_back({*d.attribute_name, value_type(*d.attribute_type)});
  return out;
}

KeySchema bind_table_keys(const std::vector<api::KeySchemaElement>& schema,
                          const std::vector<KeyElement>& definitions, std::set<std::string>& used) {
  // A two-element schema with an undefined attribute has its own message.
  if (schema.size() == 2 &&
      (any_undefined(schema, definitions) ||
       (*schema[0].attribute_name == *schema[1].attribute_name && definitions.size() == 1))) {
    throw validation_error("Invalid KeySchema: Some index key attribute have no definition");
  }
  check_defined(schema, definitions);
  check_key_order(schema);
  return resolve(schema, definitions, used);
}

KeySchema bind_index_keys(const std::vector<api::KeySchemaElement>& schema,
                          const std::vector<KeyElement>& definitions, std::set<std::string>& used) {
  check_defined(schema, definitions);
  check_key_order(schema);
  return resolve(schema, definitions, used);
}

KeySchema bind_global_index_keys(const std::vector<api::KeySchemaElement>& schema,
                                 const std::vector<KeyElement>& definitions,
                                 std::set<std::string>& used) {
  check_defined(schema, definitions);
  check_global_key_order(schema);
  return resolve(schema, definitions, used);
}

IndexProjection bind_projection(const api::Projection& projection) {
  if (!projection.projection_type) throw invalid_parameter("Unknown ProjectionType: null");
  const auto type = projection.projection_type->value();
  const auto& non_key = projection.non_key_attributes;
  IndexProjection p;
  if (type == api::ProjectionType::kInclude) {
    if (!non_key) {
      throw invalid_parameter("ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    }
    p.type = IndexProjection::Type::kInclude;
    p.non_key_attributes = *non_key;
    return p;
  }
  if (non_key) {
    throw invalid_parameter("ProjectionType is " + std::string(projection.projection_type->text()) +
                            ", but NonKeyAttributes is specified");
  }
  p.type = type == api::ProjectionType::kKeysOnly ? IndexProjection::Type::kKeysOnly
                                                  : IndexProjection::Type::kAll;
  return p;
}

Throughput bind_throughput(const api::ProvisionedThroughput& throughput) {
  Throughput t{*throughput.read_capacity_units, *throughput.write_capacity_units};
  check_throughput_bounds(t);
  return t;
}

// Messages from DynamoDB's ValidationException catalogue (ack-api-quirks
// dynamodb DDB-TABLE-442, CreateTable).
StreamSettings bind_stream_for_create(const std::optional<api::StreamSpecification>& spec) {
  StreamSettings settings;
  if (!spec) return settings;
  const bool enabled = *spec->stream_enabled;
  if (enabled && !spec->stream_view_type) {
    throw invalid_parameter(
        "Table is being created with a stream enabled, UpdateViewType is required");
  }
  if (!enabled && spec->stream_view_type) {
    throw invalid_parameter(
        "Table is being created with a stream disabled, UpdateViewType should not be specified");
  }
  settings.enabled = enabled;
  if (enabled) settings.view_type = std::string(spec->stream_view_type->text());
  return settings;
}

// Messages from DynamoDB's ValidationException catalogue (ack-api-quirks
// dynamodb DDB-TABLE-442, UpdateTable).
void apply_stream_specification(TableDef& def, const api::StreamSpecification& spec,
                                int64_t now_ms) {
  if (*spec.stream_enabled) {
    if (!spec.stream_view_type) {
      throw invalid_parameter("If stream is being enabled then UpdateViewType is required");
    }
    if (def.stream.enabled) {
      throw validation_error("Table already has an enabled stream: TableName: " + def.name);
    }
    def.stream.enabled = true;
    def.stream.view_type = std::string(spec.stream_view_type->text());
    def.stream.label = next_stream_label(now_ms, def.stream.label);
    return;
  }
  if (spec.stream_view_type) {
    throw invalid_parameter(
        "If stream is being disabled, then UpdateViewType must not be specified");
  }
  if (!def.stream.enabled) {
    throw validation_error("Table has no stream to disable: TableName: " + def.name);
  }
  def.stream.enabled = false;
}

}  // namespace dynamini
