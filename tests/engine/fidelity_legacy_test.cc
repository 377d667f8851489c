// The legacy conditional parameters (Expected, AttributeUpdates,
// KeyConditions, QueryFilter, ScanFilter, ConditionalOperator) and
// ReturnValuesOnConditionCheckFailure. Messages: dynalite test/*.js and
// validations/*.js, DynamoDB Local's request validator.

#include "api_fixture.h"

namespace {

struct LegacyFixture : ApiFixture {
  LegacyFixture() {
    create_inbox_like("tbl");
    call(
        "PutItem",
        R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"},"n":{"N":"5"},"s":{"S":"hello"},"ss":{"SS":["x","y"]}}})J");
    call("PutItem",
         R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a2"},"n":{"N":"7"}}})J");
    call("PutItem",
         R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"b1"},"n":{"N":"9"}}})J");
  }
  std::string get(const char* sk) {
    auto d =
        call("GetItem", std::string(R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":")J") +
                            sk + R"J("}}})J");
    return d.HasMember("Item") ? str(d["Item"]) : "";
  }
};

}  // namespace

TEST_CASE_FIXTURE(LegacyFixture, "Expected: Exists false fails on an existing item") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"pk":{"Exists":false}}})J");
  CHECK(e.code == dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(e.message == "The conditional request failed");
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: Value alone means the attribute equals it") {
  call(
      "DeleteItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"Value":{"N":"5.0"}}}})J");
  CHECK(get("a1").empty());
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: ComparisonOperator GT with AttributeValueList") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"5"}]}}})J");
  CHECK(e.code == dynamini::ErrorCode::kConditionalCheckFailed);
  call(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"ComparisonOperator":"GE","AttributeValueList":[{"N":"5"}]}}})J");
}

TEST_CASE_FIXTURE(LegacyFixture,
                  "Expected: ConditionalOperator OR holds when one condition holds") {
  call(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"},"v":{"N":"1"}},"ConditionalOperator":"OR",
      "Expected":{"n":{"Value":{"N":"1"}},"s":{"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"S":"he"}]}}})J");
  CHECK(get("a1").find("\"v\"") != std::string::npos);
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: Exists together with ComparisonOperator is refused") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"Exists":true,"ComparisonOperator":"NULL"}}})J");
  // Enveloped on PutItem and DeleteItem (paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/putItem.test.ts, 2026-10-09).
  CHECK(e.message ==
        "1 validation error detected: "
        "One or more parameter values were invalid: Exists and ComparisonOperator cannot be used "
        "together for Attribute: n");
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: Exists true needs a Value") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"Exists":true}}})J");
  // Enveloped on PutItem and DeleteItem (paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/putItem.test.ts, 2026-10-09).
  CHECK(e.message ==
        "1 validation error detected: "
        "One or more parameter values were invalid: Value must be provided when Exists is true for "
        "Attribute: n");
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: wrong number of arguments for the operator") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"}]}}})J");
  // Enveloped on PutItem and DeleteItem (paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/putItem.test.ts, 2026-10-09).
  CHECK(e.message ==
        "1 validation error detected: "
        "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN "
        "ComparisonOperator");
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected: an unknown ComparisonOperator is a shape error") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"ComparisonOperator":"XX"}}})J");
  CHECK(e.message ==
        "1 validation error detected: Value 'XX' at 'expected.n.member.comparisonOperator' failed "
        "to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, "
        "NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
}

TEST_CASE_FIXTURE(LegacyFixture, "ConditionalOperator with a single Expected entry is refused") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"ConditionalOperator":"AND","Expected":{"n":{"Exists":false}}})J");
  CHECK(e.message ==
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
}

TEST_CASE_FIXTURE(LegacyFixture, "Expected and ConditionExpression together are refused") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a1"}},"Expected":{"n":{"Exists":false}},"ConditionExpression":"attribute_not_exists(pk)"})J");
  CHECK(e.message ==
        "1 validation error detected: Can not use both expression and non-expression parameters "
        "in the same request: Non-expression parameters: {Expected} Expression parameters: "
        "{ConditionExpression}");
}

