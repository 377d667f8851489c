#include "partiql/parser.h"

#include <strings.h>

#include <climits>

#include "partiql/lexer.h"
#include "partiql/statement_errors.h"
#include "values/number.h"

namespace dynamini::partiql {
namespace {

class Parser {
 public:
  Parser(std::vector<Token> tokens, const std::vector<AttributeValue>& parameters)
      : tokens_(std::move(tokens)), parameters_(parameters) {}

  Statement statement() {
    Statement out;
    if (keyword("SELECT")) {
      out = select();
    } else if (keyword("INSERT")) {
      out = insert();
    } else if (keyword("UPDATE")) {
      out = update();
    } else if (keyword("DELETE")) {
      out = remove();
    } else {
      throw statement_error("Expected data manipulation");
    }
    if (peek().kind != TokenKind::kEnd) throw statement_error("Unexpected token after expression");
    // Only too few Parameters are refused; extra ones are ignored (DynamoDB
    // Local's PartiQL front end, recorded: "too many parameters").
    return out;
  }

 private:
  static ApiError parameter_mismatch() {
    return validation_error("Number of parameters in request and statement don't match.");
  }
  const Token& peek(size_t ahead = 0) const {
    size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  bool is_keyword(const Token& t, const char* word) const {
    return t.kind == TokenKind::kIdentifier && strcasecmp(t.text.c_str(), word) == 0;
  }
  bool keyword(const char* word) {
    if (!is_keyword(peek(), word)) return false;
    ++pos_;
    return true;
  }
  void expect_keyword(const char* word) {
    if (!keyword(word))
      throw statement_error(std::string("Expected ") + word + ", found " + peek().text);
  }
  bool symbol(const char* s) {
    if (peek().kind != TokenKind::kSymbol || peek().text != s) return false;
    ++pos_;
    return true;
  }
  void expect_symbol(const char* s) {
    if (!symbol(s)) throw statement_error(std::string("Expected ") + s + ", found " + peek().text);
  }
  std::string name() {
    const Token& t = peek();
    if (t.kind != TokenKind::kIdentifier && t.kind != TokenKind::kQuoted) {
      throw statement_error("Expected identifier for simple path");
    }
    ++pos_;
    return t.text;
  }

  Select select() {
    Select s;
    if (!symbol("*")) {
      do {
        s.projection.push_back(path());
      } while (symbol(","));
    }
    expect_keyword("FROM");
    s.table = name();
    if (symbol(".")) s.index = name();
    if (keyword("WHERE")) s.where = condition();
    return s;
  }

  Insert insert() {
    expect_keyword("INTO");
    Insert i;
    i.table = name();
    expect_keyword("VALUE");
    AttributeValue v = value();
    if (v.type != ValueType::M) throw statement_error("Expected a tuple in VALUE");
    i.item = std::move(v.map);
    return i;
  }

  Update update() {
    Update u;
    u.table = name();
    bool any = false;
    while (true) {
      if (keyword("SET")) {
        do {
          SetAction a;
          a.path = path();
          expect_symbol("=");
          a.first = operand();
          if (symbol("+")) {
            a.op = '+';
          } else if (symbol("-")) {
            a.op = '-';
          }
          if (a.op) a.second = operand();
          u.sets.push_back(std::move(a));
        } while (symbol(","));
        any = true;
      } else if (keyword("REMOVE")) {
        do {
          u.removes.push_back(path());
        } while (symbol(","));
        any = true;
      } else {
        break;
      }
    }
    if (!any) throw statement_error("Expected SET or REMOVE");
    if (keyword("WHERE")) u.where = condition();
    return u;
  }

  Delete remove() {
    expect_keyword("FROM");
    Delete d;
    d.table = name();
    if (keyword("WHERE")) d.where = condition();
    return d;
  }

  // A list index: digits only (a number such as 1.5 or 1e3 is refused like
  // any other token there); one past INT_MAX names no element, as in
  // expressions (expressions/parser.cc to_index), rather than overflowing
  // (found by tests/fuzz partiql: `l[1111111111111111111111111]`).
  static int list_index(const std::string& digits) {
    long long v = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') {
        throw statement_error("Expected a list index or a member name in brackets");
      }
      v = v * 10 + (c - '0');
      if (v > INT_MAX) return INT_MAX;
    }
    return static_cast<int>(v);
  }

