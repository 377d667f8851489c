#include "ops/operations.h"

namespace dynamini {

// DescribeEndpoints: DynamoDB answers its regional endpoint with a 1440-minute
// cache period (API reference, DescribeEndpoints).
void describe_endpoints(Engine& engine, const Json&, JsonWriter& out) {
  std::string address = "dynamodb." + engine.options().region + ".amazonaws.com";
  out.StartObject();
  out.Key("Endpoints");
  out.StartArray();
  out.StartObject();
  out.Key("Address");
  out.String(address.c_str(), static_cast<rapidjson::SizeType>(address.size()));
  out.Key("CachePeriodInMinutes");
  out.Int64(1440);
  out.EndObject();
  out.EndArray();
  out.EndObject();
}

}  // namespace dynamini
