// Streamable HTTP for `dynamini mcp` (see mcp_transports.h): Beast, one
// thread, so tool calls run one at a time as they do over stdio.

#include <rapidjson/document.h>

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <deque>
#include <iostream>
#include <map>
#include <memory>

#include "cli/mcp_transports.h"
#include "dynamini/access_rules.h"

namespace dynamini::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

constexpr size_t kBodyLimit = 16 * 1024 * 1024;
constexpr std::chrono::seconds kIdleTimeout{60};
// Sessions kept at once; the oldest is forgotten beyond (its client gets
// 404 and, as the specification asks, starts a new one).
constexpr size_t kMaxSessions = 256;

std::string_view view(beast::string_view s) { return {s.data(), s.size()}; }

// The sessions of one server: id -> protocol state, in creation order.
class Sessions {
 public:
  Sessions(const std::vector<McpTool>& tools, const McpServerInfo& info)
      : tools_(tools), info_(info) {}
  // A new session and its id.
  std::pair<std::string, McpSession*> open() {
    std::string id = boost::uuids::to_string(generator_());
    auto [it, inserted] = sessions_.emplace(id, std::make_unique<McpSession>(tools_, info_));
    order_.push_back(id);
    if (order_.size() > kMaxSessions) {
      sessions_.erase(order_.front());
      order_.pop_front();
    }
    return {id, it->second.get()};
  }
  McpSession* find(std::string_view id) {
    auto it = sessions_.find(std::string(id));
    return it == sessions_.end() ? nullptr : it->second.get();
  }
  bool close(std::string_view id) {
    order_.erase(std::remove(order_.begin(), order_.end(), id), order_.end());
    return sessions_.erase(std::string(id)) > 0;
  }

 private:
  const std::vector<McpTool>& tools_;
  const McpServerInfo& info_;
  std::map<std::string, std::unique_ptr<McpSession>> sessions_;
  std::deque<std::string> order_;
  boost::uuids::random_generator generator_;
};

Response reply(const Request& request, http::status status, std::string body = {},
               std::string_view content_type = "application/json") {
  Response response{status, request.version()};
  response.set(http::field::server, "dynamini");
  if (!body.empty()) response.set(http::field::content_type, std::string(content_type));
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

// A transport-level refusal: an HTTP error whose body is a JSON-RPC error
// without an id, as the transport section allows.
Response refuse(const Request& request, http::status status, std::string_view message) {
  std::string body = R"({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":")";
  for (char c : message)
    body += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return reply(request, status, body + "\"}}");
}

bool is_initialize(std::string_view body) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  if (!doc.IsObject()) return false;
  auto method = doc.FindMember("method");
  return method != doc.MemberEnd() && method->value.IsString() &&
         std::string_view(method->value.GetString()) == "initialize";
}

class Handler {
 public:
  // `access`: which web pages and Host names are answered (the DynamoDB
  // endpoint's rule, dynamini/access_rules.h).
  Handler(const std::vector<McpTool>& tools, const McpServerInfo& info, AccessRules access)
      : sessions_(tools, info), access_(std::move(access)) {}

  const AccessRules& access() const { return access_; }

  Response answer(const Request& request) {
    std::string_view target = view(request.target());
    if (target.substr(0, target.find('?')) != "/mcp") {
      return refuse(request, http::status::not_found, "Not found: the MCP endpoint is /mcp");
    }
    const std::string refusal = access_refusal(access_, view(request[http::field::host]),
                                               view(request[http::field::origin]));
    if (!refusal.empty()) {
      return refuse(request, http::status::forbidden, "Forbidden: " + refusal);
    }
    if (auto version = request.find("MCP-Protocol-Version"); version != request.end()) {
      auto versions = supported_protocol_versions();
      if (std::find(versions.begin(), versions.end(), view(version->value())) == versions.end()) {
        return refuse(request, http::status::bad_request,
                      "Bad Request: unsupported MCP-Protocol-Version");
      }
    }
    switch (request.method()) {
      case http::verb::post:
        return post(request);
      case http::verb::delete_:
        return end_session(request);
      default: {
        // GET would open a stream of messages we never send unasked.
        Response response = refuse(request, http::status::method_not_allowed,
                                   "Method Not Allowed: POST a JSON-RPC message, DELETE a session");
        response.set(http::field::allow, "POST, DELETE");
        return response;
      }
    }
  }

