#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "keys/key_encoding.h"
#include "ops/consumed_capacity.h"
#include "ops/index_projection.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "ops/pagination.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {

using Term = expr::KeyConditionTerm;

// Maps the parsed key condition onto the partition and sort key of the table
// or index, with DynamoDB's messages for conditions that do not fit. Each key
// element is checked in schema order, its ExclusiveStartKey attribute first
// (dynalite actions/query.js, recorded against DynamoDB).
void apply_key_condition(const std::vector<Term>& terms, const KeySchema& keys, const Item* start,
                         RangeRead& read) {
  const Term* hash = nullptr;
  const Term* range = nullptr;
  for (const auto& term : terms) {
    if (term.attribute == keys.hash.name) {
      if (hash) throw validation_error("KeyConditionExpressions must only contain one condition per key");
      hash = &term;
    } else if (keys.range && term.attribute == keys.range->name) {
      if (range) throw validation_error("KeyConditionExpressions must only contain one condition per key");
      range = &term;
    }
  }
  auto check_type = [](const AttributeValue& v, const KeyElement& e) {
    if (v.type != e.type) {
      throw validation_error(
          "One or more parameter values were invalid: Condition parameter type does not match "
          "schema type");
    }
  };
  if (start) check_start_key_element(*start, keys.hash);
  if (!keys.range && terms.size() > 1) throw validation_error("Query key condition not supported");
  if (!hash) throw validation_error("Query condition missed key schema element: " + keys.hash.name);
  for (const auto& v : hash->operands) check_type(v, keys.hash);
  if (hash->op != Term::Op::kEq) throw validation_error("Query key condition not supported");
  read.hash = encode_key_value(hash->operands.at(0));
  if (!keys.range) return;
  if (start) check_start_key_element(*start, *keys.range);
  if (!range && terms.size() > 1) {
    throw validation_error("Query condition missed key schema element: " + keys.range->name);
  }
  if (!range) return;
  for (const auto& v : range->operands) check_type(v, *keys.range);
  std::string a = encode_key_value(range->operands.at(0));
  switch (range->op) {
    case Term::Op::kEq:
      read.lower = a;
      read.upper = a;
      break;
    case Term::Op::kLt:
      read.upper = a;
      read.upper_inclusive = false;
      break;
    case Term::Op::kLe: read.upper = a; break;
    case Term::Op::kGt:
      read.lower = a;
      read.lower_inclusive = false;
      break;
    case Term::Op::kGe: read.lower = a; break;
    case Term::Op::kBetween: {
      std::string b = encode_key_value(range->operands.at(1));
      if (range->operands[0].type == ValueType::N
              ? range->operands[0].as_number().compare(range->operands[1].as_number()) > 0
              : a > b) {
        throw validation_error(
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
            "greater than or equal to lower bound; lower bound operand: AttributeValue: {" +
            std::string(type_name(range->operands[0].type)) + ":" + range->operands[0].scalar +
            "}, upper bound operand: AttributeValue: {" + type_name(range->operands[1].type) +
            ":" + range->operands[1].scalar + "}");
      }
      read.lower = a;
      read.upper = b;
      break;
    }
    case Term::Op::kBeginsWith: {
      if (keys.range->type == ValueType::N) {
        throw validation_error(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: begins_with, operand type: N");
      }
      read.lower = a;
      std::string upper = prefix_upper_bound(a);
      if (!upper.empty()) {
        read.upper = upper;
        read.upper_inclusive = false;
      }
      break;
    }
  }
}

// The start key against the key condition (dynalite actions/query.js,
// recorded against DynamoDB): its sort key must satisfy the sort key
// condition, and its partition key must be the one queried.
void check_start_key_in_condition(const Item& start, const KeySchema& keys, const RangeRead& read) {
  const bool partition_matches = encode_key_value(start.at(keys.hash.name)) == *read.hash;
  if (!read.lower && !read.upper) {
    if (!partition_matches) {
      throw validation_error(
          "The provided starting key is outside query boundaries based on provided conditions");
    }
    return;
  }
  const std::string sort = encode_key_value(start.at(keys.range->name));
  const bool above_lower = !read.lower || (read.lower_inclusive ? sort >= *read.lower : sort > *read.lower);
  const bool below_upper = !read.upper || (read.upper_inclusive ? sort <= *read.upper : sort < *read.upper);
  if (!above_lower || !below_upper) {
    throw validation_error("The provided starting key does not match the range key predicate");
  }
  if (!partition_matches) {
    throw validation_error("The query can return at most one row and cannot be restarted");
  }
}

}  // namespace

