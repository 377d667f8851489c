#pragma once

// Public contract of the expression module (engine-internal): parse -> resolve
// -> evaluate for every DynamoDB expression kind. Operations include only this
// header. All functions throw ApiError (ValidationException) with DynamoDB's
// exact message on bad input; evaluation never touches storage.

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "values/attribute_value.h"
#include "values/json.h"

namespace dynamini::expr {

// One step of a document path: a map member name or a list index.
struct PathElement {
  std::string name;  // valid when index < 0
  int index = -1;    // list index when >= 0
};
// a.b[2].c -> {a},{b},{2},{c}; names already substituted for #placeholders.
using Path = std::vector<PathElement>;

// "a.b[2].c" (for messages).
std::string path_to_string(const Path& path);

// ExpressionAttributeNames and ExpressionAttributeValues of one request, and
// which of them the request's expressions used.
struct ExpressionAttributes {
  std::map<std::string, std::string> names;  // "#n" -> attribute name
  Item values;                               // ":v" -> value
  std::set<std::string> used_names;
  std::set<std::string> used_values;
};

// ExpressionAttributeNames/Values from a typed request (values already validated as
// AttributeValues): DynamoDB's messages for an empty map, a key that is not
// "#name" / ":value", and an empty or too large name.
ExpressionAttributes make_expression_attributes(
    const std::optional<std::map<std::string, std::string>>& names,
    const std::optional<Item>& values);

// After all of a request's expressions were parsed: DynamoDB rejects names or
// values that no expression used ("Value provided in ExpressionAttributeNames
// unused in expressions: keys: {#a}").
void check_all_used(const ExpressionAttributes& attributes);

// ConditionExpression or FilterExpression.
class Condition {
 public:
  // `parameter` names the request member for messages, e.g.
  // "ConditionExpression" -> "Invalid ConditionExpression: Syntax error; ...".
  static Condition parse(std::string_view text, ExpressionAttributes& attributes,
                         std::string_view parameter);
  // A condition another language built (PartiQL's WHERE): DynamoDB reports
  // the validator's messages bare ("Operator or function requires a document
  // path; operator or function: attribute_exists", recorded for PartiQL), and
  // the 4 KB expression limit is the statement's business.
  static Condition parse_unprefixed(std::string_view text, ExpressionAttributes& attributes);
  // True when the condition holds for `item` (nullptr: no item exists).
  bool evaluate(const Item* item) const;
  // The top-level attribute names the condition reads (Query refuses a
  // filter on key attributes).
  std::set<std::string> top_level_names() const;
  // Every document path the condition reads, in written order.
  std::vector<Path> paths() const;

  Condition(Condition&&) noexcept;
  Condition& operator=(Condition&&) noexcept;
  ~Condition();
  struct Node;
  // A condition built from an already-resolved tree (the legacy Expected,
  // QueryFilter and ScanFilter parameters, expressions/legacy.cc).
  static Condition from_node(std::unique_ptr<Node> root);

