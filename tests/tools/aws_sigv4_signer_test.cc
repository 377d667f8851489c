// The signer against AWS's Signature Version 4 test suite (aws-sig-v4-test-
// suite: credentials AKIDEXAMPLE / wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY,
// 20150830T123600Z, us-east-1, service "service"); the expected signatures
// and signing key are the suite's published values.

#include "cli/aws_sigv4_signer.h"

#include <doctest/doctest.h>

namespace dynamini::cli {
namespace {

const AwsCredentials kExample{"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", ""};

SigV4Request vanilla(std::string method, std::string query = "") {
  return {.method = std::move(method),
          .path = "/",
          .query = std::move(query),
          .headers = {{"Host", "example.amazonaws.com"}, {"X-Amz-Date", "20150830T123600Z"}},
          .body = ""};
}

std::string signature(const SigV4Request& request) {
  return sigv4_authorization(request, kExample, "us-east-1", "service", "20150830T123600Z");
}

TEST_CASE("SigV4: the signing key of the test suite") {
  const std::string key =
      sigv4_signing_key(kExample.secret_access_key, "20150830", "us-east-1", "service");
  std::string hex;
  for (unsigned char c : key) {
    static constexpr char kDigits[] = "0123456789abcdef";
    hex += kDigits[c >> 4];
    hex += kDigits[c & 15];
  }
  CHECK(hex == "938127b5336810ddb6a5d6af445fcac9e371f9ed418ed386b022aed82901be75");
}

TEST_CASE("SigV4: get-vanilla") {
  CHECK(signature(vanilla("GET")) ==
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        "SignedHeaders=host;x-amz-date, "
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

TEST_CASE("SigV4: post-vanilla") {
  CHECK(
      signature(vanilla("POST"))
          .ends_with("Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"));
}

TEST_CASE("SigV4: get-vanilla-query-order-key-case sorts the query") {
  CHECK(
      signature(vanilla("GET", "Param2=value2&Param1=value1"))
          .ends_with("Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"));
}

TEST_CASE("SigV4: header names are signed lower case and sorted, whatever their order") {
  SigV4Request request = vanilla("GET");
  std::swap(request.headers[0], request.headers[1]);
  request.headers[0].first = "x-AMZ-date";
  CHECK(signature(request).ends_with(
      "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"));
}

TEST_CASE("SigV4: sign() adds the date, the session token and the authorization") {
  SigV4Request request = vanilla("POST");
  request.headers.pop_back();
  sigv4_sign(request, {"AKID", "secret", "token"}, "eu-west-3", "dynamodb");
  REQUIRE(request.headers.size() == 4);
  CHECK(request.headers[1].first == "X-Amz-Date");
  CHECK(request.headers[2] == std::pair<std::string, std::string>{"X-Amz-Security-Token", "token"});
  CHECK(request.headers[3].second.find("/eu-west-3/dynamodb/aws4_request, "
                                       "SignedHeaders=host;x-amz-date;x-amz-security-token, ") !=
        std::string::npos);
}

}  // namespace
}  // namespace dynamini::cli
