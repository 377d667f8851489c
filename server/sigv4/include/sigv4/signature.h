#pragma once

// AWS Signature Version 4 (the Authorization header form, AWS4-HMAC-SHA256):
// the canonical request (method, URI, query, signed headers, SHA-256 of the
// body), the string to sign with the credential scope
// (DATE/REGION/SERVICE/aws4_request) and the HMAC chain from the secret key
// (AWS General Reference, "Signature Version 4 signing process"). The one
// implementation: the server verifies signatures with it (server/sigv4_check.h)
// and the command signs its requests to real DynamoDB (tools/cli).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dynamini::sigv4 {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

// The parts of an HTTP request a signature covers.
struct SignedRequest {
  std::string_view method;  // "POST"
  std::string_view target;  // path and query as sent: "/", "/a?b=c"
  // Every header as sent (names in any case, repeated names allowed).
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  std::string_view body;
};

// The value of the first header named `name` (any case), without leading and
// trailing spaces; empty when there is none.
std::string_view find_header(const SignedRequest& request, std::string_view name);
bool has_header(const SignedRequest& request, std::string_view name);

// The canonical request of the SigV4 spec for `request`, with the headers
// named in `signed_headers` (lower case, ';'-separated as in SignedHeaders;
// repeated headers joined by commas) and `payload_hash` (hex SHA-256 of the
// body).
std::string canonical_request(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view payload_hash);

// The signing key: the HMAC chain "AWS4"+secret -> date -> region -> service
// -> "aws4_request". Raw bytes.
std::string signing_key(std::string_view secret_key, std::string_view date, std::string_view region,
                        std::string_view service);

// The hex signature of `request` for the secret key, the X-Amz-Date value
// `amz_date` and the credential scope "DATE/REGION/SERVICE/aws4_request".
std::string compute_signature(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view secret_key, std::string_view amz_date,
                              std::string_view scope);

}  // namespace dynamini::sigv4
