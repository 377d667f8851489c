// Embeds dynamini: a table, a write and a read through the C++ API, then the
// same table served over HTTP on a free port.
#include <cstdio>

#include "dynamini/database.h"
#include "dynamini/server.h"

int main() {
  auto db = dynamini::Database::open();
  auto created =
      db->execute("CreateTable", R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
  auto put =
      db->execute("PutItem", R"({"TableName":"things","Item":{"id":{"S":"a"},"n":{"N":"42"}}})");
  auto got = db->execute("GetItem", R"({"TableName":"things","Key":{"id":{"S":"a"}}})");
  if (!created.ok() || !put.ok() || !got.ok() || got.body.find("\"42\"") == std::string::npos) {
    std::fprintf(stderr, "embedded calls failed\n");
    return 1;
  }
  dynamini::Server server(*db, {.port = 0});
  server.start();
  std::printf("consumer ok: %s\n", server.endpoint().c_str());
  server.stop();
  return 0;
}
