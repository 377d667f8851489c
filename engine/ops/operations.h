#pragma once

// The operation table: DynamoDB operation name -> implementation. Each
// operation lives in its own file (ops/<operation>.cc) and follows the same
// four steps: parse and validate the request (every input error found before
// storage is touched), resolve expressions, execute under the storage lock in
// one SQLite transaction, render the response.

#include <string_view>

#include "context.h"
#include "dynamini/database.h"
#include "ops/call.h"
#include "values/json.h"

namespace dynamini {

// Reads the request, runs it and writes the complete response object;
// throws ApiError for client errors.
using Operation = void (*)(Context& context, const Json& request, Call& call, JsonWriter& response);

// nullptr for an unknown operation name.
Operation find_operation(std::string_view name);

// The typed operations (ops/typed_operation.h says what each member is for).
struct PutItemOperation {
  using Request = PutItemRequest;
  using Response = PutItemResponse;
  // The request-validation family as a constraint error (typed_operation.h).
  static constexpr bool kEnvelopesRequestChecks = true;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct GetItemOperation {
  using Request = GetItemRequest;
  using Response = GetItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DeleteItemOperation {
  using Request = DeleteItemRequest;
  using Response = DeleteItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct QueryOperation {
  using Request = QueryRequest;
  using Response = QueryResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ScanOperation {
  using Request = ScanRequest;
  using Response = ScanResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct BatchGetItemOperation {
  using Request = BatchGetItemRequest;
  using Response = BatchGetItemResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct BatchWriteItemOperation {
  using Request = BatchWriteItemRequest;
  using Response = BatchWriteItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct TransactGetItemsOperation {
  using Request = TransactGetItemsRequest;
  using Response = TransactGetItemsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct TransactWriteItemsOperation {
  using Request = TransactWriteItemsRequest;
  using Response = TransactWriteItemsResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct UpdateItemOperation {
  using Request = UpdateItemRequest;
  using Response = UpdateItemResponse;
  // The request-validation family as a constraint error (typed_operation.h).
  static constexpr bool kEnvelopesRequestChecks = true;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};

// The table, tag, TTL, Streams and account operations.
struct CreateTableOperation {
  using Request = CreateTableRequest;
  using Response = CreateTableResponse;
  static void check_before_shape(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct UpdateTableOperation {
  using Request = UpdateTableRequest;
  using Response = UpdateTableResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeTableOperation {
  using Request = DescribeTableRequest;
  using Response = DescribeTableResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListTablesOperation {
  using Request = ListTablesRequest;
  using Response = ListTablesResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DeleteTableOperation {
  using Request = DeleteTableRequest;
  using Response = DeleteTableResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct UpdateTimeToLiveOperation {
  using Request = UpdateTimeToLiveRequest;
  using Response = UpdateTimeToLiveResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeTimeToLiveOperation {
  using Request = DescribeTimeToLiveRequest;
  using Response = DescribeTimeToLiveResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListStreamsOperation {
  using Request = ListStreamsRequest;
  using Response = ListStreamsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeStreamOperation {
  using Request = DescribeStreamRequest;
  using Response = DescribeStreamResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct GetShardIteratorOperation {
  using Request = GetShardIteratorRequest;
  using Response = GetShardIteratorResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct GetRecordsOperation {
  using Request = GetRecordsRequest;
  using Response = GetRecordsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeLimitsOperation {
  using Request = DescribeLimitsRequest;
  using Response = DescribeLimitsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeEndpointsOperation {
  using Request = DescribeEndpointsRequest;
  using Response = DescribeEndpointsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct TagResourceOperation {
  using Request = TagResourceRequest;
  using Response = TagResourceResponse;
  static void check_before_shape(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct UntagResourceOperation {
  using Request = UntagResourceRequest;
  using Response = UntagResourceResponse;
  static void check_before_shape(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListTagsOfResourceOperation {
  using Request = ListTagsOfResourceRequest;
  using Response = ListTagsOfResourceResponse;
  static void check_before_shape(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
// Resource-based policies (ops/resource_policy.h): stored and validated, not
// enforced.
struct PutResourcePolicyOperation {
  using Request = PutResourcePolicyRequest;
  using Response = PutResourcePolicyResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct GetResourcePolicyOperation {
  using Request = GetResourcePolicyRequest;
  using Response = GetResourcePolicyResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DeleteResourcePolicyOperation {
  using Request = DeleteResourcePolicyRequest;
  using Response = DeleteResourcePolicyResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ExecuteStatementOperation {
  using Request = ExecuteStatementRequest;
  using Response = ExecuteStatementResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct BatchExecuteStatementOperation {
  using Request = BatchExecuteStatementRequest;
  using Response = BatchExecuteStatementResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ExecuteTransactionOperation {
  using Request = ExecuteTransactionRequest;
  using Response = ExecuteTransactionResponse;
  static void check_before_values(const Request& request);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};

// Vector search (ops/search_vectors.cc). check_before_read: SearchVectors reads
// its body with a stricter deserialiser than the other operations (nulls and
// missing members in its own words).
struct SearchVectorsOperation {
  using Request = SearchVectorsRequest;
  using Response = SearchVectorsResponse;
  static void check_before_read(const Json& body);
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};

// Backups, point-in-time recovery, export and import (one file each; the
// storage they share: storage/backup_store.h, point_in_time_log.h, job_store.h).
struct CreateBackupOperation {
  using Request = CreateBackupRequest;
  using Response = CreateBackupResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeBackupOperation {
  using Request = DescribeBackupRequest;
  using Response = DescribeBackupResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListBackupsOperation {
  using Request = ListBackupsRequest;
  using Response = ListBackupsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DeleteBackupOperation {
  using Request = DeleteBackupRequest;
  using Response = DeleteBackupResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct RestoreTableFromBackupOperation {
  using Request = RestoreTableFromBackupRequest;
  using Response = RestoreTableFromBackupResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct UpdateContinuousBackupsOperation {
  using Request = UpdateContinuousBackupsRequest;
  using Response = UpdateContinuousBackupsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeContinuousBackupsOperation {
  using Request = DescribeContinuousBackupsRequest;
  using Response = DescribeContinuousBackupsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct RestoreTableToPointInTimeOperation {
  using Request = RestoreTableToPointInTimeRequest;
  using Response = RestoreTableToPointInTimeResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ExportTableToPointInTimeOperation {
  using Request = ExportTableToPointInTimeRequest;
  using Response = ExportTableToPointInTimeResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeExportOperation {
  using Request = DescribeExportRequest;
  using Response = DescribeExportResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListExportsOperation {
  using Request = ListExportsRequest;
  using Response = ListExportsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ImportTableOperation {
  using Request = ImportTableRequest;
  using Response = ImportTableResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct DescribeImportOperation {
  using Request = DescribeImportRequest;
  using Response = DescribeImportResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};
struct ListImportsOperation {
  using Request = ListImportsRequest;
  using Response = ListImportsResponse;
  static Response run(Context& context, const Request& request, const ExecuteOptions& options);
};

}  // namespace dynamini
