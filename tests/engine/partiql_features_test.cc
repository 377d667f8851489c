// PartiQL statements against tables: RETURNING, the FROM-first UPDATE,
// set_add / set_delete, functions in WHERE, ORDER BY, nested projections,
// index-qualified reads, NextToken binding, batches and transactions.

#include <doctest/doctest.h>

#include "api_fixture.h"

namespace {

struct Fixture : ApiFixture {
  Fixture() {
    create_inbox_like("inbox");
    for (const char* sk : {"1", "2", "3"}) {
      put(std::string(R"({"pk":{"S":"u"},"sk":{"S":")") + sk + R"("},"n":{"N":")" + sk + R"("}})");
    }
    put(R"({"pk":{"S":"w"},"sk":{"S":"1"},"ss":{"SS":["a","b","c"]},"ns":{"NS":["1","2","3"]},
           "s":{"S":"str"},"m":{"M":{"sub":{"S":"x"},"l":{"L":[{"N":"10"},{"N":"20"}]}}},
           "nul":{"NULL":true},"flag":{"BOOL":true}})");
  }
  void put(const std::string& item) {
    call("PutItem", R"({"TableName":"inbox","Item":)" + item + "}");
  }
  static std::string quoted(const std::string& s) {
    rapidjson::StringBuffer b;
    rapidjson::Writer<rapidjson::StringBuffer> w(b);
    w.String(s.c_str());
    return b.GetString();
  }
  rapidjson::Document run(const std::string& statement, const std::string& extra = "") {
    return call("ExecuteStatement", R"({"Statement":)" + quoted(statement) + extra + "}");
  }
  dynamini::ApiError run_fail(const std::string& statement, const std::string& extra = "") {
    return fail("ExecuteStatement", R"({"Statement":)" + quoted(statement) + extra + "}");
  }
  std::string item(const char* pk, const char* sk) {
    auto r = call("GetItem", std::string(R"({"TableName":"inbox","Key":{"pk":{"S":")") + pk +
                                 R"("},"sk":{"S":")" + sk + R"("}}})");
    return r.HasMember("Item") ? str(r["Item"]) : "";
  }
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "PartiQL: RETURNING on UPDATE gives the four images") {
  auto r = run("UPDATE inbox SET n = n + 1 WHERE pk = 'u' AND sk = '1' RETURNING ALL OLD *");
  CHECK(str(r["Items"]) == R"([{"n":{"N":"1"},"pk":{"S":"u"},"sk":{"S":"1"}}])");
  r = run("UPDATE inbox SET n = n + 1 WHERE pk = 'u' AND sk = '1' RETURNING MODIFIED OLD *");
  CHECK(str(r["Items"]) == R"([{"n":{"N":"2"}}])");
  r = run("UPDATE inbox SET n = n + 1 WHERE pk = 'u' AND sk = '1' RETURNING ALL NEW *");
  CHECK(str(r["Items"]) == R"([{"n":{"N":"4"},"pk":{"S":"u"},"sk":{"S":"1"}}])");
  r = run("UPDATE inbox SET x = 'y' WHERE pk = 'u' AND sk = '1' RETURNING MODIFIED NEW *");
  CHECK(str(r["Items"]) == R"([{"x":{"S":"y"}}])");
  // Nothing modified to show: an empty Items list.
  r = run("UPDATE inbox REMOVE nope WHERE pk = 'u' AND sk = '1' RETURNING MODIFIED OLD *");
  CHECK(str(r["Items"]) == "[]");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: DELETE RETURNING ALL OLD * gives the deleted item") {
  auto r = run("DELETE FROM inbox WHERE pk = 'u' AND sk = '2' RETURNING ALL OLD *");
  CHECK(str(r["Items"]) == R"([{"n":{"N":"2"},"pk":{"S":"u"},"sk":{"S":"2"}}])");
  r = run("DELETE FROM inbox WHERE pk = 'u' AND sk = '2' RETURNING ALL OLD *");
  CHECK(str(r["Items"]) == "[]");
  CHECK(item("u", "2").empty());
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: the FROM-first UPDATE updates the item its WHERE names") {
  run("FROM inbox WHERE pk = 'u' AND sk = '3' SET c = 1 REMOVE n");
  CHECK(item("u", "3") == R"({"c":{"N":"1"},"pk":{"S":"u"},"sk":{"S":"3"}})");
  CHECK(run_fail("FROM inbox WHERE pk = 'u' AND sk = '3' AND c = 2 SET d = 1").code ==
        dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(run_fail("FROM inbox WHERE pk = 'zz' AND sk = '3' SET d = 1").code ==
        dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(item("zz", "3").empty());
  CHECK(run_fail("FROM inbox SET c = 1").message ==
        "Where clause does not contain a mandatory equality on all key attributes");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: set_add and set_delete change sets") {
  run("UPDATE inbox SET ss = set_add(ss, <<'0', 'a'>>) SET ns = SET_DELETE(ns, <<2>>) "
      "WHERE pk = 'w' AND sk = '1'");
  auto r = run("SELECT ss, ns FROM inbox WHERE pk = 'w' AND sk = '1'");
  // Members in DynamoDB's order (values/set_order.h).
  CHECK(str(r["Items"]) == R"([{"ns":{"NS":["1","3"]},"ss":{"SS":["0","a","b","c"]}}])");
  run("UPDATE inbox SET fresh = set_add(fresh, ?) SET ss = set_delete(ss, <<'0','a','b','c'>>) "
      "WHERE pk = 'w' AND sk = '1'",
      R"(,"Parameters":[{"SS":["x"]}])");
  r = run("SELECT fresh, ss FROM inbox WHERE pk = 'w' AND sk = '1'");
  CHECK(str(r["Items"]) == R"([{"fresh":{"SS":["x"]}}])");
  CHECK(run_fail("UPDATE inbox SET s = set_add(s, <<'x'>>) WHERE pk = 'w' AND sk = '1'").message ==
        "An operand in the update expression has an incorrect data type");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: functions and IS filter a SELECT and guard a write") {
  auto keys = [&](const std::string& condition) {
    return run("SELECT sk FROM inbox WHERE pk = 'w' AND " + condition)["Items"].Size();
  };
  CHECK(keys("attribute_exists(ss)") == 1);
  CHECK(keys("attribute_exists(m.sub)") == 1);
  CHECK(keys("attribute_exists(m.nope)") == 0);
  CHECK(keys("attribute_not_exists(nope)") == 1);
  CHECK(keys("attribute_exists(ss) = true") == 1);
  CHECK(keys("attribute_exists(ss) = false") == 0);
  CHECK(keys("size(s) = 3") == 1);
  CHECK(keys("size(m.l) > 1") == 1);
  CHECK(keys("attribute_type(ss, 'SS')") == 1);
  CHECK(keys("contains(ss, 'b')") == 1);
  CHECK(keys("begins_with(s, 'st')") == 1);
  CHECK(keys("nul IS NULL") == 1);
  CHECK(keys("s IS NOT NULL") == 1);
  CHECK(keys("flag IS BOOLEAN") == 1);
  CHECK(keys("s IS STRING") == 1);
  CHECK(keys("s IS MISSING") == 0);
  CHECK(keys("m.l[1] = 20") == 1);
  CHECK(run_fail("UPDATE inbox SET z = 1 WHERE pk = 'w' AND sk = '1' AND attribute_exists(nope)")
            .code == dynamini::ErrorCode::kConditionalCheckFailed);
  run("DELETE FROM inbox WHERE pk = 'w' AND sk = '1' AND attribute_not_exists(nope)");
  CHECK(item("w", "1").empty());
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: nested paths come back under their last name") {
  auto r = run("SELECT m.sub, m.l[1], s FROM inbox WHERE pk = 'w' AND sk = '1'");
  CHECK(str(r["Items"]) == R"([{"l[1]":{"N":"20"},"s":{"S":"str"},"sub":{"S":"x"}}])");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: ORDER BY the sort key, and what it needs") {
  auto r = run("SELECT sk FROM inbox WHERE pk = 'u' ORDER BY sk DESC");
  CHECK(str(r["Items"]) == R"([{"sk":{"S":"3"}},{"sk":{"S":"2"}},{"sk":{"S":"1"}}])");
  r = run("SELECT sk FROM inbox WHERE pk = 'u' ORDER BY pk, sk ASC");
  CHECK(str(r["Items"]) == R"([{"sk":{"S":"1"}},{"sk":{"S":"2"}},{"sk":{"S":"3"}}])");
  CHECK(run_fail("SELECT * FROM inbox ORDER BY sk").message ==
        "Must have WHERE clause in the statement when using ORDER BY clause.");
  CHECK(run_fail("SELECT * FROM inbox WHERE n = 1 ORDER BY sk").message ==
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
  CHECK(run_fail("SELECT * FROM inbox WHERE pk = 'u' ORDER BY n").message ==
        "Variable reference n in ORDER BY clause must be part of the primary key");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: IN and OR on the partition key read those partitions") {
  // Partitions are read in the order the statement names them.
  auto r = run("SELECT pk, sk FROM inbox WHERE pk IN ['w', 'u'] AND sk < '3'");
  CHECK(str(r["Items"]) == R"([{"pk":{"S":"w"},"sk":{"S":"1"}},{"pk":{"S":"u"},"sk":{"S":"1"}},)"
                           R"({"pk":{"S":"u"},"sk":{"S":"2"}}])");
  r = run("SELECT sk FROM inbox WHERE pk = 'u' AND sk = '1' OR pk = 'w' ORDER BY pk DESC");
  CHECK(str(r["Items"]) == R"([{"sk":{"S":"1"}},{"sk":{"S":"1"}}])");
  auto first = run("SELECT sk FROM inbox WHERE pk IN ['u', 'w']", R"(,"Limit":2)");
  CHECK(first["Items"].Size() == 2);
  REQUIRE(first.HasMember("NextToken"));
  auto second =
      run("SELECT sk FROM inbox WHERE pk IN ['u', 'w']",
          std::string(R"(,"Limit":2,"NextToken":")") + first["NextToken"].GetString() + "\"");
  CHECK(second["Items"].Size() == 2);
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: a NextToken belongs to its statement") {
  auto first = run("SELECT * FROM inbox WHERE pk = 'u'", R"(,"Limit":1)");
  REQUIRE(first.HasMember("NextToken"));
  const std::string token = first["NextToken"].GetString();
  CHECK(
      run_fail("SELECT * FROM inbox WHERE pk = 'w'", R"(,"NextToken":")" + token + "\"").message ==
      "NextToken does not match request");
  CHECK(run_fail("SELECT * FROM inbox.GSI1 WHERE pk = 'u'", R"(,"NextToken":")" + token + "\"")
            .message == "NextToken does not match request");
  // A changed Limit keeps it valid.
  auto next =
      run("SELECT * FROM inbox WHERE pk = 'u'", R"(,"Limit":5,"NextToken":")" + token + "\"");
  CHECK(next["Items"].Size() == 2);
  CHECK(run_fail("SELECT * FROM inbox", R"(,"NextToken":"bm90IGEgdG9rZW4=")").message ==
        "Invalid NextToken");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: ConsumedCapacity for reads and writes") {
  auto r = run("SELECT * FROM inbox WHERE pk = 'u'", R"(,"ReturnConsumedCapacity":"TOTAL")");
  CHECK(str(r["ConsumedCapacity"]) == R"({"TableName":"inbox","CapacityUnits":0.5})");
  r = run("UPDATE inbox SET a = 1 WHERE pk = 'u' AND sk = '1'",
          R"(,"ReturnConsumedCapacity":"TOTAL")");
  CHECK(str(r["ConsumedCapacity"]) == R"({"TableName":"inbox","CapacityUnits":1.0})");
}

