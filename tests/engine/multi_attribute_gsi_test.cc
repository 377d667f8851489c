// Global secondary indexes with multi-attribute keys (DynamoDB Developer
// Guide, "Multi-attribute key schema"): up to four HASH and four RANGE
// attributes; items sort by the RANGE attributes in key-schema order, each by
// its own type; an item lacking any key attribute is not in the index; a key
// condition needs an equality on every HASH attribute and conditions on a
// prefix of the RANGE attributes, equalities but the last.

#include <filesystem>
#include <string>
#include <vector>

#include "api_fixture.h"

namespace {

namespace fs = std::filesystem;

// Table `games` (pk) with GSI `ByMatch`: HASH tournament (S), area (S);
// RANGE round (N), bracket (B), matchId (S).
const char* kCreateGames = R"({"TableName":"games","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"tournament","AttributeType":"S"},{"AttributeName":"area","AttributeType":"S"},
    {"AttributeName":"round","AttributeType":"N"},{"AttributeName":"bracket","AttributeType":"B"},
    {"AttributeName":"matchId","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "GlobalSecondaryIndexes":[{"IndexName":"ByMatch","KeySchema":[
    {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"area","KeyType":"HASH"},
    {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"},
    {"AttributeName":"matchId","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]})";

struct Match {
  const char* pk;
  const char* round;    // N, or nullptr for none
  const char* bracket;  // base64 B, or nullptr
  const char* match;    // S, or nullptr
  const char* area = "EU";
};

// Key order within (T1, EU): round 2 < 10 < 10.5 (numbers by value), then
// bracket AA== (0x00) < AAA= (0x00 0x00) < AQ== (0x01) < /w== (0xFF), then
// matchId by bytes.
const std::vector<Match> kMatches = {
    {"m1", "10", "AQ==", "b"},        {"m2", "2", "/w==", "z"},    {"m3", "10", "AA==", "c"},
    {"m4", "10", "AAA=", "a"},        {"m5", "10.5", "AA==", "a"}, {"m6", "10", "AQ==", "a"},
    {"m7", "-1", "AA==", "a"},        {"m8", "10", nullptr, "a"},  {"m9", nullptr, "AA==", "a"},
    {"m10", "10", "AQ==", "a", "US"},
};
// The (T1, EU) items in index order; m8 and m9 lack a key attribute.
const std::vector<std::string> kOrder = {"m7", "m2", "m3", "m4", "m6", "m1", "m5"};

struct MultiKeyFixture : ApiFixture {
  void create_games() { call("CreateTable", kCreateGames); }

  void put_matches() {
    for (const auto& m : kMatches) put(m);
  }

  void put(const Match& m) {
    std::string item = std::string(R"({"pk":{"S":")") + m.pk +
                       R"("},"tournament":{"S":"T1"},"area":{"S":")" + m.area + R"("})";
    if (m.round) item += std::string(R"(,"round":{"N":")") + m.round + R"("})";
    if (m.bracket) item += std::string(R"(,"bracket":{"B":")") + m.bracket + R"("})";
    if (m.match) item += std::string(R"(,"matchId":{"S":")") + m.match + R"("})";
    call("PutItem", R"({"TableName":"games","Item":)" + item + "}}");
  }

  // Query ByMatch; the pks in the order returned.
  std::vector<std::string> query(const std::string& condition, const std::string& values,
                                 const std::string& extra = "") {
    auto page = call("Query", R"({"TableName":"games","IndexName":"ByMatch",)"
                              R"("KeyConditionExpression":")" +
                                  condition + R"(","ExpressionAttributeValues":{)" + values + "}" +
                                  extra + "}");
    return pks(page);
  }

  std::string query_error(const std::string& condition, const std::string& values,
                          const std::string& extra = "") {
    return fail("Query", R"({"TableName":"games","IndexName":"ByMatch",)"
                         R"("KeyConditionExpression":")" +
                             condition + R"(","ExpressionAttributeValues":{)" + values + "}" +
                             extra + "}")
        .message;
  }

  static std::vector<std::string> pks(const rapidjson::Document& page) {
    std::vector<std::string> out;
    for (const auto& item : page["Items"].GetArray()) out.push_back(item["pk"]["S"].GetString());
    return out;
  }
};

