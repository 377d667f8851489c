#include "cli/api_target.h"

#include <stdexcept>

#include "cli/dynamodb_client.h"

namespace dynamini::cli {
namespace {

class DatabaseTarget : public ApiTarget {
 public:
  DatabaseTarget(std::unique_ptr<Database> owned, Database* db, std::string label)
      : owned_(std::move(owned)), db_(db), label_(std::move(label)) {}
  Result execute(std::string_view operation, std::string_view request_json) override {
    return db_->execute(operation, request_json);
  }
  std::string describe() const override { return label_; }

 private:
  std::unique_ptr<Database> owned_;
  Database* db_;
  std::string label_;
};

}  // namespace

std::unique_ptr<ApiTarget> open_database_target(const std::string& path) {
  Options options;
  options.path = path;
  auto db = Database::open(std::move(options));
  Database* raw = db.get();
  return std::make_unique<DatabaseTarget>(std::move(db), raw,
                                          path.empty() ? "in-memory database" : "file:" + path);
}

std::unique_ptr<ApiTarget> open_endpoint_target(const std::string& endpoint) {
  // One attempt per call: a throttled or failed call is answered as it came.
  return client_target(std::make_unique<DynamoDbClient>(DynamoDbEndpoint{.url = endpoint}), 1);
}

std::pair<unsigned, std::string> post_to_endpoint(const std::string& endpoint,
                                                  const std::string& path) {
  DynamoDbReply reply = DynamoDbClient(DynamoDbEndpoint{.url = endpoint}).post(path);
  if (reply.status == 0) throw std::runtime_error(reply.message);
  return {reply.status, std::move(reply.body)};
}

std::unique_ptr<ApiTarget> borrow_database_target(Database& db) {
  return std::make_unique<DatabaseTarget>(nullptr, &db, "this process");
}

}  // namespace dynamini::cli
