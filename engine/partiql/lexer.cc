#include "partiql/lexer.h"

#include <cctype>

#include "partiql/statement_errors.h"

namespace dynamini::partiql {

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t b = i;
      while (i < s.size() && is_ident(s[i])) ++i;
      out.push_back({TokenKind::kIdentifier, std::string(s.substr(b, i - b))});
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = i;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
          i = j;
          while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        }
      }
      out.push_back({TokenKind::kNumber, std::string(s.substr(b, i - b))});
      continue;
    }
    if (c == '\'' || c == '"') {
      std::string text;
      ++i;
      bool closed = false;
      while (i < s.size()) {
        if (s[i] == c) {
          if (i + 1 < s.size() && s[i + 1] == c) {  // '' or "" escapes the quote
            text.push_back(c);
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        text.push_back(s[i++]);
      }
      if (!closed) throw statement_error("Unexpected end of statement in a quoted text");
      out.push_back({c == '\'' ? TokenKind::kString : TokenKind::kQuoted, std::move(text)});
      continue;
    }
    if (c == '?') {
      out.push_back({TokenKind::kParameter, "?"});
      ++i;
      continue;
    }
    std::string_view two = s.substr(i, 2);
    if (two == "<=" || two == ">=" || two == "<>" || two == "!=" || two == "<<" || two == ">>") {
      out.push_back({TokenKind::kSymbol, std::string(two)});
      i += 2;
      continue;
    }
    if (std::string_view(",.()[]{}:*=<>+-").find(c) != std::string_view::npos) {
      out.push_back({TokenKind::kSymbol, std::string(1, c)});
      ++i;
      continue;
    }
    throw statement_error(std::string("Unexpected character: ") + c);
  }
  out.push_back({TokenKind::kEnd, "<EOF>"});
  return out;
}

}  // namespace dynamini::partiql
