#pragma once

// Operands after #name / :value substitution, and the resolve pass that
// produces them while recording DynamoDB's validation errors by category.

#include <string>
#include <vector>

#include "expressions/expressions.h"
#include "expressions/parsed.h"

namespace dynamini::expr {

struct Operand {
  enum class Kind { kPath, kValue, kFunction, kPlus, kMinus };
  Kind kind = Kind::kPath;
  Path path;                  // kPath
  AttributeValue value;       // kValue
  bool undefined = false;     // kValue: its placeholder is not defined
  std::string function;       // kFunction
  std::vector<Operand> args;  // kFunction arguments; kPlus/kMinus sides
};

// DynamoDB's maximum document path depth.
constexpr size_t kMaxPathDepth = 32;

// Substitutes placeholders, marking them used in `attributes`. Problems are
// not thrown here: each category keeps its first message, and each expression
// kind reports them in DynamoDB's priority order.
class Resolver {
 public:
  explicit Resolver(ExpressionAttributes& attributes) : attributes_(attributes) {}

  Path path(const parsed::Path& path);
  AttributeValue value(const std::string& placeholder);
  Operand operand(const parsed::Operand& operand);

  std::string reserved;         // "Attribute name is a reserved keyword; ..."
  std::string too_deep;         // path nesting over kMaxPathDepth
  std::string undefined_name;   // first undefined #name
  std::string undefined_value;  // first undefined :value
  std::string undefined_first;  // whichever of the two came first

 private:
  ExpressionAttributes& attributes_;
};

// True for DynamoDB's reserved words (case-insensitive).
bool is_reserved_word(std::string_view word);

// "[a, b, [2]]" as DynamoDB prints paths in overlap messages.
std::string path_list_string(const Path& path);

// Checks each path against the earlier ones: the first "overlap" (one is a
// prefix of the other) and the first "conflict" (a name where the other has
// an index) are stored in the given strings.
void check_path_overlaps(const std::vector<Path>& paths, std::string* overlap,
                         std::string* conflict);

// Throws ValidationException "<prefix><message>" for the first non-empty
// message, in the order given.
void throw_first(const std::string& prefix, std::initializer_list<const std::string*> messages);

// Empty text and the 4 KB limit, checked before parsing. `with_size` adds
// " expression size: N" (ConditionExpression and FilterExpression do).
void check_expression_text(std::string_view text, const std::string& prefix, bool with_size);

}  // namespace dynamini::expr
