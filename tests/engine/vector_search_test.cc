// Vector indexes and SearchVectors: CreateTable/UpdateTable/DescribeTable,
// search order and scores per distance function (expected values computed
// here independently, in double), projection, capacity, the errors, and the
// in-memory cache never serving rows another write path, a rollback, a
// restore or a reset changed.

#include <cmath>
#include <ctime>
#include <filesystem>
#include <map>
#include <vector>

#include "api_fixture.h"
#include "catalog/table_def.h"
#include "storage/sqlite.h"
#include "storage/store.h"

namespace {

std::string vec(const std::vector<double>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s{\"N\":\"%.9g\"}", i ? "," : "", v[i]);
    out += buf;
  }
  return out + "]";
}

struct VectorFixture : ApiFixture {
  VectorFixture() {
    call("CreateTable", R"({"TableName":"docs","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"tenant","AttributeType":"S"},{"AttributeName":"kind","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "VectorIndexes":[
        {"IndexName":"cos","VectorAttribute":{"AttributeName":"emb"},"Dimensions":3,
         "DistanceFunction":"COSINE","Projection":{"ProjectionType":"ALL"}},
        {"IndexName":"dot","VectorAttribute":{"AttributeName":"emb"},"Dimensions":3,
         "DistanceFunction":"DOT_PRODUCT","Projection":{"ProjectionType":"KEYS_ONLY"}},
        {"IndexName":"euc","VectorAttribute":{"AttributeName":"emb"},"Dimensions":3,
         "DistanceFunction":"EUCLIDEAN","Projection":{"ProjectionType":"INCLUDE",
         "NonKeyAttributes":["title"]}},
        {"IndexName":"scoped","VectorAttribute":{"AttributeName":"emb"},"Dimensions":3,
         "DistanceFunction":"COSINE","Projection":{"ProjectionType":"ALL"},
         "SearchSchema":[{"AttributeName":"tenant","SearchSchemaElementType":"HASH"},
                         {"AttributeName":"kind","SearchSchemaElementType":"INLINE_FILTER"}]}]})");
  }
  void put(const std::string& pk, const std::vector<double>& v, const std::string& extra = "") {
    call("PutItem", R"({"TableName":"docs","Item":{"pk":{"S":")" + pk + R"("},"emb":{"L":)" +
                        vec(v) + "}" + extra + "}}");
  }
  // pk -> score, in the order returned
  std::vector<std::pair<std::string, double>> search(const std::string& index,
                                                     const std::vector<double>& q, int k = 10,
                                                     const std::string& extra = "") {
    auto r = call("SearchVectors", R"({"TableName":"docs","IndexName":")" + index +
                                       R"(","SearchVector":)" + vec(q) +
                                       ",\"TopK\":" + std::to_string(k) + extra + "}");
    std::vector<std::pair<std::string, double>> out;
    for (const auto& hit : r["SearchResults"].GetArray()) {
      out.emplace_back(hit["Item"]["pk"]["S"].GetString(), hit["Score"].GetDouble());
    }
    return out;
  }
  std::vector<std::string> keys(const std::string& index, const std::vector<double>& q) {
    std::vector<std::string> out;
    for (auto& [pk, score] : search(index, q)) out.push_back(pk);
    return out;
  }
};

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

const std::map<std::string, std::vector<double>> kDocs = {{"a", {1, 0, 0}},
                                                          {"b", {0.6, 0.8, 0}},
                                                          {"c", {0, 0, 2.5}},
                                                          {"d", {-1, -1, 0}},
                                                          {"e", {3, 1, 1}}};

}  // namespace

