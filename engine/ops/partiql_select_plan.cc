// Planning a PartiQL SELECT (ops/partiql_translate.h): which partitions to
// read, or a scan. The partition key read by equality (and a sort key
// condition a key condition can express) makes a partition read, as DynamoDB
// Local's SelectStatementTranslator extracts them; anything else reading a
// key attribute (<> on the sort key, NOT on a key, a non-equality on the
// partition key) makes it scan with the whole WHERE as its filter. The
// Developer Guide ("PartiQL select statements for DynamoDB") adds that
// `pk IN [...]` and `pk = a OR pk = b` read partitions rather than scan: each
// named partition is read in turn, filtered by the whole WHERE.

#include <algorithm>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "ops/index_projection.h"
#include "partiql/expression_text.h"
#include "ops/partiql_key_terms.h"
#include "ops/partiql_translate.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;

// DynamoDB reads at most this many partitions for one statement (Developer
// Guide, "PartiQL arithmetic, comparison, and logical operators": IN takes
// at most 50 partition key values).
constexpr size_t kMaxPartitions = 50;

// A sort key term a key condition can express (=, <, <=, >, >=, BETWEEN,
// begins_with against values), written with the path first.
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

struct Split {
  bool scan = false;
  std::vector<AttributeValue> hashes;
  std::optional<Condition> sort;
  std::vector<const Condition*> filter;
};

// One conjunct naming the partition key: an equality, or IN with values.
bool take_hash_term(const Condition& c, const std::string& hash, Split& s) {
  if (const AttributeValue* v = equality_value(c, hash)) {
    if (!s.hashes.empty() && !(s.hashes.size() == 1 && s.hashes[0] == *v)) return false;
    s.hashes = {*v};
    return true;
  }
  if (c.kind == Kind::kIn && s.hashes.empty()) {
    for (size_t i = 1; i < c.operands.size(); ++i) s.hashes.push_back(c.operands[i].value);
    return true;
  }
  return false;
}

Split split_conjuncts(const std::optional<Condition>& where, const KeySchema& keys) {
  Split s;
  for (const Condition* c : conjuncts(where)) {
    const Condition* term = c->kind == Kind::kNot ? &c->children[0] : c;
    const std::string* attribute = term_attribute(*term);
    const bool key = attribute && (*attribute == keys.hash.name ||
                                   (keys.range && *attribute == keys.range->name));
    if (!key) {
      s.filter.push_back(c);
    } else if (c->kind == Kind::kNot) {
      s.scan = true;  // "Key attributes associated with a NOT operator"
    } else if (*attribute == keys.hash.name) {
      s.scan |= !take_hash_term(*c, keys.hash.name, s);
    } else if (auto sort = sort_key_term(*c); sort && !s.sort) {
      s.sort = std::move(sort);
    } else {
      s.scan = true;  // "Condition on range key ... is not valid condition"
    }
  }
  s.scan |= s.hashes.empty();
  return s;
}

// `pk = a OR pk = b ...`: every branch names one partition.
std::vector<AttributeValue> or_partitions(const Condition& where, const std::string& hash) {
  std::vector<const Condition*> branches{&where};
  std::vector<AttributeValue> out;
  for (size_t i = 0; i < branches.size(); ++i) {
    const Condition* b = branches[i];
    if (b->kind == Kind::kOr) {
      branches.push_back(&b->children[0]);
      branches.push_back(&b->children[1]);
      continue;
    }
    const AttributeValue* value = nullptr;
    for (const Condition* c : conjuncts(*b)) value = value ? value : equality_value(*c, hash);
    if (!value) return {};
    out.push_back(*value);
  }
  return out;
}

// DynamoDB Local's nonOptionalHashExists: the partition key is compared with
// a value whichever branch of an OR holds.
bool names_partition(const Condition& c, const std::string& hash) {
  switch (c.kind) {
    case Kind::kOr:
      return names_partition(c.children[0], hash) && names_partition(c.children[1], hash);
    case Kind::kAnd:
      return names_partition(c.children[0], hash) || names_partition(c.children[1], hash);
    case Kind::kNot:
      return false;
    default: {
      const std::string* attribute = term_attribute(c);
      return attribute && *attribute == hash && c.operands.size() > 1;
    }
  }
}

