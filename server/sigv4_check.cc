#include "sigv4_check.h"

#include <algorithm>
#include <ctime>

#include "sigv4/digest.h"

namespace dynamini::server::sigv4 {
namespace {

using namespace dynamini::sigv4;

constexpr int64_t kMaxSkewSeconds = 15 * 60;
// https://docs.aws.amazon.com (Common Errors): the messages DynamoDB answers;
// dynalite test/connection.js records MissingAuthenticationToken and the
// IncompleteSignature sentences.
constexpr const char* kMissingToken = "Request is missing Authentication Token";
constexpr const char* kBadSignature =
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details.";
constexpr const char* kUnknownKey = "The security token included in the request is invalid.";

// "20150830T123600Z" -> Unix seconds, or nullopt when malformed.
std::optional<int64_t> parse_amz_date(std::string_view s) {
  if (s.size() != 16 || s[8] != 'T' || s[15] != 'Z') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14}) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
  }
  auto num = [&](size_t at, size_t len) {
    int v = 0;
    for (size_t i = at; i < at + len; ++i) v = v * 10 + (s[i] - '0');
    return v;
  };
  int y = num(0, 4), m = num(4, 2), d = num(6, 2);
  if (m < 1 || m > 12 || d < 1 || d > 31) return std::nullopt;
  // Days from civil (Howard Hinnant's algorithm).
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const int64_t days = era * 146097 + doe - 719468;
  return days * 86400 + num(9, 2) * 3600 + num(11, 2) * 60 + num(13, 2);
}

std::string format_amz_date(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

ApiError error(ErrorCode code, std::string message) {
  return ApiError{code, std::move(message), {}};
}

}  // namespace

std::optional<ApiError> verify(const SignedRequest& request, std::string_view access_key,
                               std::string_view secret_key, int64_t now_seconds) {
  const std::string_view authorization = find_header(request, "Authorization");
  if (!authorization.starts_with("AWS4-")) {
    return error(ErrorCode::kMissingAuthenticationToken, kMissingToken);
  }
  std::string_view algorithm = authorization.substr(0, authorization.find(' '));
  std::string_view params = authorization.substr(algorithm.size());
  std::string_view credential, signed_headers, signature;
  while (!params.empty()) {
    size_t start = params.find_first_not_of(" ,");
    if (start == params.npos) break;
    params.remove_prefix(start);
    std::string_view param = params.substr(0, params.find_first_of(" ,"));
    params.remove_prefix(param.size());
    size_t eq = param.find('=');
    if (eq == param.npos) continue;
    std::string_view name = param.substr(0, eq), value = param.substr(eq + 1);
    if (name == "Credential") credential = value;
    if (name == "SignedHeaders") signed_headers = value;
    if (name == "Signature") signature = value;
  }
  const std::string_view amz_date = find_header(request, "X-Amz-Date");
  // dynalite test/connection.js: one sentence per missing part, then the header.
  std::string incomplete;
  if (credential.empty()) incomplete += "Authorization header requires 'Credential' parameter. ";
  if (signature.empty()) incomplete += "Authorization header requires 'Signature' parameter. ";
  if (signed_headers.empty()) {
    incomplete += "Authorization header requires 'SignedHeaders' parameter. ";
  }
  if (amz_date.empty() && !has_header(request, "Date")) {
    incomplete +=
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
  }
  if (!incomplete.empty()) {
    return error(ErrorCode::kIncompleteSignature,
                 incomplete + "Authorization=" + std::string(authorization));
  }
  if (algorithm != kAlgorithm) {
    return error(ErrorCode::kIncompleteSignature,
                 "Unsupported AWS 'algorithm': '" + std::string(algorithm) + "'");
  }
  // Credential=AKID/DATE/REGION/SERVICE/aws4_request
  size_t slash = credential.find('/');
  std::string_view key_id = credential.substr(0, slash);
  std::string_view scope =
      slash == credential.npos ? std::string_view() : credential.substr(slash + 1);
  size_t parts = std::count(scope.begin(), scope.end(), '/') + 1;
  if (scope.empty() || parts != 4 || !scope.ends_with("/aws4_request")) {
    return error(ErrorCode::kIncompleteSignature,
                 "Credential should be scoped to a valid region, service and terminator "
                 "('aws4_request'), not '" +
                     std::string(credential) + "'. ");
  }
  if (key_id != access_key) return error(ErrorCode::kUnrecognizedClient, kUnknownKey);
  if (amz_date.empty()) {
    return error(ErrorCode::kIncompleteSignature,
                 "dynamini verifies only the X-Amz-Date form of the request date");
  }
  std::optional<int64_t> signed_at = parse_amz_date(amz_date);
  if (!signed_at) {
    return error(ErrorCode::kIncompleteSignature,
                 "Date must be in ISO-8601 'basic format'. Got '" + std::string(amz_date) +
                     "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }
  std::string_view scope_date = scope.substr(0, scope.find('/'));
  if (scope_date != amz_date.substr(0, 8)) {
    return error(ErrorCode::kInvalidSignature,
                 "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date "
                 "from HTTP: '" +
                     std::string(scope_date) + "' != '" + std::string(amz_date.substr(0, 8)) +
                     "', from '" + std::string(amz_date) + "'.");
  }
  if (*signed_at < now_seconds - kMaxSkewSeconds) {
    return error(ErrorCode::kInvalidSignature,
                 "Signature expired: " + std::string(amz_date) + " is now earlier than " +
                     format_amz_date(now_seconds - kMaxSkewSeconds) + " (" +
                     format_amz_date(now_seconds) + " - 15 min.)");
  }
  if (*signed_at > now_seconds + kMaxSkewSeconds) {
    return error(ErrorCode::kInvalidSignature,
                 "Signature not yet current: " + std::string(amz_date) + " is still later than " +
                     format_amz_date(now_seconds + kMaxSkewSeconds) + " (" +
                     format_amz_date(now_seconds) + " + 15 min.)");
  }
  const std::string expected =
      compute_signature(request, signed_headers, secret_key, amz_date, scope);
  if (!constant_time_equal(expected, signature)) {
    return error(ErrorCode::kInvalidSignature, kBadSignature);
  }
  return std::nullopt;
}

}  // namespace dynamini::server::sigv4
