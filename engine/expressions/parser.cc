// Recursive-descent parsers for condition, update and projection expressions.
// Alternatives backtrack; a syntax error names the farthest token any
// alternative failed on, as DynamoDB's parser does.

#include <climits>

#include "dynamini/api_error.h"
#include "expressions/lexer.h"
#include "expressions/parsed.h"
#include "values/request_check_error.h"

namespace dynamini::expr::parsed {
namespace {

enum class Grammar { kCondition, kUpdate, kProjection };

class Parser {
 public:
  Parser(std::string_view text, const std::string& prefix, Grammar grammar)
      : text_(text), prefix_(prefix), grammar_(grammar), tokens_(tokenize(text)) {}

  [[noreturn]] void syntax_error() {
    throw request_check_error(prefix_ + syntax_error_message(tokens_, farthest_, text_));
  }

  void expect_end() {
    if (!accept(TokenKind::kEnd)) syntax_error();
  }

  bool redundant_parens = false;

  // Parentheses nest at most this deep; deeper input is reported as a syntax
  // error at the offending "(" instead of exhausting the stack.
  static constexpr int kMaxNesting = 100;
  struct NestingGuard {
    explicit NestingGuard(Parser& p) : parser(p) {
      if (++parser.nesting_ > kMaxNesting) {
        parser.farthest_ = parser.pos_;
        parser.syntax_error();
      }
    }
    ~NestingGuard() { --parser.nesting_; }
    Parser& parser;
  };

  // ---- Condition grammar -------------------------------------------------
  bool or_condition(Condition* out) {
    Condition left;
    if (!and_condition(&left)) return false;
    size_t mid = pos_;
    if (keyword("OR")) {
      Condition right;
      if (or_condition(&right)) {
        Condition node;
        node.kind = Condition::Kind::kOr;
        node.children.push_back(std::move(left));
        node.children.push_back(std::move(right));
        *out = std::move(node);
        return true;
      }
      pos_ = mid;
    }
    *out = std::move(left);
    return true;
  }

  bool and_condition(Condition* out) {
    Condition left;
    if (!not_condition(&left)) return false;
    size_t mid = pos_;
    if (keyword("AND")) {
      Condition right;
      if (and_condition(&right)) {
        Condition node;
        node.kind = Condition::Kind::kAnd;
        node.children.push_back(std::move(left));
        node.children.push_back(std::move(right));
        *out = std::move(node);
        return true;
      }
      pos_ = mid;
    }
    *out = std::move(left);
    return true;
  }

  bool not_condition(Condition* out) {
    size_t start = pos_;
    if (keyword("NOT")) {
      // NOT may follow NOT, as often as written: "NOT NOT NOT NOT a < b"
      // is valid and each pair cancels (scylladb test/alternator/
      // test_condition_expression.py, "NOT NOT NOT NOT also works", run
      // against DynamoDB).
      Condition inner;
      if (not_condition(&inner)) {
        Condition node;
        node.kind = Condition::Kind::kNot;
        node.children.push_back(std::move(inner));
        *out = std::move(node);
        return true;
      }
      pos_ = start;
      return false;
    }
    return parens_condition(out);
  }

  bool parens_condition(Condition* out) {
    size_t start = pos_;
    if (leaf_condition(out)) return true;
    pos_ = start;
    if (accept(TokenKind::kLParen)) {
      NestingGuard guard(*this);
      Condition inner;
      if (or_condition(&inner) && accept(TokenKind::kRParen)) {
        if (inner.parenthesized) redundant_parens = true;
        inner.parenthesized = true;
        *out = std::move(inner);
        return true;
      }
    }
    pos_ = start;
    return false;
  }

