#include "expressions/lexer.h"

#include <cctype>

namespace dynamini::expr {
namespace {

bool is_word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The token of a one-character operator or bracket; kUnknown for any other.
TokenKind single_character_kind(char c) {
  switch (c) {
    case '(':
      return TokenKind::kLParen;
    case ')':
      return TokenKind::kRParen;
    case '[':
      return TokenKind::kLBracket;
    case ']':
      return TokenKind::kRBracket;
    case ',':
      return TokenKind::kComma;
    case '.':
      return TokenKind::kDot;
    case '=':
      return TokenKind::kEq;
    case '<':
      return TokenKind::kLt;
    case '>':
      return TokenKind::kGt;
    case '+':
      return TokenKind::kPlus;
    case '-':
      return TokenKind::kMinus;
    default:
      return TokenKind::kUnknown;
  }
}

}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  const size_t n = text.size();
  while (true) {
    while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i >= n) break;
    Token t;
    t.begin = i;
    char c = text[i];
    auto two = [&](char next) { return i + 1 < n && text[i + 1] == next; };
    if (is_word_start(c)) {
      t.kind = TokenKind::kIdentifier;
      while (i < n && is_word_char(text[i])) ++i;
    } else if (c == '#' || c == ':') {
      t.kind = c == '#' ? TokenKind::kName : TokenKind::kValue;
      ++i;
      while (i < n && is_word_char(text[i])) ++i;
      // A bare marker is no token of the grammar: DynamoDB reports it itself
      // ("token: \":\", near: \"hits : incr\"", aws/aws-cdk issue #7591).
      if (i == t.begin + 1) t.kind = TokenKind::kUnknown;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      t.kind = TokenKind::kNumber;
      while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    } else if (c == '<' && two('>')) {
      t.kind = TokenKind::kNe;
      i += 2;
    } else if (c == '<' && two('=')) {
      t.kind = TokenKind::kLe;
      i += 2;
    } else if (c == '>' && two('=')) {
      t.kind = TokenKind::kGe;
      i += 2;
    } else {
      t.kind = single_character_kind(c);
      // One whole UTF-8 character for unknown input.
      ++i;
      if (t.kind == TokenKind::kUnknown) {
        while (i < n && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
      }
    }
    t.end = i;
    t.text = std::string(text.substr(t.begin, t.end - t.begin));
    tokens.push_back(std::move(t));
  }
  Token end;
  end.kind = TokenKind::kEnd;
  end.text = "<EOF>";
  end.begin = end.end = n;
  tokens.push_back(std::move(end));
  return tokens;
}

bool is_keyword(const Token& token, std::string_view keyword) {
  if (token.kind != TokenKind::kIdentifier || token.text.size() != keyword.size()) return false;
  for (size_t i = 0; i < keyword.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(token.text[i])) != keyword[i]) return false;
  }
  return true;
}

// Format confirmed against messages recorded from DynamoDB, e.g.
// `Syntax error; token: "b", near: "a b"` and `token: "<EOF>", near: ","`.
std::string syntax_error_message(const std::vector<Token>& tokens, size_t index,
                                 std::string_view text) {
  const Token& token = tokens[index];
  size_t from = index > 0 ? tokens[index - 1].begin : token.begin;
  size_t to = index + 1 < tokens.size() ? tokens[index + 1].end : token.end;
  return "Syntax error; token: \"" + token.text + "\", near: \"" +
         std::string(text.substr(from, to - from)) + "\"";
}

}  // namespace dynamini::expr
