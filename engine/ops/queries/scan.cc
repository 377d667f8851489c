#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "operation/consumed_capacity.h"
#include "operation/expression_inputs.h"
#include "operation/key_paths.h"
#include "operation/operations.h"
#include "queries/index_projection.h"
#include "queries/pagination.h"

namespace dynamini {

namespace {

// What a Scan means before its table is known.
struct BoundScan {
  std::optional<expr::Condition> filter;
  std::optional<expr::Projection> projection;
};

// Segment and TotalSegments come together, Segment below TotalSegments
// (dynalite validations/scan.js).
void check_segments(const ScanRequest& request) {
  const auto& segment = request.segment;
  const auto& total = request.total_segments;
  if (segment && !total) {
    throw validation_error(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (total && !segment) {
    throw validation_error(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (segment && *segment >= *total) {
    throw validation_error(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*segment) + " is not less than TotalSegments: " + std::to_string(*total));
  }
}

BoundScan bind(const ScanRequest& request) {
  // ExclusiveStartKey values are checked before the segments (dynalite
  // validations/scan.js): the reader's deferred value errors come first.
  check_segments(request);
  auto attributes = read_expression_attributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"FilterExpression", request.filter_expression.has_value()},
       {"ProjectionExpression", request.projection_expression.has_value()}});
  BoundScan out;
  out.filter = read_condition(request.filter_expression, "FilterExpression", attributes);
  if (!out.filter)
    out.filter = expr::legacy_filter(request.scan_filter, request.conditional_operator);
  out.projection =
      read_projection(request.projection_expression, request.attributes_to_get, attributes);
  expr::check_all_used(attributes);
  return out;
}

}  // namespace

void ScanOperation::check_before_values(const Request& request) {
  // Orders from the DAX client's RequestValidator (mirrors DynamoDB's).
  expr::check_expression_mixing(
      {{"ProjectionExpression", request.projection_expression.has_value()},
       {"FilterExpression", request.filter_expression.has_value()}},
      {{"AttributesToGet", request.attributes_to_get.has_value()},
       {"ScanFilter", request.scan_filter.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}});
  check_select({request.select ? std::optional(request.select->value()) : std::nullopt,
                request.projection_expression.has_value(), request.attributes_to_get.has_value(),
                request.index_name.has_value()});
}

ScanResponse ScanOperation::run(Context& context, const Request& request,
                                const ExecuteOptions& options) {
  BoundScan bound = bind(request);
  const bool consistent = request.consistent_read.value_or(false);
  const auto& start = request.exclusive_start_key;
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  Page page;
  Select resolved;
  Consumption consumed;
  {
    std::lock_guard lock(context.storage_mutex());
    auto table = context.require_table(*request.table_name, "Scan");
    if (bound.filter) check_key_paths(bound.filter->paths(), *table);
    if (bound.projection) check_key_paths(bound.projection->paths(), *table);
    // An unknown index with a start key is reported as a bad start key
    // (dynalite actions/scan.js, recorded against DynamoDB).
    if (start && request.index_name && !table->find_index(*request.index_name)) {
      throw validation_error("The provided starting key is invalid");
    }
    const IndexDef* index = find_read_index(context, *table, request.index_name, consistent);
    PageRequest pr;
    pr.table = table.get();
    pr.index = index;
    if (start) {
      validate_start_key(*start, *table, index);
      if (request.segment) {
        check_start_key_segment(*start, *table, *request.segment, *request.total_segments);
      }
      pr.exclusive_start_key = start;
    }
    resolved =
        resolve_select(request.select ? std::optional(request.select->value()) : std::nullopt,
                       bound.projection.has_value(), index);
    pr.limit = request.limit;
    pr.filter = bound.filter ? &*bound.filter : nullptr;
    pr.projection = bound.projection ? &*bound.projection : nullptr;
    pr.select = resolved;
    pr.fetch_from_table = index_read_needs_table(*table, index, pr.projection);
    pr.consistent = consistent;
    pr.segment = request.segment;
    pr.total_segments = request.total_segments.value_or(1);
    page = read_page(context, std::move(pr));
    consumed = read_consumption(index, page.bytes_read, consistent);
  }
  ScanResponse response;
  fill_page(response, page, resolved);
  if (capacity != CapacityDetail::kNone) {
    response.consumed_capacity = consumed_capacity(*request.table_name, capacity, consumed);
  }
  return response;
}

}  // namespace dynamini
