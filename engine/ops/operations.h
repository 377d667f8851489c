#pragma once

// The operation table: DynamoDB operation name -> implementation. Each
// operation lives in its own file (ops/<operation>.cc) and follows the same
// four steps: parse and validate the request (every input error found before
// storage is touched), resolve expressions, execute under the storage lock in
// one SQLite transaction, render the response.

#include <string_view>

#include "dynamini/database.h"
#include "engine.h"
#include "ops/call.h"
#include "values/json.h"

namespace dynamini {

// Reads the request, runs it and writes the complete response object;
// throws ApiError for client errors.
using Operation = void (*)(Engine& engine, const Json& request, Call& call, JsonWriter& response);

// nullptr for an unknown operation name.
Operation find_operation(std::string_view name);

// The typed operations (ops/typed_operation.h says what each member is for).
struct PutItemOperation {
  using Request = PutItemRequest;
  using Response = PutItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct GetItemOperation {
  using Request = GetItemRequest;
  using Response = GetItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct DeleteItemOperation {
  using Request = DeleteItemRequest;
  using Response = DeleteItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct QueryOperation {
  using Request = QueryRequest;
  using Response = QueryResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct ScanOperation {
  using Request = ScanRequest;
  using Response = ScanResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct BatchGetItemOperation {
  using Request = BatchGetItemRequest;
  using Response = BatchGetItemResponse;
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct BatchWriteItemOperation {
  using Request = BatchWriteItemRequest;
  using Response = BatchWriteItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct TransactGetItemsOperation {
  using Request = TransactGetItemsRequest;
  using Response = TransactGetItemsResponse;
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct TransactWriteItemsOperation {
  using Request = TransactWriteItemsRequest;
  using Response = TransactWriteItemsResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};
struct UpdateItemOperation {
  using Request = UpdateItemRequest;
  using Response = UpdateItemResponse;
  static void check_before_values(const Request& request);
  static Response run(Engine& engine, const Request& request, const ExecuteOptions& options);
};

// Operations not yet typed: the response written from the JSON request.

void create_table(Engine&, const Json&, JsonWriter&);
void describe_table(Engine&, const Json&, JsonWriter&);
void update_table(Engine&, const Json&, JsonWriter&);
void list_tables(Engine&, const Json&, JsonWriter&);
void delete_table(Engine&, const Json&, JsonWriter&);
void tag_resource(Engine&, const Json&, JsonWriter&);
void untag_resource(Engine&, const Json&, JsonWriter&);
void list_tags_of_resource(Engine&, const Json&, JsonWriter&);
void execute_statement(Engine&, const Json&, JsonWriter&);
void batch_execute_statement(Engine&, const Json&, JsonWriter&);
void execute_transaction(Engine&, const Json&, JsonWriter&);
void update_time_to_live(Engine&, const Json&, JsonWriter&);
void describe_time_to_live(Engine&, const Json&, JsonWriter&);
void list_streams(Engine&, const Json&, JsonWriter&);
void describe_stream(Engine&, const Json&, JsonWriter&);
void get_shard_iterator(Engine&, const Json&, JsonWriter&);
void get_records(Engine&, const Json&, JsonWriter&);
void describe_limits(Engine&, const Json&, JsonWriter&);
void describe_endpoints(Engine&, const Json&, JsonWriter&);

}  // namespace dynamini
