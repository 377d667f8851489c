#include "expression_generator.h"

#include <array>
#include <string_view>

namespace dynamini::fuzz {
namespace {

// Names and values of the sample item and attributes in fuzz_bodies.cc,
// plus names that are reserved words or undefined placeholders.
constexpr std::array<std::string_view, 22> kNames = {
    "a",  "b",  "c",  "s",  "ns", "bs",     "bin",    "m",    "n",   "l",   "pk",
    "sk", "#a", "#b", "#c", "#s", "#undef", "status", "SIZE", "AND", "x_y", "deep"};
constexpr std::array<std::string_view, 8> kValues = {":s",  ":n", ":l", ":ss",
                                                     ":ns", ":b", ":t", ":x"};
constexpr std::array<std::string_view, 7> kIndexes = {"0",  "1",           "2", "3",
                                                      "-1", "99999999999", "00"};
constexpr std::array<std::string_view, 6> kComparators = {"=", "<>", "<", "<=", ">", ">="};
// What a mutation puts in place of a token.
constexpr std::array<std::string_view, 16> kStray = {
    "(", ")", ",", ".", "[", "]", ":", "#", "AND", "=", "SET", "size", "\xff", "\"", "+", ""};

// Choices read from the fuzz bytes; 0 once they run out.
class Choices {
 public:
  Choices(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  unsigned pick(unsigned n) {
    if (n <= 1 || at_ >= size_) return 0;
    return data_[at_++] % n;
  }
  bool exhausted() const { return at_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

class Writer {
 public:
  explicit Writer(Choices& choices) : c_(choices) {}
  std::string take() { return std::move(out_); }

  void condition(int depth);
  void update();
  void projection();
  void key_condition();

 private:
  static constexpr int kMaxDepth = 6;

  // Emits one token, separated by a space; about one in 32 is mutated.
  void token(std::string_view t) {
    switch (c_.pick(32) == 31 ? c_.pick(3) : 3) {
      case 0:
        return;  // dropped
      case 1:
        put(t);  // doubled
        break;
      case 2:
        t = kStray[c_.pick(kStray.size())];  // replaced
        break;
      default:
        break;
    }
    put(t);
  }
  void put(std::string_view t) {
    if (!out_.empty()) out_ += ' ';
    out_ += t;
  }
  // A path's steps are glued without spaces ("a.b[1]"), as users write them.
  void path() {
    token(kNames[c_.pick(kNames.size())]);
    for (unsigned steps = c_.pick(4); steps > 0 && !c_.exhausted(); --steps) {
      if (c_.pick(2) == 0) {
        out_ += '.';
        out_ += kNames[c_.pick(kNames.size())];
      } else {
        out_ += '[';
        out_ += kIndexes[c_.pick(kIndexes.size())];
        out_ += ']';
      }
    }
  }
  void value() { token(kValues[c_.pick(kValues.size())]); }
  void operand() {
    switch (c_.pick(3)) {
      case 0:
        return path();
      case 1:
        return value();
      default:
        token("size");
        token("(");
        path();
        token(")");
    }
  }
  void function();
  void set_action();
  void clause(std::string_view keyword);

  Choices& c_;
  std::string out_;
};

void Writer::function() {
  switch (c_.pick(6)) {
    case 0:
      token("attribute_exists");
      token("(");
      path();
      break;
    case 1:
      token("attribute_not_exists");
      token("(");
      path();
      break;
    case 2:
      token("attribute_type");
      token("(");
      path();
      token(",");
      value();
      break;
    case 3:
      token("begins_with");
      token("(");
      operand();
      token(",");
      operand();
      break;
    case 4:
      token("contains");
      token("(");
      operand();
      token(",");
      operand();
      break;
    default:
      token("size");
      token("(");
      path();
      token(")");
      token(kComparators[c_.pick(kComparators.size())]);
      operand();
      return;
  }
  token(")");
}

void Writer::condition(int depth) {
  const unsigned kind = depth >= kMaxDepth || c_.exhausted() ? c_.pick(2) : c_.pick(9);
  switch (kind) {
    case 0:
      operand();
      token(kComparators[c_.pick(kComparators.size())]);
      operand();
      return;
    case 1:
      return function();
    case 2:
      operand();
      token("BETWEEN");
      operand();
      token("AND");
      operand();
      return;
    case 3: {
      operand();
      token("IN");
      token("(");
      // Up to 101 candidates: DynamoDB allows 100.
      const unsigned n = c_.pick(8) == 7 ? 101 : 1 + c_.pick(5);
      for (unsigned i = 0; i < n; ++i) {
        if (i > 0) token(",");
        operand();
      }
      token(")");
      return;
    }
    case 4:
      token("NOT");
      return condition(depth + 1);
    case 5:
    case 6:
      condition(depth + 1);
      token(kind == 5 ? "AND" : "OR");
      return condition(depth + 1);
    case 7: {
      token("(");
      condition(depth + 1);
      token(")");
      return;
    }
    default: {
      // Deep parentheses, past any nesting limit.
      const unsigned n = 1 + c_.pick(64) * 4;
      for (unsigned i = 0; i < n; ++i) out_ += '(';
      condition(kMaxDepth);
      for (unsigned i = 0; i < n; ++i) out_ += ')';
    }
  }
}

void Writer::set_action() {
  path();
  token("=");
  switch (c_.pick(5)) {
    case 0:
      return operand();
    case 1:
    case 2:
      operand();
      token(c_.pick(2) == 0 ? "+" : "-");
      return operand();
    case 3:
      token("if_not_exists");
      token("(");
      path();
      token(",");
      operand();
      token(")");
      return;
    default:
      token("list_append");
      token("(");
      operand();
      token(",");
      operand();
      token(")");
  }
}

void Writer::clause(std::string_view keyword) {
  token(keyword);
  const unsigned actions = 1 + c_.pick(3);
  for (unsigned i = 0; i < actions; ++i) {
    if (i > 0) token(",");
    if (keyword == "SET") {
      set_action();
    } else {
      path();
      if (keyword != "REMOVE") value();
    }
  }
}

void Writer::update() {
  static constexpr std::array<std::string_view, 4> kClauses = {"SET", "REMOVE", "ADD", "DELETE"};
  const unsigned clauses = 1 + c_.pick(4);
  for (unsigned i = 0; i < clauses; ++i) clause(kClauses[c_.pick(kClauses.size())]);
}

void Writer::projection() {
  const unsigned paths = 1 + c_.pick(5);
  for (unsigned i = 0; i < paths; ++i) {
    if (i > 0) token(",");
    path();
  }
}

void Writer::key_condition() {
  // The partition key's equality and an optional sort key condition, in
  // either order, on the fuzz table's key names or others.
  auto hash = [&] {
    token(c_.pick(4) == 3 ? kNames[c_.pick(kNames.size())] : "pk");
    token(c_.pick(4) == 3 ? kComparators[c_.pick(kComparators.size())] : "=");
    value();
  };
  auto range = [&] {
    const std::string_view name = c_.pick(4) == 3 ? kNames[c_.pick(kNames.size())] : "sk";
    switch (c_.pick(3)) {
      case 0:
        token(name);
        token(kComparators[c_.pick(kComparators.size())]);
        return value();
      case 1:
        token(name);
        token("BETWEEN");
        value();
        token("AND");
        return value();
      default:
        token("begins_with");
        token("(");
        token(name);
        token(",");
        value();
        token(")");
    }
  };
  const unsigned shape = c_.pick(4);
  if (shape == 3) {
    range();
    token("AND");
    return hash();
  }
  hash();
  if (shape > 0) {
    token("AND");
    range();
  }
}

}  // namespace

GeneratedExpression generate_expression(const uint8_t* data, size_t size) {
  GeneratedExpression out;
  if (size == 0) return out;
  out.grammar = static_cast<Grammar>(data[0] % 4);
  Choices choices(data + 1, size - 1);
  Writer writer(choices);
  switch (out.grammar) {
    case Grammar::kCondition:
      writer.condition(0);
      break;
    case Grammar::kUpdate:
      writer.update();
      break;
    case Grammar::kProjection:
      writer.projection();
      break;
    case Grammar::kKeyCondition:
      writer.key_condition();
      break;
  }
  out.text = writer.take();
  return out;
}

}  // namespace dynamini::fuzz