TEST_CASE_FIXTURE(Fixture, "ExecuteTransaction: writes answer an empty Responses list") {
  auto r = call("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"UPDATE inbox SET a = 2 WHERE pk = 'u' AND sk = '1'"},
    {"Statement":"INSERT INTO inbox VALUE {'pk':'t','sk':'1'}"}]})j");
  CHECK(str(r["Responses"]) == "[]");
}

TEST_CASE_FIXTURE(Fixture, "ExecuteTransaction: EXISTS checks an item with a condition") {
  call("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"EXISTS(SELECT * FROM inbox WHERE pk = 'u' AND sk = '1' AND n = 1)"},
    {"Statement":"UPDATE inbox SET a = 2 WHERE pk = 'u' AND sk = '2'"}]})j");
  auto e = fail("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"EXISTS(SELECT * FROM inbox WHERE pk = 'u' AND sk = '1' AND n = 9)"},
    {"Statement":"UPDATE inbox SET a = 3 WHERE pk = 'u' AND sk = '2'"}]})j");
  CHECK(e.code == dynamini::ErrorCode::kTransactionCanceled);
  e = fail("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"EXISTS(SELECT * FROM inbox WHERE pk = 'u' AND sk = '1')"},
    {"Statement":"UPDATE inbox SET a = 3 WHERE pk = 'u' AND sk = '2'"}]})j");
  CHECK(e.message ==
        "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read "
        "with additional condition");
  CHECK(run_fail("EXISTS(SELECT * FROM inbox WHERE pk = 'u' AND sk = '1' AND n = 1)").message ==
        "EXISTS can only be used in ExecuteTransaction write requests.");
}

