#pragma once

// A string-enum member of a request or response (ReturnValues, Select, ...).
// Built in C++ it holds one of the enum's values; read from the wire it holds
// whatever text the client sent, so that the request's shape check can report
// DynamoDB's "Member must satisfy enum value set: [...]" with that text.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace dynamini {

// The wire spellings of enum E's values, in the order of E's constants;
// specialised for every enum (dynamini/shapes.h).
template <class E>
struct EnumNames;

template <class E>
class Enum {
 public:
  Enum(E value) : index_(static_cast<int>(value)) {}  // NOLINT: implicit by design

  // Any text: valid() when it is one of E's spellings.
  static Enum from_wire(std::string text) {
    Enum e;
    const auto& names = EnumNames<E>::kValues;
    for (size_t i = 0; i < std::size(names); ++i) {
      if (names[i] == text) {
        e.index_ = static_cast<int>(i);
        return e;
      }
    }
    e.unknown_ = std::move(text);
    return e;
  }

  bool valid() const { return index_ >= 0; }
  // REQUIRES: valid().
  E value() const { return static_cast<E>(index_); }
  // The wire spelling (for a text that is none of E's, that text).
  std::string_view text() const {
    return valid() ? EnumNames<E>::kValues[index_] : std::string_view(unknown_);
  }

  friend bool operator==(const Enum& a, E b) { return a.index_ == static_cast<int>(b); }

 private:
  Enum() = default;
  int index_ = -1;
  std::string unknown_;
};

// True when an optional enum member is present and holds `value`.
template <class E>
bool is_value(const std::optional<Enum<E>>& member, E value) {
  return member && *member == value;
}

}  // namespace dynamini
