#include "sigv4/signature.h"

#include <algorithm>
#include <cctype>

#include "sigv4/digest.h"

namespace dynamini::sigv4 {
namespace {

bool unreserved(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~';
}

std::string uri_encode(std::string_view s, bool keep_slash) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if (unreserved(c) || (keep_slash && c == '/')) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string uri_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Trimmed, with runs of spaces collapsed to one (the spec's Trimall).
std::string trim_all(std::string_view s) {
  s = trim(s);
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string canonical_query(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    if (pair.empty()) continue;
    size_t eq = pair.find('=');
    std::string_view key = pair.substr(0, eq);
    std::string_view value = eq == pair.npos ? std::string_view() : pair.substr(eq + 1);
    params.emplace_back(uri_encode(uri_decode(key), false), uri_encode(uri_decode(value), false));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [k, v] : params) {
    if (!out.empty()) out += '&';
    out += k;
    out += '=';
    out += v;
  }
  return out;
}

}  // namespace

std::string_view find_header(const SignedRequest& request, std::string_view name) {
  for (const auto& [n, v] : request.headers) {
    if (iequals(n, name)) return trim(v);
  }
  return {};
}

bool has_header(const SignedRequest& request, std::string_view name) {
  return std::any_of(request.headers.begin(), request.headers.end(),
                     [&](const auto& h) { return iequals(h.first, name); });
}

std::string canonical_request(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view payload_hash) {
  std::string_view target = request.target;
  size_t q = target.find('?');
  std::string_view path = target.substr(0, q);
  std::string_view query = q == target.npos ? std::string_view() : target.substr(q + 1);

  std::string out;
  out += request.method;
  out += '\n';
  out += path.empty() ? std::string("/") : uri_encode(path, true);
  out += '\n';
  out += canonical_query(query);
  out += '\n';
  std::string_view names = signed_headers;
  while (!names.empty()) {
    std::string_view name = names.substr(0, names.find(';'));
    names.remove_prefix(std::min(names.size(), name.size() + 1));
    std::string value;
    bool first = true;
    for (const auto& [n, v] : request.headers) {
      if (!iequals(n, name)) continue;
      if (!first) value += ',';
      value += trim_all(v);
      first = false;
    }
    for (char c : name) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out += ':';
    out += value;
    out += '\n';
  }
  out += '\n';
  out += signed_headers;
  out += '\n';
  out += payload_hash;
  return out;
}

std::string compute_signature(const SignedRequest& request, std::string_view signed_headers,
                              std::string_view secret_key, std::string_view amz_date,
                              std::string_view scope) {
  const std::string payload_hash = to_hex(sha256(request.body));
  const std::string canonical = canonical_request(request, signed_headers, payload_hash);
  std::string to_sign(kAlgorithm);
  to_sign += '\n';
  to_sign += amz_date;
  to_sign += '\n';
  to_sign += scope;
  to_sign += '\n';
  to_sign += to_hex(sha256(canonical));

  // scope = DATE/REGION/SERVICE/aws4_request
  std::vector<std::string_view> parts;
  std::string_view rest = scope;
  while (!rest.empty()) {
    std::string_view part = rest.substr(0, rest.find('/'));
    parts.push_back(part);
    rest.remove_prefix(std::min(rest.size(), part.size() + 1));
  }
  while (parts.size() < 4) parts.emplace_back();
  // The chain's last step is always "aws4_request": verify() accepts no other
  // terminator.
  const std::string key = signing_key(secret_key, parts[0], parts[1], parts[2]);
  return to_hex(hmac_sha256(key, to_sign));
}

std::string signing_key(std::string_view secret_key, std::string_view date, std::string_view region,
                        std::string_view service) {
  Digest key = hmac_sha256("AWS4" + std::string(secret_key), date);
  key = hmac_sha256(as_bytes(key), region);
  key = hmac_sha256(as_bytes(key), service);
  key = hmac_sha256(as_bytes(key), "aws4_request");
  return std::string(as_bytes(key));
}

}  // namespace dynamini::sigv4