TEST_CASE_FIXTURE(Fixture, "BatchExecuteStatement: reads need the whole primary key") {
  auto r = call("BatchExecuteStatement", R"j({"Statements":[
    {"Statement":"SELECT * FROM inbox WHERE pk = 'u'"},
    {"Statement":"SELECT * FROM inbox.GSI1 WHERE gsi1pk = 'g'"},
    {"Statement":"SELECT n FROM inbox WHERE pk = 'u' AND sk = '2'"}],
    "ReturnConsumedCapacity":"TOTAL"})j");
  const char* message =
      "Select statements within BatchExecuteStatement must specify the primary key in the where "
      "clause.";
  CHECK(std::string(r["Responses"][0]["Error"]["Message"].GetString()) == message);
  CHECK(std::string(r["Responses"][1]["Error"]["Message"].GetString()) == message);
  CHECK(str(r["Responses"][2]["Item"]) == R"({"n":{"N":"2"}})");
  CHECK(str(r["ConsumedCapacity"]) == R"([{"TableName":"inbox","CapacityUnits":0.5}])");
}

namespace {

struct IndexFixture : ApiFixture {
  IndexFixture() {
    call("CreateTable", R"({"TableName":"idx","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"lsk","AttributeType":"S"},
        {"AttributeName":"g","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"lsk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["kept"]}}]})");
    call("PutItem", R"({"TableName":"idx","Item":{"pk":{"S":"p"},"sk":{"S":"1"},"lsk":{"S":"a"},
      "g":{"S":"x"},"kept":{"S":"k"},"data":{"S":"one"}}})");
  }
  rapidjson::Document run(const std::string& statement, const std::string& extra = "") {
    return call("ExecuteStatement", R"({"Statement":)" + Fixture::quoted(statement) + extra + "}");
  }
  dynamini::ApiError run_fail(const std::string& statement, const std::string& extra = "") {
    return fail("ExecuteStatement", R"({"Statement":)" + Fixture::quoted(statement) + extra + "}");
  }
};

}  // namespace

