#pragma once

// Test fixture: an in-memory Database and helpers that call operations with
// JSON text and return parsed responses or errors.

#include <doctest/doctest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <memory>
#include <string>

#include "dynamini/database.h"

struct ApiFixture {
  std::unique_ptr<dynamini::Database> db = dynamini::Database::open();

  rapidjson::Document call(const char* op, const std::string& json) {
    auto result = db->execute(op, json);
    if (!result.ok())
      FAIL(std::string(op) << " failed: " << std::string(result.error->name()) << ": "
                           << result.error->message);
    rapidjson::Document doc;
    doc.Parse(result.body.c_str());
    return doc;
  }

  dynamini::ApiError fail(const char* op, const std::string& json) {
    auto result = db->execute(op, json);
    if (result.ok()) FAIL(std::string(op) << " unexpectedly succeeded: " << result.body);
    return *result.error;
  }

  static std::string str(const rapidjson::Value& v) {
    rapidjson::StringBuffer b;
    rapidjson::Writer<rapidjson::StringBuffer> w(b);
    v.Accept(w);
    return b.GetString();
  }

  // A table shaped like the inbox: pk/sk strings, sparse GSI1.
  void create_inbox_like(const char* name = "inbox") {
    call("CreateTable", std::string(R"({"TableName":")") + name + R"(",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"gsi1pk","AttributeType":"S"},
        {"AttributeName":"gsi1sk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[
        {"AttributeName":"gsi1pk","KeyType":"HASH"},{"AttributeName":"gsi1sk","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
  }
};