// ORDER BY (DynamoDB Local's SelectStatementTranslator and its messages):
// on key attributes, with the partition named; the sort key's direction sets
// the read's, the partition key's the partitions' order.
void apply_order_by(const Select& select, const KeySchema& keys, ReadPlan& plan) {
  if (select.order_by.empty()) return;
  if (!select.where) {
    throw validation_error("Must have WHERE clause in the statement when using ORDER BY clause.");
  }
  if (!names_partition(*select.where, keys.hash.name)) {
    throw validation_error(
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
  }
  std::optional<bool> hash_descending;
  for (const auto& key : select.order_by) {
    if (key.attribute == keys.hash.name) {
      hash_descending = key.descending;
    } else if (keys.range && key.attribute == keys.range->name) {
      plan.forward = !key.descending;
    } else {
      throw validation_error("Variable reference " + key.attribute +
                             " in ORDER BY clause must be part of the primary key");
    }
  }
  if (plan.partitions.size() > 1 && !hash_descending) {
    throw validation_error(
        "Must have hash key in ORDER BY clause when more than one hash key condition specified "
        "in WHERE clause.");
  }
  if (hash_descending) {
    std::stable_sort(plan.partitions.begin(), plan.partitions.end(),
                     [&](const PartitionRead& a, const PartitionRead& b) {
                       const std::string x = encode_key_value(a.hash);
                       const std::string y = encode_key_value(b.hash);
                       return *hash_descending ? y < x : x < y;
                     });
  }
}

void collect_names(const Condition& c, std::vector<std::string>& out) {
  for (const auto& o : c.operands) {
    if (o.kind != Operand::Kind::kPath || o.path.empty() || o.path[0].index >= 0) continue;
    if (std::find(out.begin(), out.end(), o.path[0].name) == out.end()) {
      out.push_back(o.path[0].name);
    }
  }
  for (const auto& child : c.children) collect_names(child, out);
}

// What an index cannot serve (dynoxide, captured against DynamoDB): a GSI
// refuses projected attributes it does not hold, an LSI fetches them; a read
// keyed on the index's partition refuses filter attributes it does not hold.
void check_index_reach(const Select& select, const TableDef& table, bool keyed, ReadPlan& plan) {
  if (!plan.index) return;
  std::vector<std::string> names;
  for (const auto& p : select.projection) {
    if (!p.empty() && p[0].index < 0) names.push_back(p[0].name);
  }
  if (!names.empty()) {
    expr::Projection projection = expr::Projection::of_names(names);
    plan.fetch_from_table = index_read_needs_table(table, plan.index, &projection);
  }
  if (!keyed || !select.where) return;
  std::vector<std::string> used, missing;
  collect_names(*select.where, used);
  for (const auto& name : used) {
    if (!index_projects(table, *plan.index, name)) missing.push_back(name);
  }
  if (missing.empty()) return;
  std::string list;
  for (size_t i = 0; i < missing.size(); ++i) list += (i ? ", " : "") + missing[i];
  throw validation_error("One or more parameter values were invalid: Secondary index " +
                         plan.index->name + " does not project one or more filter attributes: [" +
                         list + "]");
}

}  // namespace

ReadPlan plan_select(const Select& select, const TableDef& table, bool consistent) {
  ReadPlan plan;
  if (select.index) {
    plan.index = table.find_index(*select.index);
    // Recorded against DynamoDB (paritysuite/dynamodb-conformance
    // tests/tier3/error-messages/indexReads.test.ts): no index name in the
    // message, checked before the consistent read.
    if (!plan.index) throw validation_error("The table does not have the specified index");
    if (consistent && plan.index->global) {
      throw validation_error(
          "Strongly consistent read is not supported on Global Secondary Indexes");
    }
  }
  const KeySchema& keys = plan.index ? plan.index->keys : table.keys;
  Split split = split_conjuncts(select.where, keys);
  if (split.scan && select.where && select.where->kind == Kind::kOr) {
    split.hashes = or_partitions(*select.where, keys.hash.name);
    split.scan = split.hashes.empty();
    split.sort.reset();
    split.filter = {&*select.where};
  }
  if (split.scan) {
    split.sort.reset();
    split.filter.clear();
    if (select.where) split.filter.push_back(&*select.where);
  }
  if (!split.scan) {
    if (split.hashes.size() > kMaxPartitions) {
      throw validation_error("Too many decomposed read operations for a given query.");
    }
    for (const auto& hash : split.hashes) {
      check_key_value(keys.hash.name, hash, keys, false);
      auto duplicate = std::find_if(plan.partitions.begin(), plan.partitions.end(),
                                    [&](const PartitionRead& p) { return p.hash == hash; });
      if (duplicate == plan.partitions.end()) plan.partitions.push_back({hash, split.sort});
    }
    if (split.sort) {
      for (size_t i = 1; i < split.sort->operands.size(); ++i) {
        check_key_value(keys.range->name, split.sort->operands[i].value, keys, false);
      }
    }
  }
  apply_order_by(select, keys, plan);
  const bool keyed = !split.scan && select.where && select.where->kind != Kind::kOr;
  check_index_reach(select, table, keyed, plan);
  if (!split.filter.empty()) plan.filter = to_condition(split.filter);
  plan.projection = select.projection;
  return plan;
}

std::optional<Item> select_key(const Select& select, const TableDef& table) {
  if (select.index || !select.where) return std::nullopt;
  try {
    ExtractedKey key = extract_item_key(select.where, table.keys);
    if (!key.rest.empty()) return std::nullopt;
    return key.key;
  } catch (const ApiError&) {
    return std::nullopt;
  }
}

}  // namespace dynamini::partiql
