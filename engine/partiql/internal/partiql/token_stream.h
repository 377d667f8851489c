#pragma once

// The parser's view of the tokens: one position, looked at and consumed.
// Shared by the expression parser (expression_parser.cc) and the statement
// parser (statement_parser.cc).

#include <string>
#include <utility>
#include <vector>

#include "partiql/lexer.h"
#include "partiql/statement_errors.h"
#include "partiql/syntax.h"

namespace dynamini::partiql {

class TokenStream {
 public:
  explicit TokenStream(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  const Token& peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  void advance() {
    if (pos_ + 1 < tokens_.size()) ++pos_;
  }
  // How many expressions are being parsed inside one another (the
  // expression parser's recursion depth; partiql/expression_parser.cc).
  int& nesting() { return nesting_; }
  // Tokens left, the end marker included.
  size_t remaining() const { return tokens_.size() - pos_; }
  bool at_end() const { return peek().kind == TokenKind::kEnd; }
  // The end, or a semicolon then the end.
  bool at_statement_end() const {
    return at_end() || (is_symbol(";") && peek(1).kind == TokenKind::kEnd);
  }

  bool is_keyword(const char* word, size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::kKeyword && peek(ahead).text == word;
  }
  bool is_symbol(const char* s, size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::kSymbol && peek(ahead).text == s;
  }
  bool keyword(const char* word) {
    if (!is_keyword(word)) return false;
    advance();
    return true;
  }
  bool symbol(const char* s) {
    if (!is_symbol(s)) return false;
    advance();
    return true;
  }
  // The next `?`'s position among the statement's parameters (0-based).
  int take_parameter() { return parameters_++; }
  int parameters() const { return parameters_; }
  // `detail` after the statement envelope when the symbol is not next.
  void expect_symbol(const char* s, const char* detail) {
    if (!symbol(s)) throw statement_error(detail);
  }

 private:
  std::vector<Token> tokens_;
  int nesting_ = 0;
  size_t pos_ = 0;
  int parameters_ = 0;
};

// Expressions (expression_parser.cc). `precedence` as partiql-lang-kotlin's
// Pratt parser: -1 reads a whole expression, higher values stop at looser
// operators.
syntax::Expr parse_expression(TokenStream& in, int precedence = -1);
// A simple path: a name (quoted or not) with .name and [literal] steps, as
// DML targets and FROM sources are written.
syntax::Expr parse_simple_path(TokenStream& in);
// Comma separated expressions up to (not including) `close`.
std::vector<syntax::Expr> parse_expression_list(TokenStream& in, const char* close);

}  // namespace dynamini::partiql
