#include "ops/operations.h"

#include <map>
#include <string>

#include "ops/typed_operation.h"

namespace dynamini {
namespace {

// An operation not yet typed, called the old way.
template <void (*Run)(Engine&, const Json&, JsonWriter&)>
void untyped(Engine& engine, const Json& request, Call&, JsonWriter& out) {
  Run(engine, request, out);
}

#define TYPED(Name) \
  { #Name, run_json<Name##Operation> }

}  // namespace

Operation find_operation(std::string_view name) {
  static const std::map<std::string, Operation, std::less<>> kOperations = {
      {"CreateTable", untyped<create_table>},
      {"DescribeTable", untyped<describe_table>},
      {"ListTables", untyped<list_tables>},
      {"DeleteTable", untyped<delete_table>},
      TYPED(PutItem),
      TYPED(GetItem),
      TYPED(DeleteItem),
      TYPED(UpdateItem),
      TYPED(Query),
      TYPED(Scan),
      TYPED(BatchGetItem),
      TYPED(BatchWriteItem),
      {"UpdateTable", untyped<update_table>},
      TYPED(TransactWriteItems),
      TYPED(TransactGetItems),
      {"TagResource", untyped<tag_resource>},
      {"UntagResource", untyped<untag_resource>},
      {"ListTagsOfResource", untyped<list_tags_of_resource>},
      {"ExecuteStatement", untyped<execute_statement>},
      {"BatchExecuteStatement", untyped<batch_execute_statement>},
      {"ExecuteTransaction", untyped<execute_transaction>},
      // TTL and DynamoDB Streams (served on the same endpoint).
      {"UpdateTimeToLive", untyped<update_time_to_live>},
      {"DescribeTimeToLive", untyped<describe_time_to_live>},
      {"ListStreams", untyped<list_streams>},
      {"DescribeStream", untyped<describe_stream>},
      {"GetShardIterator", untyped<get_shard_iterator>},
      {"GetRecords", untyped<get_records>},
      // Account and endpoint information.
      {"DescribeLimits", untyped<describe_limits>},
      {"DescribeEndpoints", untyped<describe_endpoints>},
  };
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

}  // namespace dynamini