  bool leaf_condition(Condition* out) {
    size_t start = pos_;
    Operand first;
    if (operand_parens(&first)) {
      size_t after_first = pos_;
      if (const char* op = comparator()) {
        Operand second;
        if (operand_parens(&second)) {
          out->kind = Condition::Kind::kCompare;
          out->op = op;
          out->operands.clear();
          out->operands.push_back(std::move(first));
          out->operands.push_back(std::move(second));
          return true;
        }
      }
      pos_ = after_first;
      if (keyword("BETWEEN")) {
        Operand low, high;
        if (operand_parens(&low) && keyword("AND") && operand_parens(&high)) {
          out->kind = Condition::Kind::kBetween;
          out->operands.clear();
          out->operands.push_back(std::move(first));
          out->operands.push_back(std::move(low));
          out->operands.push_back(std::move(high));
          return true;
        }
      }
      pos_ = after_first;
      if (keyword("IN") && accept(TokenKind::kLParen)) {
        std::vector<Operand> list;
        if (argument_list(&list) && accept(TokenKind::kRParen)) {
          out->kind = Condition::Kind::kIn;
          out->operands.clear();
          out->operands.push_back(std::move(first));
          for (auto& o : list) out->operands.push_back(std::move(o));
          return true;
        }
      }
    }
    pos_ = start;
    Operand function;
    if (function_call(&function)) {
      out->kind = Condition::Kind::kFunction;
      out->operands.clear();
      out->operands.push_back(std::move(function));
      return true;
    }
    pos_ = start;
    return false;
  }

  const char* comparator() {
    switch (peek().kind) {
      case TokenKind::kEq:
        ++pos_;
        return "=";
      case TokenKind::kNe:
        ++pos_;
        return "<>";
      case TokenKind::kLt:
        ++pos_;
        return "<";
      case TokenKind::kLe:
        ++pos_;
        return "<=";
      case TokenKind::kGt:
        ++pos_;
        return ">";
      case TokenKind::kGe:
        ++pos_;
        return ">=";
      default:
        fail();
        return nullptr;
    }
  }

  // ---- Operands (condition and update) -------------------------------------
  // '(' operand ')' | operand; conditions also allow nested parentheses and a
  // path continuing after its parentheses: "(a).b".
  bool operand_parens(Operand* out, int* depth = nullptr) {
    size_t start = pos_;
    if (accept(TokenKind::kLParen)) {
      NestingGuard guard(*this);
      Operand inner;
      int inner_depth = 0;
      bool ok =
          grammar_ == Grammar::kCondition ? operand_parens(&inner, &inner_depth) : operand(&inner);
      if (ok && accept(TokenKind::kRParen)) {
        int my_depth = inner_depth + 1;
        if (my_depth >= 2) redundant_parens = true;
        if (grammar_ == Grammar::kCondition && inner.kind == Operand::Kind::kPath) {
          size_t before_tail = pos_;
          path_tail(&inner.path);
          if (pos_ != before_tail) my_depth = 0;
        }
        if (depth) *depth = my_depth;
        *out = std::move(inner);
        return true;
      }
      pos_ = start;
      return false;
    }
    if (depth) *depth = 0;
    return operand(out);
  }

  bool operand(Operand* out) {
    size_t start = pos_;
    if (function_call(out)) return true;
    pos_ = start;
    if (peek().kind == TokenKind::kValue) {
      out->kind = Operand::Kind::kValue;
      out->placeholder = peek().text;
      ++pos_;
      return true;
    }
    fail();
    Path path;
    if (document_path(&path)) {
      out->kind = Operand::Kind::kPath;
      out->path = std::move(path);
      return true;
    }
    pos_ = start;
    return false;
  }

  bool function_call(Operand* out) {
    size_t start = pos_;
    if (peek().kind != TokenKind::kIdentifier || is_grammar_keyword(peek())) {
      fail();
      return false;
    }
    std::string name = peek().text;
    ++pos_;
    if (!accept(TokenKind::kLParen)) {
      pos_ = start;
      return false;
    }
    std::vector<Operand> args;
    if (argument_list(&args) && accept(TokenKind::kRParen)) {
      out->kind = Operand::Kind::kFunction;
      out->function = std::move(name);
      out->args = std::move(args);
      return true;
    }
    pos_ = start;
    return false;
  }