void query(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  auto index_name = string_member(request, "IndexName");
  errors.name(index_name, "indexName", false);
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1);
  auto select = read_select(request, errors);
  CapacityDetail capacity = read_capacity_detail(request, errors);
  expr::legacy_shape_errors(request, errors);
  errors.throw_if_any();
  // Orders from the DAX client's RequestValidator (mirrors DynamoDB's).
  expr::check_expression_mixing(
      request, {"ProjectionExpression", "FilterExpression", "KeyConditionExpression"},
      {"AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"});
  // Query reports the Select rules as a constraint error (AWS-verified select
  // tests, moto: "1 validation error detected: ..."); Scan does not.
  try {
    check_select(select, request, index_name.has_value());
  } catch (ApiError& e) {
    e.message = "1 validation error detected: " + e.message;
    throw;
  }
  bool forward = bool_member(request, "ScanIndexForward").value_or(true);
  bool consistent = bool_member(request, "ConsistentRead").value_or(false);
  std::optional<Item> start = read_exclusive_start_key(request);
  auto key_text = string_member(request, "KeyConditionExpression");
  const Json* key_conditions = object_member(request, "KeyConditions");
  if (!key_text && !key_conditions) {
    throw validation_error("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
  }
  auto attributes = read_expression_attributes(
      request, {"FilterExpression", "KeyConditionExpression", "ProjectionExpression"});
  auto terms = key_text ? expr::parse_key_condition(*key_text, attributes)
                        : expr::legacy_key_conditions(*key_conditions);
  auto filter = read_condition(request, "FilterExpression", attributes);
  // The filter's attributes, checked against the key schema once it is known.
  std::set<std::string> filter_names;
  const char* filter_kind = "Filter Expression";
  if (filter) {
    filter_names = filter->top_level_names();
  } else if (const Json* query_filter = object_member(request, "QueryFilter")) {
    for (auto it = query_filter->MemberBegin(); it != query_filter->MemberEnd(); ++it) {
      filter_names.insert(std::string(it->name.GetString(), it->name.GetStringLength()));
    }
    filter_kind = "QueryFilter";
    filter = expr::legacy_filter(request, "QueryFilter");
  } else {
    filter = expr::legacy_filter(request, "QueryFilter");  // ConditionalOperator alone
  }
  auto projection = read_projection(request, attributes);
  expr::check_all_used(attributes);

  Page page;
  Select resolved;
  Consumption consumed;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    const IndexDef* index = find_read_index(*table, index_name, consistent);
    if (start) check_start_key_size(*start, *table, index, /*query=*/true);
    PageRequest pr;
    pr.table = table.get();
    pr.index = index;
    pr.read.forward = forward;
    apply_key_condition(terms, index ? index->keys : table->keys, start ? &*start : nullptr,
                        pr.read);
    if (start) {
      check_start_key_table(*start, *table);
      check_start_key_in_condition(*start, index ? index->keys : table->keys, pr.read);
      pr.exclusive_start_key = start;
    }
    // dynalite actions/query.js; the message is quoted from DynamoDB in many
    // public bug reports ("Filter Expression can only contain non-primary key
    // attributes: Primary key attribute: sk").
    const KeySchema& query_keys = index ? index->keys : table->keys;
    for (const KeyElement* key : {&query_keys.hash, query_keys.range ? &*query_keys.range : nullptr}) {
      if (key && filter_names.count(key->name)) {
        throw validation_error(std::string(filter_kind) +
                               " can only contain non-primary key attributes: Primary key attribute: " +
                               key->name);
      }
    }
    resolved = resolve_select(select, projection.has_value(), index);
    pr.limit = limit;
    pr.filter = filter ? &*filter : nullptr;
    pr.projection = projection ? &*projection : nullptr;
    pr.select = resolved;
    pr.fetch_from_table =
        index_read_needs_table(*table, index, projection ? &*projection : nullptr);
    pr.consistent = consistent;
    page = read_page(engine, std::move(pr));
    consumed = read_consumption(index, page.bytes_read, consistent);
  }
  out.StartObject();
  write_page(out, page, resolved);
  write_consumed_capacity(out, *table_name, capacity, consumed);
  out.EndObject();
}

}  // namespace dynamini
