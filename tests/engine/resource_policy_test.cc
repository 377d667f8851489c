// Resource-based policies (ops/tables/resource_policy.h): Put, Get and
// DeleteResourcePolicy and CreateTable's ResourcePolicy, with RevisionId and
// ExpectedRevisionId as DynamoDB answers them (moto's aws_verified tests),
// the document validated, and DeleteTable removing the policy.

#include <doctest/doctest.h>

#include <atomic>

#include "api_fixture.h"

namespace {

const std::string kArnText = "arn:aws:dynamodb:us-east-1:000000000000:table/inbox";
const std::string kArn = R"("ResourceArn":")" + kArnText + "\"";

// A policy allowing one account GetItem (action `action`), as JSON text.
std::string policy(const char* action = "dynamodb:GetItem") {
  return std::string(R"({"Version":"2012-10-17","Statement":[{"Sid":"one","Effect":"Allow",)") +
         R"("Principal":{"AWS":"arn:aws:iam::111122223333:root"},"Action":")" + action +
         R"(","Resource":")" + kArnText + R"("}]})";
}

// `text` as a JSON string literal.
std::string json_string(const std::string& text) {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  w.String(text.c_str(), static_cast<rapidjson::SizeType>(text.size()));
  return b.GetString();
}

std::string put(const std::string& document, const std::string& extra = "") {
  return "{" + kArn + R"(,"Policy":)" + json_string(document) + extra + "}";
}

struct PolicyFixture : ApiFixture {
  std::shared_ptr<std::atomic<int64_t>> now = std::make_shared<std::atomic<int64_t>>(1000);
  PolicyFixture() {
    dynamini::Options options;
    options.clock_ms = [n = now] { return n->load(); };
    db = dynamini::Database::open(options);
    create_inbox_like();
  }
};

}  // namespace

TEST_CASE_FIXTURE(PolicyFixture, "Policy: put, get and delete, with revisions as timestamps") {
  auto e = fail("GetResourcePolicy", "{" + kArn + "}");
  CHECK(e.code == dynamini::ErrorCode::kPolicyNotFound);
  CHECK(e.message == "Resource-based policy not found for the provided ResourceArn: " + kArnText);
  const std::string first = call("PutResourcePolicy", put(policy()))["RevisionId"].GetString();
  CHECK(first == "1000");
  auto got = call("GetResourcePolicy", "{" + kArn + "}");
  CHECK(std::string(got["Policy"].GetString()) == policy());
  CHECK(std::string(got["RevisionId"].GetString()) == first);
  // The same document again changes nothing (moto test_put_resource_policy_multiple_times).
  *now += 5;
  CHECK(std::string(call("PutResourcePolicy", put(policy()))["RevisionId"].GetString()) == first);
  const std::string second =
      call("PutResourcePolicy", put(policy("dynamodb:PutItem")))["RevisionId"].GetString();
  CHECK(second == "1005");
  // DescribeTable is not affected by a policy.
  CHECK(call("DescribeTable", R"({"TableName":"inbox"})")["Table"]["TableStatus"] == "ACTIVE");
  auto deleted = call("DeleteResourcePolicy", "{" + kArn + "}");
  CHECK(std::string(deleted["RevisionId"].GetString()) == second);
  CHECK(fail("GetResourcePolicy", "{" + kArn + "}").code == dynamini::ErrorCode::kPolicyNotFound);
  // Idempotent: without a policy, no RevisionId and no error.
  CHECK(str(call("DeleteResourcePolicy", "{" + kArn + "}")) == "{}");
}

TEST_CASE_FIXTURE(PolicyFixture, "Policy: ExpectedRevisionId and NO_POLICY") {
  const std::string first =
      call("PutResourcePolicy", put(policy(), R"(,"ExpectedRevisionId":"NO_POLICY")"))["RevisionId"]
          .GetString();
  auto e = fail("PutResourcePolicy",
                put(policy("dynamodb:Query"), R"(,"ExpectedRevisionId":"NO_POLICY")"));
  CHECK(e.code == dynamini::ErrorCode::kPolicyNotFound);
  CHECK(e.message ==
        "Resource-based policy not found for the provided ResourceArn: Requested policy update "
        "expecting none to be present for table inbox, but a policy exists with revision id " +
            first + ".");
  *now += 1;
  const std::string second =
      call("PutResourcePolicy",
           put(policy("dynamodb:Query"), R"(,"ExpectedRevisionId":")" + first + "\""))["RevisionId"]
          .GetString();
  e = fail("PutResourcePolicy",
           put(policy("dynamodb:Scan"), R"(,"ExpectedRevisionId":")" + first + "\""));
  CHECK(e.message ==
        "Resource-based policy not found for the provided ResourceArn: Requested update for "
        "policy with revision id " +
            first + ", but the policy associated to target table inbox has revision id " + second +
            ".");
  e = fail("DeleteResourcePolicy", "{" + kArn + R"(,"ExpectedRevisionId":"unknown"})");
  CHECK(e.code == dynamini::ErrorCode::kPolicyNotFound);
  call("DeleteResourcePolicy", "{" + kArn + R"(,"ExpectedRevisionId":")" + second + "\"}");
  CHECK(fail("DeleteResourcePolicy", "{" + kArn + R"(,"ExpectedRevisionId":")" + second + "\"}")
            .code == dynamini::ErrorCode::kPolicyNotFound);
}

