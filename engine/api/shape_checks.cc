#include "api/shape_checks.h"

#include "api/shapes_wire.h"

namespace dynamini::api {

void Path::append_to(std::string& out) const {
  if (parent_) parent_->append_to(out);
  switch (kind_) {
    case Kind::kRoot:
      return;
    case Kind::kMember:
      if (!out.empty()) out += '.';
      out += name_;
      return;
    case Kind::kElement:
      out += '.';
      out += std::to_string(index_);
      out += ".member";
      return;
    case Kind::kMapValue:
      out += '.';
      out += name_;
      out += ".member";
      return;
  }
}

std::string Path::text() const {
  std::string out;
  append_to(out);
  return out;
}

bool matches_name_pattern(std::string_view text) {
  if (text.empty()) return false;  // the pattern needs one character at least
  for (char c : text) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-';
    if (!ok) return false;
  }
  return true;
}

bool matches_client_token_pattern(std::string_view text) {
  return !text.empty() && text.find('$') == std::string_view::npos;
}

bool matches_account_id_pattern(std::string_view text) {
  if (text.size() != 12) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

bool matches_csv_delimiter_pattern(std::string_view text) {
  return text.size() == 1 && std::string_view(",;:|\t ").find(text[0]) != std::string_view::npos;
}

bool matches_csv_header_pattern(std::string_view text) {
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u > 0x7E || c == '"' || c == ',') return false;
  }
  return true;
}

bool matches_import_next_token_pattern(std::string_view text) {
  if (text.empty() || text.size() % 16 != 0) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool matches_s3_bucket_or_file_uri(std::string_view text) {
  if (text.starts_with("file://")) return text.size() > 7;
  auto alnum = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  // [a-z0-9A-Z]+ [\.\-\w]* [a-z0-9A-Z]+: at least two characters, alphanumeric
  // at both ends, letters, digits, '_', '.' and '-' between.
  if (text.size() < 2 || !alnum(text.front()) || !alnum(text.back())) return false;
  for (char c : text) {
    if (!alnum(c) && c != '_' && c != '.' && c != '-') return false;
  }
  return true;
}

namespace {

// A string's length as DynamoDB's validator counts it: UTF-16 code units
// (Java's String.length()), so a character outside the BMP counts twice and a
// multi-byte UTF-8 character once.
int64_t utf16_length(std::string_view utf8) {
  int64_t units = 0;
  for (unsigned char c : utf8) {
    if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
  }
  return units;
}

}  // namespace

bool satisfies(std::string_view text, const StringRule& rule) {
  const auto size = utf16_length(text);
  if (rule.pattern && !rule.pattern(text)) return false;
  return size >= rule.min && (rule.max < 0 || size <= rule.max);
}

void check_string(const std::string& value, const Path& path, const StringRule& rule,
                  ShapeErrors& errors) {
  if (satisfies(value, rule)) return;
  const auto size = utf16_length(value);
  const std::string where = path.text();
  if (rule.pattern && !rule.pattern(value)) {
    errors.add(value, where,
               std::string("Member must satisfy regular expression pattern: ") + rule.pattern_text);
  }
  if (size < rule.min) {
    errors.add(value, where,
               "Member must have length greater than or equal to " + std::to_string(rule.min));
  }
  if (rule.max >= 0 && size > rule.max) {
    errors.add(value, where,
               "Member must have length less than or equal to " + std::to_string(rule.max));
  }
}

void check_name_or_arn(const std::string& value, const Path& path, const StringRule& arn,
                       const StringRule& name, ShapeErrors& errors) {
  if (!satisfies(value, arn)) {
    check_string(value, path, arn, errors);
  } else if (!looks_like_arn(value)) {
    check_string(value, path, name, errors);
  }
}

void check_number(int64_t value, const Path& path, const NumberRule& rule, ShapeErrors& errors,
                  Rendering rendering) {
  auto add = [&](const std::string& constraint) {
    if (rendering == Rendering::kMemberNamedOnly) {
      errors.add_unrendered(path.text(), constraint);
    } else {
      errors.add(std::to_string(value), path.text(), constraint);
    }
  };
  if (rule.min && value < *rule.min) {
    add("Member must have value greater than or equal to " + std::to_string(*rule.min));
  }
  if (rule.max && value > *rule.max) {
    add("Member must have value less than or equal to " + std::to_string(*rule.max));
  }
}

void check_length(size_t size, const std::optional<std::string>& rendered, const Path& path,
                  const LengthRule& rule, ShapeErrors& errors) {
  auto add = [&](const std::string& constraint) {
    if (rendered) {
      errors.add(*rendered, path.text(), constraint);
    } else {
      errors.add_unrendered(path.text(), constraint);
    }
  };
  if (static_cast<int64_t>(size) < rule.min) {
    add("Member must have length greater than or equal to " + std::to_string(rule.min));
  }
  if (rule.max >= 0 && static_cast<int64_t>(size) > rule.max) {
    add("Member must have length less than or equal to " + std::to_string(rule.max));
  }
}

void check_list_length(size_t size, const std::string& rendered, const Path& path,
                       const LengthRule& rule, ShapeErrors& errors) {
  if (within(size, rule)) return;
  check_length(size, rendered, path, rule, errors);
}

std::string render_key_schema(const std::vector<KeySchemaElement>& schema) {
  std::string out = "[";
  for (size_t i = 0; i < schema.size(); ++i) {
    if (i) out += ", ";
    out += "KeySchemaElement(attributeName=" + schema[i].attribute_name.value_or("null") +
           ", keyType=" + (schema[i].key_type ? std::string(schema[i].key_type->text()) : "null") +
           ")";
  }
  return out + "]";
}

std::string render_value(const std::map<std::string, KeysAndAttributes>& request_items) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  for (const auto& [table, entry] : request_items) {
    write_key(w, table);
    write(w, entry);
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

void check_list_length(size_t size, const Path& path, const LengthRule& rule,
                       ListRendering rendering, ShapeErrors& errors) {
  if (within(size, rule)) return;
  std::optional<std::string> rendered = size == 0 ? "[]" : "[...]";
  if (size > 0 && rendering == ListRendering::kUnrendered) rendered.reset();
  check_length(size, rendered, path, rule, errors);
}

}  // namespace dynamini::api
