#include "triggers/filter_pattern.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace dynamini::triggers {
namespace {

using Value = rapidjson::Value;

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view text(const Value& v) { return {v.GetString(), v.GetStringLength()}; }

// The number a value stands for: a JSON number, or an N's string.
bool number_of(const Value& v, bool under_n, double& out) {
  if (v.IsNumber()) {
    out = v.GetDouble();
    return true;
  }
  if (!under_n || !v.IsString()) return false;
  try {
    size_t used = 0;
    out = std::stod(std::string(text(v)), &used);
    return used == v.GetStringLength();
  } catch (const std::exception&) {
    return false;
  }
}

bool compare(std::string_view op, double value, double bound) {
  if (op == "=") return value == bound;
  if (op == "<") return value < bound;
  if (op == "<=") return value <= bound;
  if (op == ">") return value > bound;
  if (op == ">=") return value >= bound;
  return false;
}

bool numeric_matches(const Value& spec, const Value& v, bool under_n) {
  double number = 0;
  if (!number_of(v, under_n, number)) return false;
  for (rapidjson::SizeType i = 0; i + 1 < spec.Size(); i += 2) {
    if (!compare(text(spec[i]), number, spec[i + 1].GetDouble())) return false;
  }
  return true;
}

bool string_op_matches(std::string_view op, const Value& operand, const Value& v) {
  if (!v.IsString()) return false;
  std::string_view s = text(v);
  if (operand.IsObject()) {  // {"prefix": {"equals-ignore-case": "x"}}
    std::string_view x = text(operand.MemberBegin()->value);
    return s.size() >= x.size() &&
           iequals(op == "suffix" ? s.substr(s.size() - x.size()) : s.substr(0, x.size()), x);
  }
  std::string_view x = text(operand);
  if (op == "prefix") return s.starts_with(x);
  if (op == "suffix") return s.ends_with(x);
  return iequals(s, x);  // equals-ignore-case
}

bool literal_matches(const Value& literal, const Value& v) {
  if (literal.IsNull()) return v.IsNull();
  if (literal.IsString()) return v.IsString() && text(v) == text(literal);
  if (literal.IsBool()) return v.IsBool() && v.GetBool() == literal.GetBool();
  if (literal.IsNumber()) return v.IsNumber() && v.GetDouble() == literal.GetDouble();
  return false;
}

bool matcher_matches(const Value& m, const Value* v, bool under_n);

bool anything_but_matches(const Value& operand, const Value& v, bool under_n) {
  if (operand.IsArray()) {
    for (const auto& each : operand.GetArray()) {
      if (literal_matches(each, v)) return false;
    }
    return true;
  }
  if (operand.IsObject()) return !matcher_matches(operand, &v, under_n);
  return !literal_matches(operand, v);
}

// One alternative of a leaf array against the record's value (null: absent).
bool matcher_matches(const Value& m, const Value* v, bool under_n) {
  if (!m.IsObject()) return v != nullptr && literal_matches(m, *v);
  const auto& [name, operand] = *m.MemberBegin();
  const std::string_view op = text(name);
  if (op == "exists") return operand.GetBool() == (v != nullptr);
  if (v == nullptr) return false;
  if (op == "numeric") return numeric_matches(operand, *v, under_n);
  if (op == "anything-but") return anything_but_matches(operand, *v, under_n);
  return string_op_matches(op, operand, *v);
}

bool leaf_matches(const Value& alternatives, const Value* v, bool under_n) {
  for (const auto& m : alternatives.GetArray()) {
    if (v != nullptr && v->IsArray()) {
      for (const auto& element : v->GetArray()) {
        if (matcher_matches(m, &element, under_n)) return true;
      }
    } else if (matcher_matches(m, v, under_n)) {
      return true;
    }
  }
  return false;
}

bool object_matches(const Value& pattern, const Value* record) {
  for (const auto& [name, spec] : pattern.GetObject()) {
    if (text(name) == "$or") {
      bool any = false;
      for (const auto& alternative : spec.GetArray())
        any = any || object_matches(alternative, record);
      if (!any) return false;
      continue;
    }
    const Value* child = nullptr;
    if (record != nullptr && record->IsObject()) {
      auto it = record->FindMember(name);
      if (it != record->MemberEnd()) child = &it->value;
    }
    const bool ok = spec.IsObject() ? object_matches(spec, child)
                                    : leaf_matches(spec, child, text(name) == "N");
    if (!ok) return false;
  }
  return true;
}

[[noreturn]] void invalid(const std::string& why) {
  throw std::invalid_argument("invalid filter pattern: " + why);
}

void check_matcher(const Value& m) {
  if (!m.IsObject()) {
    if (m.IsArray() || m.IsObject()) invalid("a leaf lists values or operator objects");
    return;
  }
  if (m.MemberCount() != 1) invalid("an operator object has exactly one member");
  const auto& [name, operand] = *m.MemberBegin();
  const std::string_view op = text(name);
  if (op == "exists") {
    if (!operand.IsBool()) invalid("\"exists\" takes true or false");
  } else if (op == "numeric") {
    const bool shape = operand.IsArray() && (operand.Size() == 2 || operand.Size() == 4);
    if (!shape) invalid("\"numeric\" takes [op, number] or [op, number, op, number]");
    for (rapidjson::SizeType i = 0; i < operand.Size(); i += 2) {
      const bool op_ok =
          operand[i].IsString() &&
          (text(operand[i]) == "=" || text(operand[i]) == "<" || text(operand[i]) == "<=" ||
           text(operand[i]) == ">" || text(operand[i]) == ">=");
      if (!op_ok || !operand[i + 1].IsNumber()) invalid("\"numeric\" takes =, <, <=, > or >=");
    }
  } else if (op == "anything-but") {
    if (operand.IsObject()) check_matcher(operand);
  } else if (op == "prefix" || op == "suffix" || op == "equals-ignore-case") {
    const bool ok =
        operand.IsString() ||
        (op != "equals-ignore-case" && operand.IsObject() && operand.MemberCount() == 1 &&
         text(operand.MemberBegin()->name) == "equals-ignore-case" &&
         operand.MemberBegin()->value.IsString());
    if (!ok) invalid("\"" + std::string(op) + "\" takes a string");
  } else {
    invalid("unknown operator \"" + std::string(op) + "\"");
  }
}

void check_object(const Value& pattern) {
  for (const auto& [name, spec] : pattern.GetObject()) {
    if (text(name) == "$or") {
      if (!spec.IsArray() || spec.Empty()) invalid("\"$or\" takes a list of patterns");
      for (const auto& alternative : spec.GetArray()) {
        if (!alternative.IsObject()) invalid("\"$or\" takes a list of patterns");
        check_object(alternative);
      }
    } else if (spec.IsObject()) {
      check_object(spec);
    } else if (spec.IsArray()) {
      if (spec.Empty()) invalid("a leaf's list of values is empty");
      for (const auto& m : spec.GetArray()) check_matcher(m);
    } else {
      invalid("\"" + std::string(text(name)) + "\" must be an object or a list of values");
    }
  }
}

}  // namespace

FilterPattern FilterPattern::parse(std::string_view pattern_json) {
  auto doc = std::make_shared<rapidjson::Document>();
  doc->Parse(pattern_json.data(), pattern_json.size());
  if (doc->HasParseError() || !doc->IsObject()) invalid("not a JSON object");
  check_object(*doc);
  FilterPattern pattern;
  pattern.pattern_ = std::move(doc);
  return pattern;
}

bool FilterPattern::matches(const rapidjson::Value& record) const {
  return object_matches(*pattern_, &record);
}

bool matches_any(const std::vector<FilterPattern>& patterns, std::string_view record_json) {
  if (patterns.empty()) return true;
  rapidjson::Document record;
  record.Parse(record_json.data(), record_json.size());
  if (record.HasParseError()) return false;
  for (const auto& pattern : patterns) {
    if (pattern.matches(record)) return true;
  }
  return false;
}

}  // namespace dynamini::triggers