TEST_CASE_FIXTURE(PolicyFixture, "Policy: the document is validated as DynamoDB does") {
  auto message = [&](const std::string& document) {
    return fail("PutResourcePolicy", put(document)).message;
  };
  const std::string invalid =
      "One or more parameter values were invalid: Invalid policy document: ";
  CHECK(message("not json") == invalid + "This policy contains invalid Json");
  CHECK(message(R"({"Version":"2012-10-17"})") ==
        invalid + "Could not parse the policy: Statement is empty!");
  CHECK(
      message(
          R"({"Statement":[{"Effect":"Allow","Principal":{"AWS":"x"},"Action":"dynamodb:GetItem"}]})") ==
      invalid + "Missing required field Resource");
  CHECK(
      message(
          R"({"Statement":[{"Sid":"a","Effect":"Deny","Principal":"*","Action":"*","Resource":"*"},
      {"Sid":"a","Effect":"Deny","Principal":"*","Action":"*","Resource":"*"}]})") ==
      invalid + "The Statement Ids in the policy are not unique");
  CHECK(
      message(
          R"({"Statement":{"Effect":"Allow","Principal":"*","Action":"dynamodb:*","Resource":"*"}})") ==
      "Resource-based policy grants unbounded access in one or more elements. Please revise the "
      "policy to ensure least-privilege form of access");
  std::string big = policy();
  big.insert(big.size() - 1, std::string(20480, ' '));
  CHECK(message(big) ==
        "One or more parameter values were invalid: Maximum policy size of 20480 "
        "bytes exceeded");
  // A Deny for everyone is not public access; a Condition bounds an Allow.
  call("PutResourcePolicy",
       put(R"({"Statement":{"Effect":"Allow","Principal":"*","Action":"dynamodb:GetItem",
      "Resource":"*","Condition":{"StringEquals":{"aws:PrincipalOrgID":"o-1"}}}})"));
}

TEST_CASE_FIXTURE(PolicyFixture,
                  "Policy: CreateTable's ResourcePolicy, and DeleteTable removes it") {
  call("DeleteTable", R"({"TableName":"inbox"})");
  call("CreateTable",
       R"({"TableName":"inbox","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
      "ResourcePolicy":)" +
           json_string(policy()) + "}");
  CHECK(std::string(call("GetResourcePolicy", "{" + kArn + "}")["Policy"].GetString()) == policy());
  CHECK(
      fail(
          "CreateTable",
          R"({"TableName":"other","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
      "ResourcePolicy":"{}"})")
          .message ==
      "One or more parameter values were invalid: Invalid policy document: Could not parse the "
      "policy: Statement is empty!");
  call("DeleteTable", R"({"TableName":"inbox"})");
  create_inbox_like();
  CHECK(fail("GetResourcePolicy", "{" + kArn + "}").code == dynamini::ErrorCode::kPolicyNotFound);
}

TEST_CASE_FIXTURE(PolicyFixture, "Policy: ResourceArn errors") {
  auto e = [&](const std::string& arn) {
    return fail("GetResourcePolicy", R"({"ResourceArn":")" + arn + "\"}");
  };
  CHECK(e("inbox").message ==
        "One or more parameter values were invalid: ARNs must start with "
        "'arn:': inbox");
  CHECK(e("arn:aws:s3:::b").message ==
        "One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: "
        "arn:aws:s3:::b");
  CHECK(e(kArnText + "/index/GSI1").message ==
        "One or more parameter values were invalid: Invalid resource arn provided, only table or "
        "stream is accepted. Provided resource arn: " +
            kArnText + "/index/GSI1");
  CHECK(e("arn:aws:dynamodb:eu-west-1:000000000000:table/inbox").message ==
        "One or more parameter values were invalid: Invalid resource Arn: "
        "arn:aws:dynamodb:eu-west-1:000000000000:table/inbox");
  CHECK(e("arn:aws:dynamodb:us-east-1:111122223333:table/inbox").message ==
        "This action is only supported by accounts that match the resource owner’s account.");
  auto missing = e("arn:aws:dynamodb:us-east-1:000000000000:table/nope");
  CHECK(missing.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(missing.message == "Requested resource not found: Table: nope not found");
}
