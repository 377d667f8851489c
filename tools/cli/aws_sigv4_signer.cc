#include "cli/aws_sigv4_signer.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <vector>

#include "sigv4/signature.h"

namespace dynamini::cli {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// SignedHeaders: every header but Authorization, lower case, sorted, once.
std::string signed_header_names(const SigV4Request& request) {
  std::vector<std::string> names;
  for (const auto& [name, value] : request.headers) {
    if (lower(name) != "authorization") names.push_back(lower(name));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : ";") + name;
  return out;
}

}  // namespace

std::string sigv4_signing_key(std::string_view secret, std::string_view date,
                              std::string_view region, std::string_view service) {
  return sigv4::signing_key(secret, date, region, service);
}

std::string sigv4_authorization(const SigV4Request& request, const AwsCredentials& credentials,
                                std::string_view region, std::string_view service,
                                std::string_view amz_date) {
  const std::string target =
      request.query.empty() ? request.path : request.path + "?" + request.query;
  sigv4::SignedRequest signed_request{request.method, target, {}, request.body};
  for (const auto& [name, value] : request.headers)
    signed_request.headers.emplace_back(name, value);
  const std::string names = signed_header_names(request);
  const std::string scope = std::string(amz_date.substr(0, 8)) + "/" + std::string(region) + "/" +
                            std::string(service) + "/aws4_request";
  return std::string(sigv4::kAlgorithm) + " Credential=" + credentials.access_key_id + "/" + scope +
         ", SignedHeaders=" + names + ", Signature=" +
         sigv4::compute_signature(signed_request, names, credentials.secret_access_key, amz_date,
                                  scope);
}

void sigv4_sign(SigV4Request& request, const AwsCredentials& credentials, std::string_view region,
                std::string_view service) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char amz_date[17];
  std::strftime(amz_date, sizeof amz_date, "%Y%m%dT%H%M%SZ", &utc);
  request.headers.emplace_back("X-Amz-Date", amz_date);
  if (!credentials.session_token.empty()) {
    request.headers.emplace_back("X-Amz-Security-Token", credentials.session_token);
  }
  request.headers.emplace_back(
      "Authorization", sigv4_authorization(request, credentials, region, service, amz_date));
}

}  // namespace dynamini::cli
