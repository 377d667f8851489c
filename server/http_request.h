#pragma once

// A request as the server reads it: the request line, the header fields in
// the order they arrived, and the body, in flat storage.
//
// Why not Beast's message: its field container allocates, links and indexes
// every field as it arrives (2.5k of GetItem's 38k instructions over HTTP,
// callgrind, plus freeing them), while an API call reads four fields once.
// Here the names and values are appended to one string and found by a linear
// scan; a session reuses one HttpRequest for all its requests, so once its
// buffers have grown a request allocates nothing. Routes that want Beast's
// message (the console, the admin endpoint: cold paths) get to_beast().
//
// Filled by RequestReader (request_reader.h) or from_beast(): start(), then
// add_field() for each field, then finish_header(); the body is appended to
// body(). Field and line views are valid after finish_header() until the
// next start() or add_field(): a chunked body's trailer fields (RFC 9112
// §7.1.2) are added after the header, as Beast's parser adds them to its
// message.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "http_message.h"

namespace dynamini::server {

class HttpRequest {
 public:
  struct Field {
    http::field name;              // http::field::unknown when Beast has no name for it
    std::string_view name_string;  // as received
    std::string_view value;        // as received, without surrounding whitespace
  };

  // Empties the request for the next one; buffers keep their capacity.
  void start(http::verb method, std::string_view method_string, std::string_view target,
             unsigned version);
  void add_field(http::field name, std::string_view name_string, std::string_view value);
  // `keep_alive` is the connection's persistence as RFC 9112 §9.3 gives it
  // from the version and the Connection fields, all of them (RFC 9110 §5.3:
  // repeated field lines are one list) of the header: a chunked body's
  // trailer cannot change it (RFC 9110 §6.5.1). Beast's parser computes it.
  // Beast's message, which read only the first Connection field and also
  // the trailer's, kept "Connection: x" then "Connection: close" open and
  // closed for a trailer's "Connection: close".
  void finish_header(bool keep_alive);

  http::verb method() const { return method_; }
  std::string_view method_string() const { return method_string_; }
  std::string_view target() const { return target_; }
  unsigned version() const { return version_; }
  bool keep_alive() const { return keep_alive_; }
  const std::vector<Field>& fields() const { return fields_; }
  // The first field called `name` (compared case-insensitively), empty when
  // there is none: what Beast's request[name] gives.
  std::string_view operator[](http::field name) const;
  std::string_view operator[](std::string_view name) const;

  const std::string& body() const { return body_; }
  std::string& body() { return body_; }

  // Frees the buffers that grew past `limit` bytes for one large request, so
  // a connection does not hold them for its next requests (the request is
  // emptied then).
  void release_buffers_over(size_t limit);

 private:
  struct Span {
    uint32_t offset = 0;
    uint32_t size = 0;
  };
  struct StoredField {
    http::field name;
    Span name_string;
    Span value;
  };
  Span store(std::string_view text);
  std::string_view view(Span span) const { return {text_.data() + span.offset, span.size}; }
  void make_views();

  http::verb method_ = http::verb::unknown;
  unsigned version_ = 11;
  bool keep_alive_ = true;
  bool header_done_ = false;
  std::string text_;  // the method, the target, then each field's name and value
  Span method_span_, target_span_;
  std::vector<StoredField> stored_;
  // Views into text_, made once the header is complete (text_ no longer grows).
  std::string_view method_string_, target_;
  std::vector<Field> fields_;
  std::string body_;
};

// Beast's message of the same request (fields in the same order).
Request to_beast(const HttpRequest& request);
// The same request as an HttpRequest (the unit tests' route() takes Beast's).
void from_beast(const Request& request, HttpRequest& out);

}  // namespace dynamini::server
