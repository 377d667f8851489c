#include "reader_parity.h"

#include <algorithm>
#include <boost/beast/http.hpp>
#include <cctype>
#include <string>
#include <vector>

#include "beast_string.h"
#include "http_request.h"
#include "request_reader.h"

namespace dynamini::fuzz {
namespace {

using server::std_view;

namespace http = boost::beast::http;

// As the session configures its parser (server/session.cc), with the fuzz
// server's body limit (fuzz_http.cc).
constexpr unsigned kHeaderLimit = 64 * 1024;
constexpr unsigned kBodyLimit = 2048;

// Feeds all of `bytes`, then the end of the stream when the parser wants
// more: the parser's verdict.
template <typename Parser>
boost::beast::error_code read_all(Parser& parser, std::string_view bytes) {
  parser.header_limit(kHeaderLimit);
  parser.body_limit(kBodyLimit);
  parser.eager(true);
  while (!parser.is_done()) {
    boost::beast::error_code ec;
    if (bytes.empty()) {
      parser.put_eof(ec);
      return ec;
    }
    const size_t used = parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
    bytes.remove_prefix(used);
    if (ec == http::error::need_more) {
      parser.put_eof(ec);
      return ec;
    }
    if (ec) return ec;
  }
  return {};
}

// "<lower-case name>\0<field enum> <name>: <value>".
std::string field_line(http::field name, std::string_view name_string, std::string_view value) {
  std::string line;
  for (char c : name_string)
    line.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  line += '\0' + std::to_string(static_cast<int>(name)) + ' ';
  line.append(name_string).append(": ").append(value);
  return line;
}

// The lines sorted by name, keeping each name's lines in their order.
std::vector<std::string> grouped_by_name(std::vector<std::string> lines) {
  std::stable_sort(lines.begin(), lines.end(), [](const std::string& a, const std::string& b) {
    return std::string_view(a.data(), a.find('\0')) < std::string_view(b.data(), b.find('\0'));
  });
  return lines;
}

// Keep-alive is compared where Beast's message has it right. It reads only
// the first Connection field, while the parser (and so the reader) reads
// them all, as RFC 9110 §5.3 says repeated field lines are one list
// ("Connection: x" then "Connection: close" closes). And it also reads a
// chunked body's trailer fields, where RFC 9110 §6.5.1 says a Connection
// field must not count (it is needed before the content); the reader
// decides with the header.
// `chunked` is the parser's verdict (the last Transfer-Encoding field's
// last coding), not the message's chunked(), which reads the first field.
bool same_keep_alive(const server::HttpRequest& flat,
                     const http::request<http::string_body>& message, bool chunked) {
  int connection_fields = 0;
  for (const auto& field : flat.fields()) {
    if (field.name == http::field::connection) ++connection_fields;
  }
  if (connection_fields > 1 || chunked) return true;
  return flat.keep_alive() == message.keep_alive();
}

}  // namespace

bool reader_matches_beast(std::string_view bytes) {
  http::request_parser<http::string_body> beast_parser;
  server::HttpRequest flat;
  server::RequestReader reader(flat);
  const auto beast_error = read_all(beast_parser, bytes);
  const auto flat_error = read_all(reader, bytes);
  if (beast_error != flat_error) return false;
  if (beast_error) return true;
  const auto& message = beast_parser.get();
  if (flat.method() != message.method() ||
      flat.method_string() != std_view(message.method_string()) ||
      flat.target() != std_view(message.target()) || flat.version() != message.version() ||
      !same_keep_alive(flat, message, beast_parser.chunked()) || flat.body() != message.body()) {
    return false;
  }
  // Beast's message lists a repeated field after the last one of the same
  // name (basic_fields::insert), the reader in arrival order: the same
  // fields, and the same order among those of one name.
  std::vector<std::string> expected, got;
  for (const auto& field : message) {
    expected.push_back(
        field_line(field.name(), std_view(field.name_string()), std_view(field.value())));
  }
  for (const server::HttpRequest::Field& field : flat.fields()) {
    got.push_back(field_line(field.name, field.name_string, field.value));
  }
  return grouped_by_name(expected) == grouped_by_name(got);
}

}  // namespace dynamini::fuzz