  bool argument_list(std::vector<Operand>* out) {
    Operand first;
    if (!operand_parens(&first)) return false;
    out->push_back(std::move(first));
    while (true) {
      size_t mid = pos_;
      if (!accept(TokenKind::kComma)) break;
      Operand next;
      if (!operand_parens(&next)) {
        pos_ = mid;
        break;
      }
      out->push_back(std::move(next));
    }
    return true;
  }

  // ---- Document paths -----------------------------------------------------
  bool document_path(Path* out) {
    size_t start = pos_;
    if (grammar_ == Grammar::kCondition && peek().kind == TokenKind::kLParen) {
      // A parenthesised path: "(a.b)[1]".
      ++pos_;
      NestingGuard guard(*this);
      Path inner;
      if (document_path(&inner) && accept(TokenKind::kRParen)) {
        *out = std::move(inner);
        path_tail(out);
        return true;
      }
      pos_ = start;
      return false;
    }
    PathStep step;
    if (!path_identifier(&step)) return false;
    out->steps.push_back(std::move(step));
    path_tail(out);
    return true;
  }

  void path_tail(Path* path) {
    while (true) {
      size_t mid = pos_;
      if (accept(TokenKind::kLBracket)) {
        if (peek().kind == TokenKind::kNumber) {
          PathStep step;
          step.kind = PathStep::Kind::kIndex;
          step.text = peek().text;
          step.index = to_index(peek().text);
          ++pos_;
          if (accept(TokenKind::kRBracket)) {
            path->steps.push_back(std::move(step));
            continue;
          }
        } else {
          fail();
        }
        pos_ = mid;
        return;
      }
      if (accept(TokenKind::kDot)) {
        PathStep step;
        if (path_identifier(&step)) {
          path->steps.push_back(std::move(step));
          continue;
        }
        pos_ = mid;
        return;
      }
      return;
    }
  }

  bool path_identifier(PathStep* out) {
    const Token& t = peek();
    if (t.kind == TokenKind::kName) {
      out->kind = PathStep::Kind::kAlias;
      out->text = t.text;
      ++pos_;
      return true;
    }
    if (t.kind == TokenKind::kIdentifier && !is_grammar_keyword(t)) {
      out->kind = PathStep::Kind::kName;
      out->text = t.text;
      ++pos_;
      return true;
    }
    fail();
    return false;
  }

  // ---- Update grammar -----------------------------------------------------
  void update(UpdateTree* out) {
    std::vector<std::string> seen;
    bool any = false;
    while (true) {
      size_t start = pos_;
      std::string section;
      if (keyword("SET"))
        section = "SET";
      else if (keyword("REMOVE"))
        section = "REMOVE";
      else if (keyword("ADD"))
        section = "ADD";
      else if (keyword("DELETE"))
        section = "DELETE";
      if (section.empty() || !update_section(section, out)) {
        pos_ = start;
        break;
      }
      any = true;
      for (const auto& s : seen) {
        if (s == section && out->repeated_section.empty()) out->repeated_section = section;
      }
      seen.push_back(section);
    }
    if (!any) syntax_error();
    expect_end();
  }

  bool update_section(const std::string& section, UpdateTree* out) {
    std::vector<UpdateAction> actions;
    while (true) {
      size_t mid = pos_;
      if (!actions.empty() && !accept(TokenKind::kComma)) break;
      UpdateAction action;
      if (!update_action(section, &action)) {
        pos_ = mid;
        break;
      }
      actions.push_back(std::move(action));
    }
    if (actions.empty()) return false;
    for (auto& a : actions) out->actions.push_back(std::move(a));
    return true;
  }

  bool update_action(const std::string& section, UpdateAction* out) {
    size_t start = pos_;
    if (!document_path(&out->path)) return false;
    if (section == "REMOVE") {
      out->kind = UpdateAction::Kind::kRemove;
      return true;
    }
    if (section == "SET") {
      out->kind = UpdateAction::Kind::kSet;
      if (accept(TokenKind::kEq) && set_value_parens(&out->value)) return true;
      pos_ = start;
      return false;
    }
    out->kind = section == "ADD" ? UpdateAction::Kind::kAdd : UpdateAction::Kind::kDelete;
    if (peek().kind == TokenKind::kValue) {
      out->value.kind = Operand::Kind::kValue;
      out->value.placeholder = peek().text;
      ++pos_;
      return true;
    }
    fail();
    pos_ = start;
    return false;
  }

