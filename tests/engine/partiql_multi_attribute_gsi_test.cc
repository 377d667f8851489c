// PartiQL SELECT on a global secondary index with a multi-attribute key
// (ops/partiql/partiql_read_branches.h): a read is keyed under Query's rules (an
// equality or IN on every HASH attribute; conditions on a gap-free prefix of
// the RANGE attributes, equalities but the last); otherwise the index is
// scanned with the WHERE clause as its filter. What tells the two apart over
// the API: the key type check and the read limits (keyed reads only), and
// the order of several partitions.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "api_fixture.h"

namespace {

// Table `matches` (pk) with two GSIs on HASH tournament (S), area (S) and
// RANGE round (N), seq (S): ByRound projects ALL, KeysOnly KEYS_ONLY.
const char* kCreateMatches = R"({"TableName":"matches","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"tournament","AttributeType":"S"},{"AttributeName":"area","AttributeType":"S"},
    {"AttributeName":"round","AttributeType":"N"},{"AttributeName":"seq","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "GlobalSecondaryIndexes":[
    {"IndexName":"ByRound","KeySchema":[
      {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"area","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"seq","KeyType":"RANGE"}],
     "Projection":{"ProjectionType":"ALL"}},
    {"IndexName":"KeysOnly","KeySchema":[
      {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"area","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"seq","KeyType":"RANGE"}],
     "Projection":{"ProjectionType":"KEYS_ONLY"}}]})";

struct Match {
  const char* pk;
  const char* tournament;
  const char* area;
  const char* round;
  const char* seq;
};

// (T1, EU) in key order: e1 (1, a), e2 (2, a), e3 (2, b), e4 (2, c), e5 (3, a),
// e6 (10, a): round by value, then seq.
const std::vector<Match> kMatches = {
    {"e4", "T1", "EU", "2", "c"}, {"e6", "T1", "EU", "10", "a"}, {"e1", "T1", "EU", "1", "a"},
    {"e3", "T1", "EU", "2", "b"}, {"e5", "T1", "EU", "3", "a"},  {"e2", "T1", "EU", "2", "a"},
    {"u1", "T1", "US", "2", "b"}, {"x1", "T2", "EU", "2", "b"},
};

using Pks = std::vector<std::string>;

struct Fixture : ApiFixture {
  Fixture() {
    call("CreateTable", kCreateMatches);
    for (const auto& m : kMatches) {
      call("PutItem", std::string(R"({"TableName":"matches","Item":{"pk":{"S":")") + m.pk +
                          R"("},"tournament":{"S":")" + m.tournament + R"("},"area":{"S":")" +
                          m.area + R"("},"round":{"N":")" + m.round + R"("},"seq":{"S":")" + m.seq +
                          R"("},"note":{"S":"n"}}})");
    }
  }
  static std::string request(const std::string& where, const std::string& index,
                             const std::string& extra) {
    return R"({"Statement":"SELECT * FROM \"matches\".\")" + index + R"(\" WHERE )" + where + "\"" +
           extra + "}";
  }
  // The pks a SELECT * on `index` answers, in order.
  Pks select(const std::string& where, const std::string& index = "ByRound",
             const std::string& extra = "") {
    auto r = call("ExecuteStatement", request(where, index, extra));
    Pks out;
    for (const auto& item : r["Items"].GetArray()) out.push_back(item["pk"]["S"].GetString());
    return out;
  }
  std::string refusal(const std::string& where, const std::string& index = "ByRound") {
    return fail("ExecuteStatement", request(where, index, "")).message;
  }
};

const std::string kHash = R"(tournament = 'T1' AND area = 'EU')";

}  // namespace

TEST_CASE_FIXTURE(Fixture,
                  "PartiQL multi-attribute GSI: every HASH attribute, an equality on the first "
                  "RANGE attribute and a range on the second is a keyed read") {
  CHECK(select(R"(area = 'EU' AND \"round\" = 2 AND seq > 'a' AND tournament = 'T1')") ==
        Pks{"e3", "e4"});
  CHECK(select(kHash + R"( AND \"round\" = 2 AND seq BETWEEN 'a' AND 'b')") == Pks{"e2", "e3"});
  CHECK(select(kHash + R"( AND \"round\" = 2 AND begins_with(seq, 'c'))") == Pks{"e4"});
  CHECK(select(kHash + R"( AND \"round\" >= 3)") == Pks{"e5", "e6"});
  // ORDER BY serves a keyed read: the whole sort key, backwards.
  CHECK(select(kHash + R"( AND \"round\" = 2 AND seq > 'a' ORDER BY seq DESC)") == Pks{"e4", "e3"});
  // Key values are checked against the schema, as for any keyed read.
  CHECK(refusal(kHash + R"( AND \"round\" = 2 AND seq > 1)") ==
        "Key attribute's data type should match its data type in table's schema: Key seq");
  CHECK(refusal(R"(tournament = 'T1' AND area = 1)") ==
        "Key attribute's data type should match its data type in table's schema: Key area");
}

