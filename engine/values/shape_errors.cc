#include "values/shape_errors.h"

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
  keep(std::move(m));
}

void ShapeErrors::add_unrendered(std::string_view path, std::string_view constraint) {
  std::string m = "Value at '";
  m += path;
  m += "' failed to satisfy constraint: ";
  m += constraint;
  keep(std::move(m));
}

void ShapeErrors::keep(std::string message) {
  if (messages_.size() < kMostJoinedShapeErrors) messages_.push_back(std::move(message));
}

void ShapeErrors::require(bool present, std::string_view path) {
  if (!present) add(std::nullopt, path, "Member must not be null");
}

void ShapeErrors::throw_if_any() const {
  if (messages_.empty()) return;
  std::string m =
      std::to_string(messages_.size()) +
      (messages_.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (size_t i = 0; i < messages_.size(); ++i) {
    if (i) m += "; ";
    m += messages_[i];
  }
  throw validation_error(m);
}

}  // namespace dynamini
