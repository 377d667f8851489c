#include "ion_reader.h"

#include <stdexcept>
#include <vector>

#include "values/base64.h"
#include "values/value_check.h"

namespace dynamini {
namespace {

// Ion's brackets, named (a brace in a character literal confuses
// tools/check_function_length.py's brace count).
constexpr char kStructOpen = '{', kStructClose = '}';
constexpr std::string_view kBlobOpen = "{{", kBlobClose = "}}";

struct IonField;

struct IonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kSymbol, kBlob, kList, kStruct, kOther };
  Kind kind = Kind::kNull;
  std::string text;  // number (DynamoDB's N text), string, symbol, blob bytes
  bool boolean = false;
  std::vector<IonValue> elements;
  // A struct's fields. Their own type, not std::pair<std::string, IonValue>:
  // a pair may not hold a type that is still incomplete (clang's libstdc++
  // checks refuse it; the fuzz build is clang's).
  std::vector<IonField> fields;
  std::vector<std::string> annotations;
};

struct IonField {
  std::string name;
  IonValue value;
};

// Text that is not Ion: reading stops.
struct SyntaxError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : t_(text) {}
  size_t pos() const { return p_; }
  bool at_end() {
    skip_space();
    return p_ >= t_.size();
  }
  IonValue value();

 private:
  char peek(size_t ahead = 0) const { return p_ + ahead < t_.size() ? t_[p_ + ahead] : '\0'; }
  bool starts(std::string_view s) const { return t_.substr(p_, s.size()) == s; }
  void expect(char c) {
    skip_space();
    if (peek() != c) throw SyntaxError(std::string("expected '") + c + "'");
    ++p_;
  }
  void skip_space();
  std::string quoted(char quote);
  std::string long_string();
  std::string identifier();
  std::string token();
  std::string field_name();
  IonValue number(std::string text);
  IonValue blob();
  IonValue container(char close, bool is_struct);
  IonValue keyword_or_symbol(std::string word);

  std::string_view t_;
  size_t p_ = 0;
};

void Parser::skip_space() {
  while (p_ < t_.size()) {
    const char c = t_[p_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
      ++p_;
    } else if (starts("//")) {
      while (p_ < t_.size() && t_[p_] != '\n') ++p_;
    } else if (starts("/*")) {
      const size_t end = t_.find("*/", p_ + 2);
      if (end == std::string_view::npos) throw SyntaxError("unterminated comment");
      p_ = end + 2;
    } else {
      return;
    }
  }
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw SyntaxError("bad escape");
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The text after a backslash: Ion's escapes.
void escape(std::string_view t, size_t& p, std::string& out) {
  const char c = p < t.size() ? t[p++] : '\0';
  auto code = [&](int digits) {
    uint32_t cp = 0;
    for (int i = 0; i < digits; ++i) cp = cp * 16 + hex_digit(p < t.size() ? t[p++] : 'x');
    return cp;
  };
  switch (c) {
    case 'n':
      out.push_back('\n');
      return;
    case 't':
      out.push_back('\t');
      return;
    case 'r':
      out.push_back('\r');
      return;
    case '0':
      out.push_back('\0');
      return;
    case 'a':
      out.push_back('\a');
      return;
    case 'b':
      out.push_back('\b');
      return;
    case 'f':
      out.push_back('\f');
      return;
    case 'v':
      out.push_back('\v');
      return;
    case 'x':
      out.push_back(static_cast<char>(code(2)));
      return;
    case 'u':
      append_utf8(out, code(4));
      return;
    case 'U':
      append_utf8(out, code(8));
      return;
    case '\n':
      return;  // a line continuation
    case '"':
    case '\'':
    case '\\':
    case '/':
    case '?':
      out.push_back(c);
      return;
    default:
      throw SyntaxError("bad escape");
  }
}

std::string Parser::quoted(char quote) {
  ++p_;  // the opening quote
  std::string out;
  while (true) {
    if (p_ >= t_.size()) throw SyntaxError("unterminated string");
    const char c = t_[p_++];
    if (c == quote) return out;
    if (c == '\\') {
      escape(t_, p_, out);
    } else {
      out.push_back(c);
    }
  }
}

std::string Parser::long_string() {
  std::string out;
  while (true) {
    skip_space();
    if (!starts("'''")) return out;
    p_ += 3;
    while (!starts("'''")) {
      if (p_ >= t_.size()) throw SyntaxError("unterminated long string");
      const char c = t_[p_++];
      if (c == '\\') {
        escape(t_, p_, out);
      } else {
        out.push_back(c);
      }
    }
    p_ += 3;
  }
}

bool identifier_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
         (!first && c >= '0' && c <= '9');
}

std::string Parser::identifier() {
  const size_t begin = p_;
  while (p_ < t_.size() && identifier_char(t_[p_], p_ == begin)) ++p_;
  return std::string(t_.substr(begin, p_ - begin));
}