TEST_CASE_FIXTURE(IndexFixture, "PartiQL: a GSI-qualified read serves what the index holds") {
  CHECK(str(run(R"(SELECT pk, kept FROM "idx"."gsi" WHERE g = 'x')")["Items"]) ==
        R"([{"kept":{"S":"k"},"pk":{"S":"p"}}])");
  CHECK(run_fail(R"(SELECT data, lsk FROM "idx"."gsi" WHERE g = 'x')").message ==
        "One or more parameter values were invalid: Global secondary index gsi does not project "
        "[data, lsk]");
  CHECK(run_fail(R"(SELECT * FROM "idx"."gsi")", R"(,"ConsistentRead":true)").message ==
        "Strongly consistent read is not supported on Global Secondary Indexes");
  CHECK(run_fail(R"(SELECT * FROM "idx"."nope")", R"(,"ConsistentRead":true)").message ==
        "The table does not have the specified index");
  CHECK(run_fail(R"(SELECT * FROM "idx"."gsi" WHERE g = 'x' AND data = 'one')").message ==
        "One or more parameter values were invalid: Secondary index gsi does not project one or "
        "more filter attributes: [data]");
}

TEST_CASE_FIXTURE(IndexFixture, "PartiQL: an LSI-qualified read reaches back to the table") {
  auto r = run(R"(SELECT data FROM "idx"."lsi" WHERE pk = 'p' AND lsk = 'a')",
               R"(,"ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES")");
  CHECK(str(r["Items"]) == R"([{"data":{"S":"one"}}])");
  // The index read and, on the table, the item fetched (each rounded to 4 KB).
  CHECK(str(r["ConsumedCapacity"]) ==
        R"({"TableName":"idx","CapacityUnits":2.0,"Table":{"CapacityUnits":1.0},)"
        R"("LocalSecondaryIndexes":{"lsi":{"CapacityUnits":1.0}}})");
}

