#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "keys/key_encoding.h"
#include "operation/consumed_capacity.h"
#include "operation/expression_inputs.h"
#include "operation/key_paths.h"
#include "operation/operations.h"
#include "queries/index_projection.h"
#include "queries/key_condition_bounds.h"
#include "queries/pagination.h"

namespace dynamini {
namespace {

using Term = expr::KeyConditionTerm;

// Maps the parsed key condition onto the partition and sort key of the table
// or index, with DynamoDB's messages for conditions that do not fit. Each key
// element is checked in schema order, its ExclusiveStartKey attribute first
// (dynalite actions/query.js, recorded against DynamoDB). Multi-attribute
// keys: queries/key_condition_bounds.h.
void apply_key_condition(const std::vector<Term>& terms, const KeySchema& keys, const Item* start,
                         bool from_expression, RangeRead& read) {
  // More conditions than key attributes: a KeyConditionExpression is counted
  // against the schema (paritysuite/dynamodb-conformance tests/tier3/
  // error-messages/queryKeyConditionOperands.test.ts, eu-west-2, October
  // 2026); legacy KeyConditions keep dynalite's recorded words (test/query.js).
  const size_t key_attributes = keys.elements().size();
  if (from_expression && terms.size() > key_attributes) {
    throw validation_error("The number of query conditions (" + std::to_string(terms.size()) +
                           ") exceeds the number of key attributes defined in the schema (" +
                           std::to_string(key_attributes) + ")");
  }
  if (terms.size() > 2 && !keys.multi_attribute()) {
    throw validation_error("Conditions can be of length 1 or 2 only");
  }
  if (keys.multi_attribute()) {
    apply_multi_attribute_key_condition(terms, keys, start, read);
    return;
  }
  const Term* hash = nullptr;
  const Term* range = nullptr;
  for (const auto& term : terms) {
    if (term.attribute == keys.hash.name) {
      if (hash)
        throw validation_error("KeyConditionExpressions must only contain one condition per key");
      hash = &term;
    } else if (keys.range && term.attribute == keys.range->name) {
      if (range)
        throw validation_error("KeyConditionExpressions must only contain one condition per key");
      range = &term;
    }
  }
  if (start) check_start_key_element(*start, keys.hash);
  if (!keys.range && terms.size() > 1) throw validation_error("Query key condition not supported");
  if (!hash) throw validation_error("Query condition missed key schema element: " + keys.hash.name);
  for (const auto& v : hash->operands) check_condition_type(v, keys.hash);
  if (hash->op != Term::Op::kEq) throw validation_error("Query key condition not supported");
  read.hash = encode_key_value(hash->operands.at(0));
  if (!keys.range) return;
  if (start) check_start_key_element(*start, *keys.range);
  if (!range && terms.size() > 1) {
    throw validation_error("Query condition missed key schema element: " + keys.range->name);
  }
  if (!range) return;
  for (const auto& v : range->operands) check_condition_type(v, *keys.range);
  apply_single_range_term(*range, *keys.range, read);
}

// The start key against the key condition (dynalite actions/query.js,
// recorded against DynamoDB): its sort key must satisfy the sort key
// condition, and its partition key must be the one queried.
void check_start_key_in_condition(const Item& start, const KeySchema& keys, const RangeRead& read) {
  const EncodedKey key = encode_key(start, keys);
  const bool partition_matches = key.hash == *read.hash;
  if (!read.lower && !read.upper) {
    if (!partition_matches) {
      throw validation_error(
          "The provided starting key is outside query boundaries based on provided conditions");
    }
    return;
  }
  const std::string& sort = key.range;
  const bool above_lower =
      !read.lower || (read.lower_inclusive ? sort >= *read.lower : sort > *read.lower);
  const bool below_upper =
      !read.upper || (read.upper_inclusive ? sort <= *read.upper : sort < *read.upper);
  if (!above_lower || !below_upper) {
    throw validation_error("The provided starting key does not match the range key predicate");
  }
  if (!partition_matches) {
    throw validation_error("The query can return at most one row and cannot be restarted");
  }
}

// The filter's top-level attribute names and how the error names the filter:
// a Query may not filter on the queried key attributes.
struct FilterNames {
  std::set<std::string> names;
  const char* kind = "Filter Expression";
};

FilterNames filter_names(const QueryRequest& request,
                         const std::optional<expr::Condition>& filter) {
  FilterNames out;
  if (request.filter_expression) {
    out.names = filter->top_level_names();
  } else if (request.query_filter) {
    for (const auto& [name, condition] : *request.query_filter) out.names.insert(name);
    out.kind = "QueryFilter";
  }
  return out;
}

// dynalite actions/query.js; the message is quoted from DynamoDB in many
// public bug reports ("Filter Expression can only contain non-primary key
// attributes: Primary key attribute: sk").
void check_filter_names(const FilterNames& filter, const KeySchema& keys) {
  for (const KeyElement* key : keys.elements()) {
    if (filter.names.count(key->name)) {
      throw validation_error(
          std::string(filter.kind) +
          " can only contain non-primary key attributes: Primary key attribute: " + key->name);
    }
  }
}

// What a Query means before its table is known.
struct BoundQuery {
  std::vector<Term> terms;
  std::optional<expr::Condition> filter;
  FilterNames filter_names;
  std::optional<expr::Projection> projection;
};

BoundQuery bind(const QueryRequest& request) {
  if (!request.key_condition_expression && !request.key_conditions) {
    throw validation_error(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  auto attributes = read_expression_attributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"FilterExpression", request.filter_expression.has_value()},
       {"KeyConditionExpression", request.key_condition_expression.has_value()},
       {"ProjectionExpression", request.projection_expression.has_value()}});
  BoundQuery out;
  out.terms = request.key_condition_expression
                  ? expr::parse_key_condition(*request.key_condition_expression, attributes)
                  : expr::legacy_key_conditions(*request.key_conditions);
  out.filter = read_condition(request.filter_expression, "FilterExpression", attributes);
  if (!out.filter)
    out.filter = expr::legacy_filter(request.query_filter, request.conditional_operator);
  out.filter_names = filter_names(request, out.filter);
  out.projection =
      read_projection(request.projection_expression, request.attributes_to_get, attributes);
  expr::check_all_used(attributes);
  return out;
}

}  // namespace