std::string Parser::token() {
  const size_t begin = p_;
  while (p_ < t_.size()) {
    const char c = t_[p_];
    const bool sign_after_exponent =
        (c == '+' || c == '-') && p_ > begin &&
        (t_[p_ - 1] == 'e' || t_[p_ - 1] == 'E' || t_[p_ - 1] == 'd' || t_[p_ - 1] == 'D');
    if (!(identifier_char(c, false) || c == '.' || c == ':' || sign_after_exponent ||
          (p_ == begin && (c == '-' || c == '+')) || (c == '-' && p_ > begin))) {
      break;
    }
    if (c == ':' && peek(1) == ':') break;
    ++p_;
  }
  return std::string(t_.substr(begin, p_ - begin));
}

// An int (decimal, 0x, 0b), decimal (103., 6d2, 1.5) or float (1.5e3) as
// DynamoDB's N text; a timestamp or nan/inf is no number of DynamoDB's.
IonValue Parser::number(std::string text) {
  IonValue v;
  std::string digits;
  for (char c : text) {
    if (c != '_') digits.push_back(c);
  }
  const bool negative = !digits.empty() && digits[0] == '-';
  const std::string body =
      negative || (!digits.empty() && digits[0] == '+') ? digits.substr(1) : digits;
  if (body.size() > 2 && body[0] == '0' &&
      (body[1] == 'x' || body[1] == 'X' || body[1] == 'b' || body[1] == 'B')) {
    const int base = (body[1] == 'x' || body[1] == 'X') ? 16 : 2;
    v.kind = IonValue::Kind::kNumber;
    v.text = (negative ? "-" : "") + std::to_string(std::stoull(body.substr(2), nullptr, base));
    return v;
  }
  if (body.find_first_of("T:") != std::string::npos || body.find('-') != std::string::npos ||
      body == "inf" || body == "nan") {
    v.kind = IonValue::Kind::kOther;  // a timestamp, or a special float
    v.text = "a timestamp or special float";
    return v;
  }
  for (char& c : digits) {
    if (c == 'd' || c == 'D') c = 'E';
  }
  if (!digits.empty() && digits.back() == '.') digits.pop_back();
  const size_t e = digits.find_first_of("eE");
  if (e != std::string::npos && e > 0 && digits[e - 1] == '.') digits.erase(e - 1, 1);
  v.kind = IonValue::Kind::kNumber;
  v.text = digits;
  return v;
}

IonValue Parser::blob() {
  p_ += kBlobOpen.size();
  skip_space();
  IonValue v;
  if (peek() == '"' || starts("'''")) {  // a clob
    v.kind = IonValue::Kind::kOther;
    v.text = "a clob";
  } else {
    v.kind = IonValue::Kind::kBlob;
  }
  std::string base64;
  while (!starts(kBlobClose)) {
    if (p_ >= t_.size()) throw SyntaxError("unterminated blob");
    const char c = t_[p_++];
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') base64.push_back(c);
  }
  p_ += kBlobClose.size();
  if (v.kind == IonValue::Kind::kBlob && !base64_decode(base64, &v.text)) {
    throw SyntaxError("bad base64 in a blob");
  }
  return v;
}

std::string Parser::field_name() {
  skip_space();
  if (peek() == '"') return quoted('"');
  if (starts("'''")) return long_string();
  if (peek() == '\'') return quoted('\'');
  if (identifier_char(peek(), true)) return identifier();
  throw SyntaxError("expected a field name");
}

IonValue Parser::container(char close, bool is_struct) {
  ++p_;  // the opening bracket
  IonValue v;
  v.kind = is_struct ? IonValue::Kind::kStruct : IonValue::Kind::kList;
  while (true) {
    skip_space();
    if (peek() == close) {
      ++p_;
      return v;
    }
    if (is_struct) {
      std::string name = field_name();
      expect(':');
      v.fields.push_back({std::move(name), value()});
    } else {
      v.elements.push_back(value());
    }
    skip_space();
    if (peek() == ',') {
      ++p_;
    } else if (peek() != close) {
      throw SyntaxError(std::string("expected ',' or '") + close + "'");
    }
  }
}

IonValue Parser::keyword_or_symbol(std::string word) {
  IonValue v;
  if (word == "true" || word == "false") {
    v.kind = IonValue::Kind::kBool;
    v.boolean = word == "true";
  } else if (word == "null") {
    v.kind = IonValue::Kind::kNull;
    if (peek() == '.') {  // a typed null: null.string, null.int, ...
      ++p_;
      identifier();
    }
  } else if (word == "nan") {
    v.kind = IonValue::Kind::kOther;
    v.text = "nan";
  } else {
    v.kind = IonValue::Kind::kSymbol;
    v.text = std::move(word);
  }
  return v;
}

