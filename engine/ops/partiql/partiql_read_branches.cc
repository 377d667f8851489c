#include "partiql_read_branches.h"

#include <algorithm>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "partiql_key_terms.h"
#include "queries/key_condition_bounds.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;
using Terms = std::vector<const Condition*>;

// DynamoDB runs at most this many reads for one statement (recorded: 51
// partition values, 51 sort key values, or 26 x 2, are refused).
constexpr size_t kMaxReads = 50;
// Branches beyond this are not expanded: so many reads are refused anyway,
// unless a branch scans, which the first ones already show.
constexpr size_t kMaxBranches = 256;

// Every key attribute counts, all of a multi-attribute key's.
bool is_key(const std::string& name, const KeySchema& keys) { return keys.find(name) != nullptr; }

// Whether a term, or any term under its ANDs, ORs and NOTs, reads a key.
bool reads_key(const Condition& c, const KeySchema& keys) {
  if (c.kind == Kind::kAnd || c.kind == Kind::kOr || c.kind == Kind::kNot) {
    return std::any_of(c.children.begin(), c.children.end(),
                       [&](const Condition& child) { return reads_key(child, keys); });
  }
  const std::string* attribute = term_attribute(c);
  return attribute && is_key(*attribute, keys);
}

void flatten(const Condition* c, Kind kind, Terms& out) {
  if (c->kind == kind) {
    flatten(&c->children[0], kind, out);
    flatten(&c->children[1], kind, out);
  } else {
    out.push_back(c);
  }
}

// The branches of a conjunction: its first OR that reads a key is
// distributed, each alternative's terms taking the OR's place.
void expand(const Terms& terms, const KeySchema& keys, std::vector<Terms>& out) {
  auto split = std::find_if(terms.begin(), terms.end(), [&](const Condition* c) {
    return c->kind == Kind::kOr && reads_key(*c, keys);
  });
  if (split == terms.end()) {
    out.push_back(terms);
    return;
  }
  Terms alternatives;
  flatten(*split, Kind::kOr, alternatives);
  for (const Condition* alternative : alternatives) {
    if (out.size() > kMaxBranches) return;
    Terms next(terms.begin(), split);
    flatten(alternative, Kind::kAnd, next);
    next.insert(next.end(), split + 1, terms.end());
    expand(next, keys, out);
  }
}

