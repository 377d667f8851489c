#pragma once

// Verification of AWS Signature Version 4 (the Authorization header form,
// AWS4-HMAC-SHA256), as DynamoDB does it: the canonical request (method, URI,
// query, signed headers, SHA-256 of the body), the string to sign with the
// credential scope (date/region/service/aws4_request) and the HMAC chain
// from the secret key. Any region and service in the scope are accepted:
// both are part of what is signed.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dynamini/api_error.h"

namespace dynamini::server::sigv4 {

// The parts of an HTTP request a signature covers.
struct SignedRequest {
  std::string_view method;  // "POST"
  std::string_view target;  // path and query as received: "/", "/a?b=c"
  // Every header as received (names in any case, repeated names allowed).
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  std::string_view body;
};

// The canonical request of the SigV4 spec for `request`, with the headers
// named in `signed_headers` (lower case, ';'-separated as in SignedHeaders)
// and `payload_hash` (hex SHA-256 of the body).
std::string canonical_request(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view payload_hash);

// The hex signature of `request` for the secret key, the X-Amz-Date value
// `amz_date` and the credential scope "DATE/REGION/SERVICE/aws4_request".
std::string compute_signature(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view secret_key, std::string_view amz_date,
                              std::string_view scope);

// Checks the request's Authorization header against the one access key
// `access_key` with `secret_key`, at `now_seconds` (Unix time; requests more
// than 15 minutes off are refused, as AWS does). Returns the error DynamoDB
// answers, or nothing when the signature is valid.
std::optional<ApiError> verify(const SignedRequest& request, std::string_view access_key,
                               std::string_view secret_key, int64_t now_seconds);

}  // namespace dynamini::server::sigv4
