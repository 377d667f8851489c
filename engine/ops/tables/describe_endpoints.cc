// DescribeEndpoints: DynamoDB answers its regional endpoint with a 1440-minute
// cache period (API reference, DescribeEndpoints).

#include "operation/operations.h"

namespace dynamini {

DescribeEndpointsResponse DescribeEndpointsOperation::run(Context& context, const Request&,
                                                          const ExecuteOptions&) {
  DescribeEndpointsResponse response;
  response.endpoints.emplace().push_back(
      {"dynamodb." + context.options().region + ".amazonaws.com", 1440});
  return response;
}

}  // namespace dynamini