TEST_CASE_FIXTURE(IndexFixture, "PartiQL: writes name a table, never an index") {
  CHECK(run_fail(R"(INSERT INTO "idx"."nope" VALUE {'pk':'w','sk':'w'})").message ==
        "FROM clause may only contain a single table name in data manipulation statements at "
        "1:13:5");
  CHECK(run_fail(R"(UPDATE "idx"."gsi" SET a = 1 WHERE pk = 'p' AND sk = '1')").message ==
        "This operation is not supported on an index");
  CHECK(run_fail(R"(DELETE FROM "missing"."gsi" WHERE pk = 'p')").message ==
        "This operation is not supported on an index");
}

TEST_CASE_FIXTURE(Fixture, "BatchExecuteStatement: RETURNING answers in the slot's Item") {
  auto r = call("BatchExecuteStatement", R"j({"Statements":[
    {"Statement":"UPDATE inbox SET n = 7 WHERE pk = 'u' AND sk = '1' RETURNING MODIFIED OLD *"},
    {"Statement":"UPDATE inbox REMOVE nope WHERE pk = 'u' AND sk = '2' RETURNING MODIFIED OLD *"},
    {"Statement":"DELETE FROM inbox WHERE pk = 'u' AND sk = '3' RETURNING ALL OLD *"},
    {"Statement":"UPDATE inbox SET n = 1 WHERE pk = 'u' AND sk = '1' AND n = 99"}]})j");
  CHECK(str(r["Responses"][0]) == R"({"TableName":"inbox","Item":{"n":{"N":"1"}}})");
  CHECK(str(r["Responses"][1]) == R"({"TableName":"inbox"})");
  CHECK(str(r["Responses"][2]["Item"]) == R"({"n":{"N":"3"},"pk":{"S":"u"},"sk":{"S":"3"}})");
  CHECK(std::string(r["Responses"][3]["Error"]["Code"].GetString()) == "ConditionalCheckFailed");
  CHECK(std::string(r["Responses"][3]["TableName"].GetString()) == "inbox");
}

TEST_CASE_FIXTURE(Fixture, "BatchExecuteStatement: a member refused before it ran names no table") {
  auto r = call("BatchExecuteStatement", R"j({"Statements":[
    {"Statement":"SELECT * FROM inbox WHERE n = 1"}]})j");
  CHECK_FALSE(r["Responses"][0].HasMember("TableName"));
  CHECK(std::string(r["Responses"][0]["Error"]["Code"].GetString()) == "ValidationError");
}

