#include "request_reader.h"

#include "beast_string.h"

namespace dynamini::server {
namespace {

// The body grows as string_body's reader grows it: Content-Length reserves
// the whole body at once (the parser has checked it against the body limit).
std::size_t append_body(std::string& body, boost::beast::string_view piece,
                        boost::beast::error_code& ec) {
  if (piece.size() > body.max_size() - body.size()) {
    ec = http::error::buffer_overflow;
    return 0;
  }
  body.append(piece.data(), piece.size());
  return piece.size();
}

}  // namespace

void RequestReader::on_request_impl(http::verb method, string_view method_string,
                                    string_view target, int version, error_code&) {
  request_.start(method, std_view(method_string), std_view(target), static_cast<unsigned>(version));
}

void RequestReader::on_field_impl(http::field name, string_view name_string, string_view value,
                                  error_code&) {
  request_.add_field(name, std_view(name_string), std_view(value));
}

void RequestReader::on_header_impl(error_code&) { request_.finish_header(keep_alive()); }

void RequestReader::on_body_init_impl(const boost::optional<std::uint64_t>& content_length,
                                      error_code& ec) {
  if (content_length) {
    if (*content_length > request_.body().max_size()) {
      ec = http::error::buffer_overflow;
      return;
    }
    request_.body().reserve(static_cast<std::size_t>(*content_length));
  }
}

std::size_t RequestReader::on_body_impl(string_view body, error_code& ec) {
  return append_body(request_.body(), body, ec);
}

std::size_t RequestReader::on_chunk_body_impl(std::uint64_t, string_view body, error_code& ec) {
  return append_body(request_.body(), body, ec);
}

}  // namespace dynamini::server