 private:
  Response post(const Request& request) {
    const std::string_view accept = view(request[http::field::accept]);
    if (accept.find("application/json") == accept.npos && accept.find("*/*") == accept.npos) {
      return refuse(request, http::status::not_acceptable,
                    "Not Acceptable: the client must accept application/json");
    }
    if (!view(request[http::field::content_type]).starts_with("application/json")) {
      return refuse(request, http::status::unsupported_media_type,
                    "Unsupported Media Type: send application/json");
    }
    std::string session_id;
    McpSession* session = nullptr;
    if (is_initialize(request.body())) {
      std::tie(session_id, session) = sessions_.open();
    } else {
      session_id = std::string(view(request["Mcp-Session-Id"]));
      if (session_id.empty()) {
        return refuse(request, http::status::bad_request,
                      "Bad Request: Mcp-Session-Id header is required");
      }
      session = sessions_.find(session_id);
      if (!session) return refuse(request, http::status::not_found, "Session not found");
    }
    std::optional<std::string> answer = session->handle(request.body());
    Response response = answer ? reply(request, http::status::ok, std::move(*answer))
                               : reply(request, http::status::accepted);
    response.set("Mcp-Session-Id", session_id);
    return response;
  }

  Response end_session(const Request& request) {
    const std::string_view id = view(request["Mcp-Session-Id"]);
    if (id.empty()) {
      return refuse(request, http::status::bad_request,
                    "Bad Request: Mcp-Session-Id header is required");
    }
    if (!sessions_.close(id)) return refuse(request, http::status::not_found, "Session not found");
    return reply(request, http::status::ok);
  }

  Sessions sessions_;
  const AccessRules access_;
};

// One connection: read a request, answer it, again while keep-alive.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Handler& handler)
      : stream_(std::move(socket)), handler_(handler) {}
  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kBodyLimit);
    stream_.expires_after(kIdleTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (!ec) self->answer();
                     });
  }
  void answer() {
    auto response = std::make_shared<Response>(handler_.answer(parser_->get()));
    stream_.expires_after(kIdleTimeout);
    http::async_write(stream_, *response,
                      [self = shared_from_this(), response](beast::error_code ec, size_t) {
                        if (ec || !response->keep_alive()) {
                          beast::error_code ignored;
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                          return;
                        }
                        self->read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Handler& handler_;
};

void accept(tcp::acceptor& acceptor, Handler& handler) {
  acceptor.async_accept([&acceptor, &handler](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) std::make_shared<Connection>(std::move(socket), handler)->start();
    accept(acceptor, handler);
  });
}

}  // namespace

int serve_mcp_http(const std::vector<McpTool>& tools, const McpServerInfo& info,
                   const McpHttpOptions& options) {
  asio::io_context io;
  tcp::acceptor acceptor(io);
  try {
    tcp::resolver resolver(io);
    tcp::endpoint endpoint = *resolver.resolve(options.host, std::to_string(options.port)).begin();
    acceptor.open(endpoint.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen();
  } catch (const std::exception& e) {
    std::cerr << "dynamini mcp: cannot listen on " << options.host << ":" << options.port << ": "
              << e.what() << "\n";
    return 1;
  }
  const bool loopback = acceptor.local_endpoint().address().is_loopback();
  Handler handler(tools, info,
                  AccessRules{.origins = options.allowed_origins,
                              .hosts = options.allowed_hosts,
                              .check_host = loopback || !options.allowed_hosts.empty(),
                              .origin_flag = "--allow-origin",
                              .host_flag = "--allow-host"});
  accept(acceptor, handler);
  asio::signal_set stop_signals(io, SIGINT, SIGTERM);
  stop_signals.async_wait([&io](beast::error_code, int) { io.stop(); });
  const std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  for (const std::string& line : describe_access(handler.access())) {
    std::cerr << "dynamini mcp: " << line << "\n";
  }
  if (!loopback) {
    std::cerr << "dynamini mcp: warning: listening on " << options.host
              << ", reachable from other machines; the MCP endpoint has no authentication, and "
                 "answers any Host name unless --allow-host is given\n";
  }
  std::cout << "dynamini mcp listening on http://" << host << ":"
            << acceptor.local_endpoint().port() << "/mcp" << std::endl;
  io.run();
  return 0;
}

}  // namespace dynamini::cli