TEST_CASE_FIXTURE(LegacyFixture, "AttributeUpdates: PUT, ADD and DELETE in one request") {
  auto d = call(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"ReturnValues":"UPDATED_NEW",
      "AttributeUpdates":{"x":{"Value":{"S":"new"}},"n":{"Action":"ADD","Value":{"N":"2"}},
      "ss":{"Action":"DELETE","Value":{"SS":["x"]}},"s":{"Action":"DELETE"}}})J");
  CHECK(str(d["Attributes"]) == R"J({"n":{"N":"7"},"ss":{"SS":["y"]},"x":{"S":"new"}})J");
  CHECK(get("a1") ==
        R"J({"n":{"N":"7"},"pk":{"S":"p"},"sk":{"S":"a1"},"ss":{"SS":["y"]},"x":{"S":"new"}})J");
}

TEST_CASE_FIXTURE(LegacyFixture, "AttributeUpdates: ADD of a list appends to the list") {
  call(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a2"}},"AttributeUpdates":{"l":{"Action":"ADD","Value":{"L":[{"N":"1"}]}}}})J");
  call(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a2"}},"AttributeUpdates":{"l":{"Action":"ADD","Value":{"L":[{"N":"2"}]}}}})J");
  CHECK(get("a2").find(R"J("l":{"L":[{"N":"1"},{"N":"2"}]})J") != std::string::npos);
}

TEST_CASE_FIXTURE(LegacyFixture, "AttributeUpdates: ADD of a string is refused") {
  auto e = fail(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"AttributeUpdates":{"s":{"Action":"ADD","Value":{"S":"x"}}}})J");
  CHECK(e.message ==
        "One or more parameter values were invalid: ADD action is not supported for the type S");
}

TEST_CASE_FIXTURE(LegacyFixture, "AttributeUpdates: PUT without a value is refused") {
  auto e = fail(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"AttributeUpdates":{"s":{"Action":"PUT"}}})J");
  CHECK(e.message ==
        "One or more parameter values were invalid: Only DELETE action is allowed when no "
        "attribute value is specified");
}

TEST_CASE_FIXTURE(LegacyFixture, "AttributeUpdates and UpdateExpression together are refused") {
  auto e = fail(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"AttributeUpdates":{"s":{"Action":"DELETE"}},"UpdateExpression":"REMOVE s"})J");
  CHECK(e.message ==
        "1 validation error detected: Can not use both expression and non-expression parameters "
        "in the same request: Non-expression parameters: {AttributeUpdates} Expression "
        "parameters: {UpdateExpression}");
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: KeyConditions with EQ and BEGINS_WITH") {
  auto d = call(
      "Query",
      R"J({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},
      "sk":{"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"S":"a"}]}}})J");
  CHECK(d["Count"].GetInt() == 2);
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: KeyConditions with a non-indexable operator is refused") {
  auto e = fail(
      "Query",
      R"J({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"NE","AttributeValueList":[{"S":"p"}]}}})J");
  CHECK(e.message == "Attempted conditional constraint is not an indexable operation");
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: QueryFilter filters after the key condition") {
  auto d = call(
      "Query",
      R"J({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}},
      "QueryFilter":{"n":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"6"}]}}})J");
  CHECK(d["Count"].GetInt() == 2);
  CHECK(d["ScannedCount"].GetInt() == 3);
}

