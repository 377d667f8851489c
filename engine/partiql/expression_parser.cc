// PartiQL expressions, parsed as DynamoDB's parser (partiql-lang-kotlin
// SqlParser: parseExpression, parseUnaryTerm, parsePathTerm, parseTerm)
// parses them: a Pratt parser over the precedence table of LexerConstants.kt.
// The details after "Statement wasn't well formed, can't be processed: " are
// that parser's; those recorded from DynamoDB in public conformance tests are
// "Unexpected term", "Unexpected keyword", "Unexpected operator", "Missing
// right-hand side expression of infix operator", "Invalid path dot
// component", "Expected type name". The others are the parser's own texts,
// not confirmed against DynamoDB.

#include <strings.h>

#include "partiql/keywords.h"
#include "partiql/token_stream.h"

namespace dynamini::partiql {
namespace {

// Expressions nest by recursion (a list in a list, parentheses, calls): a
// statement of 8,192 characters could nest 8,000 deep and overflow the stack
// (found by the partiql fuzzer; it killed the server). DynamoDB refuses values
// nested past kMaxNestingDepth (values/attribute_value.h) and expressions past 300 operators, so
// nothing it accepts nests near this bound; the refusal's wording is dynamini's own.
constexpr int kMaxNesting = 200;

class NestingGuard {
 public:
  explicit NestingGuard(TokenStream& in) : depth_(in.nesting()) {
    if (++depth_ > kMaxNesting) {
      --depth_;
      throw statement_error("expressions nest deeper than " + std::to_string(kMaxNesting) +
                            " levels");
    }
  }
  ~NestingGuard() { --depth_; }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;

