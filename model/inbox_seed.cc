#include "model/inbox_seed.h"

#include "model/model_library.h"
#include "model/model_seed.h"

namespace dynamini::model {

void load_inbox(Database& db) {
  load_model_data(database_executor(db), inbox_model(), ExistingTables::kFail);
}

}  // namespace dynamini::model