// API reference, Condition: "EQ is supported for all data types, including
// lists and maps" (NE likewise), in QueryFilter and ScanFilter.
TEST_CASE_FIXTURE(LegacyFixture, "QueryFilter and ScanFilter: EQ and NE take BOOL, NULL, L and M") {
  call("PutItem",
       R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"c1"},"b":{"BOOL":true},
       "z":{"NULL":true},"l":{"L":[{"N":"1"},{"S":"x"}]},"m":{"M":{"k":{"S":"v"}}}}})J");
  auto query = [&](const char* filter) {
    return call(
               "Query",
               std::string(
                   R"J({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}},"QueryFilter":)J") +
                   filter + "}")["Count"]
        .GetInt();
  };
  CHECK(query(R"J({"b":{"ComparisonOperator":"EQ","AttributeValueList":[{"BOOL":true}]}})J") == 1);
  CHECK(query(R"J({"z":{"ComparisonOperator":"EQ","AttributeValueList":[{"NULL":true}]}})J") == 1);
  CHECK(
      query(
          R"J({"l":{"ComparisonOperator":"EQ","AttributeValueList":[{"L":[{"N":"1"},{"S":"x"}]}]}})J") ==
      1);
  CHECK(
      query(
          R"J({"m":{"ComparisonOperator":"EQ","AttributeValueList":[{"M":{"k":{"S":"v"}}}]}})J") ==
      1);
  auto scan = [&](const char* m) {
    return call(
               "Scan",
               std::string(
                   R"J({"TableName":"tbl","ScanFilter":{"m":{"ComparisonOperator":"NE","AttributeValueList":[{"M":)J") +
                   m + "}]}}}")["Count"]
        .GetInt();
  };
  // The item whose map differs passes NE; the one whose map is equal does not.
  CHECK(scan(R"J({"k":{"S":"w"}})J") == scan(R"J({"k":{"S":"v"}})J") + 1);
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: QueryFilter on a key attribute is refused") {
  auto e = fail(
      "Query",
      R"J({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}},
      "QueryFilter":{"sk":{"ComparisonOperator":"NOT_NULL"}}})J");
  CHECK(e.message ==
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: sk");
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: FilterExpression on a key attribute is refused") {
  auto e = fail(
      "Query",
      R"J({"TableName":"tbl","KeyConditionExpression":"pk = :p","FilterExpression":"begins_with(sk, :a)",
      "ExpressionAttributeValues":{":p":{"S":"p"},":a":{"S":"a"}}})J");
  CHECK(e.message ==
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk");
}

TEST_CASE_FIXTURE(LegacyFixture, "Query: QueryFilter with KeyConditionExpression is refused") {
  auto e = fail(
      "Query",
      R"J({"TableName":"tbl","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}},
      "QueryFilter":{"n":{"ComparisonOperator":"NOT_NULL"}}})J");
  CHECK(e.message ==
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {QueryFilter} Expression parameters: {KeyConditionExpression}");
}

TEST_CASE_FIXTURE(LegacyFixture, "Scan: ScanFilter with IN and BETWEEN joined by OR") {
  auto d = call("Scan", R"J({"TableName":"tbl","ConditionalOperator":"OR","ScanFilter":{
      "n":{"ComparisonOperator":"IN","AttributeValueList":[{"N":"5"},{"N":"6"}]},
      "sk":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"b"},{"S":"c"}]}}})J");
  CHECK(d["Count"].GetInt() == 2);
}

TEST_CASE_FIXTURE(LegacyFixture,
                  "Scan: a ScanFilter condition without ComparisonOperator is a shape error") {
  auto e = fail("Scan",
                R"J({"TableName":"tbl","ScanFilter":{"n":{"AttributeValueList":[{"N":"5"}]}}})J");
  CHECK(e.message ==
        "1 validation error detected: Value null at 'scanFilter.n.member.comparisonOperator' "
        "failed to satisfy constraint: Member must not be null");
}

TEST_CASE_FIXTURE(LegacyFixture, "Scan: a set value is not valid for LT") {
  auto e = fail(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"n":{"ComparisonOperator":"LT","AttributeValueList":[{"SS":["a"]}]}}})J");
  CHECK(e.message ==
        "One or more parameter values were invalid: ComparisonOperator LT is not valid for SS "
        "AttributeValue type");
}