// A sort key term a key condition can express, written with the path first.
std::optional<Condition> sort_key_term(const Condition& c) {
  if (c.kind == Kind::kBetween || (c.kind == Kind::kFunction && c.op == "begins_with")) {
    if (c.operands[0].kind != Operand::Kind::kPath) return std::nullopt;
    return c;
  }
  if (c.kind != Kind::kCompare || c.op == "<>") return std::nullopt;
  if (c.operands[0].kind == Operand::Kind::kPath) return c;
  static const std::pair<const char*, const char*> kFlipped[] = {
      {"=", "="}, {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
  Condition flipped = c;
  std::swap(flipped.operands[0], flipped.operands[1]);
  for (const auto& [op, reversed] : kFlipped) {
    if (c.op == op) flipped.op = reversed;
  }
  return flipped;
}

// One branch's key conditions: per HASH attribute, in key-schema order, the
// values it may have (nullopt: none named yet); per RANGE attribute its
// alternatives (IN: one equality per value; none: no condition).
struct BranchKeys {
  std::vector<std::optional<std::vector<AttributeValue>>> hashes;
  std::vector<std::vector<Condition>> sorts;
  Terms filter;
};

// The values `pk = v` or `pk IN [...]` allow, kept in order, or nullopt.
std::optional<std::vector<AttributeValue>> hash_values(const Condition& c,
                                                       const std::string& hash) {
  if (const AttributeValue* v = equality_value(c, hash)) return std::vector<AttributeValue>{*v};
  if (c.kind != Kind::kIn || !c.operands[0].is_path()) return std::nullopt;
  std::vector<AttributeValue> out;
  for (size_t i = 1; i < c.operands.size(); ++i) out.push_back(c.operands[i].value);
  return out;
}

// The sort alternatives a term allows (IN: one equality per value), or
// nothing when a key condition cannot express it.
std::vector<Condition> sort_values(const Condition& c) {
  std::vector<Condition> out;
  if (c.kind == Kind::kIn && c.operands[0].is_path()) {
    for (size_t i = 1; i < c.operands.size(); ++i) {
      Condition equal;
      equal.op = "=";
      equal.operands = {c.operands[0], c.operands[i]};
      out.push_back(std::move(equal));
    }
  } else if (auto term = sort_key_term(c)) {
    out.push_back(std::move(*term));
  }
  return out;
}

// Narrows `hashes` to the values also in `values` (a second condition on the
// partition key); an empty result cannot be read by key.
bool narrow(std::optional<std::vector<AttributeValue>>& hashes,
            std::vector<AttributeValue> values) {
  if (!hashes) {
    hashes = std::move(values);
    return true;
  }
  std::vector<AttributeValue> kept;
  for (const auto& h : *hashes) {
    if (std::find(values.begin(), values.end(), h) != values.end()) kept.push_back(h);
  }
  hashes = std::move(kept);
  return !hashes->empty();
}

// The position of the attribute `name` among `elements`, or elements.size().
size_t position(const KeyElementList& elements, const std::string& name) {
  size_t i = 0;
  while (i < elements.size() && elements[i]->name != name) ++i;
  return i;
}

// False when the term makes the branch unreadable by key.
bool read_key_term(const Condition& c, const KeySchema& keys, BranchKeys& out) {
  const std::string& attribute = *term_attribute(c);
  const size_t h = position(keys.hash_elements(), attribute);
  if (h < out.hashes.size()) {
    auto values = hash_values(c, attribute);
    return values && narrow(out.hashes[h], std::move(*values));
  }
  std::vector<Condition>& sorts = out.sorts[position(keys.range_elements(), attribute)];
  if (!sorts.empty()) return false;  // two conditions on one sort key attribute
  sorts = sort_values(c);
  return !sorts.empty();
}

bool is_equality(const Condition& c) { return c.kind == Kind::kCompare && c.op == "="; }

// Query's rule for the RANGE attributes (queries/key_condition_bounds.h):
// conditions on a prefix of them, with no gap, all equalities but the last.
// The attributes after the prefix are dropped from `sorts`.
bool range_prefix(std::vector<std::vector<Condition>>& sorts) {
  size_t conditioned = sorts.size();
  while (conditioned > 0 && sorts[conditioned - 1].empty()) --conditioned;
  sorts.resize(conditioned);
  for (size_t i = 0; i + 1 < conditioned; ++i) {
    if (sorts[i].empty() || !std::all_of(sorts[i].begin(), sorts[i].end(), is_equality)) {
      return false;
    }
  }
  return true;
}

// nullopt: the branch cannot be read by key, so the statement scans.
std::optional<BranchKeys> branch_keys(const Terms& terms, const KeySchema& keys) {
  BranchKeys out;
  out.hashes.resize(keys.hash_elements().size());
  out.sorts.resize(keys.range_elements().size());
  for (const Condition* c : terms) {
    if (c->kind == Kind::kNot) {
      if (reads_key(*c, keys)) return std::nullopt;  // key attributes under NOT
      out.filter.push_back(c);
      continue;
    }
    const std::string* attribute = term_attribute(*c);
    if (!attribute || !is_key(*attribute, keys)) {
      out.filter.push_back(c);
    } else if (!read_key_term(*c, keys, out)) {
      return std::nullopt;
    }
  }
  for (const auto& values : out.hashes) {
    if (!values) return std::nullopt;  // a HASH attribute not named
  }
  if (!range_prefix(out.sorts)) return std::nullopt;
  return out;
}

// Every choice of one element from each list, the first list's varying
// slowest (no lists: one empty choice).
template <typename T>
std::vector<std::vector<T>> combinations(const std::vector<std::vector<T>>& lists) {
  std::vector<std::vector<T>> out(1);
  for (const auto& list : lists) {
    std::vector<std::vector<T>> next;
    for (const auto& prefix : out) {
      for (const auto& element : list) {
        next.push_back(prefix);
        next.back().push_back(element);
      }
    }
    out = std::move(next);
  }
  return out;
}

// How many reads a branch makes, counted no further than kMaxReads + 1.
size_t read_count(const BranchKeys& branch) {
  size_t count = 1;
  auto times = [&](size_t n) { count = std::min(count * n, kMaxReads + 1); };
  for (const auto& values : branch.hashes) times(values->size());
  for (const auto& sorts : branch.sorts) times(sorts.size());
  return count;
}

void add_reads(const BranchKeys& branch, std::vector<BranchRead>& reads) {
  std::vector<std::vector<AttributeValue>> hashes;
  for (const auto& values : branch.hashes) hashes.push_back(*values);
  for (auto& hash : combinations(hashes)) {
    for (auto& sort : combinations(branch.sorts)) reads.push_back({hash, sort, branch.filter});
  }
}

bool ranges_meet(const RangeRead& a, const RangeRead& b) {
  auto below = [](const RangeRead& low, const RangeRead& high) {
    if (!low.lower || !high.upper) return true;
    if (*low.lower != *high.upper) return *low.lower < *high.upper;
    return low.lower_inclusive && high.upper_inclusive;
  };
  return below(a, b) && below(b, a);
}

void check_overlap(const std::vector<BranchRead>& reads, const KeySchema& keys) {
  std::vector<std::pair<std::string, RangeRead>> seen;
  for (const auto& read : reads) {
    RangeRead range;
    apply_sort_bounds(read.sort, keys, range);
    const std::string hash = encode_partition(read.hash);
    for (const auto& [other_hash, other] : seen) {
      if (other_hash == hash && ranges_meet(range, other)) {
        throw validation_error(
            "Overlapping conditions with range keys are not supported in where clause");
      }
    }
    seen.emplace_back(hash, std::move(range));
  }
}

}  // namespace

Decomposition decompose(const std::optional<Condition>& where, const KeySchema& keys) {
  Decomposition out;
  if (!where) return out;
  std::vector<Terms> branches;
  expand(conjuncts(where), keys, branches);
  std::vector<BranchKeys> keyed;
  size_t count = 0;
  for (const auto& branch : branches) {
    std::optional<BranchKeys> k = branch_keys(branch, keys);
    if (!k) return out;
    count = std::min(count + read_count(*k), kMaxReads + 1);
    keyed.push_back(std::move(*k));
  }
  if (count > kMaxReads || branches.size() > kMaxBranches) {
    throw validation_error("Too many decomposed read operations for a given query.");
  }
  for (const auto& branch : keyed) add_reads(branch, out.reads);
  check_overlap(out.reads, keys);
  out.scan = false;
  return out;
}

void check_read_key_types(const Decomposition& d, const KeySchema& keys) {
  const auto hash = keys.hash_elements();
  const auto range = keys.range_elements();
  for (const auto& read : d.reads) {
    for (size_t i = 0; i < hash.size(); ++i) {
      check_key_value(hash[i]->name, read.hash[i], keys, false);
    }
    for (size_t i = 0; i < read.sort.size(); ++i) {
      for (size_t k = 1; k < read.sort[i].operands.size(); ++k) {
        check_key_value(range[i]->name, read.sort[i].operands[k].value, keys, false);
      }
    }
  }
}

std::string encode_partition(const std::vector<AttributeValue>& hash) {
  std::vector<const AttributeValue*> values;
  for (const auto& v : hash) values.push_back(&v);
  return encode_key_part(values);
}

namespace {

// One sort key condition (path first, then values) as a key condition term.
expr::KeyConditionTerm key_condition_term(const Condition& c) {
  using Op = expr::KeyConditionTerm::Op;
  expr::KeyConditionTerm term;
  term.attribute = c.operands[0].path[0].name;
  for (size_t i = 1; i < c.operands.size(); ++i) term.operands.push_back(c.operands[i].value);
  if (c.kind == Kind::kBetween) {
    term.op = Op::kBetween;
  } else if (c.kind == Kind::kFunction) {
    term.op = Op::kBeginsWith;
  } else {
    static const std::pair<const char*, Op> kOps[] = {
        {"=", Op::kEq}, {"<", Op::kLt}, {"<=", Op::kLe}, {">", Op::kGt}, {">=", Op::kGe}};
    for (const auto& [op, value] : kOps) {
      if (c.op == op) term.op = value;
    }
  }
  return term;
}

// A one-attribute sort key's condition as bounds on encode_key_value.
void apply_single_sort_bounds(const Condition& sort, RangeRead& read) {
  const std::string a = encode_key_value(sort.operands[1].value);
  if (sort.kind == Kind::kBetween) {
    read.lower = a;
    read.upper = encode_key_value(sort.operands[2].value);
  } else if (sort.kind == Kind::kFunction) {  // begins_with
    read.lower = a;
    std::string upper = prefix_upper_bound(a);
    if (!upper.empty()) {
      read.upper = upper;
      read.upper_inclusive = false;
    }
  } else if (sort.op == "=") {
    read.lower = a;
    read.upper = a;
  } else if (sort.op == "<" || sort.op == "<=") {
    read.upper = a;
    read.upper_inclusive = sort.op == "<=";
  } else {
    read.lower = a;
    read.lower_inclusive = sort.op == ">=";
  }
}

}  // namespace

void apply_sort_bounds(const std::vector<Condition>& sort, const KeySchema& keys, RangeRead& read) {
  if (sort.empty()) return;
  if (keys.range_elements().size() == 1) {
    apply_single_sort_bounds(sort[0], read);
    return;
  }
  // A multi-attribute sort key: the equalities before the last condition
  // fix a prefix of components (Query's bounds, queries/key_condition_bounds.h).
  std::string prefix;
  for (size_t i = 0; i + 1 < sort.size(); ++i) {
    append_key_component(prefix, sort[i].operands[1].value);
  }
  // Every read is filtered by the whole WHERE clause, so bounds need only
  // hold every item that can match: begins_with on a number, which matches
  // none (expressions/condition.cc), may read anything.
  apply_composite_range_bounds(key_condition_term(sort.back()), prefix, read);
}

}  // namespace dynamini::partiql
