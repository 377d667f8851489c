#pragma once

// Verification of AWS Signature Version 4 requests as DynamoDB does it (the
// signature itself: sigv4/signature.h). Any region and service in the scope
// are accepted: both are part of what is signed.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dynamini/api_error.h"
#include "sigv4/signature.h"

namespace dynamini::server::sigv4 {

using dynamini::sigv4::SignedRequest;

// Checks the request's Authorization header against the one access key
// `access_key` with `secret_key`, at `now_seconds` (Unix time; requests more
// than 15 minutes off are refused, as AWS does). Returns the error DynamoDB
// answers, or nothing when the signature is valid.
std::optional<ApiError> verify(const SignedRequest& request, std::string_view access_key,
                               std::string_view secret_key, int64_t now_seconds);

}  // namespace dynamini::server::sigv4
