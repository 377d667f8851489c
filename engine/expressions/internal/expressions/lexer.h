#pragma once

// Tokens of DynamoDB's expression language, shared by every expression kind.

#include <string>
#include <string_view>
#include <vector>

namespace dynamini::expr {

enum class TokenKind {
  kIdentifier,  // a, _x1, AND, SET, begins_with (keywords are identifiers)
  kName,        // #n
  kValue,       // :v
  kNumber,      // 12 (list indexes)
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kComma,
  kDot,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  kUnknown,  // any other character
  kEnd,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;  // source text; "<EOF>" for kEnd
  size_t begin = 0;  // byte offsets in the expression
  size_t end = 0;
};

// Splits an expression into tokens; the last token is always kEnd.
std::vector<Token> tokenize(std::string_view text);

// True when the identifier token spells `keyword` in any case (AND, and, And).
bool is_keyword(const Token& token, std::string_view keyword);

// DynamoDB's syntax error text for the token at `index`: the token and the
// source from the previous token to the next one, e.g.
// Syntax error; token: "x", near: "a x b".
std::string syntax_error_message(const std::vector<Token>& tokens, size_t index,
                                 std::string_view text);

}  // namespace dynamini::expr
