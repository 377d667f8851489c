#include "model/executor.h"

namespace dynamini::model {

Executor database_executor(Database& db) {
  return [&db](std::string_view operation, std::string_view request_json) {
    return db.execute(operation, request_json);
  };
}

}  // namespace dynamini::model
