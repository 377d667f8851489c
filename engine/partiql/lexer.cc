#include "partiql/lexer.h"

#include <cctype>
#include <climits>

#include "partiql/keywords.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool is_ident_part(char c) { return is_ident_start(c) || is_digit(c); }

// Walks the statement keeping the line and column (in characters: a UTF-8
// continuation byte does not start one) of the next character.
class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}

  bool done() const { return i_ >= s_.size(); }
  char peek(size_t ahead = 0) const { return i_ + ahead < s_.size() ? s_[i_ + ahead] : '\0'; }
  size_t index() const { return i_; }
  syntax::SourceSpan here() const { return {line_, column_, 0}; }
  // Characters between byte offset `from` and here.
  int characters_since(size_t from) const {
    int n = 0;
    for (size_t k = from; k < i_; ++k) n += (static_cast<unsigned char>(s_[k]) & 0xC0) != 0x80;
    return n;
  }
  std::string_view since(size_t from) const { return s_.substr(from, i_ - from); }
  void advance() {
    if (done()) return;
    char c = s_[i_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++column_;
    }
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
  int line_ = 1;
  int column_ = 1;
};

// Everything the lexer cannot read gets the envelope with nothing after it.
[[noreturn]] void unreadable() { throw statement_error(""); }

// Whitespace and comments. Throws for an unterminated block comment.
void skip_blank(Cursor& c) {
  while (!c.done()) {
    if (std::isspace(static_cast<unsigned char>(c.peek()))) {
      c.advance();
    } else if (c.peek() == '-' && c.peek(1) == '-') {
      while (!c.done() && c.peek() != '\n') c.advance();
    } else if (c.peek() == '/' && c.peek(1) == '*') {
      c.advance();
      c.advance();
      while (!(c.peek() == '*' && c.peek(1) == '/')) {
        if (c.done()) unreadable();
        c.advance();
      }
      c.advance();
      c.advance();
    } else {
      return;
    }
  }
}

// A number as Java's BigDecimal reads it: the exponent must fit a 32-bit
// integer, and so must the scale (digits after the point less the exponent);
// DynamoDB cannot read the statement otherwise (recorded: 1e2147483648,
// 1.5e-2147483647).
void number(Cursor& c, std::string& text) {
  size_t begin = c.index();
  long long fraction_digits = 0;
  while (is_digit(c.peek())) c.advance();
  if (c.peek() == '.') {
    c.advance();
    while (is_digit(c.peek())) {
      c.advance();
      ++fraction_digits;
    }
  }
  long long exponent = 0;
  if ((c.peek() == 'e' || c.peek() == 'E') &&
      (is_digit(c.peek(1)) || ((c.peek(1) == '+' || c.peek(1) == '-') && is_digit(c.peek(2))))) {
    c.advance();
    bool negative = c.peek() == '-';
    if (c.peek() == '+' || c.peek() == '-') c.advance();
    bool overflow = false;
    while (is_digit(c.peek())) {
      if (exponent > (LLONG_MAX - 9) / 10) overflow = true;
      if (!overflow) exponent = exponent * 10 + (c.peek() - '0');
      c.advance();
    }
    if (negative) exponent = -exponent;
    if (overflow || exponent > INT_MAX || exponent < INT_MIN) unreadable();
  }
  long long scale = fraction_digits - exponent;
  if (scale > INT_MAX || scale < INT_MIN) unreadable();
  text = std::string(c.since(begin));
}

// 'text' or "name", with the quote doubled inside. Throws when unterminated.
std::string quoted(Cursor& c, char quote) {
  std::string text;
  c.advance();
  while (true) {
    if (c.done()) unreadable();
    if (c.peek() == quote) {
      c.advance();
      if (c.peek() != quote) return text;
    }
    text.push_back(c.peek());
    c.advance();
  }
}

// The operator symbols, longest first.
bool symbol(Cursor& c, std::string& text) {
  static const char* const kTwo[] = {"<=", ">=", "<>", "!=", "<<", ">>", "||"};
  for (const char* two : kTwo) {
    if (c.peek() == two[0] && c.peek(1) == two[1]) {
      text = two;
      c.advance();
      c.advance();
      return true;
    }
  }
  if (std::string_view(",.()[]{}:;*=<>+-/%@").find(c.peek()) == std::string_view::npos) {
    return false;
  }
  text = std::string(1, c.peek());
  c.advance();
  return true;
}

Token next_token(Cursor& c) {
  Token t;
  t.span = c.here();
  size_t begin = c.index();
  char ch = c.peek();
  if (is_ident_start(ch)) {
    while (is_ident_part(c.peek())) c.advance();
    t.text = std::string(c.since(begin));
    std::string lower = t.text;
    for (auto& x : lower) x = static_cast<char>(std::tolower(static_cast<unsigned char>(x)));
    t.kind = is_keyword(lower) ? TokenKind::kKeyword : TokenKind::kIdentifier;
    if (t.kind == TokenKind::kKeyword) t.text = lower;
  } else if (is_digit(ch) || (ch == '.' && is_digit(c.peek(1)))) {
    t.kind = TokenKind::kNumber;
    number(c, t.text);
  } else if (ch == '\'' || ch == '"') {
    t.kind = ch == '\'' ? TokenKind::kString : TokenKind::kQuoted;
    t.text = quoted(c, ch);
  } else if (ch == '?') {
    t.kind = TokenKind::kParameter;
    t.text = "?";
    c.advance();
  } else if (symbol(c, t.text)) {
    t.kind = TokenKind::kSymbol;
  } else {
    unreadable();
  }
  t.span.length = c.characters_since(begin);
  return t;
}

}  // namespace

std::vector<Token> tokenize(std::string_view statement) {
  std::vector<Token> out;
  Cursor c(statement);
  while (true) {
    skip_blank(c);
    if (c.done()) break;
    out.push_back(next_token(c));
  }
  Token end;
  end.kind = TokenKind::kEnd;
  end.text = "<EOF>";
  end.span = c.here();
  out.push_back(end);
  return out;
}

}  // namespace dynamini::partiql