// An unknown ConditionalOperator joining two or more QueryFilter conditions
// is refused before the shape, bare, alone and in these words (sic: [ALL,
// OR]); an unknown Select beside it is not reported (paritysuite/
// dynamodb-conformance tests/tier3/validation-ordering/query.test.ts,
// eu-west-2 and us-east-1, 2026-10-09).
void QueryOperation::check_before_shape(const Request& request) {
  if (request.conditional_operator && !request.conditional_operator->valid() &&
      request.query_filter && request.query_filter->size() >= 2) {
    throw validation_error(
        "Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
  }
}

void QueryOperation::check_before_values(const Request& request) {
  // Orders from the DAX client's RequestValidator (mirrors DynamoDB's).
  // KeyConditions mixes only with KeyConditionExpression (dynalite
  // validations/index.js validateExpressionParams).
  const bool key_expression = request.key_condition_expression.has_value();
  expr::check_expression_mixing(
      {{"ProjectionExpression", request.projection_expression.has_value()},
       {"FilterExpression", request.filter_expression.has_value()},
       {"KeyConditionExpression", key_expression}},
      {{"AttributesToGet", request.attributes_to_get.has_value()},
       {"QueryFilter", request.query_filter.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()},
       {"KeyConditions", key_expression && request.key_conditions.has_value()}});
  check_select({request.select ? std::optional(request.select->value()) : std::nullopt,
                request.projection_expression.has_value(), request.attributes_to_get.has_value(),
                request.index_name.has_value()});
}

QueryResponse QueryOperation::run(Context& context, const Request& request,
                                  const ExecuteOptions& options) {
  BoundQuery bound = bind(request);
  const bool consistent = request.consistent_read.value_or(false);
  const Item* start = request.exclusive_start_key ? &*request.exclusive_start_key : nullptr;
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  Page page;
  Select resolved;
  Consumption consumed;
  {
    std::lock_guard lock(context.storage_mutex());
    auto table = context.require_table(*request.table_name, "Query");
    const IndexDef* index = find_read_index(context, *table, request.index_name, consistent);
    if (start) check_start_key_size(*start, *table, index, /*query=*/true);
    const KeySchema& keys = index ? index->keys : table->keys;
    PageRequest pr;
    pr.table = table.get();
    pr.index = index;
    pr.read.forward = request.scan_index_forward.value_or(true);
    apply_key_condition(bound.terms, keys, start, request.key_condition_expression.has_value(),
                        pr.read);
    if (start) {
      check_start_key_table(*start, *table);
      check_start_key_in_condition(*start, keys, pr.read);
      pr.exclusive_start_key = *start;
    }
    if (bound.filter) check_key_paths(bound.filter->paths(), *table);
    if (bound.projection) check_key_paths(bound.projection->paths(), *table);
    check_filter_names(bound.filter_names, keys);
    resolved =
        resolve_select(request.select ? std::optional(request.select->value()) : std::nullopt,
                       bound.projection.has_value(), index);
    pr.limit = request.limit;
    pr.filter = bound.filter ? &*bound.filter : nullptr;
    pr.projection = bound.projection ? &*bound.projection : nullptr;
    pr.select = resolved;
    pr.fetch_from_table = index_read_needs_table(*table, index, pr.projection);
    pr.consistent = consistent;
    page = read_page(context, std::move(pr));
    consumed = read_consumption(index, page.bytes_read, consistent);
  }
  QueryResponse response;
  fill_page(response, page, resolved);
  if (capacity != CapacityDetail::kNone) {
    response.consumed_capacity = consumed_capacity(*request.table_name, capacity, consumed);
  }
  return response;
}

}  // namespace dynamini
