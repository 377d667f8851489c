#include <doctest/doctest.h>

#include "api_fixture.h"

namespace {
const char* kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/inbox";
std::string tag_request(int from, int to) {
  std::string tags;
  for (int i = from; i < to; ++i) {
    tags += std::string(i > from ? "," : "") + R"({"Key":"k)" +
            (i < 10 ? "0" + std::to_string(i) : std::to_string(i)) + R"(","Value":"v"})";
  }
  return std::string(R"({"ResourceArn":")") + kArn + R"(","Tags":[)" + tags + "]}";
}
}  // namespace

TEST_CASE_FIXTURE(ApiFixture, "Tags: TagResource then ListTagsOfResource returns them") {
  create_inbox_like();
  call("TagResource",
       std::string(R"({"ResourceArn":")") + kArn + R"(","Tags":[{"Key":"env","Value":"test"}]})");
  auto r = call("ListTagsOfResource", std::string(R"({"ResourceArn":")") + kArn + R"("})");
  CHECK(str(r) == R"({"Tags":[{"Key":"env","Value":"test"}]})");
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: UntagResource removes keys and ignores unknown ones") {
  create_inbox_like();
  call("TagResource", tag_request(0, 2));
  call("UntagResource", std::string(R"({"ResourceArn":")") + kArn + R"(","TagKeys":["k00","zz"]})");
  auto r = call("ListTagsOfResource", std::string(R"({"ResourceArn":")") + kArn + R"("})");
  CHECK(str(r) == R"({"Tags":[{"Key":"k01","Value":"v"}]})");
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: ListTagsOfResource pages with NextToken") {
  create_inbox_like();
  call("TagResource", tag_request(0, 15));
  auto first = call("ListTagsOfResource", std::string(R"({"ResourceArn":")") + kArn + R"("})");
  REQUIRE(first.HasMember("NextToken"));
  CHECK(first["Tags"].Size() == 10);
  auto second =
      call("ListTagsOfResource", std::string(R"({"ResourceArn":")") + kArn + R"(","NextToken":")" +
                                     first["NextToken"].GetString() + R"("})");
  CHECK(second["Tags"].Size() == 5);
  CHECK_FALSE(second.HasMember("NextToken"));
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: more than 50 tags on a table are refused") {
  create_inbox_like();
  call("TagResource", tag_request(0, 50));
  auto e = fail("TagResource", tag_request(50, 51));
  // A ValidationException, not LimitExceeded (ack-api-quirks DDB-TABLE-442).
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Number of Tags exceed the current limit for the provided ResourceArn");
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: a key over 128 characters is a validation error") {
  create_inbox_like();
  auto e = fail("TagResource", std::string(R"({"ResourceArn":")") + kArn + R"(","Tags":[{"Key":")" +
                                   std::string(129, 'a') + R"(","Value":"v"}]})");
  CHECK(e.message.find("'tags.1.member.key' failed to satisfy constraint: Member must have length "
                       "less than or equal to 128") != std::string::npos);
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: the aws: prefix is reserved") {
  create_inbox_like();
  auto e = fail("TagResource", std::string(R"({"ResourceArn":")") + kArn +
                                   R"(","Tags":[{"Key":"aws:x","Value":"v"}]})");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: an unknown table ARN is ResourceNotFoundException") {
  auto e = fail("ListTagsOfResource",
                R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/nope"})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message ==
        "Requested resource not found: ResourceArn: "
        "arn:aws:dynamodb:us-east-1:000000000000:table/nope not found");
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: a malformed ARN is a ValidationException") {
  auto e = fail("ListTagsOfResource", R"({"ResourceArn":"a:b:c:d:e:f/g"})");
  CHECK(e.message == "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g");
}

TEST_CASE_FIXTURE(ApiFixture, "Tags: a deleted and recreated table has no tags") {
  create_inbox_like();
  call("TagResource", tag_request(0, 1));
  call("DeleteTable", R"({"TableName":"inbox"})");
  create_inbox_like();
  auto r = call("ListTagsOfResource", std::string(R"({"ResourceArn":")") + kArn + R"("})");
  CHECK(str(r) == R"({"Tags":[]})");
}
