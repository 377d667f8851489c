#pragma once

// Collects DynamoDB's request-shape ("constraint") errors and reports them
// all at once, in DynamoDB's format:
//   1 validation error detected: Value null at 'tableName' failed to satisfy
//   constraint: Member must not be null
//   2 validation errors detected: Value ...; Value ...
// DynamoDB reports these before any semantic check or table lookup. This is
// the one place such messages are built.
//
// One message joins at most ten: DynamoDB stops collecting at the tenth and
// counts only those ("10 validation errors detected: ..." for nine empty
// LocalSecondaryIndexes, 27 missing members: dynalite test/createTable.js,
// recorded against DynamoDB; dynalite validations/index.js stops at 10).

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini {

// A table or index name as the API constrains it: 3..255 characters of
// [a-zA-Z0-9_.-].
bool is_valid_name(std::string_view name);

// The constraint DynamoDB reports, as one error on the whole map, when a key
// of RequestItems is not a valid table name (dynalite test/batchGetItem.js).
inline constexpr std::string_view kMapKeysAreNames =
    "Map keys must satisfy constraint: [Member must have length less than or equal to 255, "
    "Member must have length greater than or equal to 3, Member must satisfy regular expression "
    "pattern: [a-zA-Z0-9_.-]+]";

// The most errors one "N validation errors detected" message joins.
inline constexpr size_t kMostJoinedShapeErrors = 10;

class ShapeErrors {
 public:
  // `value` is rendered as DynamoDB does: null, or the value's text.
  void add(std::optional<std::string_view> value, std::string_view path,
           std::string_view constraint);

  // "Value at '<path>' failed to satisfy constraint: ...": how DynamoDB
  // reports some values it does not print (a list of items too long).
  void add_unrendered(std::string_view path, std::string_view constraint);
  // Member must not be null.
  void require(bool present, std::string_view path);

  bool empty() const { return messages_.empty(); }
  // How many errors are collected so far (at most kMostJoinedShapeErrors); the
  // generated checks compare it before and after a member to see whether the
  // member failed.
  size_t size() const { return messages_.size(); }
  // Throws ValidationException with every collected message; no-op if none.
  void throw_if_any() const;

 private:
  // Keeps `message` unless kMostJoinedShapeErrors are already kept.
  void keep(std::string message);

  std::vector<std::string> messages_;
};

}  // namespace dynamini
