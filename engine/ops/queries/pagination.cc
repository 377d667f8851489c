#include "queries/pagination.h"

#include <functional>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "operation/call_facts_recorder.h"
#include "operation/consumed_capacity.h"
#include "values/shape_errors.h"

namespace dynamini {
namespace {

bool has_typed(const Item& key, const KeyElement& element) {
  auto it = key.find(element.name);
  return it != key.end() && it->second.type == element.type;
}

// Encoded ExclusiveStartKey columns in the read's order (see RangeRead::start).
std::vector<std::string> start_columns(const Item& key, const TableDef& table,
                                       const IndexDef* index, bool query) {
  EncodedKey primary = encode_primary_key(key, table.keys);
  std::vector<std::string> columns;
  if (index) {
    auto index_key = index_key_of(key, *index);
    if (!query) columns.push_back(index_key->hash);
    columns.push_back(index_key->range);
    columns.push_back(primary.hash);
    columns.push_back(primary.range);
  } else {
    if (!query) columns.push_back(primary.hash);
    columns.push_back(primary.range);
  }
  return columns;
}

// A small stable hash of the encoded partition key for parallel scan segments.
uint64_t partition_hash(std::string_view pk) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : pk) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

const IndexDef* find_read_index(Context& context, const TableDef& table,
                                const std::optional<std::string>& index_name, bool consistent) {
  if (!index_name) return nullptr;
  const IndexDef* index = table.find_index(*index_name);
  if (!index) throw validation_error("The table does not have the specified index: " + *index_name);
  if (consistent && index->global) {
    throw validation_error("Consistent reads are not supported on global secondary indexes");
  }
  check_index_readable(context, table, *index);
  return index;
}

void check_index_readable(Context& context, const TableDef& table, const IndexDef& index) {
  if (context.lifecycle().index_creating(table.name, index.name, context.now_ms())) {
    // catalogue-exempt: needs transient delays; table_lifecycle_test.cc, e2e table_features
    throw validation_error("Cannot read from backfilling global secondary index: " + index.name);
  }
}

namespace {

std::vector<const KeyElement*> start_key_elements(const TableDef& table, const IndexDef* index) {
  std::vector<const KeyElement*> elements = {&table.keys.hash};
  if (table.keys.range) elements.push_back(&*table.keys.range);
  if (index) {
    auto add = [&](const KeyElement& e) {
      for (auto* seen : elements)
        if (seen->name == e.name) return;
      elements.push_back(&e);
    };
    for (const KeyElement* e : index->keys.elements()) add(*e);
  }
  return elements;
}

}  // namespace

void check_start_key_size(const Item& key, const TableDef& table, const IndexDef* index,
                          bool query) {
  if (key.size() == start_key_elements(table, index).size()) return;
  if (query || index) throw validation_error("The provided starting key is invalid");
  throw validation_error(
      "The provided starting key is invalid: The provided key element does not match the schema");
}

void check_start_key_element(const Item& key, const KeyElement& element) {
  auto it = key.find(element.name);
  if (it == key.end()) throw validation_error("The provided starting key is invalid");
  if (it->second.type != element.type) {
    throw validation_error("The provided key element does not match the schema");
  }
}

void check_start_key_table(const Item& key, const TableDef& table) {
  for (const KeyElement* e : start_key_elements(table, nullptr)) {
    if (!has_typed(key, *e)) {
      throw validation_error(
          "The provided starting key is invalid: The provided key element does not match the "
          "schema");
    }
  }
}

void check_start_key_segment(const Item& key, const TableDef& table, int64_t segment,
                             int64_t total_segments) {
  if (total_segments <= 1) return;
  const uint64_t h = partition_hash(encode_key_value(key.at(table.keys.hash.name)));
  if (static_cast<int64_t>(h % static_cast<uint64_t>(total_segments)) == segment) return;
  throw validation_error(
      "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
      "ExclusiveStartKey with correct Segment. TotalSegments: " +
      std::to_string(total_segments) + " Segment: " + std::to_string(segment));
}

void validate_start_key(const Item& key, const TableDef& table, const IndexDef* index) {
  check_start_key_size(key, table, index, /*query=*/false);
  if (index) {
    for (const KeyElement* e : index->keys.elements()) check_start_key_element(key, *e);
  }
  check_start_key_table(key, table);
}

namespace {

// A Query of the table whose key condition pins one primary key: the
// partition key on a table without a sort key, or both keys with `=` (the
// key condition's bounds are then one inclusive value).
bool names_one_item(const TableDef& table, const PageRequest& request) {
  const RangeRead& read = request.read;
  if (!read.hash || request.index) return false;
  if (!table.keys.range) return true;
  return read.lower && read.upper && *read.lower == *read.upper && read.lower_inclusive &&
         read.upper_inclusive;
}

}  // namespace

Page read_page(Context& context, PageRequest request) {
  Page page;
  const TableDef& table = *request.table;
  const bool query = request.read.hash.has_value();
  request.read.index = request.index;
  if (request.exclusive_start_key) {
    request.read.start = start_columns(*request.exclusive_start_key, table, request.index, query);
  }
  // Parallel scans skip rows of other segments, so they cannot push the limit
  // into SQL.
  if (!request.segment) request.read.limit = request.limit;
  // Rows are parsed only when something must look inside them (a filter, a
  // projection, an LSI fetch); otherwise the stored text is returned as is
  // and only the last evaluated row is parsed, for LastEvaluatedKey.
  const bool fetch_from_table =
      request.index && !request.index->global &&
      (request.fetch_from_table || (request.select == Select::kAllAttributes &&
                                    request.index->projection.type != IndexProjection::Type::kAll));
  const bool parse_rows = request.filter || request.projection || fetch_from_table;
  CallFacts::Page* noted = note_page(table, request.index, query, request.filter != nullptr,
                                     names_one_item(table, request));
  std::string last_json;
  bool stopped_early = false;
  context.store().read_range(
      table, request.read, [&](std::string_view json, int64_t size, std::string_view pk) {
        if (request.segment &&
            static_cast<int64_t>(partition_hash(pk) %
                                 static_cast<uint64_t>(request.total_segments)) !=
                *request.segment) {
          return true;
        }
        ++page.scanned;
        page.bytes_read += size;
        if (!parse_rows) {
          ++page.count;
          if (request.select != Select::kCount) page.items.append(json);
          last_json.assign(json);
          if (noted) note_page_item(*noted, table, json, true);
        } else {
          Item item = item_from_json(json);
          if (fetch_from_table) {
            if (auto full = context.store().get(table, encode_primary_key(item, table.keys))) {
              item = item_from_json(*full);
              page.table_fetch_units += read_units(item_size(item), request.consistent);
            }
          }
          const bool passed = !request.filter || request.filter->evaluate(&item);
          if (passed) {
            ++page.count;
            if (request.select != Select::kCount) {
              page.items.append(
                  item_to_json(request.projection ? request.projection->apply(item) : item));
            }
          }
          if (noted) note_page_item(*noted, table, json, passed);
          // The index row's own text carries every key LastEvaluatedKey needs.
          last_json.assign(json);
        }
        if (request.limit && page.scanned >= *request.limit) {
          stopped_early = true;
          return false;
        }
        if (page.bytes_read >= kMaxPageBytes) {
          stopped_early = true;
          return false;
        }
        return true;
      });
  if (stopped_early && !last_json.empty()) {
    // The table's key, plus the index's key when reading an index (the
    // elements an ExclusiveStartKey carries): only those attributes are
    // parsed out of the last row.
    std::vector<std::string_view> names;
    for (const KeyElement* e : start_key_elements(table, request.index)) names.push_back(e->name);
    page.last_evaluated_key = attributes_from_json(last_json, names);
  }
  if (noted) {
    noted->evaluated = page.scanned;
    noted->returned = page.count;
  }
  return page;
}

void check_select(const SelectMembers& m) {
  if (!m.select) return;
  auto fail = [&](const std::string& message) {
    throw validation_error("1 validation error detected: " + message);
  };
  const char* member = m.has_projection_expression ? "ProjectionExpression"
                       : m.has_attributes_to_get   ? "AttributesToGet"
                                                   : nullptr;
  if (*m.select == Select::kSpecificAttributes) {
    if (!member) {
      fail(
          "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
          "SPECIFIC_ATTRIBUTES");
    }
    return;
  }
  if (member) {
    std::string wanted = *m.select == Select::kCount           ? "only the Count"
                         : *m.select == Select::kAllAttributes ? "ALL_ATTRIBUTES"
                                                               : "ALL_PROJECTED_ATTRIBUTES";
    fail("Cannot specify the " + std::string(member) + " when choosing to get " + wanted);
  }
  if (*m.select == Select::kAllProjectedAttributes && !m.has_index_name) {
    fail("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
  }
}

Select resolve_select(std::optional<Select> select, bool has_projection, const IndexDef* index) {
  if (!select) {
    if (has_projection) return Select::kSpecificAttributes;
    return index ? Select::kAllProjectedAttributes : Select::kAllAttributes;
  }
  if (*select == Select::kAllAttributes && index && index->global &&
      index->projection.type != IndexProjection::Type::kAll) {
    throw validation_error(
        "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported "
        "for global secondary index " +
        index->name + " because its projection type is not ALL");
  }
  return *select;
}

}  // namespace dynamini
