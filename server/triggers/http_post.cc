#include "triggers/http_post.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <stdexcept>

namespace dynamini::triggers {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;

HttpUrl parse_http_url(const std::string& url) {
  const std::string scheme = "http://";
  if (!url.starts_with(scheme) || url.size() == scheme.size()) {
    throw std::invalid_argument("the function URL must start with http:// (got '" + url + "')");
  }
  std::string rest = url.substr(scheme.size());
  const size_t slash = rest.find('/');
  HttpUrl out;
  out.target = slash == rest.npos ? "/" : rest.substr(slash);
  std::string authority = rest.substr(0, slash);
  size_t colon = authority.rfind(':');
  if (colon != authority.npos && authority.find(']', colon) == authority.npos) {
    out.host = authority.substr(0, colon);
    out.port = authority.substr(colon + 1);
  } else {
    out.host = authority;
    out.port = "80";
  }
  if (out.host.size() > 2 && out.host.front() == '[')
    out.host = out.host.substr(1, out.host.size() - 2);
  if (out.host.empty() || out.port.empty()) {
    throw std::invalid_argument("the function URL has no host (got '" + url + "')");
  }
  return out;
}

HttpReply http_post(const HttpUrl& url, const std::string& body, int64_t timeout_ms) {
  HttpReply reply;
  try {
    asio::io_context io;
    asio::ip::tcp::resolver resolver(io);
    beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::milliseconds(timeout_ms));
    stream.connect(resolver.resolve(url.host, url.port));
    http::request<http::string_body> request{http::verb::post, url.target, 11};
    request.set(http::field::host, url.host + ":" + url.port);
    request.set(http::field::user_agent, "dynamini-trigger");
    request.set(http::field::content_type, "application/json");
    request.body() = body;
    request.prepare_payload();
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(stream, buffer, parser);
    auto& response = parser.get();
    reply.status = static_cast<int>(response.result_int());
    reply.function_error = std::string(response["X-Amz-Function-Error"]);
    reply.body = std::move(response.body());
    beast::error_code ignored;
    stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  } catch (const std::exception& e) {
    reply.status = 0;
    reply.error = e.what();
  }
  return reply;
}

}  // namespace dynamini::triggers
