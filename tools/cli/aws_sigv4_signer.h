#pragma once

// Signing requests with AWS Signature Version 4 (the Authorization header
// form, AWS4-HMAC-SHA256), so `dynamini copy` can write to real DynamoDB
// with the user's credentials: the canonical request (method, URI, sorted
// query, lower-case sorted headers, SHA-256 of the body), the string to
// sign with the scope DATE/REGION/SERVICE/aws4_request, and the HMAC chain
// from the secret key, all computed by the one SigV4 library the server
// verifies with (server/sigv4/include/sigv4/signature.h). Tested against AWS's
// published test suite (get-vanilla, post-vanilla, ...).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dynamini::cli {

struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // temporary credentials; empty otherwise
};

struct SigV4Request {
  std::string method = "POST";
  std::string path = "/";  // already URI-encoded, as sent
  std::string query;       // "a=1&b=2", already encoded; "" for none
  // The headers to sign, as sent (names in any case); Host must be there,
  // and X-Amz-Date (sign() adds it).
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// The signing key: HMAC chain "AWS4"+secret -> date -> region -> service ->
// "aws4_request". Raw bytes.
std::string sigv4_signing_key(std::string_view secret, std::string_view date,
                              std::string_view region, std::string_view service);

// The Authorization header value for `request` (which must already carry
// X-Amz-Date = `amz_date`, "20150830T123600Z", and X-Amz-Security-Token when
// the credentials have a session token).
std::string sigv4_authorization(const SigV4Request& request, const AwsCredentials& credentials,
                                std::string_view region, std::string_view service,
                                std::string_view amz_date);

// Adds X-Amz-Date (now, UTC), X-Amz-Security-Token (when there is a session
// token) and Authorization to `request.headers`.
void sigv4_sign(SigV4Request& request, const AwsCredentials& credentials, std::string_view region,
                std::string_view service = "dynamodb");

}  // namespace dynamini::cli
