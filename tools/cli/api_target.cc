#include "cli/api_target.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <optional>
#include <regex>
#include <stdexcept>

namespace dynamini::cli {
namespace {

namespace http = boost::beast::http;
using tcp = boost::asio::ip::tcp;

class DatabaseTarget : public ApiTarget {
 public:
  DatabaseTarget(std::unique_ptr<Database> owned, Database* db, std::string label)
      : owned_(std::move(owned)), db_(db), label_(std::move(label)) {}
  Result execute(std::string_view operation, std::string_view request_json) override {
    return db_->execute(operation, request_json);
  }
  std::string describe() const override { return label_; }

 private:
  std::unique_ptr<Database> owned_;
  Database* db_;
  std::string label_;
};

// One keep-alive connection, reopened when the server closed it.
class EndpointTarget : public ApiTarget {
 public:
  EndpointTarget(std::string endpoint, std::string host, std::string port)
      : endpoint_(std::move(endpoint)), host_(std::move(host)), port_(std::move(port)) {}

  Result execute(std::string_view operation, std::string_view request_json) override {
    for (int attempt = 0; attempt < 2; ++attempt) {
      try {
        return send(operation, request_json);
      } catch (const std::exception& e) {
        stream_.reset();
        if (attempt == 1) {
          Result r;
          r.error = ApiError{
              ErrorCode::kInternalServerError, "cannot reach " + endpoint_ + ": " + e.what(), {}};
          return r;
        }
      }
    }
    return {};
  }
  std::string describe() const override { return endpoint_; }

 private:
  Result send(std::string_view operation, std::string_view request_json) {
    if (!stream_) {
      stream_.emplace(io_);
      tcp::resolver resolver(io_);
      stream_->connect(resolver.resolve(host_, port_));
    }
    http::request<http::string_body> req{http::verb::post, "/", 11};
    req.set(http::field::host, host_);
    req.set(http::field::content_type, "application/x-amz-json-1.0");
    req.set("X-Amz-Target", "DynamoDB_20120810." + std::string(operation));
    req.body() = std::string(request_json);
    req.prepare_payload();
    http::write(*stream_, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(*stream_, buffer, res);
    if (!res.keep_alive()) stream_.reset();
    Result result;
    if (res.result_int() == 200) {
      result.body = std::move(res.body());
      return result;
    }
    // {"__type":"...#Code","message":"..."}: keep the code and message.
    std::smatch type, message;
    const std::string& body = res.body();
    std::regex type_re("\"__type\"\\s*:\\s*\"[^\"]*#([A-Za-z]+)\"");
    std::regex message_re("\"[Mm]essage\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    std::string code = std::regex_search(body, type, type_re) ? type[1].str() : "";
    ApiError error{
        res.result_int() >= 500 ? ErrorCode::kInternalServerError : ErrorCode::kValidation,
        std::regex_search(body, message, message_re) ? message[1].str() : body,
        {}};
    for (int c = 0; c <= static_cast<int>(ErrorCode::kInternalServerError); ++c) {
      ApiError probe{static_cast<ErrorCode>(c), "", {}};
      if (code == probe.name()) error.code = probe.code;
    }
    result.error = std::move(error);
    return result;
  }

  std::string endpoint_, host_, port_;
  boost::asio::io_context io_;
  std::optional<boost::beast::tcp_stream> stream_;
};

}  // namespace

std::unique_ptr<ApiTarget> open_database_target(const std::string& path) {
  Options options;
  options.path = path;
  auto db = Database::open(std::move(options));
  Database* raw = db.get();
  return std::make_unique<DatabaseTarget>(std::move(db), raw,
                                          path.empty() ? "in-memory database" : "file:" + path);
}

namespace {
// "http://host:port" -> host, port.
std::pair<std::string, std::string> split_endpoint(const std::string& endpoint) {
  std::smatch m;
  std::regex url_re(R"(^http://([^/:]+|\[[0-9a-fA-F:]+\])(?::(\d+))?/?$)");
  if (!std::regex_match(endpoint, m, url_re)) {
    throw std::runtime_error("--endpoint expects http://HOST[:PORT], got '" + endpoint + "'");
  }
  std::string host = m[1].str();
  if (host.size() > 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
  return {host, m[2].matched ? m[2].str() : "80"};
}
}  // namespace

std::unique_ptr<ApiTarget> open_endpoint_target(const std::string& endpoint) {
  auto [host, port] = split_endpoint(endpoint);
  return std::make_unique<EndpointTarget>(endpoint, host, port);
}

std::pair<unsigned, std::string> post_to_endpoint(const std::string& endpoint,
                                                  const std::string& path) {
  auto [host, port] = split_endpoint(endpoint);
  boost::asio::io_context io;
  boost::beast::tcp_stream stream(io);
  tcp::resolver resolver(io);
  boost::beast::error_code ec;
  stream.connect(resolver.resolve(host, port, ec), ec);
  if (ec) throw std::runtime_error("cannot reach " + endpoint + ": " + ec.message());
  http::request<http::string_body> req{http::verb::post, path, 11};
  req.set(http::field::host, host);
  req.prepare_payload();
  http::write(stream, req);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return {res.result_int(), res.body()};
}

std::unique_ptr<ApiTarget> borrow_database_target(Database& db) {
  return std::make_unique<DatabaseTarget>(nullptr, &db, "this process");
}

}  // namespace dynamini::cli
