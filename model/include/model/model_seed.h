#pragma once

// Creates a model's tables and loads its sample items, with public API calls
// only (DescribeTable, DeleteTable, CreateTable, BatchWriteItem): what
// `dynamini --model`, the console's model picker and `dynamini model run
// --db` do before a model's patterns can run.

#include <cstdint>

#include "model/executor.h"
#include "model/model_definition.h"

namespace dynamini::model {

enum class ExistingTables {
  kFail,     // a table that exists is an error (CreateTable's ResourceInUseException)
  kKeep,     // a table that exists is left as it is, items and all; only missing ones are made
  kReplace,  // a table that exists is deleted and made again with the sample items
};

struct SeedReport {
  int tables_created = 0;
  int64_t items = 0;  // items written
};

// Tables made now get the model's items and generated items. Throws
// std::runtime_error naming the call that failed.
SeedReport load_model_data(const Executor& executor, const ModelDefinition& model,
                           ExistingTables existing = ExistingTables::kKeep);

// The generated items of `g` (model_definition.h), as DynamoDB JSON objects.
std::vector<std::string> generated_items(const GeneratedItems& g);

}  // namespace dynamini::model