const std::string kHash = R"(":t":{"S":"T1"},":r":{"S":"EU"})";
const char* kHashCondition = "tournament = :t AND area = :r";

std::string create_with_gsi_keys(const std::string& key_schema) {
  return R"({"TableName":"bad","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"},
      {"AttributeName":"c","AttributeType":"S"},{"AttributeName":"d","AttributeType":"S"},
      {"AttributeName":"e","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "GlobalSecondaryIndexes":[{"IndexName":"Gsi","KeySchema":)" +
         key_schema + R"(,"Projection":{"ProjectionType":"ALL"}}]})";
}

std::string elements(std::initializer_list<std::pair<const char*, const char*>> list) {
  std::string out = "[";
  for (const auto& [name, type] : list) {
    out += std::string(out.size() > 1 ? "," : "") + R"({"AttributeName":")" + name +
           R"(","KeyType":")" + type + R"("})";
  }
  return out + "]";
}

}  // namespace

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: DescribeTable lists the key schema as created") {
  auto created = call("CreateTable", kCreateGames);
  const auto& gsi = created["TableDescription"]["GlobalSecondaryIndexes"][0];
  CHECK(
      str(gsi["KeySchema"]) ==
      R"([{"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"area","KeyType":"HASH"},)"
      R"({"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"},)"
      R"({"AttributeName":"matchId","KeyType":"RANGE"}])");
  auto described = call("DescribeTable", R"({"TableName":"games"})");
  CHECK(str(described["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"]) == str(gsi["KeySchema"]));
  CHECK(described["Table"]["AttributeDefinitions"].Size() == 6);
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: CreateTable refuses key schemas DynamoDB refuses") {
  const std::string invalid = "One or more parameter values were invalid: ";
  CHECK(fail("CreateTable",
             create_with_gsi_keys(elements(
                 {{"a", "HASH"}, {"b", "HASH"}, {"c", "HASH"}, {"d", "HASH"}, {"e", "HASH"}})))
            .message == invalid +
                            "The KeySchema exceeds the maximum allowed number of HASH key "
                            "attributes");
  CHECK(fail("CreateTable", create_with_gsi_keys(elements({{"pk", "HASH"},
                                                           {"a", "RANGE"},
                                                           {"b", "RANGE"},
                                                           {"c", "RANGE"},
                                                           {"d", "RANGE"},
                                                           {"e", "RANGE"}})))
            .message == invalid +
                            "The KeySchema exceeds the maximum allowed number of RANGE key "
                            "attributes");
  CHECK(fail("CreateTable",
             create_with_gsi_keys(elements({{"a", "HASH"}, {"b", "RANGE"}, {"c", "HASH"}})))
            .message ==
        invalid + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
  CHECK(fail("CreateTable",
             create_with_gsi_keys(elements({{"a", "HASH"}, {"b", "RANGE"}, {"a", "RANGE"}})))
            .message == "The KeySchema contains multiple key attributes with the same name");
  CHECK(
      fail("CreateTable", create_with_gsi_keys(elements({{"a", "HASH"}, {"a", "HASH"}}))).message ==
      "The KeySchema contains multiple key attributes with the same name");
  CHECK(fail("CreateTable",
             create_with_gsi_keys(elements({{"a", "RANGE"}, {"b", "HASH"}, {"c", "RANGE"}})))
            .message == "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  // An undefined attribute is named with all the index's keys, as before.
  CHECK(fail("CreateTable",
             create_with_gsi_keys(elements({{"a", "HASH"}, {"b", "RANGE"}, {"x", "RANGE"}})))
            .message ==
        invalid +
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [a, b, "
            "x], AttributeDefinitions: [pk, a, b, c, d, e]");
  // Four of each is the limit, and it is accepted (the unused attribute is e).
  auto four = create_with_gsi_keys(elements({{"a", "HASH"},
                                             {"b", "HASH"},
                                             {"c", "HASH"},
                                             {"d", "HASH"},
                                             {"pk", "RANGE"},
                                             {"e", "RANGE"}}));
  call("CreateTable", four);
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: tables and LSIs keep one HASH and one RANGE") {
  // The shape bound of the table's and the LSIs' KeySchema is unchanged.
  auto table = fail("CreateTable", R"({"TableName":"tbl3","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},
      {"AttributeName":"b","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"},
      {"AttributeName":"c","KeyType":"RANGE"}]})");
  CHECK(table.message ==
        "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), "
        "KeySchemaElement(attributeName=b, keyType=RANGE), KeySchemaElement(attributeName=c, "
        "keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length "
        "less than or equal to 2");
  auto lsi = fail("CreateTable", R"({"TableName":"tbl3","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},
      {"AttributeName":"b","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}],
    "LocalSecondaryIndexes":[{"IndexName":"Lsi","KeySchema":[{"AttributeName":"a","KeyType":"HASH"},
      {"AttributeName":"b","KeyType":"RANGE"},{"AttributeName":"c","KeyType":"RANGE"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  CHECK(lsi.message ==
        "1 validation error detected: Value '[...]' at 'localSecondaryIndexes.1.member.keySchema' "
        "failed to satisfy constraint: Member must have length less than or equal to 2");
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: items sort by the RANGE attributes in order, each by its "
                  "type; an item lacking one is not indexed") {
  create_games();
  put_matches();
  CHECK(query(kHashCondition, kHash) == kOrder);
  std::vector<std::string> reversed(kOrder.rbegin(), kOrder.rend());
  CHECK(query(kHashCondition, kHash, R"(,"ScanIndexForward":false)") == reversed);
  // Another partition (area US) holds only m10.
  CHECK(query(kHashCondition, R"(":t":{"S":"T1"},":r":{"S":"US"})") ==
        std::vector<std::string>{"m10"});
  // Giving an item the missing attribute adds it; removing one takes it out.
  call("UpdateItem", R"({"TableName":"games","Key":{"pk":{"S":"m8"}},
    "UpdateExpression":"SET bracket = :b","ExpressionAttributeValues":{":b":{"B":"AA=="}}})");
  call("UpdateItem",
       R"({"TableName":"games","Key":{"pk":{"S":"m2"}},"UpdateExpression":"REMOVE matchId"})");
  CHECK(query(kHashCondition, kHash) ==
        std::vector<std::string>{"m7", "m8", "m3", "m4", "m6", "m1", "m5"});
  // Changing a key attribute moves the item within the index.
  call("UpdateItem", R"({"TableName":"games","Key":{"pk":{"S":"m7"}},
    "UpdateExpression":"SET #r = :r","ExpressionAttributeNames":{"#r":"round"},
    "ExpressionAttributeValues":{":r":{"N":"11"}}})");
  CHECK(query(kHashCondition, kHash) ==
        std::vector<std::string>{"m8", "m3", "m4", "m6", "m1", "m5", "m7"});
  // A wrong type for an index key attribute is refused, as for any index key.
  CHECK(fail("PutItem", R"({"TableName":"games","Item":{"pk":{"S":"x"},"round":{"S":"1"}}})")
            .message ==
        "One or more parameter values were invalid: Type mismatch for Index Key round Expected: N "
        "Actual: S IndexName: ByMatch");
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: key conditions on a prefix of the RANGE attributes") {
  create_games();
  put_matches();
  const std::string h = kHashCondition;
  const std::string v = kHash;
  CHECK(query(h + " AND #n = :n", v + R"(,":n":{"N":"10"})",
              R"(,"ExpressionAttributeNames":{"#n":"round"})") ==
        std::vector<std::string>{"m3", "m4", "m6", "m1"});
  CHECK(query(h + " AND #n = :n AND bracket = :b", v + R"(,":n":{"N":"10"},":b":{"B":"AQ=="})",
              R"(,"ExpressionAttributeNames":{"#n":"round"})") ==
        std::vector<std::string>{"m6", "m1"});
  CHECK(query(h + " AND #n = :n AND bracket = :b AND matchId = :m",
              v + R"(,":n":{"N":"10"},":b":{"B":"AQ=="},":m":{"S":"b"})",
              R"(,"ExpressionAttributeNames":{"#n":"round"})") == std::vector<std::string>{"m1"});
  // A range condition on the last attribute named, of every kind.
  const std::string names = R"(,"ExpressionAttributeNames":{"#n":"round"})";
  CHECK(query(h + " AND #n < :n", v + R"(,":n":{"N":"10"})", names) ==
        std::vector<std::string>{"m7", "m2"});
  CHECK(query(h + " AND #n <= :n", v + R"(,":n":{"N":"10"})", names) ==
        std::vector<std::string>{"m7", "m2", "m3", "m4", "m6", "m1"});
  CHECK(query(h + " AND #n > :n", v + R"(,":n":{"N":"10"})", names) ==
        std::vector<std::string>{"m5"});
  CHECK(query(h + " AND #n >= :n", v + R"(,":n":{"N":"10"})", names) ==
        std::vector<std::string>{"m3", "m4", "m6", "m1", "m5"});
  CHECK(query(h + " AND #n BETWEEN :a AND :b", v + R"(,":a":{"N":"2"},":b":{"N":"10"})", names) ==
        std::vector<std::string>{"m2", "m3", "m4", "m6", "m1"});
  CHECK(query(h + " AND #n = :n AND bracket > :b", v + R"(,":n":{"N":"10"},":b":{"B":"AA=="})",
              names) == std::vector<std::string>{"m4", "m6", "m1"});
  CHECK(query(h + " AND #n = :n AND bracket < :b", v + R"(,":n":{"N":"10"},":b":{"B":"AQ=="})",
              names) == std::vector<std::string>{"m3", "m4"});
  CHECK(query(h + " AND #n = :n AND begins_with(bracket, :b)",
              v + R"(,":n":{"N":"10"},":b":{"B":"AA=="})",
              names) == std::vector<std::string>{"m3", "m4"});
  CHECK(query(h + " AND #n = :n AND bracket = :b AND begins_with(matchId, :m)",
              v + R"(,":n":{"N":"10"},":b":{"B":"AQ=="},":m":{"S":"a"})",
              names) == std::vector<std::string>{"m6"});
  // The clauses in any order, the value on either side.
  CHECK(query("bracket = :b AND :n = #n AND area = :r AND tournament = :t",
              v + R"(,":n":{"N":"10"},":b":{"B":"AQ=="})",
              names) == std::vector<std::string>{"m6", "m1"});
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: DynamoDB's errors for key conditions that do not fit") {
  create_games();
  const std::string h = std::string(kHashCondition) + " AND ";
  const std::string v = kHash;
  const std::string names = R"(,"ExpressionAttributeNames":{"#n":"round"})";
  const std::string gap =
      " must have equality conditions specified in the query because a condition is present on "
      "key attribute ";
  // A gap in the RANGE attributes (the first skipped; the first two skipped).
  CHECK(query_error(h + "bracket = :b", v + R"(,":b":{"B":"AA=="})") ==
        "RANGE key attributes round" + gap + "bracket");
  CHECK(query_error(h + "matchId = :m", v + R"(,":m":{"S":"a"})") ==
        "RANGE key attributes round, bracket" + gap + "matchId");
  // A range condition before the last attribute named.
  CHECK(query_error(h + "#n > :n AND bracket = :b", v + R"(,":n":{"N":"1"},":b":{"B":"AA=="})",
                    names) == "RANGE key attributes round" + gap + "bracket");
  CHECK(query_error(h + "#n = :n AND bracket < :b AND matchId = :m",
                    v + R"(,":n":{"N":"1"},":b":{"B":"AA=="},":m":{"S":"a"})",
                    names) == "RANGE key attributes bracket" + gap + "matchId");
  // Every HASH attribute needs its equality.
  CHECK(query_error("tournament = :t", R"(":t":{"S":"T1"})") ==
        "Query condition missed key schema element: area");
  CHECK(query_error("area = :r", R"(":r":{"S":"EU"})") ==
        "Query condition missed key schema element: tournament");
  CHECK(query_error("tournament = :t AND area > :r", v) == "Query key condition not supported");
  // A condition on an attribute that is not a key of the index.
  CHECK(query_error(h + "extra = :o", v + R"(,":o":{"S":"x"})") ==
        "Query condition missed key schema element: round");
  // Each attribute's values of its own type.
  CHECK(query_error(h + "matchId = :m AND bracket = :b AND #n = :n",
                    v + R"(,":n":{"S":"1"},":b":{"B":"AA=="},":m":{"S":"a"})", names) ==
        "One or more parameter values were invalid: Condition parameter type does not match "
        "schema type");
  CHECK(query_error(h + "#n = :n AND begins_with(bracket, :b)",
                    v + R"(,":n":{"N":"1"},":b":{"S":"x"})", names) ==
        "One or more parameter values were invalid: Condition parameter type does not match "
        "schema type");
  CHECK(query_error(h + "begins_with(#n, :n)", v + R"(,":n":{"N":"1"})", names) ==
        "Invalid KeyConditionExpression: Incorrect operand type for operator or function; "
        "operator or function: begins_with, operand type: N");
  CHECK(query_error(h + "#n BETWEEN :a AND :b", v + R"(,":a":{"N":"10"},":b":{"N":"2"})", names) ==
        "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
        "than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound "
        "operand: AttributeValue: {N:2}");
  // A filter may not name any key attribute of the index.
  CHECK(fail("Query", R"({"TableName":"games","IndexName":"ByMatch",
    "KeyConditionExpression":"tournament = :t AND area = :r","FilterExpression":"matchId = :m",
    "ExpressionAttributeValues":{":t":{"S":"T1"},":r":{"S":"EU"},":m":{"S":"a"}}})")
            .message ==
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: "
        "matchId");
  // Three conditions on a table's key are still refused as DynamoDB refuses them.
  create_inbox_like();
  CHECK(fail("Query",
             R"({"TableName":"inbox","KeyConditionExpression":"pk = :a AND sk = :a AND x = :a",
    "ExpressionAttributeValues":{":a":{"S":"x"}}})")
            .message ==
        "The number of query conditions (3) exceeds the number of key attributes defined in the "
        "schema (2)");
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: pages carry the table key and every index key attribute") {
  create_games();
  put_matches();
  for (bool forward : {true, false}) {
    std::vector<std::string> seen;
    std::string start;
    int pages = 0;
    for (;;) {
      std::string request = R"({"TableName":"games","IndexName":"ByMatch","Limit":2,)"
                            R"("KeyConditionExpression":"tournament = :t AND area = :r",)"
                            R"("ExpressionAttributeValues":{":t":{"S":"T1"},":r":{"S":"EU"}},)"
                            R"("ScanIndexForward":)" +
                            std::string(forward ? "true" : "false");
      if (!start.empty()) request += R"(,"ExclusiveStartKey":)" + start;
      auto page = call("Query", request + "}");
      for (const auto& pk : pks(page)) seen.push_back(pk);
      ++pages;
      if (!page.HasMember("LastEvaluatedKey")) break;
      const auto& lek = page["LastEvaluatedKey"];
      CHECK(lek.MemberCount() == 6);
      for (const char* name : {"pk", "tournament", "area", "round", "bracket", "matchId"}) {
        CHECK(lek.HasMember(name));
      }
      start = str(lek);
      REQUIRE(pages < 10);
    }
    std::vector<std::string> expected = kOrder;
    if (!forward) expected.assign(kOrder.rbegin(), kOrder.rend());
    CHECK(seen == expected);
    CHECK(pages == 4);
  }
  // A start key outside the key condition is refused as for one-attribute keys.
  CHECK(fail("Query", R"({"TableName":"games","IndexName":"ByMatch",
    "KeyConditionExpression":"tournament = :t AND area = :r AND #n = :n",
    "ExpressionAttributeNames":{"#n":"round"},
    "ExpressionAttributeValues":{":t":{"S":"T1"},":r":{"S":"EU"},":n":{"N":"10"}},
    "ExclusiveStartKey":{"pk":{"S":"m2"},"tournament":{"S":"T1"},"area":{"S":"EU"},
      "round":{"N":"2"},"bracket":{"B":"/w=="},"matchId":{"S":"z"}}})")
            .message == "The provided starting key does not match the range key predicate");
  // A start key without one of the index key attributes is invalid.
  CHECK(fail("Query", R"({"TableName":"games","IndexName":"ByMatch",
    "KeyConditionExpression":"tournament = :t AND area = :r",
    "ExpressionAttributeValues":{":t":{"S":"T1"},":r":{"S":"EU"}},
    "ExclusiveStartKey":{"pk":{"S":"m2"},"tournament":{"S":"T1"},"area":{"S":"EU"},
      "round":{"N":"2"},"bracket":{"B":"/w=="}}})")
            .message == "The provided starting key is invalid");
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: Scan reads the indexed items, page by page") {
  create_games();
  put_matches();
  std::vector<std::string> seen;
  std::string start;
  for (int pages = 0; pages < 10; ++pages) {
    std::string request = R"({"TableName":"games","IndexName":"ByMatch","Limit":3)";
    if (!start.empty()) request += R"(,"ExclusiveStartKey":)" + start;
    auto page = call("Scan", request + "}");
    for (const auto& pk : pks(page)) seen.push_back(pk);
    if (!page.HasMember("LastEvaluatedKey")) break;
    CHECK(page["LastEvaluatedKey"].MemberCount() == 6);
    start = str(page["LastEvaluatedKey"]);
  }
  // Partition (T1, EU) and partition (T1, US), each in key order; the
  // partitions' order is the order of their stored keys.
  std::vector<std::string> eu_first = kOrder;
  eu_first.push_back("m10");
  std::vector<std::string> us_first{"m10"};
  us_first.insert(us_first.end(), kOrder.begin(), kOrder.end());
  CHECK((seen == eu_first || seen == us_first));
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: UpdateTable adds one to a table with items (backfill)") {
  call("CreateTable", R"({"TableName":"games","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  put_matches();
  auto updated = call("UpdateTable", R"({"TableName":"games",
    "AttributeDefinitions":[{"AttributeName":"tournament","AttributeType":"S"},
      {"AttributeName":"area","AttributeType":"S"},{"AttributeName":"round","AttributeType":"N"},
      {"AttributeName":"bracket","AttributeType":"B"},{"AttributeName":"matchId","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"ByMatch","KeySchema":[
      {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"area","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"},
      {"AttributeName":"matchId","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(updated["TableDescription"]["GlobalSecondaryIndexes"][0]["KeySchema"].Size() == 5);
  CHECK(query(kHashCondition, kHash) == kOrder);
  auto described = call("DescribeTable", R"({"TableName":"games"})");
  CHECK(described["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"].GetInt() == 8);
  // The same key schema rules as CreateTable.
  CHECK(fail("UpdateTable", R"({"TableName":"games",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"Bad","KeySchema":[
      {"AttributeName":"a","KeyType":"RANGE"},{"AttributeName":"b","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}}]})")
            .message == "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  CHECK(fail("UpdateTable", R"({"TableName":"games",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"},
      {"AttributeName":"c","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"Bad","KeySchema":[
      {"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"},
      {"AttributeName":"c","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})")
            .message ==
        "One or more parameter values were invalid: All HASH key attributes must precede RANGE "
        "key attributes in the KeySchema");
}

TEST_CASE_FIXTURE(MultiKeyFixture,
                  "Multi-attribute GSI: legacy KeyConditions follow the same rules") {
  create_games();
  put_matches();
  auto page = call("Query", R"({"TableName":"games","IndexName":"ByMatch","KeyConditions":{
    "tournament":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"T1"}]},
    "area":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"EU"}]},
    "round":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"10"}]},
    "bracket":{"ComparisonOperator":"GT","AttributeValueList":[{"B":"AA=="}]}}})");
  CHECK(pks(page) == std::vector<std::string>{"m4", "m6", "m1"});
  CHECK(fail("Query", R"({"TableName":"games","IndexName":"ByMatch","KeyConditions":{
    "tournament":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"T1"}]},
    "area":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"EU"}]},
    "bracket":{"ComparisonOperator":"GT","AttributeValueList":[{"B":"AA=="}]}}})")
            .message ==
        "RANGE key attributes round must have equality conditions specified in the query because "
        "a condition is present on key attribute bracket");
}

