// DescribeEndpoints: DynamoDB answers its regional endpoint with a 1440-minute
// cache period (API reference, DescribeEndpoints).

#include "ops/operations.h"

namespace dynamini {

DescribeEndpointsResponse DescribeEndpointsOperation::run(Engine& engine, const Request&,
                                                          const ExecuteOptions&) {
  DescribeEndpointsResponse response;
  response.endpoints.emplace().push_back(
      {"dynamodb." + engine.options().region + ".amazonaws.com", 1440});
  return response;
}

}  // namespace dynamini
