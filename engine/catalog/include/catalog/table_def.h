#pragma once

// The definition of one DynamoDB table as the engine keeps it: key schema,
// attribute types, secondary indexes, billing. Bound from a CreateTable
// request by ops/tables/create_table.cc, persisted by catalog/catalog_format.h and
// described by tables/table_description.h.

#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "values/attribute_value.h"
#include "values/json.h"

namespace dynamini {

struct KeyElement {
  std::string name;
  ValueType type = ValueType::S;  // S, N or B
};

// A key schema: one HASH attribute and an optional RANGE attribute, as every
// table, LSI and single-attribute GSI has. A global secondary index may have
// multi-attribute keys (DynamoDB Developer Guide, "Multi-attribute key
// schema", November 2025): up to four HASH and up to four RANGE attributes;
// `hash` and `range` are then the first of each and `more_hash` and
// `more_range` the rest, in key-schema order. Items sort by the RANGE
// attributes in that order, each compared by its own type; an item lacking
// any of the attributes is not in the index (keys/key_encoding.h has how
// several attributes compose into one stored key).
// A multi-attribute GSI key has up to four HASH and four RANGE attributes
// (Developer Guide, "Multi-attribute key schema"); tables and LSIs one each.
constexpr size_t kMaxKeyPartAttributes = 4;

// Key attributes in key-schema order, at most all of one key's.
using KeyElementList =
    boost::container::static_vector<const KeyElement*, 2 * kMaxKeyPartAttributes>;

struct KeySchema {
  KeyElement hash;
  std::optional<KeyElement> range;
  std::vector<KeyElement> more_hash{};   // HASH attributes after `hash`
  std::vector<KeyElement> more_range{};  // RANGE attributes after `range` (only with `range`)

  // The HASH attributes (`hash`, then `more_hash`) and the RANGE attributes
  // (`range`, then `more_range`; none without `range`), in key-schema order.
  // Lists on the stack: these run on every write (no allocation).
  KeyElementList hash_elements() const;
  KeyElementList range_elements() const;
  // Every key attribute: the HASH attributes, then the RANGE attributes.
  KeyElementList elements() const;
  // The key attribute named `name`, or nullptr.
  const KeyElement* find(std::string_view name) const;
  // True when a key part has more than one attribute (a multi-attribute GSI).
  bool multi_attribute() const { return !more_hash.empty() || !more_range.empty(); }
};

struct IndexProjection {
  enum class Type { kAll, kKeysOnly, kInclude };
  Type type = Type::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude only
};

struct Throughput {
  int64_t read = 0;
  int64_t write = 0;
};

// Capacity units above DynamoDB's maximum (1e12) are a ValidationException:
// "Given value N for ReadCapacityUnits is out of bounds".
constexpr int64_t kMaxCapacityUnits = 1000000000000;
void check_throughput_bounds(const Throughput& t);

// OnDemandThroughput: the most request units per second an on-demand table
// (or index) may use; -1 for no limit. Stored and described, not enforced.
struct OnDemandLimits {
  int64_t max_read = -1;
  int64_t max_write = -1;
  bool any() const { return max_read != -1 || max_write != -1; }
};

// WarmThroughput a request asked for (units per second; 0: none asked, the
// default is described: tables/table_settings.h).
struct WarmThroughputSettings {
  int64_t read = 0;
  int64_t write = 0;
};

struct IndexDef {
  std::string name;
  bool global = true;
  KeySchema keys;
  IndexProjection projection;
  Throughput throughput;        // GSIs on provisioned tables
  int number = 0;               // storage number, unique within the table
  OnDemandLimits on_demand;     // GSIs on on-demand tables
  WarmThroughputSettings warm;  // GSIs
};

// Server-side encryption (SSESpecification). Without it DynamoDB encrypts
// with an AWS owned key and describes no SSEDescription; with KMS, an AWS
// managed key or the one given, as KMSMasterKeyArn.
struct SseSettings {
  bool kms = false;
  std::string kms_key_arn;  // kms only
};

// A resource-based policy attached to the table (stored, not enforced).
struct ResourcePolicySettings {
  std::string document;     // the JSON text as given
  std::string revision_id;  // the epoch milliseconds of the change, as text
};

// A vector index (CreateTable VectorIndexes, UpdateTable VectorIndexUpdates):
// the items whose `attribute` is a list of `dimensions` numbers, searched by
// SearchVectors with `distance`. Its SearchSchema names a HASH attribute (a
// search is scoped to one of its values) and INLINE_FILTER attributes (equality
// filters), all scalars declared in AttributeDefinitions. Stored as float32 in
// SQLite table t<id>_v<number> (storage/sql_text.h).
struct VectorIndexDef {
  enum class Distance { kCosine, kDotProduct, kEuclidean };
  struct SearchElement {
    std::string name;
    bool hash = false;  // HASH; otherwise INLINE_FILTER
  };
  std::string name;
  std::string attribute;
  int64_t dimensions = 0;
  Distance distance = Distance::kCosine;
  std::vector<SearchElement> search_schema;
  IndexProjection projection;
  int number = 0;  // storage number, unique among the table's vector indexes

  // The HASH element, or nullptr.
  const SearchElement* hash_element() const;
};

// DynamoDB Streams settings of a table (catalog/stream_settings.h validates
// and applies StreamSpecification).
struct StreamSettings {
  bool enabled = false;
  std::string view_type;  // KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or NEW_AND_OLD_IMAGES
  std::string label;      // the latest stream's label; empty if never enabled
};

// Time to Live settings (UpdateTimeToLive).
struct TimeToLiveSettings {
  bool enabled = false;
  std::string attribute;  // the TTL attribute while enabled
};

struct TableDef {
  std::string name;
  int64_t id = 0;  // storage id: rows live in SQLite table t<id>
  KeySchema keys;
  std::vector<KeyElement> attribute_definitions;
  std::vector<IndexDef> indexes;  // GSIs and LSIs
  std::vector<VectorIndexDef> vector_indexes;
  bool pay_per_request = false;
  // BillingModeSummary.LastUpdateToPayPerRequestDateTime (epoch seconds):
  // when the table last switched to PAY_PER_REQUEST (UpdateTable); 0 if never.
  double last_update_to_pay_per_request = 0;
  Throughput throughput;
  double creation_time = 0;  // epoch seconds
  std::string table_uuid;
  bool deletion_protection = false;
  StreamSettings stream;
  TimeToLiveSettings ttl;
  // TableClass as CreateTable or UpdateTable gave it ("" when never given:
  // STANDARD, and no TableClassSummary); table_class_updated is when
  // UpdateTable last changed it (epoch seconds, 0 never).
  std::string table_class;
  double table_class_updated = 0;
  SseSettings sse;
  OnDemandLimits on_demand;
  WarmThroughputSettings warm;
  std::optional<ResourcePolicySettings> resource_policy;

  const IndexDef* find_index(std::string_view index_name) const;
  const VectorIndexDef* find_vector_index(std::string_view index_name) const;
  // True when `attribute` is a key attribute of the table.
  bool is_key_attribute(std::string_view attribute) const;

  // SQLite table names for the rows of the table and of each index.
  std::string storage_table() const;
  std::string storage_index(const IndexDef& index) const;
  std::string storage_vector_index(const VectorIndexDef& index) const;
};

// Catalog persistence: catalog/catalog_format.h.

struct TableStats {
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  std::vector<std::pair<int64_t, int64_t>> index_stats;         // per index: count, bytes
  std::vector<std::pair<int64_t, int64_t>> vector_index_stats;  // per vector index
};

}  // namespace dynamini