TEST_CASE_FIXTURE(MultiKeyFixture, "Multi-attribute GSI: PartiQL SELECT on the index") {
  create_games();
  put_matches();
  auto select = [&](const std::string& statement) {
    return pks(call("ExecuteStatement", R"({"Statement":")" + statement + R"("})"));
  };
  // Every HASH attribute and a prefix of the RANGE attributes: a Query, in key order.
  CHECK(select(R"(SELECT * FROM \"games\".\"ByMatch\" WHERE tournament = 'T1' AND area = 'EU')") ==
        kOrder);
  CHECK(select(R"(SELECT * FROM \"games\".\"ByMatch\" WHERE tournament = 'T1' AND area = 'EU' )"
               R"(AND \"round\" >= 10)") == std::vector<std::string>{"m3", "m4", "m6", "m1", "m5"});
  // A gap in the RANGE attributes: the WHERE
  // is the filter of a Scan of the index (within a partition, in key order).
  CHECK(select(R"(SELECT * FROM \"games\".\"ByMatch\" WHERE tournament = 'T1' AND area = 'EU' )"
               R"(AND matchId = 'a')") == std::vector<std::string>{"m7", "m4", "m6", "m5"});
  CHECK(select(R"(SELECT * FROM \"games\".\"ByMatch\" WHERE area = 'EU' AND \"round\" = 10 )"
               R"(AND tournament = 'T1' AND matchId > 'a')") ==
        std::vector<std::string>{"m3", "m1"});
}

TEST_CASE("Multi-attribute GSI: a file database keeps the index across a reopen") {
  const fs::path file = fs::temp_directory_path() / "dynamini_multi_attribute_gsi_test.db";
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(file.string() + suffix);
  {
    MultiKeyFixture f;
    f.db = dynamini::Database::open({.path = file.string()});
    f.create_games();
    f.put_matches();
  }
  MultiKeyFixture f;
  f.db = dynamini::Database::open({.path = file.string()});
  auto described = f.call("DescribeTable", R"({"TableName":"games"})");
  CHECK(described["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"].Size() == 5);
  CHECK(f.query(kHashCondition, kHash) == kOrder);
  f.put({"m11", "3", "AA==", "a"});
  std::vector<std::string> order = kOrder;
  order.insert(order.begin() + 2, "m11");
  CHECK(f.query(kHashCondition, kHash) == order);
  f.db.reset();
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(file.string() + suffix);
}
