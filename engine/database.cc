#include "dynamini/database.h"

#include <stdexcept>

#include "engine.h"
#include "ops/operations.h"
#include "storage/sqlite.h"

namespace dynamini {

struct Database::Impl {
  explicit Impl(Options options) : engine(std::move(options)) {}
  Engine engine;
};

Database::Database(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Database::~Database() = default;

std::unique_ptr<Database> Database::open(Options options) {
  try {
    return std::unique_ptr<Database>(new Database(std::make_unique<Impl>(std::move(options))));
  } catch (const SqliteError& e) {
    throw std::runtime_error(e.what());
  }
}

Result Database::execute(std::string_view operation, std::string_view request_json) {
  Result result;
  Operation op = find_operation(operation);
  if (!op) {
    result.error = ApiError{ErrorCode::kUnknownOperation, "", {}};
    return result;
  }
  rapidjson::Document request;
  request.Parse<rapidjson::kParseValidateEncodingFlag>(request_json.data(), request_json.size());
  if (request.HasParseError() || !request.IsObject()) {
    result.error = ApiError{ErrorCode::kSerialization,
                            "Start of structure or map found where not expected.", {}};
    if (!request.HasParseError()) result.error->message = "Expected a JSON object as request body";
    return result;
  }
  // The single catch point: client errors arrive as ApiError; anything else
  // (an SQLite failure, a bug) is an internal error, the only 500.
  try {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    op(impl_->engine, request, writer);
    result.body.assign(buffer.GetString(), buffer.GetSize());
  } catch (const ApiError& e) {
    result.error = e;
  } catch (const std::exception& e) {
    result.error = ApiError{ErrorCode::kInternalServerError, std::string("Internal error: ") + e.what(), {}};
  }
  return result;
}

void Database::reset() {
  std::lock_guard lock(impl_->engine.storage_mutex());
  impl_->engine.reset();
}

int64_t Database::now_ms() const { return impl_->engine.now_ms(); }

}  // namespace dynamini
