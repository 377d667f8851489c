// The shipped models (model/models/*.json) as the console reads them
// (model/model_catalogue.h): consistent with themselves, with their sample
// data and with the requests the inbox's C++ sends.

#include "model/model_catalogue.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <string_view>

#include "model/embedded_model_files.h"
#include "model/inbox_requests.h"
#include "model/model_library.h"
#include "model/model_seed.h"
#include "model/request_template.h"

namespace dynamini::model {
namespace {

rapidjson::Document catalogue(const ModelDefinition& m) {
  rapidjson::Document doc;
  const std::string text = model_catalogue_json(m);
  doc.Parse(text.c_str());
  REQUIRE(!doc.HasParseError());
  return doc;
}

std::string text(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return buffer.GetString();
}

// Values a runner supplies to templates itself: the generic runner's clock
// and ids, and what the inbox's C++ fills in from what it read.
const std::set<std::string> kSupplied = {"now",    "nowSeconds", "ulid",      "table",  "createdAt",
                                         "jobId",  "cutoff",     "marked",    "postId", "notifId",
                                         "target", "payload",    "targetType"};

TEST_CASE("catalogue: three models ship, the inbox among them") {
  CHECK(shipped_model_names() == std::vector<std::string>{"inbox", "notifications", "shop"});
  CHECK(inbox_model().runner == "inbox");
  CHECK(shipped_model("nope") == nullptr);
}

TEST_CASE("catalogue: a shipped model is found by its file's name and parsed once") {
  // Lookup goes by file name (inbox.json) and parses that file alone, so the
  // model's own name must be its file's name.
  for (const std::string& name : shipped_model_names()) {
    CAPTURE(name);
    const ModelDefinition* m = shipped_model(name);
    REQUIRE(m != nullptr);
    CHECK(m->name == name);
    CHECK(shipped_model(name) == m);
  }
  CHECK(shipped_model("prices-dynamodb-on-demand-us-east-1-2026-12-02") == nullptr);
  CHECK(shipped_model("review-notes") == nullptr);
}

TEST_CASE("catalogue: table, index and schema are the focus table's CreateTable request") {
  const ModelDefinition& inbox = inbox_model();
  auto doc = catalogue(inbox);
  rapidjson::Document schema;
  schema.Parse(inbox.tables[0].c_str());
  CHECK(std::string(doc["table"].GetString()) == "inbox");
  CHECK(std::string(doc["index"].GetString()) == "GSI1");
  CHECK(doc["schema"] == schema);
  CHECK(doc["tables"].Size() == 1);
  CHECK(std::string(doc["prices"]["region"].GetString()) == "us-east-1");
}

TEST_CASE("catalogue: every pattern's steps use only its parameters (or what a runner supplies)") {
  for (const std::string& name : shipped_model_names()) {
    const ModelDefinition& m = *shipped_model(name);
    auto doc = catalogue(m);
    std::set<std::string> declared;
    for (const auto& p : doc["parameters"].GetArray()) declared.insert(p["name"].GetString());
    for (const auto& p : doc["patterns"].GetArray()) {
      CAPTURE(name);
      CAPTURE(std::string(p["id"].GetString()));
      CHECK(std::string(p["why"].GetString()).size() > 80);
      // Its parameters, its cursor, and what its steps capture from responses.
      std::set<std::string> own;
      for (const auto& n : p["parameters"].GetArray()) own.insert(n.GetString());
      if (p["cursor"].IsString()) own.insert(p["cursor"].GetString());
      for (const auto& step : p["steps"].GetArray()) {
        if (!step["capture"].IsObject()) continue;
        for (const auto& c : step["capture"].GetObject()) own.insert(c.name.GetString());
      }
      // A step sent when the model's code decides (`when`) may take any parameter.
      for (const auto& step : p["steps"].GetArray()) {
        const std::set<std::string>& allowed = step["when"].IsNull() ? own : declared;
        for (const std::string& used : template_parameters(text(step["request"]))) {
          CAPTURE(used);
          CHECK((allowed.count(used) + kSupplied.count(used)) > 0);
        }
      }
    }
  }
}

TEST_CASE("catalogue: the inbox's templates are the requests Inbox sends") {
  auto doc = catalogue(inbox_model());
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

// True when the entity's key templates fit the item's keys.
bool fits(const ModelEntity& e, const rapidjson::Document& item) {
  for (const auto& [attribute, key] : e.keys) {
    auto it = item.FindMember(attribute.c_str());
    if (it == item.MemberEnd() || !it->value.HasMember("S")) return false;
    rapidjson::Document t;
    const std::string tmpl = R"({"v":")" + key + R"("})";
    const std::string value = R"({"v":)" + text(it->value["S"]) + "}";
    if (!matches_template(tmpl, value)) return false;
  }
  return true;
}

TEST_CASE("catalogue: each sample item is recognised by exactly one entity of its table") {
  for (const std::string& name : shipped_model_names()) {
    const ModelDefinition& m = *shipped_model(name);
    std::vector<std::pair<std::string, std::string>> items = m.items;
    for (const GeneratedItems& g : m.generated) {
      for (std::string& item : generated_items(g)) items.emplace_back(g.table, std::move(item));
    }
    for (const auto& entry : items) {
      // Plain names, not a structured binding: CAPTURE's lambda cannot
      // capture a binding before C++20 (clang refuses it).
      const std::string& table = entry.first;
      const std::string& json = entry.second;
      rapidjson::Document item;
      item.Parse(json.c_str());
      int count = 0;
      for (const ModelEntity& e : m.entities) count += e.table == table && fits(e, item) ? 1 : 0;
      CAPTURE(name);
      CAPTURE(json);
      CHECK(count == 1);
    }
  }
}

TEST_CASE("catalogue: the key design names each entity's keys") {
  const std::string design = model_key_design(inbox_model());
  CHECK(design.find("UNREAD#<user>") != std::string::npos);
  CHECK(design.find("#JOB#READALL#<jobId>") != std::string::npos);
  CHECK(design.find("GSI1: gsi1pk (HASH), gsi1sk (RANGE), projection ALL") != std::string::npos);
  const std::string shop = model_key_design(*shipped_model("shop"));
  CHECK(shop.find("InvertedIndex: SK (HASH), PK (RANGE), projection ALL") != std::string::npos);
  CHECK(shop.find("SK=ORDER#<orderDate>#<order>") != std::string::npos);
}

}  // namespace
}  // namespace dynamini::model

namespace dynamini::model {
namespace {

std::string first_command(const ModelDefinition& m) {
  return catalogue(m)["patterns"][0]["command"].GetString();
}

}  // namespace

TEST_CASE("catalogue: each pattern's command loads the model as it was given") {
  // A shipped model by its name.
  CHECK(first_command(*shipped_model("shop")).find(" --model shop") != std::string::npos);
  // A model file by the path it was read from, quoted for the shell.
  const std::string path = "/tmp/dynamini catalogue test's shop.json";
  for (const EmbeddedModelFile& f : embedded_model_files()) {
    if (std::string_view(f.name) == "shop.json") std::ofstream(path) << f.text;
  }
  const ModelDefinition from_file = load_model(path);
  std::remove(path.c_str());
  CHECK(from_file.argument == path);
  CHECK(first_command(from_file).find(" --model '/tmp/dynamini catalogue test'\\''s shop.json'") !=
        std::string::npos);
  // An uploaded model has no path to give: FILE stands for it.
  ModelDefinition uploaded = *shipped_model("shop");
  uploaded.argument.clear();
  CHECK(first_command(uploaded).find(" --model FILE") != std::string::npos);
}

}  // namespace dynamini::model
