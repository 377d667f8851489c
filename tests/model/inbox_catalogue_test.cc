// The inbox catalogue (model/inbox_catalogue.h): the model as data, built
// from its own definitions, consistent with the requests Inbox sends.

#include "model/inbox_catalogue.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <set>
#include <string>

#include "model/inbox_data.h"
#include "model/inbox_entities.h"
#include "model/inbox_patterns.h"
#include "model/inbox_requests.h"
#include "model/request_template.h"

namespace dynamini::model {
namespace {

rapidjson::Document catalogue() {
  rapidjson::Document doc;
  doc.Parse(inbox_catalogue_json().c_str());
  REQUIRE(!doc.HasParseError());
  return doc;
}

std::string text(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return buffer.GetString();
}

// Values the model itself supplies to its templates (ids, times, what it
// read): everything else a template uses must be a pattern parameter.
const std::set<std::string> kSuppliedByTheModel = {"table",  "now",     "createdAt", "jobId",
                                                   "cutoff", "marked",  "postId",    "notifId",
                                                   "target", "payload", "targetType"};

TEST_CASE("catalogue: table and index are the CreateTable request's") {
  auto doc = catalogue();
  rapidjson::Document schema;
  schema.Parse(inbox_create_table_request().data(), inbox_create_table_request().size());
  CHECK(std::string(doc["table"].GetString()) == kInboxTableName);
  CHECK(std::string(doc["index"].GetString()) ==
        schema["GlobalSecondaryIndexes"][0]["IndexName"].GetString());
  CHECK(doc["schema"] == schema);
}

TEST_CASE("catalogue: every pattern with its parameters, why, and steps as templates") {
  auto doc = catalogue();
  REQUIRE(doc["patterns"].Size() == inbox_access_patterns().size());
  std::set<std::string> declared;
  for (const auto& p : doc["parameters"].GetArray()) declared.insert(p["name"].GetString());
  for (const auto& p : doc["patterns"].GetArray()) {
    const std::string id = p["id"].GetString();
    CAPTURE(id);
    CHECK(std::string(p["why"].GetString()).size() > 80);
    REQUIRE(p["steps"].Size() > 0);
    std::set<std::string> own;
    for (const auto& name : p["parameters"].GetArray()) {
      CHECK(declared.count(name.GetString()) == 1);
      own.insert(name.GetString());
    }
    // A step sent every time takes the pattern's parameters; one sent when
    // the model decides (`when`) may take any, filled from what it read.
    for (const auto& step : p["steps"].GetArray()) {
      const std::set<std::string>& allowed = step["when"].IsNull() ? own : declared;
      for (const std::string& used : template_parameters(text(step["request"]))) {
        CAPTURE(used);
        CHECK((allowed.count(used) + kSuppliedByTheModel.count(used)) > 0);
      }
    }
  }
}

TEST_CASE("catalogue: a step's request is its template, which Inbox's requests fit") {
  auto doc = catalogue();
  for (const auto& p : doc["patterns"].GetArray()) {
    for (const auto& step : p["steps"].GetArray()) {
      bool found = false;
      for (const RequestTemplate& t : inbox_requests()) {
        if (t.id != step["template"].GetString()) continue;
        found = true;
        rapidjson::Document body;
        body.Parse(t.body.data(), t.body.size());
        CHECK(step["request"] == body);
        CHECK(t.operation == step["operation"].GetString());
      }
      CHECK(found);
    }
  }
}

TEST_CASE("catalogue: each sample item is recognised by exactly one entity's keys") {
  for (std::string_view item : inbox_sample_items()) {
    rapidjson::Document doc;
    doc.Parse(item.data(), item.size());
    const std::string key = R"({"pk":)" + text(doc["pk"]) + R"(,"sk":)" + text(doc["sk"]) + "}";
    int fits = 0;
    for (const Entity& e : inbox_entities()) {
      const std::string keys = R"({"pk":{"S":")" + std::string(e.partition_key.value) +
                               R"("},"sk":{"S":")" + std::string(e.sort_key.value) + R"("}})";
      fits += matches_template(keys, key) ? 1 : 0;
    }
    CAPTURE(key);
    CHECK(fits == 1);
  }
}

TEST_CASE("catalogue: an entity's action and a parameter's choices name real patterns") {
  for (const Entity& e : inbox_entities()) {
    if (!e.action.empty()) CHECK(find_inbox_pattern(e.action) != nullptr);
  }
  for (const PatternParameter& p : inbox_parameters()) {
    if (!p.choices_pattern.empty()) CHECK(find_inbox_pattern(p.choices_pattern) != nullptr);
  }
}

}  // namespace
}  // namespace dynamini::model
