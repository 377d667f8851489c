#pragma once

// The constraint checks the generated shape checkers (shapes_check.cc) call,
// each adding DynamoDB's message to a ShapeErrors:
//   Value '<value>' at '<path>' failed to satisfy constraint: Member must ...
// Paths are DynamoDB's: lower-camel member names joined by '.', list
// elements as "<list>.<n>.member" (n from 1), map values as
// "<map>.<key>.member". Values are rendered as DynamoDB renders them: a
// string as itself, a number in decimal, a list as '[]' or '[...]', a map as
// '{key=value, ...}' with structures as '{...}'.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/enum.h"
#include "dynamini/shapes.h"
#include "values/shape_errors.h"

namespace dynamini::api {

// A position in a request, built on the stack as the checkers descend; its
// text is made only when an error is reported.
class Path {
 public:
  static Path root() { return Path(nullptr, Kind::kRoot, {}, 0); }
  Path member(std::string_view lower_camel_name) const {
    return Path(this, Kind::kMember, lower_camel_name, 0);
  }
  Path element(size_t one_based) const { return Path(this, Kind::kElement, {}, one_based); }
  Path map_value(std::string_view key) const { return Path(this, Kind::kMapValue, key, 0); }
  std::string text() const;

 private:
  enum class Kind { kRoot, kMember, kElement, kMapValue };
  Path(const Path* parent, Kind kind, std::string_view name, size_t index)
      : parent_(parent), kind_(kind), name_(name), index_(index) {}
  void append_to(std::string& out) const;

