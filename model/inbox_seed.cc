#include "model/inbox_seed.h"

#include <stdexcept>
#include <string>

#include "model/inbox_data.h"

namespace dynamini::model {

namespace {

void call_or_throw(Database& db, std::string_view operation, std::string_view request) {
  Result result = db.execute(operation, request);
  if (!result.ok()) {
    throw std::runtime_error("load_inbox: " + std::string(operation) +
                             " failed: " + result.error->name() + ": " + result.error->message);
  }
}

}  // namespace

void load_inbox(Database& db) {
  call_or_throw(db, "CreateTable", inbox_create_table_request());
  for (std::string_view item : inbox_sample_items()) {
    std::string request;
    request.reserve(item.size() + 48);
    request += R"({"TableName":")";
    request += kInboxTableName;
    request += R"(","Item":)";
    request += item;
    request += '}';
    call_or_throw(db, "PutItem", request);
  }
}

}  // namespace dynamini::model
