#include "partiql_select.h"

#include <mutex>

#include "dynamini/api_error.h"
#include "partiql_next_token.h"
#include "partiql_read_branches.h"
#include "queries/pagination.h"

namespace dynamini::partiql {
namespace {

const AttributeValue* find_path(const Item& item, const expr::Path& path) {
  auto it = item.find(path[0].name);
  if (it == item.end()) return nullptr;
  const AttributeValue* v = &it->second;
  for (size_t i = 1; i < path.size() && v; ++i) {
    if (path[i].index >= 0) {
      v = v->type == ValueType::L && static_cast<size_t>(path[i].index) < v->list.size()
              ? &v->list[path[i].index]
              : nullptr;
    } else if (v->type == ValueType::M) {
      auto m = v->map.find(path[i].name);
      v = m == v->map.end() ? nullptr : &m->second;
    } else {
      v = nullptr;
    }
  }
  return v;
}

std::string flat_name(const expr::Path& path) {
  std::string out;
  for (const auto& e : path)
    out = e.index >= 0 ? out + "[" + std::to_string(e.index) + "]" : e.name;
  return out;
}

// The page's items with the statement's projection applied.
void append_projected(const ItemArray& page, const std::vector<expr::Path>& projection,
                      ItemArray& out) {
  if (projection.empty()) {
    for (const auto& item : page.decode()) out.append(item_to_json(item));
    return;
  }
  for (const auto& item : page.decode()) out.append(item_to_json(project_item(item, projection)));
}

PageRequest page_request(const TableDef& table, const ReadPlan& plan, size_t partition,
                         const SelectRequest& request) {
  PageRequest pr;
  pr.table = &table;
  pr.index = plan.index;
  pr.read.forward = plan.forward;
  if (!plan.partitions.empty()) {
    const PartitionRead& p = plan.partitions[partition];
    pr.read.hash = encode_partition(p.hash);
    apply_sort_bounds(p.sort, plan.index ? plan.index->keys : table.keys, pr.read);
  }
  pr.filter = plan.filter ? &*plan.filter : nullptr;
  pr.select =
      plan.index ? dynamini::Select::kAllProjectedAttributes : dynamini::Select::kAllAttributes;
  pr.fetch_from_table = plan.fetch_from_table;
  pr.consistent = request.consistent;
  return pr;
}

}  // namespace

Item project_item(const Item& item, const std::vector<expr::Path>& projection) {
  if (projection.empty()) return item;
  Item projected;
  for (const auto& path : projection) {
    if (const AttributeValue* v = find_path(item, path)) projected[flat_name(path)] = *v;
  }
  return projected;
}

SelectResult run_select_plan(Context& context, const TableDef& table, const ReadPlan& plan,
                             const SelectRequest& request) {
  SelectPosition position;
  if (request.next_token) position = decode_next_token(*request.next_token, request.fingerprint);
  const size_t partitions = plan.partitions.empty() ? 1 : plan.partitions.size();
  if (position.partition >= partitions) throw validation_error("Invalid NextToken");
  if (position.after_key) validate_start_key(*position.after_key, table, plan.index);
  SelectResult result;
  int64_t evaluated = 0, bytes = 0;
  std::lock_guard lock(context.storage_mutex());
  if (plan.index) check_index_readable(context, table, *plan.index);
  for (size_t p = position.partition; p < partitions; ++p) {
    PageRequest pr = page_request(table, plan, p, request);
    if (p == position.partition) pr.exclusive_start_key = position.after_key;
    if (request.limit) pr.limit = *request.limit - evaluated;
    Page page = read_page(context, std::move(pr));
    evaluated += page.scanned;
    bytes += page.bytes_read;
    Consumption c = read_consumption(plan.index, page.bytes_read, request.consistent);
    c.table += page.table_fetch_units;
    result.consumed.table += c.table;
    for (const auto& [name, units] : c.global_indexes)
      result.consumed.global_indexes[name] += units;
    for (const auto& [name, units] : c.local_indexes) result.consumed.local_indexes[name] += units;
    append_projected(page.items, plan.projection, result.items);
    if (page.last_evaluated_key) {
      result.next_token =
          encode_next_token(request.fingerprint, {p, std::move(page.last_evaluated_key)});
      break;
    }
    const bool full = (request.limit && evaluated >= *request.limit) || bytes >= kMaxPageBytes;
    if (full && p + 1 < partitions) {
      result.next_token = encode_next_token(request.fingerprint, {p + 1, std::nullopt});
      break;
    }
  }
  return result;
}

}  // namespace dynamini::partiql
