#include "cli/dynamodb_client.h"

#include <openssl/ssl.h>
#include <rapidjson/document.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <random>
#include <regex>
#include <stdexcept>
#include <thread>

namespace dynamini::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

constexpr std::chrono::seconds kTimeout{60};

}  // namespace

// One keep-alive connection, plain or TLS, used with asynchronous calls run
// to completion so every step has a deadline.
struct DynamoDbClient::Connection {
  asio::io_context io;
  ssl::context tls_context{ssl::context::tls_client};
  std::optional<beast::tcp_stream> plain;
  std::optional<beast::ssl_stream<beast::tcp_stream>> secure;
  beast::flat_buffer buffer;

  beast::tcp_stream& tcp() { return plain ? *plain : beast::get_lowest_layer(*secure); }

  template <class Start>
  void run(Start start) {
    beast::error_code result;
    start([&result](beast::error_code ec, auto&&...) { result = ec; });
    io.restart();
    io.run();
    if (result) throw beast::system_error(result);
  }

  void open(bool tls, const std::string& host, const std::string& port) {
    tcp::resolver resolver(io);
    auto addresses = resolver.resolve(host, port);
    if (!tls) {
      plain.emplace(io);
    } else {
      tls_context.set_default_verify_paths();
      tls_context.set_verify_mode(ssl::verify_peer);
      secure.emplace(io, tls_context);
      secure->set_verify_callback(ssl::host_name_verification(host));
      // SNI: the server picks its certificate by name.
      if (!SSL_set_tlsext_host_name(secure->native_handle(), host.c_str())) {
        throw std::runtime_error("cannot set the TLS server name");
      }
    }
    tcp().expires_after(kTimeout);
    run([&](auto handler) { tcp().async_connect(addresses, std::move(handler)); });
    // Requests are small and answered at once: no Nagle delay per call.
    tcp().socket().set_option(tcp::no_delay(true));
    if (secure) {
      tcp().expires_after(kTimeout);
      run([&](auto handler) {
        secure->async_handshake(ssl::stream_base::client, std::move(handler));
      });
    }
  }

  http::response<http::string_body> exchange(http::request<http::string_body>& request) {
    http::response<http::string_body> response;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    tcp().expires_after(kTimeout);
    if (plain) {
      run([&](auto handler) { http::async_write(*plain, request, std::move(handler)); });
      run([&](auto handler) { http::async_read(*plain, buffer, parser, std::move(handler)); });
    } else {
      run([&](auto handler) { http::async_write(*secure, request, std::move(handler)); });
      run([&](auto handler) { http::async_read(*secure, buffer, parser, std::move(handler)); });
    }
    return parser.release();
  }
};

bool DynamoDbReply::retryable() const {
  return status == 0 || status >= 500 || error_type == "ProvisionedThroughputExceededException" ||
         error_type == "ThrottlingException" || error_type == "RequestLimitExceeded";
}

DynamoDbClient::DynamoDbClient(DynamoDbEndpoint endpoint) : endpoint_(std::move(endpoint)) {
  std::smatch m;
  static const std::regex url_re(R"(^(https?)://([^/:]+|\[[0-9a-fA-F:]+\])(?::(\d+))?/?$)");
  if (!std::regex_match(endpoint_.url, m, url_re)) {
    throw std::runtime_error("expected http(s)://HOST[:PORT], got '" + endpoint_.url + "'");
  }
  tls_ = m[1].str() == "https";
  host_ = m[2].str();
  if (host_.size() > 2 && host_.front() == '[') host_ = host_.substr(1, host_.size() - 2);
  port_ = m[3].matched ? m[3].str() : (tls_ ? "443" : "80");
}

DynamoDbClient::~DynamoDbClient() = default;

DynamoDbReply DynamoDbClient::call(std::string_view operation, std::string_view request_json) {
  return with_reconnect([&] { return send(operation, request_json); });
}

DynamoDbReply DynamoDbClient::post(std::string_view path) {
  return with_reconnect([&] {
    http::request<http::string_body> request{http::verb::post, std::string(path), 11};
    request.set(http::field::host, host_header());
    request.set(http::field::user_agent, "dynamini");
    request.prepare_payload();
    auto response = connection().exchange(request);
    if (!response.keep_alive()) connection_.reset();
    return DynamoDbReply{.status = response.result_int(), .body = std::move(response.body())};
  });
}

