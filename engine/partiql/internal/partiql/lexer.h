#pragma once

// Tokens of a PartiQL statement.

#include <string>
#include <string_view>
#include <vector>

namespace dynamini::partiql {

enum class TokenKind {
  kIdentifier,  // SELECT, a, begins_with (keywords are identifiers)
  kQuoted,      // "my-table" (text without the quotes)
  kString,      // 'text' (text unescaped)
  kNumber,      // 12, 1.5e3
  kParameter,   // ?
  kSymbol,      // , . ( ) [ ] { } : * = < > <= >= <> != << >> + -
  kEnd,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
};

// Throws ValidationException "Statement wasn't well formed, can't be
// processed: ..." for an unterminated string or an unknown character.
std::vector<Token> tokenize(std::string_view statement);

}  // namespace dynamini::partiql
