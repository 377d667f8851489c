// How many constraint errors one "N validation errors detected" message joins,
// and in which order (docs/compatibility.md, "Known differences in messages"; the cases with
// their sources: tests/e2e/validation_cases/error_joins.json).

#include <string>

#include "api_fixture.h"
#include "values/shape_errors.h"

namespace {

std::string caught_message(const dynamini::ShapeErrors& errors) {
  try {
    errors.throw_if_any();
  } catch (const dynamini::ApiError& e) {
    return e.message;
  }
  return "";
}

size_t count_of(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("ShapeErrors: one message joins the first ten errors and counts only those") {
  dynamini::ShapeErrors errors;
  for (int i = 1; i <= 12; ++i) errors.require(false, "m" + std::to_string(i));
  CHECK(errors.size() == 10);
  std::string message = caught_message(errors);
  CHECK(message.starts_with("10 validation errors detected: Value null at 'm1' "));
  CHECK(count_of(message, "Member must not be null") == 10);
  CHECK(message.find("'m10'") != std::string::npos);
  CHECK(message.find("'m11'") == std::string::npos);
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: a bad TableName is reported alone") {
  auto error = fail("PutItem", R"({"TableName":"","ReturnValues":"INVALID","Item":{}})");
  CHECK(error.message ==
        "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: ReturnConsumedCapacity is listed before ReturnValues") {
  auto error = fail("PutItem", R"({"TableName":"abc","Item":{},"ReturnValues":"X",
    "ReturnConsumedCapacity":"Y","ReturnItemCollectionMetrics":"Z"})");
  CHECK(
      error.message.starts_with("3 validation errors detected: Value 'Y' at "
                                "'returnConsumedCapacity'"));
  CHECK(error.message.find("Value 'X' at 'returnValues'") <
        error.message.find("Value 'Z' at 'returnItemCollectionMetrics'"));
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateItem: only the first bad Return* value is reported") {
  auto error = fail("UpdateItem", R"({"TableName":"abc","Key":{},"ReturnValues":"X",
    "ReturnConsumedCapacity":"Y"})");
  CHECK(error.message ==
        "1 validation error detected: Value 'X' at 'returnValues' failed to satisfy constraint: "
        "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
}
