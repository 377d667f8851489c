#include "ops/partiql_read_branches.h"

#include <algorithm>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "ops/partiql_key_terms.h"

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

bool is_key(const std::string& name, const KeySchema& keys) {
  return name == keys.hash.name || (keys.range && name == keys.range->name);
}

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

// One branch's key conditions: the partition values (nullopt: the branch
// cannot be read by key, so the statement scans) and the sort alternatives.
struct BranchKeys {
  std::optional<std::vector<AttributeValue>> hashes;
  std::vector<std::optional<Condition>> sorts;
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
std::vector<std::optional<Condition>> sort_values(const Condition& c) {
  std::vector<std::optional<Condition>> out;
  if (c.kind == Kind::kIn && c.operands[0].is_path()) {
    for (size_t i = 1; i < c.operands.size(); ++i) {
      Condition equal;
      equal.op = "=";
      equal.operands = {c.operands[0], c.operands[i]};
      out.push_back(std::move(equal));
    }
  } else if (auto term = sort_key_term(c)) {
    out.push_back(std::move(term));
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

bool read_key_term(const Condition& c, const KeySchema& keys, BranchKeys& out) {
  const std::string* attribute = term_attribute(c);
  if (*attribute == keys.hash.name) {
    auto values = hash_values(c, keys.hash.name);
    return values && narrow(out.hashes, std::move(*values));
  }
  if (!out.sorts.empty()) return false;  // two sort key conditions
  out.sorts = sort_values(c);
  return !out.sorts.empty();
}

BranchKeys branch_keys(const Terms& terms, const KeySchema& keys) {
  BranchKeys out;
  for (const Condition* c : terms) {
    if (c->kind == Kind::kNot) {
      if (reads_key(*c, keys)) return {};  // key attributes under NOT
      out.filter.push_back(c);
      continue;
    }
    const std::string* attribute = term_attribute(*c);
    if (!attribute || !is_key(*attribute, keys)) {
      out.filter.push_back(c);
    } else if (!read_key_term(*c, keys, out)) {
      return {};
    }
  }
  if (out.sorts.empty()) out.sorts.emplace_back();
  return out;
}

bool ranges_meet(const RangeRead& a, const RangeRead& b) {
  auto below = [](const RangeRead& low, const RangeRead& high) {
    if (!low.lower || !high.upper) return true;
    if (*low.lower != *high.upper) return *low.lower < *high.upper;
    return low.lower_inclusive && high.upper_inclusive;
  };
  return below(a, b) && below(b, a);
}

void check_overlap(const std::vector<BranchRead>& reads) {
  std::vector<std::pair<std::string, RangeRead>> seen;
  for (const auto& read : reads) {
    RangeRead range;
    if (read.sort) apply_sort_bounds(*read.sort, range);
    const std::string hash = encode_key_value(read.hash);
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
  for (const auto& branch : branches) {
    keyed.push_back(branch_keys(branch, keys));
    if (!keyed.back().hashes) return out;
  }
  for (const auto& branch : keyed) {
    for (const auto& hash : *branch.hashes) {
      for (const auto& sort : branch.sorts) out.reads.push_back({hash, sort, branch.filter});
    }
  }
  if (out.reads.size() > kMaxReads || branches.size() > kMaxBranches) {
    throw validation_error("Too many decomposed read operations for a given query.");
  }
  check_overlap(out.reads);
  out.scan = false;
  return out;
}

void check_read_key_types(const Decomposition& d, const KeySchema& keys) {
  for (const auto& read : d.reads) {
    check_key_value(keys.hash.name, read.hash, keys, false);
    if (!read.sort) continue;
    for (size_t i = 1; i < read.sort->operands.size(); ++i) {
      check_key_value(keys.range->name, read.sort->operands[i].value, keys, false);
    }
  }
}

void apply_sort_bounds(const Condition& sort, RangeRead& read) {
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

}  // namespace dynamini::partiql
