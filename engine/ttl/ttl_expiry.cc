#include "ttl/ttl_expiry.h"

#include <cstdio>
#include <vector>

#include "keys/item_keys.h"
#include "storage/sqlite.h"

namespace dynamini {
namespace {

// `ms` milliseconds since the epoch as an exact number of seconds.
Number seconds_of(int64_t ms) {
  char text[48];
  std::snprintf(text, sizeof text, "%lld.%03lld", static_cast<long long>(ms / 1000),
                static_cast<long long>(ms % 1000));
  return Number::parse_or_throw(text);
}

}  // namespace

bool item_expired(const Item& item, const std::string& attribute, int64_t now_ms) {
  auto it = item.find(attribute);
  if (it == item.end() || it->second.type != ValueType::N) return false;
  Number value = it->second.as_number();
  // "If the epoch time value stored in the attribute is less than the current
  // time, the item is marked as expired" (UpdateTimeToLive API reference).
  return value.compare(seconds_of(now_ms)) < 0 &&
         value.compare(seconds_of(now_ms - kTtlMaximumAgeMs)) >= 0;
}

int64_t delete_expired_items(Store& store, const TableDef& table, int64_t now_ms) {
  if (!table.ttl.enabled) return 0;
  std::vector<Item> expired;
  store.read_range(table, RangeRead{}, [&](std::string_view json, int64_t, std::string_view) {
    Item item = item_from_json(json);
    if (item_expired(item, table.ttl.attribute, now_ms)) expired.push_back(std::move(item));
    return true;
  });
  if (expired.empty()) return 0;
  WriteTransaction txn(store.connection());
  for (const auto& item : expired) store.remove(table, item, WriteOrigin::kTimeToLive);
  txn.commit();
  return static_cast<int64_t>(expired.size());
}

int64_t delete_expired_items_step(Store& store, const TableDef& table, int64_t now_ms,
                                  std::vector<std::string>& cursor, int64_t budget) {
  if (!table.ttl.enabled) {
    cursor.clear();
    return 0;
  }
  RangeRead read;
  read.start = cursor;
  read.limit = budget;
  std::vector<Item> expired;
  int64_t seen = 0;
  Item last;
  store.read_range(table, read, [&](std::string_view json, int64_t, std::string_view) {
    Item item = item_from_json(json);
    ++seen;
    if (item_expired(item, table.ttl.attribute, now_ms)) expired.push_back(item);
    last = std::move(item);
    return true;
  });
  if (seen < budget) {
    cursor.clear();
  } else {
    EncodedKey key = encode_primary_key(last, table.keys);
    cursor = {std::move(key.hash), std::move(key.range)};
  }
  if (expired.empty()) return 0;
  WriteTransaction txn(store.connection());
  for (const auto& item : expired) store.remove(table, item, WriteOrigin::kTimeToLive);
  txn.commit();
  return static_cast<int64_t>(expired.size());
}

}  // namespace dynamini
