#pragma once

// CreateTable's meaning checks, for the operations that create a table from
// the same parameters (ImportTable's TableCreationParameters).

#include "catalog/table_def.h"
#include "dynamini/shapes.h"

namespace dynamini {

// The definition a CreateTable request describes (ids, times and storage to
// be assigned by Context::create_table). Throws ValidationException with
// DynamoDB's messages (ops/tables/create_table.cc lists their order and sources).
TableDef bind_create_table(const CreateTableRequest& request);

}  // namespace dynamini
