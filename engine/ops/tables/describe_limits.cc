// DescribeLimits: the default per-account and per-table provisioned
// throughput quotas DynamoDB answers (API reference, DescribeLimits example).

#include "operation/operations.h"

namespace dynamini {

DescribeLimitsResponse DescribeLimitsOperation::run(Context&, const Request&,
                                                    const ExecuteOptions&) {
  return {80000, 80000, 40000, 40000};
}

}  // namespace dynamini
