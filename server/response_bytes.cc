#include "response_bytes.h"

#include <boost/beast/core/buffers_range.hpp>

namespace dynamini::server {

bool renders_flat(const Response& response) { return !response.chunked(); }

void append_response_bytes(const Response& response, std::string& out) {
  // http::serializer sends Fields::writer's buffers, then (for a body that
  // is not chunked) the body's bytes as they are.
  Response::fields_type::writer header(response.base(), response.version(), response.result_int());
  const auto buffers = header.get();  // a view: keep it alive while iterating
  for (boost::asio::const_buffer b : boost::beast::buffers_range_ref(buffers)) {
    out.append(static_cast<const char*>(b.data()), b.size());
  }
  out.append(response.body());
}

}  // namespace dynamini::server