TEST_CASE_FIXTURE(
    Fixture, "PartiQL multi-attribute GSI: a gap or a missing HASH attribute scans the index") {
  // seq without round: a scan of the index filtered by the whole WHERE clause.
  CHECK(select(kHash + R"( AND seq = 'b')") == Pks{"e3"});
  CHECK(select(kHash + R"( AND \"round\" >= 2 AND seq = 'a')") == Pks{"e2", "e5", "e6"});
  // A scan checks no key type: the filter just matches nothing (a keyed read
  // refuses the number: the first test case).
  CHECK(select(kHash + R"( AND seq = 1)").empty());
  CHECK(select(kHash + R"( AND \"round\" >= 2 AND seq = 1)").empty());
  CHECK(select(R"(tournament = 'T1' AND \"round\" = 2 AND seq = 1)").empty());
  // Area not named: every partition is scanned.
  Pks scanned = select(R"(tournament = 'T1' AND \"round\" = 2 AND seq = 'b')");
  std::sort(scanned.begin(), scanned.end());
  CHECK(scanned == Pks{"e3", "u1"});
  CHECK(refusal(R"(tournament = 'T1' ORDER BY \"round\")") ==
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER "
        "BY clause.");
}

TEST_CASE_FIXTURE(Fixture,
                  "PartiQL multi-attribute GSI: IN and OR read every combination, within limits") {
  // Partitions in the order the statement names their values, HASH attributes
  // in key-schema order; an IN on the first RANGE attribute, one read each.
  CHECK(select(R"(tournament IN ['T1', 'T2'] AND area IN ['EU', 'US'] AND \"round\" = 2 )"
               R"(AND seq = 'b')") == Pks{"e3", "u1", "x1"});
  CHECK(select(kHash + R"( AND \"round\" IN [10, 1] AND seq = 'a')") == Pks{"e6", "e1"});
  CHECK(select(kHash + R"( AND \"round\" = 2 AND (seq = 'c' OR seq = 'a'))") == Pks{"e4", "e2"});
  CHECK(refusal(kHash + R"( AND \"round\" = 2 AND (seq >= 'b' OR seq <= 'b'))") ==
        "Overlapping conditions with range keys are not supported in where clause");
  // 8 x 7 partitions: more than 50 reads.
  CHECK(refusal(R"(tournament IN ['a','b','c','d','e','f','g','h'] )"
                R"(AND area IN ['1','2','3','4','5','6','7'])") ==
        "Too many decomposed read operations for a given query.");
  // Pages resume in the partition where they stopped.
  Pks all;
  std::string token;
  do {
    std::string extra = R"(,"Limit":2)";
    if (!token.empty()) extra += R"(,"NextToken":")" + token + "\"";
    auto r = call("ExecuteStatement",
                  request(R"(tournament IN ['T1', 'T2'] AND area = 'EU' AND \"round\" = 2)",
                          "ByRound", extra));
    for (const auto& item : r["Items"].GetArray()) all.push_back(item["pk"]["S"].GetString());
    token = r.HasMember("NextToken") ? r["NextToken"].GetString() : "";
  } while (!token.empty());
  CHECK(all == Pks{"e2", "e3", "e4", "x1"});
}

TEST_CASE_FIXTURE(Fixture,
                  "PartiQL multi-attribute GSI: a KEYS_ONLY index projects every key attribute") {
  auto r = call("ExecuteStatement",
                R"({"Statement":"SELECT area, seq FROM \"matches\".\"KeysOnly\" WHERE )" + kHash +
                    R"( AND \"round\" = 2 AND seq > 'a'"})");
  CHECK(str(r["Items"]) == R"([{"area":{"S":"EU"},"seq":{"S":"b"}},{"area":{"S":"EU"},)"
                           R"("seq":{"S":"c"}}])");
  // A filter term comparing two key attributes is no key condition; the
  // index holds both.
  CHECK(select(kHash + R"( AND \"round\" = 2 AND seq <> area)", "KeysOnly") ==
        Pks{"e2", "e3", "e4"});
  CHECK(refusal(kHash + R"( AND \"round\" = 2 AND note = 'n')", "KeysOnly") ==
        "One or more parameter values were invalid: Secondary index KeysOnly does not project one "
        "or more filter attributes: [note]");
}
