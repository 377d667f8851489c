// Planning a PartiQL SELECT (ops/partiql/partiql_translate.h): the reads its WHERE
// clause decomposes into (ops/partiql/partiql_read_branches.h), or a scan, each read
// filtered by the whole WHERE; ORDER BY; what an index can serve.

#include <algorithm>
#include <functional>

#include "dynamini/api_error.h"
#include "partiql/expression_text.h"
#include "partiql_key_terms.h"
#include "partiql_read_branches.h"
#include "partiql_translate.h"
#include "queries/index_projection.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;

// DynamoDB Local's nonOptionalHashExists: the partition key is compared with
// a value whichever branch of an OR holds (on a multi-attribute key, each of
// its HASH attributes: apply_order_by).
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
// each read's and the order of one partition's reads, the partition key's the
// partitions' order. On a multi-attribute key (not confirmed against
// DynamoDB) every HASH attribute must be named; any HASH attribute orders the
// partitions by all of them, any RANGE attribute the reads by the whole sort
// key, in key-schema order.
void apply_order_by(const Select& select, const KeySchema& keys, ReadPlan& plan) {
  if (select.order_by.empty()) return;
  if (!select.where) {
    throw validation_error("Must have WHERE clause in the statement when using ORDER BY clause.");
  }
  const auto hash = keys.hash_elements();
  for (const KeyElement* e : hash) {
    if (names_partition(*select.where, e->name)) continue;
    throw validation_error(
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
  }
  std::optional<bool> hash_descending;
  for (const auto& key : select.order_by) {
    const KeyElement* e = keys.find(key.attribute);
    if (!e) {
      throw validation_error("Variable reference " + key.attribute +
                             " in ORDER BY clause must be part of the primary key");
    }
    if (std::find(hash.begin(), hash.end(), e) != hash.end()) {
      hash_descending = key.descending;
    } else {
      plan.forward = !key.descending;
    }
  }
  const bool several =
      std::any_of(plan.partitions.begin(), plan.partitions.end(),
                  [&](const PartitionRead& p) { return !(p.hash == plan.partitions[0].hash); });
  if (several && !hash_descending) {
    throw validation_error(
        "Must have hash key in ORDER BY clause when more than one hash key condition specified "
        "in WHERE clause.");
  }
  auto lower = [&](const PartitionRead& p) {
    RangeRead range;
    apply_sort_bounds(p.sort, keys, range);
    return range.lower.value_or(std::string());
  };
  std::stable_sort(plan.partitions.begin(), plan.partitions.end(),
                   [&](const PartitionRead& a, const PartitionRead& b) {
                     const std::string x = encode_partition(a.hash);
                     const std::string y = encode_partition(b.hash);
                     if (x != y) return hash_descending && (*hash_descending ? y < x : x < y);
                     return plan.forward ? lower(a) < lower(b) : lower(b) < lower(a);
                   });
}

// The top-level attributes a branch's filter reads, its last term's first
// (recorded: "gsiPk='y' AND b='1' AND (a='2' OR projattr='3')" names [a, b]).
std::vector<std::string> filter_names(const BranchRead& read) {
  std::vector<std::string> out;
  std::function<void(const Condition&)> collect = [&](const Condition& c) {
    for (const auto& o : c.operands) {
      if (o.kind != Operand::Kind::kPath || o.path.empty() || o.path[0].index >= 0) continue;
      if (std::find(out.begin(), out.end(), o.path[0].name) == out.end()) {
        out.push_back(o.path[0].name);
      }
    }
    for (const auto& child : c.children) collect(child);
  };
  for (auto it = read.filter.rbegin(); it != read.filter.rend(); ++it) collect(**it);
  return out;
}

// A read keyed on an index refuses filter attributes the index does not
// hold, but only when every read does: recorded against DynamoDB (floci's
// DynamoDbPartiQLEdgeCaseIntegrationTest), "(gsiPk='y' AND projattr='1') OR
// (gsiPk='z' AND aa='1')" runs, "(gsiPk='b' AND u1='1') OR (gsiPk='q' AND
// u2='1')" is refused naming u2, the greater partition's (dynamini's reading
// of the two recorded answers).
void check_filter_reach(const TableDef& table, const IndexDef& index,
                        const std::vector<BranchRead>& reads) {
  std::vector<std::string> reported;
  std::string reported_hash;
  for (const auto& read : reads) {
    std::vector<std::string> missing;
    for (const auto& name : filter_names(read)) {
      if (!index_projects(table, index, name)) missing.push_back(name);
    }
    if (missing.empty()) return;
    const std::string hash = encode_partition(read.hash);
    if (reported.empty() || hash >= reported_hash) {
      reported = std::move(missing);
      reported_hash = hash;
    }
  }
  if (reported.empty()) return;
  std::string list;
  for (size_t i = 0; i < reported.size(); ++i) list += (i ? ", " : "") + reported[i];
  throw validation_error("One or more parameter values were invalid: Secondary index " +
                         index.name + " does not project one or more filter attributes: [" + list +
                         "]");
}

// What an index cannot serve (dynoxide, captured against DynamoDB): a GSI
// refuses projected attributes it does not hold, an LSI fetches them.
void check_projection_reach(const Select& select, const TableDef& table, ReadPlan& plan) {
  std::vector<std::string> names;
  for (const auto& p : select.projection) {
    if (!p.empty() && p[0].index < 0) names.push_back(p[0].name);
  }
  if (names.empty()) return;
  expr::Projection projection = expr::Projection::of_names(names);
  plan.fetch_from_table = index_read_needs_table(table, plan.index, &projection);
}

const IndexDef* find_index(const Select& select, const TableDef& table, bool consistent) {
  if (!select.index) return nullptr;
  const IndexDef* index = table.find_index(*select.index);
  // Recorded against DynamoDB (paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/indexReads.test.ts): no index name in the
  // message, checked before the consistent read.
  // A vector index is read with SearchVectors only (nubo-db/
  // dynamodb-conformance tests/tier2/vectorSearch/partiql.test.ts, recorded
  // against DynamoDB, eu-west-2, 2026-08-11).
  if (!index && table.find_vector_index(*select.index)) {
    throw validation_error("Scan operation not supported on this index type");
  }
  if (!index) throw validation_error("The table does not have the specified index");
  if (consistent && index->global) {
    throw validation_error("Strongly consistent read is not supported on Global Secondary Indexes");
  }
  return index;
}

}  // namespace