template <class Exchange>
DynamoDbReply DynamoDbClient::with_reconnect(Exchange exchange) {
  for (int attempt = 0;; ++attempt) {
    try {
      return exchange();
    } catch (const std::exception& e) {
      connection_.reset();
      // A kept-alive connection the server closed: one fresh try.
      if (attempt == 0) continue;
      return {.status = 0, .message = "cannot reach " + endpoint_.url + ": " + e.what()};
    }
  }
}

DynamoDbClient::Connection& DynamoDbClient::connection() {
  if (!connection_) {
    auto connection = std::make_unique<Connection>();
    connection->open(tls_, host_, port_);
    connection_ = std::move(connection);
  }
  return *connection_;
}

std::string DynamoDbClient::host_header() const {
  const bool default_port = port_ == (tls_ ? "443" : "80");
  return default_port ? host_ : host_ + ":" + port_;
}

DynamoDbReply DynamoDbClient::send(std::string_view operation, std::string_view request_json) {
  Connection& connection = this->connection();
  SigV4Request signed_request{
      .method = "POST", .path = "/", .query = "", .headers = {}, .body = std::string(request_json)};
  signed_request.headers = {{"Host", host_header()},
                            {"Content-Type", "application/x-amz-json-1.0"},
                            {"X-Amz-Target", "DynamoDB_20120810." + std::string(operation)}};
  if (endpoint_.credentials) sigv4_sign(signed_request, *endpoint_.credentials, endpoint_.region);
  http::request<http::string_body> request{http::verb::post, "/", 11};
  for (const auto& [name, value] : signed_request.headers) request.set(name, value);
  request.set(http::field::user_agent, "dynamini");
  request.body() = std::move(signed_request.body);
  request.prepare_payload();
  auto response = connection.exchange(request);
  if (!response.keep_alive()) connection_.reset();
  DynamoDbReply reply{.status = response.result_int(), .body = std::move(response.body())};
  if (reply.ok()) return reply;
  rapidjson::Document error;
  error.Parse(reply.body.c_str(), reply.body.size());
  if (error.IsObject()) {
    if (auto type = error.FindMember("__type");
        type != error.MemberEnd() && type->value.IsString()) {
      std::string text = type->value.GetString();
      reply.error_type = text.substr(text.find('#') + 1);
    }
    for (const char* name : {"message", "Message"}) {
      if (auto m = error.FindMember(name); m != error.MemberEnd() && m->value.IsString()) {
        reply.message = m->value.GetString();
      }
    }
  }
  if (reply.message.empty()) reply.message = reply.body;
  return reply;
}

std::chrono::milliseconds retry_delay(int attempt) {
  thread_local std::mt19937 random{std::random_device{}()};
  const int64_t base = std::min<int64_t>(5000, int64_t{50} << std::min(attempt, 10));
  return std::chrono::milliseconds(base / 2 +
                                   std::uniform_int_distribution<int64_t>(0, base / 2)(random));
}

DynamoDbReply DynamoDbClient::call_with_retries(std::string_view operation,
                                                std::string_view request_json, int attempts) {
  DynamoDbReply reply;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(retry_delay(attempt - 1));
    reply = call(operation, request_json);
    if (!reply.retryable()) return reply;
  }
  return reply;
}

namespace {

class ClientTarget : public ApiTarget {
 public:
  ClientTarget(std::unique_ptr<DynamoDbClient> client, int attempts)
      : client_(std::move(client)), attempts_(attempts) {}
  Result execute(std::string_view operation, std::string_view request_json) override {
    DynamoDbReply reply = client_->call_with_retries(operation, request_json, attempts_);
    Result result;
    if (reply.ok()) {
      result.body = std::move(reply.body);
      return result;
    }
    ApiError error{
        reply.status >= 500 || reply.status == 0 ? ErrorCode::kInternalServerError
                                                 : ErrorCode::kValidation,
        reply.error_type.empty() ? reply.message : reply.error_type + ": " + reply.message,
        {}};
    for (int c = 0; c <= static_cast<int>(ErrorCode::kInternalServerError); ++c) {
      ApiError probe{static_cast<ErrorCode>(c), "", {}};
      if (reply.error_type == probe.name()) {
        error.code = probe.code;
        error.message = reply.message;
      }
    }
    result.error = std::move(error);
    return result;
  }
  std::string describe() const override { return client_->url(); }

 private:
  std::unique_ptr<DynamoDbClient> client_;
  int attempts_;
};

}  // namespace

std::unique_ptr<ApiTarget> client_target(std::unique_ptr<DynamoDbClient> client, int attempts) {
  return std::make_unique<ClientTarget>(std::move(client), attempts);
}

}  // namespace dynamini::cli