TEST_CASE_FIXTURE(LegacyFixture,
                  "ReturnValuesOnConditionCheckFailure ALL_OLD puts the item in the error") {
  auto e = fail(
      "UpdateItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a2"}},"UpdateExpression":"SET x = :x",
      "ConditionExpression":"n = :x","ExpressionAttributeValues":{":x":{"N":"0"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"})J");
  CHECK(e.code == dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(e.extra_members_json == R"J("Item":{"n":{"N":"7"},"pk":{"S":"p"},"sk":{"S":"a2"}})J");
}

TEST_CASE_FIXTURE(LegacyFixture, "ReturnValuesOnConditionCheckFailure NONE leaves the item out") {
  auto e = fail(
      "DeleteItem",
      R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a2"}},"ConditionExpression":"attribute_not_exists(pk)",
      "ReturnValuesOnConditionCheckFailure":"NONE"})J");
  CHECK(e.code == dynamini::ErrorCode::kConditionalCheckFailed);
  CHECK(e.extra_members_json.empty());
}

TEST_CASE_FIXTURE(LegacyFixture,
                  "ReturnValuesOnConditionCheckFailure outside its enum is a shape error") {
  auto e = fail(
      "PutItem",
      R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"a2"}},"ReturnValuesOnConditionCheckFailure":"ALL_NEW"})J");
  CHECK(e.message ==
        "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' "
        "failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
}

TEST_CASE_FIXTURE(LegacyFixture, "NE and NOT_CONTAINS hold for a missing attribute") {
  // dynalite db/index.js compare(): NE fails only on an equal value of the same
  // type; NOT_CONTAINS only when the value is found.
  auto r = call(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"s":{"ComparisonOperator":"NE","AttributeValueList":[{"S":"hello"}]}}})J");
  CHECK(r["Count"].GetInt() == 2);
  r = call(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"s":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"S":"ell"}]}}})J");
  CHECK(r["Count"].GetInt() == 2);
}

TEST_CASE_FIXTURE(LegacyFixture,
                  "CONTAINS and NOT_CONTAINS on a binary attribute search its bytes") {
  // "AAECAw==" is 00 01 02 03; "AQI=" is 01 02, "AgE=" is 02 01.
  call("PutItem",
       R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"c1"},"bin":{"B":"AAECAw=="}}})J");
  auto r = call(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"bin":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"B":"AQI="}]}}})J");
  CHECK(r["Count"].GetInt() == 1);
  r = call(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"bin":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"B":"AgE="}]}}})J");
  CHECK(r["Count"].GetInt() == 0);
  r = call(
      "Scan",
      R"J({"TableName":"tbl","ScanFilter":{"bin":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"B":"AQI="}]}}})J");
  CHECK(r["Count"].GetInt() == 3);
}

TEST_CASE_FIXTURE(
    LegacyFixture,
    "A null or non-object legacy condition entry is refused with DynamoDB's wording") {
  CHECK(fail("Scan", R"J({"TableName":"tbl","ScanFilter":{"n":null}})J").message ==
        "The filter condition for an attribute cannot be null: n");
  CHECK(
      fail(
          "UpdateItem",
          R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"AttributeUpdates":{"n":null}})J")
          .message ==
      "Supplied AttributeValueUpdate is empty, must contain one of the supported actions: n is "
      "null");
  auto e = fail("Scan", R"J({"TableName":"tbl","ScanFilter":{"n":"x"}})J");
  CHECK(e.code == dynamini::ErrorCode::kSerialization);
  CHECK(e.message == "Unexpected value type in payload");
  CHECK(
      fail("PutItem",
           R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"z"}},"Expected":{"n":[]}})J")
          .message ==
      "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue");
}

TEST_CASE_FIXTURE(LegacyFixture, "Legacy parameters name attributes of 1 to 65535 bytes") {
  CHECK(fail("Scan", R"J({"TableName":"tbl","ScanFilter":{"":{"ComparisonOperator":"NOT_NULL"}}})J")
            .message == "Empty attribute name");
  CHECK(
      fail(
          "UpdateItem",
          R"J({"TableName":"tbl","Key":{"pk":{"S":"p"},"sk":{"S":"a1"}},"AttributeUpdates":{"":{"Action":"DELETE"}}})J")
          .message == "Empty attribute name");
  CHECK(
      fail(
          "PutItem",
          R"J({"TableName":"tbl","Item":{"pk":{"S":"p"},"sk":{"S":"z"}},"Expected":{"":{"Exists":false}}})J")
          .message == "Empty attribute name");
}
