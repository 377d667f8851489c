#include "ttl/ttl_expiry.h"

#include <cstdio>
#include <vector>

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

}  // namespace dynamini
