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

}  // namespace dynamini
