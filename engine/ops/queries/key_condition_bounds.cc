#include "queries/key_condition_bounds.h"

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "queries/pagination.h"

namespace dynamini {
namespace {

using Term = expr::KeyConditionTerm;

const Term* term_on(const std::vector<Term>& terms, const std::string& attribute) {
  for (const auto& t : terms)
    if (t.attribute == attribute) return &t;
  return nullptr;
}

// dynalite actions/query.js, recorded against DynamoDB.
void check_between_bounds(const Term& term) {
  const AttributeValue& low = term.operands.at(0);
  const AttributeValue& high = term.operands.at(1);
  const bool reversed = low.type == ValueType::N ? low.as_number().compare(high.as_number()) > 0
                                                 : encode_key_value(low) > encode_key_value(high);
  if (!reversed) return;
  throw validation_error(
      "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
      "than or equal to lower bound; lower bound operand: AttributeValue: {" +
      std::string(type_name(low.type)) + ":" + low.scalar + "}, upper bound operand: " +
      "AttributeValue: {" + type_name(high.type) + ":" + high.scalar + "}");
}

void check_begins_with_operand(const KeyElement& element) {
  if (element.type != ValueType::N) return;
  throw validation_error(
      "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
      "operator or function: begins_with, operand type: N");
}

// Everything starting with `prefix` is below the bound (none: no upper bound).
void set_upper_below_prefix(const std::string& prefix, RangeRead& read) {
  std::string upper = prefix_upper_bound(prefix);
  if (upper.empty()) return;
  read.upper = std::move(upper);
  read.upper_inclusive = false;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

// Equality on every HASH attribute, in key-schema order; their blob.
std::string partition_of(const std::vector<Term>& terms, const KeySchema& keys, const Item* start) {
  std::vector<const AttributeValue*> values;
  for (const KeyElement* e : keys.hash_elements()) {
    if (start) check_start_key_element(*start, *e);
    const Term* t = term_on(terms, e->name);
    if (!t) throw validation_error("Query condition missed key schema element: " + e->name);
    for (const auto& v : t->operands) check_condition_type(v, *e);
    if (t->op != Term::Op::kEq) throw validation_error("Query key condition not supported");
    values.push_back(&t->operands.at(0));
  }
  return encode_key_part(values);
}

// A condition on an attribute that is not a key of the index: as for a
// one-attribute key, the first RANGE attribute without a condition is the
// one reported missing (not confirmed for multi-attribute keys).
void check_only_key_attributes(const std::vector<Term>& terms, const KeySchema& keys) {
  for (const Term& t : terms) {
    if (keys.find(t.attribute)) continue;
    for (const KeyElement* e : keys.range_elements()) {
      if (!term_on(terms, e->name)) {
        throw validation_error("Query condition missed key schema element: " + e->name);
      }
    }
    throw validation_error("Query key condition not supported");
  }
}

// The RANGE attributes before the last one with a condition need equalities
// (the message recorded from DynamoDB names one attribute, e.g. "RANGE key
// attributes b must have equality conditions specified in the query because a
// condition is present on key attribute c"; with several lacking, listing
// them all, comma-separated, is not confirmed).
void check_range_prefix(const std::vector<Term>& terms, const KeyElementList& range, size_t last) {
  std::vector<std::string> lacking;
  for (size_t i = 0; i < last; ++i) {
    const Term* t = term_on(terms, range[i]->name);
    if (!t || t->op != Term::Op::kEq) lacking.push_back(range[i]->name);
  }
  if (lacking.empty()) return;
  throw validation_error("RANGE key attributes " + joined(lacking) +
                         " must have equality conditions specified in the query because a "
                         "condition is present on key attribute " +
                         range[last]->name);
}

}  // namespace

void check_condition_type(const AttributeValue& value, const KeyElement& element) {
  if (value.type == element.type) return;
  throw validation_error(
      "One or more parameter values were invalid: Condition parameter type does not match "
      "schema type");
}

void apply_single_range_term(const Term& term, const KeyElement& element, RangeRead& read) {
  std::string a = encode_key_value(term.operands.at(0));
  switch (term.op) {
    case Term::Op::kEq:
      read.lower = a;
      read.upper = a;
      return;
    case Term::Op::kLt:
      read.upper = a;
      read.upper_inclusive = false;
      return;
    case Term::Op::kLe:
      read.upper = a;
      return;
    case Term::Op::kGt:
      read.lower = a;
      read.lower_inclusive = false;
      return;
    case Term::Op::kGe:
      read.lower = a;
      return;
    case Term::Op::kBetween:
      check_between_bounds(term);
      read.lower = a;
      read.upper = encode_key_value(term.operands.at(1));
      return;
    case Term::Op::kBeginsWith:
      check_begins_with_operand(element);
      read.lower = a;
      set_upper_below_prefix(a, read);
      return;
  }
}

void apply_composite_range_bounds(const Term& term, const std::string& prefix, RangeRead& read) {
  auto with = [&](const AttributeValue& value) {
    std::string out = prefix;
    append_key_component(out, value);
    return out;
  };
  const AttributeValue& value = term.operands.at(0);
  switch (term.op) {
    case Term::Op::kEq:
      read.lower = with(value);
      set_upper_below_prefix(*read.lower, read);
      return;
    case Term::Op::kLt:
    case Term::Op::kLe:
      if (!prefix.empty()) read.lower = prefix;
      if (term.op == Term::Op::kLe) {
        set_upper_below_prefix(with(value), read);
      } else {
        read.upper = with(value);
        read.upper_inclusive = false;
      }
      return;
    case Term::Op::kGt:
    case Term::Op::kGe:
      read.lower = term.op == Term::Op::kGe ? with(value) : prefix_upper_bound(with(value));
      if (!prefix.empty()) set_upper_below_prefix(prefix, read);
      return;
    case Term::Op::kBetween:
      read.lower = with(value);
      set_upper_below_prefix(with(term.operands.at(1)), read);
      return;
    case Term::Op::kBeginsWith: {
      std::string start = prefix;
      append_key_component_prefix(start, value);
      read.lower = start;
      set_upper_below_prefix(start, read);
      return;
    }
  }
}

void apply_multi_attribute_key_condition(const std::vector<Term>& terms, const KeySchema& keys,
                                         const Item* start, RangeRead& read) {
  read.hash = partition_of(terms, keys, start);
  check_only_key_attributes(terms, keys);
  const KeyElementList range = keys.range_elements();
  if (start) {
    for (const KeyElement* e : range) check_start_key_element(*start, *e);
  }
  size_t conditioned = 0;  // one past the last RANGE attribute with a condition
  for (size_t i = 0; i < range.size(); ++i) {
    if (term_on(terms, range[i]->name)) conditioned = i + 1;
  }
  if (conditioned == 0) return;
  const size_t last = conditioned - 1;
  check_range_prefix(terms, range, last);
  for (size_t i = 0; i <= last; ++i) {
    for (const auto& v : term_on(terms, range[i]->name)->operands) {
      check_condition_type(v, *range[i]);
    }
  }
  const Term& last_term = *term_on(terms, range[last]->name);
  if (range.size() == 1) {
    apply_single_range_term(last_term, *range[0], read);
    return;
  }
  std::string prefix;
  for (size_t i = 0; i < last; ++i) {
    append_key_component(prefix, term_on(terms, range[i]->name)->operands.at(0));
  }
  if (last_term.op == Term::Op::kBetween) check_between_bounds(last_term);
  if (last_term.op == Term::Op::kBeginsWith) check_begins_with_operand(*range[last]);
  apply_composite_range_bounds(last_term, prefix, read);
}

}  // namespace dynamini