 private:
  int& depth_;
};

using syntax::Expr;
using syntax::PathStep;

// OperatorPrecedenceGroups of LexerConstants.kt.
constexpr int kOr = 10, kAnd = 20, kNot = 30, kEquity = 40, kComparison = 50, kAddition = 60,
              kMultiply = 70;

struct Infix {
  std::string name;  // "=", "and", "is", "is_not", "not_in", "between", ...
  int precedence = 0;
  int tokens = 1;  // how many tokens spell it ("not in": 2)
};

// The infix operator starting at the next token, if any.
Infix infix_at(const TokenStream& in) {
  const Token& t = in.peek();
  if (t.kind == TokenKind::kSymbol) {
    static const std::pair<const char*, int> kSymbols[] = {
        {"=", kEquity},      {"<>", kEquity},    {"!=", kEquity},     {"<", kComparison},
        {"<=", kComparison}, {">", kComparison}, {">=", kComparison}, {"+", kAddition},
        {"-", kAddition},    {"||", kAddition},  {"*", kMultiply},    {"/", kMultiply},
        {"%", kMultiply}};
    for (const auto& [symbol, precedence] : kSymbols) {
      if (t.text == symbol) return {t.text == "!=" ? "<>" : t.text, precedence, 1};
    }
    return {};
  }
  if (t.kind != TokenKind::kKeyword) return {};
  if (t.text == "or") return {"or", kOr, 1};
  if (t.text == "and") return {"and", kAnd, 1};
  if (t.text == "in") return {"in", kEquity, 1};
  if (t.text == "between") return {"between", kComparison, 1};
  if (t.text == "like") return {"like", kComparison, 1};
  if (t.text == "is")
    return in.is_keyword("not", 1) ? Infix{"is_not", kEquity, 2} : Infix{"is", kEquity, 1};
  if (t.text == "not") {
    if (in.is_keyword("in", 1)) return {"not_in", kEquity, 2};
    if (in.is_keyword("between", 1)) return {"not_between", kComparison, 2};
    if (in.is_keyword("like", 1)) return {"not_like", kComparison, 2};
  }
  return {};
}

bool is_operator_keyword(const std::string& word) {
  return word == "and" || word == "or" || word == "not" || word == "is" || word == "in" ||
         word == "like" || word == "between" || word == "union" || word == "except" ||
         word == "intersect";
}

Expr make(Expr::Kind kind, const Token& at) {
  Expr e;
  e.kind = kind;
  e.span = at.span;
  return e;
}

Expr parse_term(TokenStream& in);

// IS [NOT] <type>: the type's canonical name, from keywords only.
std::string parse_type(TokenStream& in) {
  const Token& t = in.peek();
  if (t.kind != TokenKind::kKeyword) throw statement_error("Expected type name");
  std::string word = t.text;
  if ((word == "double" && in.is_keyword("precision", 1)) ||
      (word == "character" && in.is_keyword("varying", 1))) {
    word += "_" + in.peek(1).text;
    in.advance();
  }
  auto name = type_name(word);
  if (!name) throw statement_error("Expected type name");
  in.advance();
  if (in.symbol("(")) {  // DECIMAL(5, 2): parameters are read and not used
    parse_expression_list(in, ")");
    in.expect_symbol(")", "Expected RIGHT_PAREN");
  }
  return *name;
}

Expr parse_right(TokenStream& in, int precedence) {
  if (in.remaining() < 2) {
    throw statement_error("Missing right-hand side expression of infix operator");
  }
  return parse_expression(in, precedence);
}

// The rest of `left <op> ...` once the operator was consumed.
Expr parse_infix(TokenStream& in, Expr left, const Infix& op, const Token& at) {
  Expr e = make(Expr::Kind::kBinary, at);
  e.span = left.span;
  if (op.name == "is" || op.name == "is_not") {
    e.kind = Expr::Kind::kIsType;
    e.negated = op.name == "is_not";
    e.text = parse_type(in);
    e.children.push_back(std::move(left));
    return e;
  }
  Expr right;
  if ((op.name == "in" || op.name == "not_in") && in.is_symbol("(") &&
      !in.is_keyword("select", 1) && !in.is_keyword("values", 1)) {
    Expr list = make(Expr::Kind::kList, in.peek());
    in.advance();
    list.children = parse_expression_list(in, ")");
    in.expect_symbol(")", "Expected RIGHT_PAREN");
    right = std::move(list);
  } else {
    right = parse_right(in, op.precedence);
  }
  const bool negated = op.name.rfind("not_", 0) == 0;
  e.text = negated ? op.name.substr(4) : op.name;
  e.negated = negated;
  e.children.push_back(std::move(left));
  e.children.push_back(std::move(right));
  if (e.text == "between") {
    e.kind = Expr::Kind::kBetween;
    if (!in.keyword("and")) throw statement_error("Expected AND");
    if (in.at_statement_end()) throw statement_error("Expected expression after AND");
    e.children.push_back(parse_expression(in, op.precedence));
  } else if (e.text == "like" && in.keyword("escape")) {
    e.children.push_back(parse_expression(in, op.precedence));
  }
  return e;
}

Expr parse_unary_term(TokenStream& in);

// .name, ."name", .*, [expression], [*] after a term.
void parse_path_steps(TokenStream& in, Expr& path) {
  while (true) {
    PathStep step;
    step.span = in.peek().span;
    if (in.symbol(".")) {
      const Token& t = in.peek();
      step.span = t.span;
      if (t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kQuoted) {
        step.name = t.text;
        step.quoted = t.kind == TokenKind::kQuoted;
      } else if (t.kind == TokenKind::kSymbol && t.text == "*") {
        step.kind = PathStep::Kind::kUnpivot;
      } else {
        throw statement_error("Invalid path dot component");
      }
      in.advance();
    } else if (in.symbol("[")) {
      if (in.symbol("*")) {
        step.kind = PathStep::Kind::kWildcard;
      } else {
        step.kind = PathStep::Kind::kIndex;
        step.index.push_back(parse_expression(in));
      }
      in.expect_symbol("]", "Expected RIGHT_BRACKET");
    } else {
      return;
    }
    path.steps.push_back(std::move(step));
  }
}

Expr parse_path_term(TokenStream& in) {
  Expr term = parse_term(in);
  if (!in.is_symbol(".") && !in.is_symbol("[")) return term;
  Expr path = make(Expr::Kind::kPath, in.peek());
  path.span = term.span;
  path.children.push_back(std::move(term));
  parse_path_steps(in, path);
  return path;
}

Expr parse_unary_term(TokenStream& in) {
  const Token& t = in.peek();
  const bool minus = t.kind == TokenKind::kSymbol && t.text == "-";
  const bool plus = t.kind == TokenKind::kSymbol && t.text == "+";
  if (t.kind == TokenKind::kKeyword && t.text == "not") {
    Expr e = make(Expr::Kind::kUnary, t);
    e.text = "not";
    in.advance();
    e.children.push_back(parse_expression(in, kNot));
    return e;
  }
  if (!minus && !plus) return parse_path_term(in);
  Expr e = make(Expr::Kind::kUnary, t);
  e.text = t.text;
  in.advance();
  Expr term = parse_unary_term(in);
  if (term.kind == Expr::Kind::kLiteral && term.literal == Expr::Literal::kNumber) {
    // Constant folding, as the parser does: -1 is a literal, still placed
    // at its digits (recorded: "SELECT l[-1] ..." is refused "at 1:11:1").
    if (minus) term.text = term.text[0] == '-' ? term.text.substr(1) : "-" + term.text;
    return term;
  }
  e.children.push_back(std::move(term));
  return e;
}

Expr parse_collection(TokenStream& in, Expr::Kind kind, const char* close, const char* detail) {
  Expr e = make(kind, in.peek());
  in.advance();
  e.children = parse_expression_list(in, close);
  in.expect_symbol(close, detail);
  return e;
}

Expr parse_struct(TokenStream& in) {
  Expr e = make(Expr::Kind::kStruct, in.peek());
  in.advance();
  if (in.symbol("}")) return e;
  do {
    e.children.push_back(parse_expression(in));
    in.expect_symbol(":", "Expected COLON");
    e.children.push_back(parse_expression(in));
  } while (in.symbol(","));
  in.expect_symbol("}", "Expected RIGHT_CURLY");
  return e;
}

Expr parse_call(TokenStream& in) {
  Expr e = make(Expr::Kind::kCall, in.peek());
  e.text = in.peek().text;
  for (auto& c : e.text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  in.advance();  // the name
  in.advance();  // (
  // COUNT(*), the parser's one call with a star (an aggregate DynamoDB then
  // refuses where it stands: "Unexpected path component at 1:8:5", captured
  // against DynamoDB by dynoxide).
  if (e.text == "count" && in.is_symbol("*") && in.is_symbol(")", 1)) {
    in.advance();
    in.advance();
    return e;
  }
  e.children = parse_expression_list(in, ")");
  in.expect_symbol(")", "Expected RIGHT_PAREN");
  return e;
}

// FROM as a term: the FROM-first DML form where an expression is expected.
// Without its SET / REMOVE / INSERT it is "Expected data manipulation" (what
// DynamoDB answers for "SELEC * FROM t", recorded in dynoxide PR 149).
Expr parse_from_term(TokenStream& in) {
  in.advance();
  parse_simple_path(in);
  if (in.keyword("where")) parse_expression(in);
  if (!in.is_keyword("set") && !in.is_keyword("remove") && !in.is_keyword("insert")) {
    throw statement_error("Expected data manipulation");
  }
  throw statement_error("Unexpected keyword");
}

Expr parse_keyword_term(TokenStream& in) {
  const Token& t = in.peek();
  if (is_operator_keyword(t.text)) throw statement_error("Unexpected operator");
  if (t.text == "true" || t.text == "false" || t.text == "null" || t.text == "missing") {
    Expr e = make(Expr::Kind::kLiteral, t);
    e.literal = t.text == "true"    ? Expr::Literal::kTrue
                : t.text == "false" ? Expr::Literal::kFalse
                : t.text == "null"  ? Expr::Literal::kNull
                                    : Expr::Literal::kMissing;
    in.advance();
    return e;
  }
  if (t.text == "from") return parse_from_term(in);
  if (is_function_keyword(t.text) && in.is_symbol("(", 1)) return parse_call(in);
  throw statement_error("Unexpected keyword");
}

Expr parse_term(TokenStream& in) {
  const Token& t = in.peek();
  switch (t.kind) {
    case TokenKind::kKeyword:
      return parse_keyword_term(in);
    case TokenKind::kIdentifier:
    case TokenKind::kQuoted: {
      if (in.is_symbol("(", 1)) return parse_call(in);
      Expr e = make(Expr::Kind::kIdentifier, t);
      e.text = t.text;
      e.quoted = t.kind == TokenKind::kQuoted;
      in.advance();
      return e;
    }
    case TokenKind::kParameter: {
      Expr e = make(Expr::Kind::kParameter, t);
      e.parameter = in.take_parameter();
      in.advance();
      return e;
    }
    case TokenKind::kNumber:
    case TokenKind::kString: {
      Expr e = make(Expr::Kind::kLiteral, t);
      e.literal = t.kind == TokenKind::kNumber ? Expr::Literal::kNumber : Expr::Literal::kString;
      e.text = t.text;
      in.advance();
      return e;
    }
    case TokenKind::kSymbol:
      break;
    case TokenKind::kEnd:
      throw statement_error("Unexpected term");
  }
  if (t.text == "(") {
    Expr group = parse_collection(in, Expr::Kind::kList, ")", "Expected RIGHT_PAREN");
    if (group.children.empty()) throw statement_error("Expression group cannot be empty");
    if (group.children.size() == 1) return std::move(group.children[0]);
    return group;
  }
  if (t.text == "[") return parse_collection(in, Expr::Kind::kList, "]", "Expected RIGHT_BRACKET");
  if (t.text == "<<") {
    return parse_collection(in, Expr::Kind::kBag, ">>", "Expected RIGHT_DOUBLE_ANGLE_BRACKET");
  }
  if (t.text == "{") return parse_struct(in);
  static const char* const kOperators[] = {"+",  "-",  "/",  "%",  "=",  "<", ">",
                                           "<=", ">=", "<>", "!=", "||", "@"};
  for (const char* op : kOperators) {
    if (t.text == op) throw statement_error("Unexpected operator");
  }
  throw statement_error("Unexpected term");
}

}  // namespace

Expr parse_expression(TokenStream& in, int precedence) {
  const NestingGuard nested(in);
  Expr expr = parse_unary_term(in);
  while (!in.at_end()) {
    Infix op = infix_at(in);
    if (op.precedence == 0 || precedence >= op.precedence) break;
    const Token at = in.peek();
    for (int i = 0; i < op.tokens; ++i) in.advance();
    expr = parse_infix(in, std::move(expr), op, at);
  }
  return expr;
}

Expr parse_simple_path(TokenStream& in) {
  const Token& t = in.peek();
  if (t.kind != TokenKind::kIdentifier && t.kind != TokenKind::kQuoted) {
    throw statement_error("Expected identifier for simple path");
  }
  Expr root = make(Expr::Kind::kIdentifier, t);
  root.text = t.text;
  root.quoted = t.kind == TokenKind::kQuoted;
  in.advance();
  if (!in.is_symbol(".") && !in.is_symbol("[")) return root;
  Expr path = make(Expr::Kind::kPath, t);
  path.children.push_back(std::move(root));
  parse_path_steps(in, path);
  return path;
}

std::vector<Expr> parse_expression_list(TokenStream& in, const char* close) {
  std::vector<Expr> out;
  if (in.is_symbol(close)) return out;
  do {
    out.push_back(parse_expression(in));
  } while (in.symbol(","));
  return out;
}

}  // namespace dynamini::partiql