IonValue Parser::value() {
  std::vector<std::string> annotations;
  while (true) {
    skip_space();
    const size_t start = p_;
    std::string word;
    if (peek() == '\'' && !starts("'''")) {
      word = quoted('\'');
    } else if (identifier_char(peek(), true)) {
      word = identifier();
    } else {
      break;
    }
    skip_space();
    if (starts("::")) {
      p_ += 2;
      annotations.push_back(std::move(word));
      continue;
    }
    IonValue v;
    if (t_[start] == '\'') {
      v.kind = IonValue::Kind::kSymbol;
      v.text = std::move(word);
    } else {
      v = keyword_or_symbol(std::move(word));
    }
    v.annotations = std::move(annotations);
    return v;
  }
  IonValue v;
  const char c = peek();
  if (starts(kBlobOpen)) {
    v = blob();
  } else if (c == kStructOpen) {
    v = container(kStructClose, true);
  } else if (c == '[') {
    v = container(']', false);
  } else if (c == '"') {
    v.kind = IonValue::Kind::kString;
    v.text = quoted('"');
  } else if (starts("'''")) {
    v.kind = IonValue::Kind::kString;
    v.text = long_string();
  } else if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
    v = number(token());
  } else if (c == '(') {
    throw SyntaxError("an s-expression");
  } else {
    throw SyntaxError("unexpected character");
  }
  v.annotations = std::move(annotations);
  return v;
}

// A value's DynamoDB form; throws std::runtime_error with the reason.
AttributeValue attribute_value(const IonValue& v);

AttributeValue set_value(const IonValue& v, const std::string& annotation) {
  AttributeValue out;
  out.type = annotation == "$dynamodb_SS"   ? ValueType::SS
             : annotation == "$dynamodb_NS" ? ValueType::NS
                                            : ValueType::BS;
  for (const auto& e : v.elements) {
    AttributeValue member = attribute_value(e);
    const ValueType expected = out.type == ValueType::SS   ? ValueType::S
                               : out.type == ValueType::NS ? ValueType::N
                                                           : ValueType::B;
    if (member.type != expected) throw std::runtime_error("a set member of another type");
    out.set.push_back(member.scalar);
  }
  return out;
}

AttributeValue attribute_value(const IonValue& v) {
  for (const auto& a : v.annotations) {
    if (v.kind == IonValue::Kind::kList &&
        (a == "$dynamodb_SS" || a == "$dynamodb_NS" || a == "$dynamodb_BS")) {
      return set_value(v, a);
    }
  }
  switch (v.kind) {
    case IonValue::Kind::kNull:
      return NUL();
    case IonValue::Kind::kBool:
      return BOOL(v.boolean);
    case IonValue::Kind::kNumber:
      return N(v.text);
    case IonValue::Kind::kString:
      return S(v.text);
    case IonValue::Kind::kBlob:
      return B(v.text);
    case IonValue::Kind::kList: {
      std::vector<AttributeValue> list;
      for (const auto& e : v.elements) list.push_back(attribute_value(e));
      return L(std::move(list));
    }
    case IonValue::Kind::kStruct: {
      Item members;
      for (const IonField& f : v.fields) members[f.name] = attribute_value(f.value);
      return M(std::move(members));
    }
    case IonValue::Kind::kSymbol:
      throw std::runtime_error("a symbol value");
    case IonValue::Kind::kOther:
      break;
  }
  throw std::runtime_error(v.text + ", which DynamoDB has no type for");
}

// The item of a top-level {Item:{...}}.
Item item_of(const IonValue& v) {
  if (v.kind != IonValue::Kind::kStruct) throw std::runtime_error("not a struct");
  for (const auto& [name, field] : v.fields) {
    if (name != "Item") continue;
    if (field.kind != IonValue::Kind::kStruct) throw std::runtime_error("Item is not a struct");
    Item item = attribute_value(field).map;
    if (auto why = item_problem(item, ValueLayer::kCurrent)) throw std::runtime_error(*why);
    return item;
  }
  throw std::runtime_error("no Item field");
}

}  // namespace

void for_each_ion_item(std::string_view text,
                       const std::function<void(Item item, size_t end)>& visit,
                       const std::function<void(size_t at, const std::string& why)>& error) {
  Parser parser(text);
  while (true) {
    size_t at = parser.pos();
    IonValue v;
    try {
      if (parser.at_end()) return;
      at = parser.pos();
      v = parser.value();
    } catch (const std::exception& e) {
      return error(at, std::string("text that is not Ion (") + e.what() + ")");
    }
    if (v.kind == IonValue::Kind::kSymbol && v.text == "$ion_1_0") continue;  // version marker
    // The Developer Guide's Ion import example ("Amazon S3 import formats
    // for DynamoDB") writes its items as one list of {Item:{...}} structs
    // after a single version marker: each element is an item.
    auto visit_item = [&](const IonValue& one) {
      try {
        visit(item_of(one), parser.pos());
      } catch (const std::exception& e) {
        error(at, e.what());
      }
    };
    if (v.kind == IonValue::Kind::kList && v.annotations.empty()) {
      for (const IonValue& one : v.elements) visit_item(one);
    } else {
      visit_item(v);
    }
  }
}

}  // namespace dynamini