  const Path* parent_;
  Kind kind_;
  std::string_view name_;
  size_t index_;
};

// The model's patterns, by hand: [a-zA-Z0-9_.-]+ (TableName, IndexName).
bool matches_name_pattern(std::string_view text);
// ^[^\$]+$ (ClientToken): one character at least, none of them '$'.
bool matches_client_token_pattern(std::string_view text);
// [0-9]{12} (S3BucketOwner): twelve digits.
bool matches_account_id_pattern(std::string_view text);
// [,;:|\t ] (CsvDelimiter): one of those characters.
bool matches_csv_delimiter_pattern(std::string_view text);
// [\x20-\x21\x23-\x2B\x2D-\x7E]* (CsvHeader): printable ASCII but '"' and ','.
bool matches_csv_header_pattern(std::string_view text);
// ([0-9a-f]{16})+ (ImportNextToken): lower-case hex in groups of sixteen.
bool matches_import_next_token_pattern(std::string_view text);
// ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$ (S3Bucket), or a file:// URI: there is
// no S3 here, a local directory stands for the bucket (dynamini's own rule,
// docs/backups.md, "Export and import").
bool matches_s3_bucket_or_file_uri(std::string_view text);

struct StringRule {
  int64_t min = 0;
  int64_t max = -1;  // -1: none
  bool (*pattern)(std::string_view) = nullptr;
  const char* pattern_text = nullptr;
};
struct NumberRule {
  std::optional<int64_t> min;
  std::optional<int64_t> max;
};
struct LengthRule {
  int64_t min = 0;
  int64_t max = -1;  // -1: none
};

// Lengths count bytes of UTF-8.
bool satisfies(std::string_view text, const StringRule& rule);
// Pattern, then lower bound, then upper bound (dynalite test/*.js order).
void check_string(const std::string& value, const Path& path, const StringRule& rule,
                  ShapeErrors& errors);
// How a constraint error names its member: "Value '0' at 'limit' ..." (kValue),
// or in DynamoDB's newer words, the member's own spelling and no value:
// "Value at 'Limit' ..." (kMemberNamedOnly; the generator's newer_words_members).
enum class Rendering { kValue, kMemberNamedOnly };
void check_number(int64_t value, const Path& path, const NumberRule& rule, ShapeErrors& errors,
                  Rendering rendering = Rendering::kValue);

// True when `text` is written as an ARN ("arn:..."), which a TableName member
// may hold since 2024 (API reference: "You can also provide the Amazon
// Resource Name (ARN) of the table in this parameter").
inline bool looks_like_arn(std::string_view text) { return text.starts_with("arn:"); }
// A TableName member (shape TableArn): `arn`'s constraints for every value;
// when they hold and the value is not an ARN, `name`'s too (TableName's
// 3..255 characters of [a-zA-Z0-9_.-], as DynamoDB still answers for a name).
void check_name_or_arn(const std::string& value, const Path& path, const StringRule& arn,
                       const StringRule& name, ShapeErrors& errors);

template <class E>
void check_enum(const Enum<E>& value, const Path& path, const char* value_set,
                ShapeErrors& errors) {
  if (value.valid()) return;
  errors.add(value.text(), path.text(),
             std::string("Member must satisfy enum value set: ") + value_set);
}

// The length errors of a list or map whose value renders as `rendered`
// (nullopt: not at all).
void check_length(size_t size, const std::optional<std::string>& rendered, const Path& path,
                  const LengthRule& rule, ShapeErrors& errors);
inline bool within(size_t size, const LengthRule& rule) {
  return static_cast<int64_t>(size) >= rule.min &&
         (rule.max < 0 || static_cast<int64_t>(size) <= rule.max);
}

inline std::string render_value(const std::string& text) { return text; }
template <class T>
std::string render_value(const std::vector<T>& list) {
  return list.empty() ? "[]" : "[...]";
}
template <class T>
std::string render_value(const T&) {
  return "{...}";
}
template <class V>
std::string render_value(const std::map<std::string, V>& map) {
  std::string out = "{";
  for (const auto& [key, value] : map) {
    if (out.size() > 1) out += ", ";
    out += key;
    out += '=';
    out += render_value(value);
  }
  return out + "}";
}

// How a list's value appears in its length error: '[]' or '[...]', or, for a
// non-empty list of items, not at all ("Value at '<path>' failed ...").
enum class ListRendering { kAbbreviated, kUnrendered };
void check_list_length(size_t size, const Path& path, const LengthRule& rule,
                       ListRendering rendering, ShapeErrors& errors);
// The same for a list printed as `rendered` (the generator's list_renderers).
void check_list_length(size_t size, const std::string& rendered, const Path& path,
                       const LengthRule& rule, ShapeErrors& errors);
// A KeySchema as DynamoDB's Java model prints it: "[KeySchemaElement(
// attributeName=pk, keyType=HASH), ...]" (paritysuite/dynamodb-conformance
// captures/cross-region-latest.json, c_ct_3keys, eu-west-2, 2026-09-20).
std::string render_key_schema(const std::vector<KeySchemaElement>& schema);
// BatchGetItem's RequestItems, printed as the request's JSON in its errors
// ('{"bad!name":{"Keys":[{"pk":{"S":"a"}}]}}': paritysuite/dynamodb-conformance
// tests/tier3/error-messages/batchGetItem.test.ts, us-east-1 and eu-west-2,
// 2026-10-09).
std::string render_value(const std::map<std::string, KeysAndAttributes>& request_items);

template <class V>
void check_map_length(const std::map<std::string, V>& map, const Path& path, const LengthRule& rule,
                      ShapeErrors& errors) {
  if (within(map.size(), rule)) return;
  check_length(map.size(), render_value(map), path, rule, errors);
}

// One error for the whole map when any key breaks `rule`: "Map keys must
// satisfy constraint: [...]" (`message`).
template <class V>
void check_map_keys(const std::map<std::string, V>& map, const Path& path, const StringRule& rule,
                    const char* message, ShapeErrors& errors) {
  for (const auto& [key, value] : map) {
    if (!satisfies(key, rule)) {
      errors.add(render_value(map), path.text(), message);
      return;
    }
  }
}

// The same for keys that are table names or ARNs (check_name_or_arn): a key
// that breaks `arn` is reported with `arn_message`, a name that breaks `name`
// with `name_message`.
template <class V>
void check_map_keys_name_or_arn(const std::map<std::string, V>& map, const Path& path,
                                const StringRule& arn, const char* arn_message,
                                const StringRule& name, const char* name_message,
                                ShapeErrors& errors) {
  for (const auto& [key, value] : map) {
    if (!satisfies(key, arn)) {
      errors.add(render_value(map), path.text(), arn_message);
      return;
    }
    if (!looks_like_arn(key) && !satisfies(key, name)) {
      errors.add(render_value(map), path.text(), name_message);
      return;
    }
  }
}

// One error for the whole map when any value (a list) has a length outside
// `rule`: "Map value must satisfy constraint: [...]" (`message`).
template <class V>
void check_map_value_lengths(const std::map<std::string, std::vector<V>>& map, const Path& path,
                             const LengthRule& rule, const char* message, ShapeErrors& errors) {
  for (const auto& [key, value] : map) {
    if (!within(value.size(), rule)) {
      errors.add(render_value(map), path.text(), message);
      return;
    }
  }
}

}  // namespace dynamini::api
