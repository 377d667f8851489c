#pragma once

// The operation table: DynamoDB operation name -> implementation. Each
// operation lives in its own file (ops/<operation>.cc) and follows the same
// four steps: parse and validate the request (every input error found before
// storage is touched), resolve expressions, execute under the storage lock in
// one SQLite transaction, render the response.

#include <string_view>

#include "engine.h"
#include "values/json.h"

namespace dynamini {

// Writes the complete response object; throws ApiError for client errors.
using Operation = void (*)(Engine& engine, const Json& request, JsonWriter& response);

// nullptr for an unknown operation name.
Operation find_operation(std::string_view name);

void create_table(Engine&, const Json&, JsonWriter&);
void describe_table(Engine&, const Json&, JsonWriter&);
void update_table(Engine&, const Json&, JsonWriter&);
void list_tables(Engine&, const Json&, JsonWriter&);
void delete_table(Engine&, const Json&, JsonWriter&);
void put_item(Engine&, const Json&, JsonWriter&);
void get_item(Engine&, const Json&, JsonWriter&);
void delete_item(Engine&, const Json&, JsonWriter&);
void update_item(Engine&, const Json&, JsonWriter&);
void query(Engine&, const Json&, JsonWriter&);
void scan(Engine&, const Json&, JsonWriter&);
void batch_get_item(Engine&, const Json&, JsonWriter&);
void batch_write_item(Engine&, const Json&, JsonWriter&);
void transact_write_items(Engine&, const Json&, JsonWriter&);
void transact_get_items(Engine&, const Json&, JsonWriter&);
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