  expr::Path path() {
    expr::Path p;
    p.push_back({name(), -1});
    while (true) {
      if (symbol(".")) {
        p.push_back({name(), -1});
      } else if (symbol("[")) {
        const Token& t = peek();
        if (t.kind == TokenKind::kNumber) {
          p.push_back({"", list_index(t.text)});
        } else if (t.kind == TokenKind::kString) {
          p.push_back({t.text, -1});
        } else {
          throw statement_error("Expected a list index or a member name in brackets");
        }
        ++pos_;
        expect_symbol("]");
      } else {
        return p;
      }
    }
  }

  AttributeValue parameter() {
    if (next_parameter_ >= parameters_.size()) throw parameter_mismatch();
    return parameters_[next_parameter_++];
  }

  // A literal value (or a parameter).
  AttributeValue value() {
    const Token& t = peek();
    if (t.kind == TokenKind::kParameter) {
      ++pos_;
      return parameter();
    }
    if (t.kind == TokenKind::kString) {
      ++pos_;
      return AttributeValue::string(t.text);
    }
    bool negative = false;
    if (t.kind == TokenKind::kSymbol && t.text == "-" && peek(1).kind == TokenKind::kNumber) {
      negative = true;
      ++pos_;
    }
    if (peek().kind == TokenKind::kNumber) {
      std::string text = (negative ? "-" : "") + peek().text;
      ++pos_;
      return AttributeValue::number(Number::parse_or_throw(text));
    }
    if (keyword("TRUE")) return AttributeValue::boolean_value(true);
    if (keyword("FALSE")) return AttributeValue::boolean_value(false);
    if (keyword("NULL")) return AttributeValue::null();
    if (symbol("[")) {
      AttributeValue list;
      list.type = ValueType::L;
      if (!symbol("]")) {
        do {
          list.list.push_back(value());
        } while (symbol(","));
        expect_symbol("]");
      }
      return list;
    }
    if (symbol("{")) {
      AttributeValue map;
      map.type = ValueType::M;
      if (!symbol("}")) {
        do {
          const Token& key = peek();
          if (key.kind != TokenKind::kString && key.kind != TokenKind::kQuoted &&
              key.kind != TokenKind::kIdentifier) {
            throw statement_error("Expected a string as a tuple key");
          }
          std::string k = key.text;
          ++pos_;
          expect_symbol(":");
          map.map[k] = value();
        } while (symbol(","));
        expect_symbol("}");
      }
      return map;
    }
    if (symbol("<<")) {
      std::vector<AttributeValue> members;
      if (!symbol(">>")) {
        do {
          // A bag holds literals only: a parameter in it is refused.
          if (peek().kind == TokenKind::kParameter) throw unsupported_in_bag();
          members.push_back(value());
        } while (symbol(","));
        expect_symbol(">>");
      }
      return make_set(members);
    }
    throw statement_error("Expected a value, found " + t.text);
  }

