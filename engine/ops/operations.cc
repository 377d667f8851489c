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
      TYPED(CreateTable),
      TYPED(DescribeTable),
      TYPED(ListTables),
      TYPED(DeleteTable),
      TYPED(PutItem),
      TYPED(GetItem),
      TYPED(DeleteItem),
      TYPED(UpdateItem),
      TYPED(Query),
      TYPED(Scan),
      TYPED(BatchGetItem),
      TYPED(BatchWriteItem),
      TYPED(UpdateTable),
      TYPED(TransactWriteItems),
      TYPED(TransactGetItems),
      TYPED(TagResource),
      TYPED(UntagResource),
      TYPED(ListTagsOfResource),
      {"ExecuteStatement", untyped<execute_statement>},
      {"BatchExecuteStatement", untyped<batch_execute_statement>},
      {"ExecuteTransaction", untyped<execute_transaction>},
      // TTL and DynamoDB Streams (served on the same endpoint).
      TYPED(UpdateTimeToLive),
      TYPED(DescribeTimeToLive),
      TYPED(ListStreams),
      TYPED(DescribeStream),
      TYPED(GetShardIterator),
      TYPED(GetRecords),
      // Account and endpoint information.
      TYPED(DescribeLimits),
      TYPED(DescribeEndpoints),
  };
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

}  // namespace dynamini