ReadPlan plan_select(const Select& select, const TableDef& table, bool consistent) {
  ReadPlan plan;
  plan.index = find_index(select, table, consistent);
  const KeySchema& keys = plan.index ? plan.index->keys : table.keys;
  Decomposition d = decompose(select.where, keys);
  check_read_key_types(d, keys);
  for (auto& read : d.reads) plan.partitions.push_back({read.hash, read.sort});
  apply_order_by(select, keys, plan);
  if (plan.index) {
    check_projection_reach(select, table, plan);
    if (!d.scan) check_filter_reach(table, *plan.index, d.reads);
  }
  if (select.where) plan.filter = to_condition({&*select.where});
  plan.projection = select.projection;
  return plan;
}

std::optional<Item> select_key(const Select& select, const TableDef& table) {
  if (select.index) return std::nullopt;
  Decomposition d = decompose(select.where, table.keys);
  if (d.scan || d.reads.size() != 1 || !d.reads[0].filter.empty()) return std::nullopt;
  const BranchRead& read = d.reads[0];
  const auto hash = table.keys.hash_elements();
  const auto range = table.keys.range_elements();
  if (read.sort.size() != range.size()) return std::nullopt;
  Item key;
  for (size_t i = 0; i < hash.size(); ++i) key[hash[i]->name] = read.hash[i];
  for (size_t i = 0; i < range.size(); ++i) {
    const Condition& sort = read.sort[i];
    if (sort.kind != Kind::kCompare || sort.op != "=") return std::nullopt;
    key[range[i]->name] = sort.operands[1].value;
  }
  return key;
}

}  // namespace dynamini::partiql
