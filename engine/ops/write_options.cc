#include "ops/write_options.h"

#include "expressions/legacy.h"
#include "ops/condition_failure.h"
#include "ops/item_collection_metrics.h"

namespace dynamini {

WriteOptions read_write_options(const Json& request, ShapeErrors& errors) {
  WriteOptions options;
  options.return_values = read_return_values(request, errors);
  options.capacity = read_capacity_detail(request, errors);
  options.collection_metrics = read_item_collection_metrics(request, errors);
  options.return_old_on_failure = read_return_old_on_condition_failure(request, errors);
  expr::legacy_shape_errors(request, errors);
  return options;
}

}  // namespace dynamini