TEST_CASE_FIXTURE(Fixture, "ExecuteTransaction: RETURNING is refused in the statement's name") {
  auto e = fail("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"UPDATE inbox SET n = 7 WHERE pk = 'u' AND sk = '1' RETURNING ALL NEW *"}]})j");
  CHECK(e.message ==
        "Validation failed in TransactStatements[0]: RETURNING clause is not supported in "
        "ExecuteTransaction.");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: a DELETE's conditions guard only an item that exists") {
  CHECK(str(run("DELETE FROM inbox WHERE pk = 'zz' AND sk = '1' AND n = 1")["Items"]) == "[]");
  CHECK(run_fail("DELETE FROM inbox WHERE pk = 'u' AND sk = '1' AND n = 9").code ==
        dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK_FALSE(item("u", "1").empty());
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: COUNT(*) is refused where it stands") {
  CHECK(run_fail("SELECT COUNT(*) FROM inbox").message == "Unexpected path component at 1:8:5");
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: reads decompose; overlapping or too many are refused") {
  CHECK(run("SELECT sk FROM inbox WHERE pk = 'u' AND (sk = '1' OR sk = '3')")["Items"].Size() == 2);
  CHECK(run("SELECT sk FROM inbox WHERE pk = 'u' AND sk IN ['1', '2']")["Items"].Size() == 2);
  CHECK(run_fail("SELECT * FROM inbox WHERE pk = 'u' AND (sk > '0' OR sk < '5')").message ==
        "Overlapping conditions with range keys are not supported in where clause");
  std::string values;
  for (int i = 0; i < 51; ++i) values += (i ? ",'v" : "'v") + std::to_string(i) + "'";
  CHECK(run_fail("SELECT * FROM inbox WHERE pk IN [" + values + "]").message ==
        "Too many decomposed read operations for a given query.");
  CHECK(run("SELECT * FROM inbox WHERE pk IN [" + values + "] OR n = 1")["Items"].Size() == 1);
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: a condition compared as a boolean") {
  auto keys = [&](const std::string& condition) {
    return run("SELECT sk FROM inbox WHERE pk = 'w' AND sk = '1' AND " + condition)["Items"].Size();
  };
  CHECK(keys("attribute_exists(s) = attribute_exists(ss)") == 1);
  CHECK(keys("attribute_exists(s) = flag") == 1);
  CHECK(keys("attribute_exists(nope) IN [true, false]") == 1);
  CHECK(keys("attribute_exists(s) <> 1") == 1);
  CHECK(keys("attribute_exists(s) = 1") == 0);
  CHECK(keys("attribute_exists(s) = s") == 0);
  CHECK(run_fail("SELECT * FROM inbox WHERE pk = 'w' AND attribute_exists(s) > false").message ==
        "Incorrect operand type for operator or function; operator or function: >, operand type: "
        "BOOL");
}

TEST_CASE_FIXTURE(Fixture, "ExecuteTransaction: missing tables and keys naming no item cancel") {
  auto e = fail("ExecuteTransaction", R"j({"TransactStatements":[
    {"Statement":"UPDATE nope SET a = 1 WHERE pk = 'u' AND sk = '1'"},
    {"Statement":"UPDATE inbox SET a = 1 WHERE pk = 'u'"},
    {"Statement":"UPDATE inbox SET a = 1 WHERE pk = 'u' AND sk = '2'"}]})j");
  CHECK(e.code == dynamini::ErrorCode::kTransactionCanceled);
  CHECK(e.message ==
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[ResourceNotFound, ValidationError, None]");
  CHECK(e.extra_members_json.find("The provided key element does not match the schema") !=
        std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: chained comparisons of conditions stay bounded") {
  // n <> 9 <> x <> y: each link compares a condition's truth with a path;
  // NOT NOT collapses, so the text the condition parser reads is valid
  // (it answered "Syntax error; token: NOT" before).
  auto ok = run(R"(SELECT * FROM "inbox" WHERE pk = 'u' AND n <> 9 <> x <> y)");
  CHECK(ok["Items"].IsArray());
  // Each link writes the condition twice: a chain is refused past DynamoDB's
  // 300 operators per expression instead of doubling without end (found by
  // the partiql fuzzer: 484 bytes took seconds and gigabytes).
  auto refused = run_fail(R"(SELECT * FROM "inbox" WHERE a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7)");
  CHECK(refused.message == "The expression contains too many operators; operator count: 442");
  std::string long_chain = R"(SELECT * FROM "inbox" WHERE a0)";
  for (int i = 1; i < 200; ++i) long_chain += " = a" + std::to_string(i);
  CHECK(run_fail(long_chain).message.find("too many operators") != std::string::npos);
}

TEST_CASE_FIXTURE(Fixture, "PartiQL: nesting is bounded before the parser's recursion runs out") {
  // Past 32 levels a literal is refused by the binder, with its path; an
  // 8 KB statement of nested lists used to overflow the stack (the partiql
  // fuzzer; the server died) and is now refused by the parser at 200.
  auto nested = [](int n) {
    return "UPDATE \"inbox\" SET m = " + std::string(n, '[') + std::string(n, ']') +
           " WHERE pk = 'u' AND sk = '1'";
  };
  CHECK(run_fail(nested(40))
            .message.starts_with("Nesting Levels have exceeded supported limits under root[0]"));
  const std::string deep = nested(4000);
  CHECK(run_fail(deep.substr(0, 8192)).message ==
        "Statement wasn't well formed, can't be processed: expressions nest deeper than 200 "
        "levels");
}
