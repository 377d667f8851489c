#include "cli/aws_sigv4_signer.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <stdexcept>

namespace dynamini::cli {
namespace {

std::string hex(const unsigned char* data, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    out += kDigits[data[i] >> 4];
    out += kDigits[data[i] & 15];
  }
  return out;
}

std::string hmac(std::string_view key, std::string_view message) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(message.data()), message.size(), out, &size)) {
    throw std::runtime_error("HMAC-SHA256 failed");
  }
  return std::string(reinterpret_cast<const char*>(out), size);
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Leading and trailing spaces removed, inner runs of spaces made one.
std::string trimmed(std::string_view value) {
  std::string out;
  bool space = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// The query's parameters sorted by name then value (they arrive encoded).
std::string canonical_query(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    if (pair.empty()) continue;
    size_t eq = pair.find('=');
    params.emplace_back(std::string(pair.substr(0, eq)),
                        eq == pair.npos ? "" : std::string(pair.substr(eq + 1)));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) out += (out.empty() ? "" : "&") + name + "=" + value;
  return out;
}

struct CanonicalHeaders {
  std::string text;          // "name:value\n" per header
  std::string signed_names;  // "host;x-amz-date"
};

CanonicalHeaders canonical_headers(const SigV4Request& request) {
  std::vector<std::pair<std::string, std::string>> headers;
  for (const auto& [name, value] : request.headers) {
    if (lower(name) == "authorization") continue;
    headers.emplace_back(lower(name), trimmed(value));
  }
  std::stable_sort(headers.begin(), headers.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  CanonicalHeaders out;
  for (size_t i = 0; i < headers.size(); ++i) {
    // Repeated names are one header whose values are joined by commas.
    if (i > 0 && headers[i].first == headers[i - 1].first) {
      out.text.back() = ',';
      out.text += headers[i].second + "\n";
      continue;
    }
    out.text += headers[i].first + ":" + headers[i].second + "\n";
    out.signed_names += (out.signed_names.empty() ? "" : ";") + headers[i].first;
  }
  return out;
}

}  // namespace

std::string sha256_hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return hex(digest, sizeof digest);
}

std::string sigv4_signing_key(std::string_view secret, std::string_view date,
                              std::string_view region, std::string_view service) {
  std::string key = hmac("AWS4" + std::string(secret), date);
  key = hmac(key, region);
  key = hmac(key, service);
  return hmac(key, "aws4_request");
}

std::string sigv4_authorization(const SigV4Request& request, const AwsCredentials& credentials,
                                std::string_view region, std::string_view service,
                                std::string_view amz_date) {
  const CanonicalHeaders headers = canonical_headers(request);
  const std::string canonical = request.method + "\n" + request.path + "\n" +
                                canonical_query(request.query) + "\n" + headers.text + "\n" +
                                headers.signed_names + "\n" + sha256_hex(request.body);
  const std::string date(amz_date.substr(0, 8));
  const std::string scope =
      date + "/" + std::string(region) + "/" + std::string(service) + "/aws4_request";
  const std::string to_sign =
      "AWS4-HMAC-SHA256\n" + std::string(amz_date) + "\n" + scope + "\n" + sha256_hex(canonical);
  const std::string signature =
      hmac(sigv4_signing_key(credentials.secret_access_key, date, region, service), to_sign);
  return "AWS4-HMAC-SHA256 Credential=" + credentials.access_key_id + "/" + scope +
         ", SignedHeaders=" + headers.signed_names + ", Signature=" +
         hex(reinterpret_cast<const unsigned char*>(signature.data()), signature.size());
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