  bool set_value_parens(Operand* out) {
    size_t start = pos_;
    if (set_value(out)) return true;
    pos_ = start;
    if (accept(TokenKind::kLParen) && set_value(out) && accept(TokenKind::kRParen)) return true;
    pos_ = start;
    return false;
  }

  bool set_value(Operand* out) {
    Operand left;
    if (!operand_parens(&left)) return false;
    size_t mid = pos_;
    Operand::Kind kind;
    if (accept(TokenKind::kPlus)) {
      kind = Operand::Kind::kPlus;
    } else if (accept(TokenKind::kMinus)) {
      kind = Operand::Kind::kMinus;
    } else {
      *out = std::move(left);
      return true;
    }
    Operand right;
    if (!operand_parens(&right)) {
      pos_ = mid;
      *out = std::move(left);
      return true;
    }
    out->kind = kind;
    out->args.clear();
    out->args.push_back(std::move(left));
    out->args.push_back(std::move(right));
    return true;
  }

  // ---- Projection grammar ---------------------------------------------------
  void projection(std::vector<Path>* out) {
    while (true) {
      size_t mid = pos_;
      if (!out->empty() && !accept(TokenKind::kComma)) break;
      Path path;
      if (!document_path(&path)) {
        pos_ = mid;
        break;
      }
      out->push_back(std::move(path));
    }
    if (out->empty()) syntax_error();
    expect_end();
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  void fail() { farthest_ = std::max(farthest_, pos_); }
  bool accept(TokenKind kind) {
    if (peek().kind == kind) {
      ++pos_;
      return true;
    }
    fail();
    return false;
  }
  bool keyword(std::string_view word) {
    if (is_keyword(peek(), word)) {
      ++pos_;
      return true;
    }
    fail();
    return false;
  }
  bool is_grammar_keyword(const Token& t) const {
    switch (grammar_) {
      case Grammar::kCondition:
        return is_keyword(t, "AND") || is_keyword(t, "OR") || is_keyword(t, "NOT") ||
               is_keyword(t, "BETWEEN") || is_keyword(t, "IN");
      case Grammar::kUpdate:
        return is_keyword(t, "SET") || is_keyword(t, "REMOVE") || is_keyword(t, "ADD") ||
               is_keyword(t, "DELETE");
      case Grammar::kProjection:
        return false;
    }
    return false;
  }
  static int to_index(const std::string& digits) {
    long long v = 0;
    for (char c : digits) {
      v = v * 10 + (c - '0');
      if (v > INT_MAX) return INT_MAX;
    }
    return static_cast<int>(v);
  }

  std::string_view text_;
  const std::string& prefix_;
  Grammar grammar_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  size_t farthest_ = 0;
  int nesting_ = 0;
};

}  // namespace

ConditionTree parse_condition_syntax(std::string_view text, const std::string& prefix) {
  Parser parser(text, prefix, Grammar::kCondition);
  ConditionTree tree;
  if (!parser.or_condition(&tree.root)) parser.syntax_error();
  parser.expect_end();
  tree.redundant_parens = parser.redundant_parens;
  return tree;
}

UpdateTree parse_update_syntax(std::string_view text, const std::string& prefix) {
  Parser parser(text, prefix, Grammar::kUpdate);
  UpdateTree tree;
  parser.update(&tree);
  return tree;
}

std::vector<Path> parse_projection_syntax(std::string_view text, const std::string& prefix) {
  Parser parser(text, prefix, Grammar::kProjection);
  std::vector<Path> paths;
  parser.projection(&paths);
  return paths;
}

}  // namespace dynamini::expr::parsed
