#include "ops/operations.h"

#include <map>
#include <string>

#include "ops/typed_operation.h"

namespace dynamini {
namespace {

#define TYPED(Name) \
  { #Name, run_json < Name##Operation> }

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
      TYPED(PutResourcePolicy),
      TYPED(GetResourcePolicy),
      TYPED(DeleteResourcePolicy),
      TYPED(ExecuteStatement),
      TYPED(BatchExecuteStatement),
      TYPED(ExecuteTransaction),
      TYPED(SearchVectors),
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
      // Backups, point-in-time recovery, export and import.
      TYPED(CreateBackup),
      TYPED(DescribeBackup),
      TYPED(ListBackups),
      TYPED(DeleteBackup),
      TYPED(RestoreTableFromBackup),
      TYPED(UpdateContinuousBackups),
      TYPED(DescribeContinuousBackups),
      TYPED(RestoreTableToPointInTime),
      TYPED(ExportTableToPointInTime),
      TYPED(DescribeExport),
      TYPED(ListExports),
      TYPED(ImportTable),
      TYPED(DescribeImport),
      TYPED(ListImports),
  };
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

}  // namespace dynamini