 private:
  explicit Condition(std::unique_ptr<Node> root);
  std::unique_ptr<Node> root_;
};

// UpdateExpression: SET (with +, -, if_not_exists, list_append), REMOVE,
// ADD (numbers, sets), DELETE (sets).
class Update {
 public:
  static Update parse(std::string_view text, ExpressionAttributes& attributes);
  // The same for PartiQL's SET and REMOVE: the validator's messages bare.
  static Update parse_unprefixed(std::string_view text, ExpressionAttributes& attributes);
  // Applies every action to `item` in DynamoDB's order (all operands are
  // evaluated against the item as it was before the update). Throws
  // ValidationException for type mismatches ("An operand in the update
  // expression has an incorrect data type"), bad list indexes in SET paths,
  // etc. `item` is left unspecified when it throws; callers work on a copy.
  void apply(Item& item) const;
  // Every path the update writes or removes, top-level attribute first
  // (used to forbid key updates and to build UPDATED_OLD/UPDATED_NEW).
  const std::vector<Path>& target_paths() const;
  // Every path the update reads or writes (targets and operand paths).
  std::vector<Path> all_paths() const;
  // True when every action only takes something away (REMOVE, DELETE from a
  // set, AttributeUpdates DELETE): such an update of a missing item creates
  // nothing (scylladb test/alternator/test_item.py, test_update_item_non_existent,
  // run against DynamoDB; an empty update still creates the item).
  bool only_removes() const;
  // Top-level attributes SET from a plain document path ("SET c = e"), whose
  // type is known only when the update runs.
  std::vector<std::string> path_assigned_attributes() const;
  // Top-level attributes the update assigns a type known before it runs: a
  // value (SET a = :v, ADD a :v), arithmetic (N) or list_append (L).
  std::vector<std::pair<std::string, ValueType>> statically_typed_assignments() const;
  // Top-level attributes SET to an empty string or binary value ("SET a =
  // :v" with :v ""), with that value's type.
  std::vector<std::pair<std::string, ValueType>> empty_value_assignments() const;
  // The bytes a standalone UpdateItem charges this statement against the
  // 400 KB item limit, beside the finished item's own size: 3, plus a fixed
  // cost per clause and what each clause writes (an ADD to a set only the
  // members it adds to `current`, which may be nullptr). Undocumented;
  // measured against DynamoDB (expressions/update_charge.cc).
  int64_t statement_charge(const Item* current) const;

  Update(Update&&) noexcept;
  Update& operator=(Update&&) noexcept;
  ~Update();
  struct Actions;
  // An update built from already-resolved actions (the legacy
  // AttributeUpdates parameter, expressions/legacy.cc).
  static Update from_actions(std::unique_ptr<Actions> actions);

 private:
  explicit Update(std::unique_ptr<Actions> actions);
  static Update parse_checked(std::string_view text, ExpressionAttributes& attributes,
                              const std::string& prefix);
  std::unique_ptr<Actions> actions_;
};

// ProjectionExpression: a comma-separated list of document paths.
class Projection {
 public:
  static Projection parse(std::string_view text, ExpressionAttributes& attributes);
  // Builds a projection from plain top-level attribute names.
  static Projection of_names(const std::vector<std::string>& names);
  // The item reduced to the projected paths (nested members and list elements
  // kept at their place, lists compacted as DynamoDB does).
  Item apply(const Item& item) const;
  const std::vector<Path>& paths() const { return paths_; }

 private:
  std::vector<Path> paths_;
};

// Copies the given paths out of `item` (shared by Projection and by
// ReturnValues UPDATED_OLD/UPDATED_NEW).
Item extract_paths(const Item& item, const std::vector<Path>& paths);

// KeyConditionExpression, parsed but not yet checked against a key schema
// (the Query operation does that, knowing the table or index keys).
struct KeyConditionTerm {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  std::string attribute;  // resolved name
  Op op = Op::kEq;
  std::vector<AttributeValue> operands;  // 1, or 2 for BETWEEN
};
// At most one condition per key attribute of the queried table or index: two
// (a partition and a sort key), or up to eight on a GSI with multi-attribute
// keys (four HASH and four RANGE attributes); the Query checks the number
// against the key schema after the table is looked up.
constexpr size_t kMaxKeyConditionTerms = 8;
// Terms joined by AND (at most kMaxKeyConditionTerms); DynamoDB's messages
// for anything else (OR, NOT, functions other than begins_with, two
// conditions on one key).
std::vector<KeyConditionTerm> parse_key_condition(std::string_view text,
                                                  ExpressionAttributes& attributes);

// DynamoDB's ordering of two scalar values of the same type (N by value, S by
// UTF-8 bytes, B unsigned bytes); nullopt when the types differ or are not
// S, N or B.
std::optional<int> compare_scalars(const AttributeValue& a, const AttributeValue& b);

}  // namespace dynamini::expr
