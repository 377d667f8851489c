#pragma once

// Beast's HTTP/1.1 request parser (basic_parser: the request line, field
// syntax, Content-Length, chunked bodies, header and body limits, the same
// errors) writing into an HttpRequest instead of Beast's message, so the
// fields are stored flat (http_request.h says why). Like Beast's
// request_parser<string_body>, one reader reads one request.

#include "http_request.h"

namespace dynamini::server {

class RequestReader : public http::basic_parser<true> {
 public:
  // REQUIRES: `request` outlives the reader; it is emptied when the request
  // line arrives, then filled.
  explicit RequestReader(HttpRequest& request) : request_(request) {}

 private:
  using error_code = boost::beast::error_code;
  using string_view = boost::beast::string_view;

  void on_request_impl(http::verb method, string_view method_string, string_view target,
                       int version, error_code& ec) override;
  void on_response_impl(int, string_view, int, error_code&) override {}  // requests only
  void on_field_impl(http::field name, string_view name_string, string_view value,
                     error_code& ec) override;
  void on_header_impl(error_code& ec) override;
  void on_body_init_impl(const boost::optional<std::uint64_t>& content_length,
                         error_code& ec) override;
  std::size_t on_body_impl(string_view body, error_code& ec) override;
  void on_chunk_header_impl(std::uint64_t, string_view, error_code&) override {}
  std::size_t on_chunk_body_impl(std::uint64_t remain, string_view body, error_code& ec) override;
  void on_finish_impl(error_code&) override {}

  HttpRequest& request_;
};

}  // namespace dynamini::server
