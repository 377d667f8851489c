#include "validation/shape_errors.h"

#include "dynamini/api_error.h"

namespace dynamini {

bool is_valid_name(std::string_view name) {
  if (name.size() < 3 || name.size() > 255) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-';
    if (!ok) return false;
  }
  return true;
}

void ShapeErrors::add(std::optional<std::string_view> value, std::string_view path,
                      std::string_view constraint) {
  std::string m = "Value ";
  if (value) {
    m += "'";
    m += *value;
    m += "'";
  } else {
    m += "null";
  }
  m += " at '";
  m += path;
  m += "' failed to satisfy constraint: ";
  m += constraint;
  messages_.push_back(std::move(m));
}

void ShapeErrors::add_unrendered(std::string_view path, std::string_view constraint) {
  std::string m = "Value at '";
  m += path;
  m += "' failed to satisfy constraint: ";
  m += constraint;
  messages_.push_back(std::move(m));
}

void ShapeErrors::require(bool present, std::string_view path) {
  if (!present) add(std::nullopt, path, "Member must not be null");
}

void ShapeErrors::name(const std::optional<std::string>& value, std::string_view path,
                       bool required) {
  if (!value) {
    if (required) require(false, path);
    return;
  }
  bool pattern_ok = !value->empty();  // the pattern needs one character at least
  for (char c : *value) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-';
    if (!ok) pattern_ok = false;
  }
  if (!pattern_ok) add(*value, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  if (value->size() < 3) add(*value, path, "Member must have length greater than or equal to 3");
  if (value->size() > 255) add(*value, path, "Member must have length less than or equal to 255");
}

void ShapeErrors::one_of(const std::optional<std::string>& value, std::string_view path,
                         std::initializer_list<const char*> allowed) {
  if (!value) return;
  std::string set = "[";
  bool first = true;
  for (const char* a : allowed) {
    if (*value == a) return;
    if (!first) set += ", ";
    set += a;
    first = false;
  }
  add(*value, path, "Member must satisfy enum value set: " + set + "]");
}

void ShapeErrors::range(const std::optional<int64_t>& value, std::string_view path, int64_t min,
                        std::optional<int64_t> max) {
  if (!value) return;
  std::string text = std::to_string(*value);
  if (*value < min) {
    add(text, path, "Member must have value greater than or equal to " + std::to_string(min));
  }
  if (max && *value > *max) {
    add(text, path, "Member must have value less than or equal to " + std::to_string(*max));
  }
}

void ShapeErrors::throw_if_any() const {
  if (messages_.empty()) return;
  std::string m = std::to_string(messages_.size()) +
                  (messages_.size() == 1 ? " validation error detected: "
                                         : " validation errors detected: ");
  for (size_t i = 0; i < messages_.size(); ++i) {
    if (i) m += "; ";
    m += messages_[i];
  }
  throw validation_error(m);
}

}  // namespace dynamini
