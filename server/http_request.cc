#include "http_request.h"

#include <boost/beast/core/string.hpp>

#include "beast_string.h"

namespace dynamini::server {

void HttpRequest::start(http::verb method, std::string_view method_string, std::string_view target,
                        unsigned version) {
  method_ = method;
  version_ = version;
  keep_alive_ = version >= 11;
  text_.clear();
  stored_.clear();
  fields_.clear();
  body_.clear();
  method_string_ = target_ = {};
  header_done_ = false;
  method_span_ = store(method_string);
  target_span_ = store(target);
}

HttpRequest::Span HttpRequest::store(std::string_view text) {
  // Offsets fit: a header is at most the session's header limit (64 KB),
  // and from_beast() is given requests the unit tests build.
  const Span span{static_cast<uint32_t>(text_.size()), static_cast<uint32_t>(text.size())};
  text_.append(text);
  return span;
}

void HttpRequest::add_field(http::field name, std::string_view name_string,
                            std::string_view value) {
  const Span name_span = store(name_string);
  stored_.push_back({name, name_span, store(value)});
  if (header_done_) make_views();  // a chunked body's trailer field: text_ may have moved
}

void HttpRequest::finish_header(bool keep_alive) {
  keep_alive_ = keep_alive;
  header_done_ = true;
  make_views();
}

void HttpRequest::make_views() {
  method_string_ = view(method_span_);
  target_ = view(target_span_);
  fields_.clear();
  fields_.reserve(stored_.size());
  for (const StoredField& field : stored_) {
    fields_.push_back({field.name, view(field.name_string), view(field.value)});
  }
}

std::string_view HttpRequest::operator[](http::field name) const {
  for (const Field& field : fields_) {
    if (field.name == name) return field.value;
  }
  return {};
}

std::string_view HttpRequest::operator[](std::string_view name) const {
  for (const Field& field : fields_) {
    if (boost::beast::iequals(beast_view(field.name_string), beast_view(name))) {
      return field.value;
    }
  }
  return {};
}

void HttpRequest::release_buffers_over(size_t limit) {
  if (body_.capacity() <= limit && text_.capacity() <= limit) return;
  start(http::verb::unknown, {}, {}, 11);  // no view outlives the buffers
  // Swapped, not assigned: assigning an empty string keeps the capacity.
  if (body_.capacity() > limit) std::string().swap(body_);
  if (text_.capacity() > limit) std::string().swap(text_);
}

Request to_beast(const HttpRequest& request) {
  Request message;
  if (request.method() == http::verb::unknown) {
    message.method_string(beast_view(request.method_string()));
  } else {
    message.method(request.method());
  }
  message.target(beast_view(request.target()));
  message.version(request.version());
  for (const HttpRequest::Field& field : request.fields()) {
    message.insert(field.name, beast_view(field.name_string), beast_view(field.value));
  }
  message.body() = request.body();
  return message;
}

void from_beast(const Request& request, HttpRequest& out) {
  out.start(request.method(), std_view(request.method_string()), std_view(request.target()),
            request.version());
  for (const auto& field : request) {
    out.add_field(field.name(), std_view(field.name_string()), std_view(field.value()));
  }
  out.finish_header(request.keep_alive());
  out.body() = request.body();
}

}  // namespace dynamini::server