TEST_CASE_FIXTURE(VectorFixture, "SearchVectors: each distance function's order and scores") {
  for (const auto& [pk, v] : kDocs) put(pk, v);
  const std::vector<double> q = {0.5, 0.3, 1};  // no two documents tie
  for (const char* index : {"cos", "dot", "euc"}) {
    std::vector<std::pair<double, std::string>> expected;
    for (const auto& [pk, v] : kDocs) {
      double s = dot(q, v);
      if (std::string(index) == "cos") s = 1 - s / std::sqrt(dot(q, q) * dot(v, v));
      if (std::string(index) == "euc") {
        s = 0;
        for (size_t i = 0; i < 3; ++i) s += (q[i] - v[i]) * (q[i] - v[i]);
        s = std::sqrt(s);
      }
      expected.emplace_back(std::string(index) == "dot" ? -s : s, pk);
    }
    std::sort(expected.begin(), expected.end());
    auto got = search(index, q, 4);
    REQUIRE(got.size() == 4);
    for (size_t i = 0; i < 4; ++i) {
      CAPTURE(index);
      CHECK(got[i].first == expected[i].second);
      const double want = std::string(index) == "dot" ? -expected[i].first : expected[i].first;
      CHECK(got[i].second == doctest::Approx(want).epsilon(1e-6));
    }
  }
}

TEST_CASE_FIXTURE(VectorFixture,
                  "SearchVectors: projection, the vector only when asked, capacity") {
  put("a", {1, 0, 0}, R"(,"title":{"S":"T"},"body":{"S":"B"})");
  auto all = call("SearchVectors", R"({"TableName":"docs","IndexName":"cos",
    "SearchVector":[{"N":"1"},{"N":"0"},{"N":"0"}],"TopK":1,"ReturnConsumedCapacity":"TOTAL"})");
  CHECK(str(all["SearchResults"][0]["Item"]) ==
        R"({"body":{"S":"B"},"pk":{"S":"a"},"title":{"S":"T"}})");
  CHECK(all["ConsumedCapacity"]["VectorSearchRequestBytes"].GetDouble() == 1024);
  auto keys_only = call("SearchVectors", R"({"TableName":"docs","IndexName":"dot",
    "SearchVector":[{"N":"1"},{"N":"0"},{"N":"0"}],"TopK":1})");
  CHECK(str(keys_only["SearchResults"][0]["Item"]) == R"({"pk":{"S":"a"}})");
  CHECK(!keys_only.HasMember("ConsumedCapacity"));
  auto include = call("SearchVectors", R"({"TableName":"docs","IndexName":"euc",
    "SearchVector":[{"N":"1"},{"N":"0"},{"N":"0"}],"TopK":1,
    "ProjectionExpression":"title, emb, body"})");
  CHECK(str(include["SearchResults"][0]["Item"]) ==
        R"({"emb":{"L":[{"N":"1"},{"N":"0"},{"N":"0"}]},"title":{"S":"T"}})");
}

TEST_CASE_FIXTURE(VectorFixture, "SearchVectors: a HASH scope and an INLINE_FILTER") {
  put("a", {1, 0, 0}, R"(,"tenant":{"S":"t1"},"kind":{"S":"x"})");
  put("b", {1, 0.1, 0}, R"(,"tenant":{"S":"t1"},"kind":{"S":"y"})");
  put("c", {1, 0, 0}, R"(,"tenant":{"S":"t2"},"kind":{"S":"x"})");
  put("d", {1, 0, 0});  // no tenant: not in the scoped index
  const std::string t1 = R"(,"SearchConditionExpression":"tenant = :t",
    "ExpressionAttributeValues":{":t":{"S":"t1"}})";
  auto got = search("scoped", {1, 0, 0}, 10, t1);
  REQUIRE(got.size() == 2);
  CHECK(got[0].first == "a");
  CHECK(got[1].first == "b");
  got = search("scoped", {1, 0, 0}, 10, R"(,"SearchConditionExpression":"(#k = :k) AND tenant = :t",
    "ExpressionAttributeNames":{"#k":"kind"},
    "ExpressionAttributeValues":{":t":{"S":"t1"},":k":{"S":"y"}})");
  REQUIRE(got.size() == 1);
  CHECK(got[0].first == "b");
  CHECK(keys("cos", {1, 0, 0}).size() == 4);
}

