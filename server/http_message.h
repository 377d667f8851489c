#pragma once

// The HTTP messages the server reads and writes (Boost.Beast, string bodies).

#include <boost/beast/http.hpp>

namespace dynamini::server {

namespace http = boost::beast::http;

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

}  // namespace dynamini::server
