// The SigV4 fuzz body: the bytes are an HTTP request as text,
//   METHOD TARGET\n  (Name: value\n)*  \n  body
// verified against one access key at a fixed "now" (the seed corpus holds
// requests botocore signed for that instant, so mutations start from valid
// signatures). Never a crash or an exception; and a request that verifies
// must stop verifying when one byte of its body changes.
#include <string>
#include <string_view>

#include "fuzz_bodies.h"
#include "sigv4_check.h"

namespace dynamini::fuzz {
namespace {

constexpr std::string_view kAccessKey = "AKIDFUZZ";
constexpr std::string_view kSecret = "fuzz/secret+key";
// 2026-01-01T00:00:00Z, the X-Amz-Date of the seed requests.
constexpr int64_t kNow = 1767225600;

std::string_view next_line(std::string_view& rest) {
  const size_t end = rest.find('\n');
  std::string_view line = rest.substr(0, end);
  rest.remove_prefix(end == rest.npos ? rest.size() : end + 1);
  if (line.ends_with('\r')) line.remove_suffix(1);
  return line;
}

server::sigv4::SignedRequest parse_request(std::string_view text) {
  server::sigv4::SignedRequest request;
  std::string_view start = next_line(text);
  const size_t space = start.find(' ');
  request.method = start.substr(0, space);
  request.target = space == start.npos ? std::string_view() : start.substr(space + 1);
  while (!text.empty()) {
    std::string_view line = next_line(text);
    if (line.empty()) break;
    const size_t colon = line.find(':');
    request.headers.emplace_back(line.substr(0, colon),
                                 colon == line.npos ? std::string_view() : line.substr(colon + 1));
  }
  request.body = text;
  return request;
}

}  // namespace

void sigv4(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  server::sigv4::SignedRequest request = parse_request(text);
  if (server::sigv4::verify(request, kAccessKey, kSecret, kNow)) return;
  if (request.body.empty()) return;
  std::string changed(request.body);
  changed[changed.size() / 2] ^= 1;
  request.body = changed;
  if (!server::sigv4::verify(request, kAccessKey, kSecret, kNow)) __builtin_trap();
}

}  // namespace dynamini::fuzz