TEST_CASE_FIXTURE(VectorFixture, "SearchVectors: DynamoDB's errors") {
  put("a", {1, 0, 0});
  auto message = [&](const std::string& body) { return fail("SearchVectors", body).message; };
  const std::string v3 = R"("SearchVector":[{"N":"1"},{"N":"0"},{"N":"0"}])";
  CHECK(message(R"({"TableName":"docs","IndexName":"cos",)" + v3 + R"(,"TopK":101})") ==
        "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 "
        "inclusive");
  CHECK(message(R"({"TableName":"docs","IndexName":"cos","SearchVector":[{"N":"1"}],"TopK":1})") ==
        "Input search vector dimension 1 does not match vector index dimension 3");
  CHECK(
      message(
          R"({"TableName":"docs","IndexName":"cos","SearchVector":[{"S":"1"},{"N":"0"},{"N":"0"}],"TopK":1})") ==
      "Search vector contains invalid values. All values in the search vector must be a 32-bit "
      "floating-point number attribute");
  CHECK(message(R"({"TableName":"docs","IndexName":"scoped",)" + v3 + R"(,"TopK":1})") ==
        "SearchConditionExpression must be provided when SearchSchema has a HASH key");
  CHECK(message(R"({"TableName":"docs","IndexName":"scoped",)" + v3 +
                R"(,"TopK":1,"SearchConditionExpression":"tenant < :t",
                "ExpressionAttributeValues":{":t":{"S":"x"}}})") ==
        "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
  CHECK(message(R"({"TableName":"docs","IndexName":"cos",)" + v3 +
                R"(,"TopK":1,"SearchConditionExpression":"tenant = :t",
                "ExpressionAttributeValues":{":t":{"S":"x"}}})") ==
        "SearchConditionExpression must not contain any attributes that is not in SearchSchema. "
        "Invalid attribute: tenant");
  CHECK(message(R"({"TableName":"docs","IndexName":"nope",)" + v3 + R"(,"TopK":1})") ==
        "The table does not have the specified index: nope");
  auto null =
      fail("SearchVectors", R"({"TableName":null,"IndexName":"cos",)" + v3 + R"(,"TopK":1})");
  CHECK(null.code == dynamini::ErrorCode::kSerialization);
  CHECK(null.message == "invalid type: null, expected a string at line 1 column 17");
  auto missing = fail("SearchVectors", R"({"IndexName":"cos","TopK":1,)" + v3 + "}");
  CHECK(missing.code == dynamini::ErrorCode::kValidation);
  CHECK(missing.message.rfind("missing field `TableName` at line 1 column ", 0) == 0);
  // Writes: the vector's dimension and element types.
  auto wrong =
      fail("PutItem", R"({"TableName":"docs","Item":{"pk":{"S":"x"},"emb":{"L":[{"N":"1"}]}}})");
  CHECK(wrong.message ==
        "One or more parameter values were invalid. Invalid size for parameter emb, Expected: 3, "
        "Actual: 1 IndexName: cos");
  auto text = fail(
      "PutItem",
      R"({"TableName":"docs","Item":{"pk":{"S":"x"},"emb":{"L":[{"N":"1"},{"S":"a"},{"N":"1"}]}}})");
  CHECK(text.message ==
        "One or more parameter values were invalid. Invalid type for parameter emb[1], Expected: "
        "32-bit floating point number, Actual: S. IndexName: cos");
}

