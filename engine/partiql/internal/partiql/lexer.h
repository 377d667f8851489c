#pragma once

// Tokens of a PartiQL statement, as DynamoDB's lexer (partiql-lang-kotlin)
// reads them: keywords are the PartiQL keyword set, case-insensitive;
// "quoted" names never are keywords; whitespace, `-- line` and `/* block */`
// comments separate tokens.

#include <string>
#include <string_view>
#include <vector>

#include "partiql/syntax.h"

namespace dynamini::partiql {

enum class TokenKind {
  kIdentifier,  // a, begins_with (text as written)
  kKeyword,     // SELECT, from (text in lower case)
  kQuoted,      // "my-table" (text without the quotes)
  kString,      // 'text' (text unescaped)
  kNumber,      // 12, 1.5e3, .5 (text as written)
  kParameter,   // ?
  kSymbol,      // , . ( ) [ ] { } : ; * = < > <= >= <> != << >> + - / % || @
  kEnd,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;
  syntax::SourceSpan span;
};

// Throws ValidationException "Statement wasn't well formed, can't be
// processed: " with nothing after the colon for what the lexer cannot read
// (an unknown character such as `#`, an unterminated string, quoted name or
// block comment, a number whose exponent or scale does not fit a 32-bit
// integer): recorded from DynamoDB in public conformance tests. The last
// token is kEnd.
std::vector<Token> tokenize(std::string_view statement);

}  // namespace dynamini::partiql
