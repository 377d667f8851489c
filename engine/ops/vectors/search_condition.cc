#include "search_condition.h"

#include <cctype>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {

ApiError invalid_comparator() {
  return validation_error(
      "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
}

// A token of an expression that parsed as a condition already.
struct Token {
  enum class Kind { kName, kValue, kEquals, kOpen, kClose, kAnd, kOther };
  Kind kind;
  std::string text;
};

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '#' || c == ':' ||
         c == '.' || c == '[' || c == ']';
}

std::vector<Token> tokenize(const std::string& text) {
  std::vector<Token> out;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '(' || c == ')') {
      out.push_back({c == '(' ? Token::Kind::kOpen : Token::Kind::kClose, std::string(1, c)});
      ++i;
    } else if (c == '=') {
      out.push_back({Token::Kind::kEquals, "="});
      ++i;
    } else if (name_char(c)) {
      size_t j = i;
      while (j < text.size() && name_char(text[j])) ++j;
      std::string word = text.substr(i, j - i);
      std::string upper;
      for (char w : word) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(w)));
      Token::Kind kind = upper == "AND" ? Token::Kind::kAnd
                         : (upper == "OR" || upper == "NOT" || upper == "BETWEEN" || upper == "IN")
                             ? Token::Kind::kOther
                         : word[0] == ':' ? Token::Kind::kValue
                                          : Token::Kind::kName;
      out.push_back({kind, word});
      i = j;
    } else {
      out.push_back({Token::Kind::kOther, std::string(1, c)});  // < > , and the like
      ++i;
    }
  }
  return out;
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, const expr::ExpressionAttributes& attributes)
      : tokens_(std::move(tokens)), attributes_(attributes) {}

  std::vector<SearchEquality> parse() {
    conjunction();
    if (at_ < tokens_.size()) throw invalid_comparator();
    return std::move(out_);
  }

 private:
  const Token* peek() const { return at_ < tokens_.size() ? &tokens_[at_] : nullptr; }

  void conjunction() {
    term();
    while (peek() && peek()->kind == Token::Kind::kAnd) {
      ++at_;
      term();
    }
  }

  void term() {
    const Token* t = peek();
    if (t && t->kind == Token::Kind::kOpen) {
      ++at_;
      conjunction();
      if (!peek() || peek()->kind != Token::Kind::kClose) throw invalid_comparator();
      ++at_;
      return;
    }
    // path = :value, or :value = path
    if (at_ + 3 > tokens_.size()) throw invalid_comparator();
    const Token& left = tokens_[at_];
    const Token& op = tokens_[at_ + 1];
    const Token& right = tokens_[at_ + 2];
    if (op.kind != Token::Kind::kEquals) throw invalid_comparator();
    const Token* path = nullptr;
    const Token* value = nullptr;
    if (left.kind == Token::Kind::kName && right.kind == Token::Kind::kValue) {
      path = &left, value = &right;
    } else if (left.kind == Token::Kind::kValue && right.kind == Token::Kind::kName) {
      path = &right, value = &left;
    } else {
      throw invalid_comparator();
    }
    at_ += 3;
    if (peek() && peek()->kind == Token::Kind::kOpen) throw invalid_comparator();  // a function
    add(path->text, value->text);
  }

  void add(const std::string& path, const std::string& value) {
    SearchEquality e;
    const size_t end = path.find_first_of(".[");
    e.nested = end != std::string::npos;
    std::string top = path.substr(0, end);
    if (!top.empty() && top[0] == '#') {
      auto it = attributes_.names.find(top);
      top = it == attributes_.names.end() ? top : it->second;  // defined: the parse checked it
    }
    e.attribute = top;
    auto v = attributes_.values.find(value);
    if (v != attributes_.values.end()) e.value = v->second;
    out_.push_back(std::move(e));
  }

  std::vector<Token> tokens_;
  const expr::ExpressionAttributes& attributes_;
  size_t at_ = 0;
  std::vector<SearchEquality> out_;
};

}  // namespace

std::vector<SearchEquality> parse_search_condition(const std::string& text,
                                                   const expr::ExpressionAttributes& attributes) {
  return Parser(tokenize(text), attributes).parse();
}

}  // namespace dynamini