TEST_CASE_FIXTURE(VectorFixture, "SearchVectors: every write path reaches the cached rows") {
  put("a", {1, 0, 0});
  put("b", {0, 1, 0});
  CHECK(keys("cos", {1, 0, 0}).front() == "a");  // the cache is built
  // UpdateItem
  call("UpdateItem",
       R"({"TableName":"docs","Key":{"pk":{"S":"b"}},"UpdateExpression":"SET emb = :v",
    "ExpressionAttributeValues":{":v":{"L":[{"N":"1"},{"N":"0"},{"N":"0.001"}]}}})");
  CHECK(search("cos", {0, 1, 0}, 1).front().first == "a");
  // BatchWriteItem
  call("BatchWriteItem", R"({"RequestItems":{"docs":[{"PutRequest":{"Item":{"pk":{"S":"c"},
    "emb":{"L":[{"N":"0"},{"N":"1"},{"N":"0"}]}}}}]}})");
  CHECK(search("cos", {0, 1, 0}, 1).front().first == "c");
  // TransactWriteItems
  call("TransactWriteItems",
       R"({"TransactItems":[{"Delete":{"TableName":"docs","Key":{"pk":{"S":"c"}}}}]})");
  CHECK(keys("cos", {0, 1, 0}).size() == 2);
  // PartiQL
  call("ExecuteStatement", R"({"Statement":"INSERT INTO docs VALUE {'pk':'p','emb':[0,0,1]}"})");
  CHECK(search("cos", {0, 0, 1}, 1).front().first == "p");
  call("ExecuteStatement", R"({"Statement":"DELETE FROM docs WHERE pk = 'p'"})");
  CHECK(search("cos", {0, 0, 1}, 1).front().first != "p");
  // DeleteItem
  call("DeleteItem", R"({"TableName":"docs","Key":{"pk":{"S":"a"}}})");
  CHECK(keys("cos", {1, 0, 0}) == std::vector<std::string>{"b"});
  // TTL
  call("UpdateTimeToLive", R"({"TableName":"docs","TimeToLiveSpecification":{"Enabled":true,
    "AttributeName":"expires"}})");
  put("t", {0, 1, 0}, R"(,"expires":{"N":")" + std::to_string(std::time(nullptr) - 10) + R"("})");
  CHECK(search("cos", {0, 1, 0}, 1).front().first == "t");
  CHECK(db->sweep_expired_items() == 1);
  CHECK(keys("cos", {0, 1, 0}) == std::vector<std::string>{"b"});
}

TEST_CASE_FIXTURE(VectorFixture, "SearchVectors: a restore and a reset never meet stale rows") {
  put("a", {1, 0, 0});
  db->mark_initial_state();
  auto snapshot = db->snapshot();
  CHECK(keys("cos", {1, 0, 0}) == std::vector<std::string>{"a"});
  put("b", {0, 1, 0});
  CHECK(keys("cos", {1, 0, 0}).size() == 2);
  db->restore(*snapshot);
  CHECK(keys("cos", {1, 0, 0}) == std::vector<std::string>{"a"});
  put("c", {0, 0, 1});  // a new change after the restore: never the cache of "b"
  CHECK(keys("cos", {1, 0, 0}) == std::vector<std::string>{"a", "c"});
  db->reset();
  CHECK(keys("cos", {1, 0, 0}) == std::vector<std::string>{"a"});
}

TEST_CASE("Vector rows: a rolled-back write leaves the cached rows as they were") {
  dynamini::Store store("");
  store.load_catalog();
  dynamini::TableDef def;
  def.name = "t";
  def.id = 1;
  def.keys.hash = {"pk", dynamini::ValueType::S};
  def.attribute_definitions = {def.keys.hash};
  dynamini::VectorIndexDef v;
  v.name = "vix";
  v.attribute = "emb";
  v.dimensions = 2;
  v.number = 1;
  def.vector_indexes.push_back(v);
  auto item = [](const char* pk, const char* x) {
    dynamini::Item i;
    i["pk"] = dynamini::AttributeValue::string(pk);
    dynamini::AttributeValue list;
    list.type = dynamini::ValueType::L;
    for (const char* n : {x, "0"}) {
      dynamini::AttributeValue e;
      e.type = dynamini::ValueType::N;
      e.scalar = n;
      list.list.push_back(e);
    }
    i["emb"] = list;
    return i;
  };
  {
    dynamini::WriteTransaction tx(store.connection());
    store.create_table(def);
    store.put(def, nullptr, item("a", "1"));
    tx.commit();
  }
  auto before = store.vector_snapshot(def, def.vector_indexes[0]);
  REQUIRE(before->count == 1);
  {
    dynamini::WriteTransaction tx(store.connection());
    auto old = item("a", "1");
    store.put(def, &old, item("a", "5"));
    store.put(def, nullptr, item("b", "2"));
  }  // rolled back
  auto after = store.vector_snapshot(def, def.vector_indexes[0]);
  CHECK(after->count == 1);
  CHECK(after->data[0] == 1.0f);
  {
    dynamini::WriteTransaction tx(store.connection());
    store.put(def, nullptr, item("b", "2"));
    tx.commit();
  }
  CHECK(store.vector_snapshot(def, def.vector_indexes[0])->count == 2);
}