  // Bag literals, with the messages of DynamoDB's PartiQL layer
  // (ddb.partiql.shared ValidationExceptionMessages EMPTY_BAG,
  // UNSUPPORTED_DATA_TYPE_IN_BAG): strings or numbers, one type, no duplicates.
  static ApiError unsupported_in_bag() {
    return validation_error(
        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
  }
  static AttributeValue make_set(const std::vector<AttributeValue>& members) {
    if (members.empty()) throw validation_error("Empty bags are not supported");
    AttributeValue set;
    ValueType member_type = members.front().type;
    if (member_type == ValueType::S) {
      set.type = ValueType::SS;
    } else if (member_type == ValueType::N) {
      set.type = ValueType::NS;
    } else {
      throw unsupported_in_bag();
    }
    for (const auto& m : members) {
      if (m.type != member_type) throw unsupported_in_bag();
      bool dup = false;
      for (const auto& e : set.set) {
        if (member_type == ValueType::N ? Number::parse_or_throw(e).compare(m.as_number()) == 0
                                        : e == m.scalar)
          dup = true;
      }
      if (dup) throw validation_error("Input collection contains duplicates");
      set.set.push_back(m.scalar);
    }
    return set;
  }

  Operand operand() {
    Operand o;
    const Token& t = peek();
    if ((t.kind == TokenKind::kIdentifier && !is_keyword(t, "TRUE") && !is_keyword(t, "FALSE") &&
         !is_keyword(t, "NULL")) ||
        t.kind == TokenKind::kQuoted) {
      o.is_path = true;
      o.path = path();
      return o;
    }
    o.value = value();
    return o;
  }

  Condition condition() {
    Condition left = conjunction();
    while (keyword("OR")) {
      Condition c;
      c.kind = Condition::Kind::kOr;
      c.children.push_back(std::move(left));
      c.children.push_back(conjunction());
      left = std::move(c);
    }
    return left;
  }

  Condition conjunction() {
    Condition left = negation();
    while (keyword("AND")) {
      Condition c;
      c.kind = Condition::Kind::kAnd;
      c.children.push_back(std::move(left));
      c.children.push_back(negation());
      left = std::move(c);
    }
    return left;
  }

  Condition negation() {
    if (keyword("NOT")) {
      Condition c;
      c.kind = Condition::Kind::kNot;
      c.children.push_back(negation());
      return c;
    }
    return primary();
  }

  Condition primary() {
    if (symbol("(")) {
      Condition c = condition();
      expect_symbol(")");
      return c;
    }
    const Token& t = peek();
    if (t.kind == TokenKind::kIdentifier && peek(1).kind == TokenKind::kSymbol &&
        peek(1).text == "(") {
      static const char* kFunctions[] = {"begins_with", "contains", "attribute_type",
                                         "attribute_exists", "attribute_not_exists"};
      std::string fn;
      for (const char* f : kFunctions) {
        if (strcasecmp(t.text.c_str(), f) == 0) fn = f;
      }
      if (fn.empty()) throw statement_error("Unsupported function: " + t.text);
      pos_ += 2;
      Condition c;
      c.kind = Condition::Kind::kFunction;
      c.op = fn;
      do {
        c.operands.push_back(operand());
      } while (symbol(","));
      expect_symbol(")");
      size_t want = (fn == "attribute_exists" || fn == "attribute_not_exists") ? 1 : 2;
      if (c.operands.size() != want || !c.operands[0].is_path) {
        throw statement_error("Incorrect arguments for function " + fn);
      }
      return c;
    }
    Operand subject = operand();
    Condition c;
    if (keyword("BETWEEN")) {
      c.kind = Condition::Kind::kBetween;
      c.operands.push_back(std::move(subject));
      c.operands.push_back(operand());
      expect_keyword("AND");
      c.operands.push_back(operand());
      return c;
    }
    if (keyword("IN")) {
      c.kind = Condition::Kind::kIn;
      c.operands.push_back(std::move(subject));
      const char* close = symbol("(") ? ")" : (expect_symbol("["), "]");
      do {
        c.operands.push_back(operand());
      } while (symbol(","));
      expect_symbol(close);
      return c;
    }
    if (keyword("IS")) {
      bool negated = keyword("NOT");
      if (keyword("MISSING")) {
        if (!subject.is_path) throw statement_error("IS MISSING applies to a path");
        c.kind = Condition::Kind::kMissing;
        c.negated = negated;
        c.operands.push_back(std::move(subject));
        return c;
      }
      if (keyword("NULL")) {
        // x IS NULL: x holds the NULL type.
        if (!subject.is_path) throw statement_error("IS NULL applies to a path");
        c.kind = Condition::Kind::kFunction;
        c.op = "attribute_type";
        c.operands.push_back(std::move(subject));
        Operand type;
        type.value = AttributeValue::string("NULL");
        c.operands.push_back(std::move(type));
        if (!negated) return c;
        Condition n;
        n.kind = Condition::Kind::kNot;
        n.children.push_back(std::move(c));
        return n;
      }
      throw statement_error("Expected MISSING or NULL after IS");
    }
    static const char* kOps[] = {"=", "<>", "!=", "<=", ">=", "<", ">"};
    for (const char* op : kOps) {
      if (symbol(op)) {
        c.kind = Condition::Kind::kCompare;
        c.op = std::string(op) == "!=" ? "<>" : op;
        c.operands.push_back(std::move(subject));
        c.operands.push_back(operand());
        return c;
      }
    }
    throw statement_error("Expected a comparison, found " + peek().text);
  }

  std::vector<Token> tokens_;
  const std::vector<AttributeValue>& parameters_;
  size_t pos_ = 0;
  size_t next_parameter_ = 0;
};

}  // namespace

Statement parse(std::string_view statement, const std::vector<AttributeValue>& parameters) {
  return Parser(tokenize(statement), parameters).statement();
}

}  // namespace dynamini::partiql
