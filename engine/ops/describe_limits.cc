#include "ops/operations.h"

namespace dynamini {

// DescribeLimits: the default per-account and per-table provisioned
// throughput quotas DynamoDB answers (API reference, DescribeLimits example).
void describe_limits(Engine&, const Json&, JsonWriter& out) {
  out.StartObject();
  out.Key("AccountMaxReadCapacityUnits");
  out.Int64(80000);
  out.Key("AccountMaxWriteCapacityUnits");
  out.Int64(80000);
  out.Key("TableMaxReadCapacityUnits");
  out.Int64(40000);
  out.Key("TableMaxWriteCapacityUnits");
  out.Int64(40000);
  out.EndObject();
}

}  // namespace dynamini