TEST_CASE_FIXTURE(VectorFixture, "UpdateTable: a vector index added to a table with items") {
  call("CreateTable", R"({"TableName":"plain","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  call("PutItem",
       R"({"TableName":"plain","Item":{"pk":{"S":"a"},"v":{"L":[{"N":"1"},{"N":"2"}]}}})");
  call("PutItem", R"({"TableName":"plain","Item":{"pk":{"S":"b"},"v":{"L":[{"N":"1"}]}}})");
  auto u = call("UpdateTable", R"({"TableName":"plain","VectorIndexUpdates":[{"Create":{
    "IndexName":"vix","VectorAttribute":{"AttributeName":"v"},"Dimensions":2,
    "DistanceFunction":"EUCLIDEAN","Projection":{"ProjectionType":"ALL"}}}]})");
  const auto& created = u["TableDescription"]["VectorIndexes"][0];
  CHECK(std::string(created["IndexStatus"].GetString()) == "CREATING");
  CHECK(created["Backfilling"].GetBool() == false);
  auto d = call("DescribeTable", R"({"TableName":"plain"})");
  const auto& described = d["Table"]["VectorIndexes"][0];
  CHECK(std::string(described["IndexStatus"].GetString()) == "ACTIVE");
  CHECK(!described.HasMember("Backfilling"));
  CHECK(described["ItemCount"].GetInt() == 1);  // "b" has the wrong dimension: not indexed
  auto r = call("SearchVectors", R"({"TableName":"plain","IndexName":"vix",
    "SearchVector":[{"N":"1"},{"N":"2"}],"TopK":5})");
  REQUIRE(r["SearchResults"].Size() == 1);
  CHECK(r["SearchResults"][0]["Score"].GetDouble() == 0);
  call("UpdateTable",
       R"({"TableName":"plain","VectorIndexUpdates":[{"Delete":{"IndexName":"vix"}}]})");
  d = call("DescribeTable", R"({"TableName":"plain"})");
  CHECK(!d["Table"].HasMember("VectorIndexes"));
}

TEST_CASE("Vector indexes: a file database reopens with them") {
  auto path = std::filesystem::temp_directory_path() / "dynamini_vector_reopen.db";
  std::filesystem::remove(path);
  dynamini::Options options;
  options.path = path.string();
  {
    auto db = dynamini::Database::open(options);
    auto created =
        db->execute("CreateTable", R"({"TableName":"vtab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "VectorIndexes":[{"IndexName":"vix","VectorAttribute":{"AttributeName":"v"},"Dimensions":2,
        "DistanceFunction":"DOT_PRODUCT","Projection":{"ProjectionType":"ALL"}}]})");
    INFO((created.ok() ? created.body : created.error->message));
    REQUIRE(created.ok());
    REQUIRE(db->execute("PutItem", R"({"TableName":"vtab","Item":{"pk":{"S":"a"},
      "v":{"L":[{"N":"2"},{"N":"3"}]}}})")
                .ok());
  }
  auto db = dynamini::Database::open(options);
  auto r = db->execute("SearchVectors", R"({"TableName":"vtab","IndexName":"vix",
    "SearchVector":[{"N":"1"},{"N":"1"}],"TopK":1})");
  REQUIRE(r.ok());
  CHECK(r.body.find(R"("Score":5)") != std::string::npos);
  db.reset();
  std::filesystem::remove(path);
}
