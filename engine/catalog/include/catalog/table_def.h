#pragma once

// The definition of one DynamoDB table as the engine keeps it: key schema,
// attribute types, secondary indexes, billing. Bound from a CreateTable
// request by ops/create_table.cc, persisted by catalog/catalog_format.h and
// described by ops/table_description.h.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "values/attribute_value.h"
#include "values/json.h"

namespace dynamini {

struct KeyElement {
  std::string name;
  ValueType type = ValueType::S;  // S, N or B
};

struct KeySchema {
  KeyElement hash;
  std::optional<KeyElement> range;
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
// default is described: ops/table_settings.h).
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

// DynamoDB Streams settings of a table (streams/stream_settings.h validates
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
  // True when `attribute` is a key attribute of the table.
  bool is_key_attribute(std::string_view attribute) const;

  // SQLite table names for the rows of the table and of each index.
  std::string storage_table() const;
  std::string storage_index(const IndexDef& index) const;
};

// Catalog persistence: catalog/catalog_format.h.

struct TableStats {
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  std::vector<std::pair<int64_t, int64_t>> index_stats;  // per index: count, bytes
};

}  // namespace dynamini
