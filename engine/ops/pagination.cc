#include "ops/pagination.h"

#include <functional>

#include "dynamini/api_error.h"
#include "keys/key_encoding.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

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

std::optional<Item> read_exclusive_start_key(const Json& request) {
  const Json* json = object_member(request, "ExclusiveStartKey");
  if (!json) return std::nullopt;
  try {
    return parse_item(*json);
  } catch (ApiError& e) {
    if (e.code == ErrorCode::kValidation) e.message = "The provided starting key is invalid: " + e.message;
    throw;
  }
}

const IndexDef* find_read_index(const TableDef& table, const std::optional<std::string>& index_name,
                                bool consistent) {
  if (!index_name) return nullptr;
  const IndexDef* index = table.find_index(*index_name);
  if (!index) throw validation_error("The table does not have the specified index: " + *index_name);
  if (consistent && index->global) {
    throw validation_error("Consistent reads are not supported on global secondary indexes");
  }
  return index;
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
    add(index->keys.hash);
    if (index->keys.range) add(*index->keys.range);
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
    check_start_key_element(key, index->keys.hash);
    if (index->keys.range) check_start_key_element(key, *index->keys.range);
  }
  check_start_key_table(key, table);
}

void Page::add_item(std::string_view json) {
  if (items_json.size() == 2) {  // "[]": the first item
    items_json.pop_back();
  } else {
    items_json.back() = ',';
  }
  items_json.append(json);
  items_json.push_back(']');
}

Page read_page(Engine& engine, PageRequest request) {
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
      (request.fetch_from_table ||
       (request.select == Select::kAllAttributes &&
        request.index->projection.type != IndexProjection::Type::kAll));
  const bool parse_rows = request.filter || request.projection || fetch_from_table;
  std::string last_json;
  bool stopped_early = false;
  engine.store().read_range(
      table, request.read, [&](std::string_view json, int64_t size, std::string_view pk) {
        if (request.segment &&
            static_cast<int64_t>(partition_hash(pk) % static_cast<uint64_t>(request.total_segments)) !=
                *request.segment) {
          return true;
        }
        ++page.scanned;
        page.bytes_read += size;
        if (!parse_rows) {
          ++page.count;
          if (request.select != Select::kCount) page.add_item(json);
          last_json.assign(json);
        } else {
          Item item = item_from_json(json);
          if (fetch_from_table) {
            if (auto full = engine.store().get(table, encode_primary_key(item, table.keys))) {
              item = item_from_json(*full);
            }
          }
          if (!request.filter || request.filter->evaluate(&item)) {
            ++page.count;
            if (request.select != Select::kCount) {
              page.add_item(
                  item_to_json(request.projection ? request.projection->apply(item) : item));
            }
          }
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
  return page;
}

std::optional<Select> read_select(const Json& request, ShapeErrors& errors) {
  auto text = string_member(request, "Select");
  errors.one_of(text, "select",
                {"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"});
  if (!text) return std::nullopt;
  if (*text == "ALL_ATTRIBUTES") return Select::kAllAttributes;
  if (*text == "ALL_PROJECTED_ATTRIBUTES") return Select::kAllProjectedAttributes;
  if (*text == "SPECIFIC_ATTRIBUTES") return Select::kSpecificAttributes;
  if (*text == "COUNT") return Select::kCount;
  return std::nullopt;
}

void check_select(std::optional<Select> select, const Json& request, bool has_index_name) {
  if (!select) return;
  const char* member = find_member(request, "ProjectionExpression") ? "ProjectionExpression"
                       : find_member(request, "AttributesToGet")    ? "AttributesToGet"
                                                                    : nullptr;
  if (*select == Select::kSpecificAttributes) {
    if (!member) {
      throw validation_error(
          "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
          "SPECIFIC_ATTRIBUTES");
    }
    return;
  }
  if (member) {
    std::string wanted = *select == Select::kCount           ? "only the Count"
                         : *select == Select::kAllAttributes ? "ALL_ATTRIBUTES"
                                                             : "ALL_PROJECTED_ATTRIBUTES";
    throw validation_error("Cannot specify the " + std::string(member) +
                           " when choosing to get " + wanted);
  }
  if (*select == Select::kAllProjectedAttributes && !has_index_name) {
    throw validation_error(
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
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

void write_page(JsonWriter& out, const Page& page, Select select) {
  if (select != Select::kCount) {
    out.Key("Items");
    out.RawValue(page.items_json.data(), page.items_json.size(), rapidjson::kArrayType);
  }
  out.Key("Count");
  out.Int64(page.count);
  out.Key("ScannedCount");
  out.Int64(page.scanned);
  if (page.last_evaluated_key) {
    out.Key("LastEvaluatedKey");
    write_item(out, *page.last_evaluated_key);
  }
}

}  // namespace dynamini
