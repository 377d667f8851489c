#include "session.h"

#include <array>
#include <boost/asio/dispatch.hpp>
#include <chrono>
#include <string>
#include <utility>

#include "cors.h"

namespace dynamini::server {
namespace {

constexpr unsigned kHeaderLimit = 64 * 1024;
// How long a rejected client may keep sending before the socket is closed.
constexpr std::chrono::seconds kDrainTimeout{5};
// Bytes read at once while waiting for the next request.
constexpr size_t kReadChunk = 16 * 1024;

// True for errors meaning the client sent something that is not HTTP/1.1
// (as opposed to a timeout or a closed connection).
bool is_malformed(beast::error_code ec) {
  using http::error;
  for (error e : {error::bad_line_ending, error::bad_method, error::bad_target, error::bad_version,
                  error::bad_field, error::bad_value, error::bad_content_length,
                  error::bad_transfer_encoding, error::bad_chunk, error::bad_chunk_extension,
                  error::bad_obs_fold, error::unexpected_body}) {
    if (ec == e) return true;
  }
  return false;
}

}  // namespace

Session::Session(boost::asio::ip::tcp::socket&& socket, const RouteContext& context,
                 ConnectionRegistry& registry)
    : stream_(std::move(socket)),
      context_(context),
      options_(*context.options),
      registry_(registry) {}

Session::~Session() { registry_.remove(this); }

void Session::run() {
  // Start on the connection's strand.
  boost::asio::dispatch(stream_.get_executor(),
                        beast::bind_front_handler(&Session::wait_for_request, shared_from_this()));
}

void Session::finish_and_close() {
  boost::asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    self->closing_ = true;
    // Idle: no request started, nothing to finish. Otherwise the request in
    // progress is answered first (send() and on_write() see closing_).
    if (self->state_ == State::kIdle) self->close();
  });
}

void Session::wait_for_request() {
  if (closing_) return close();
  if (buffer_.size() > 0) return read_request();  // pipelined: already here
  state_ = State::kIdle;
  stream_.expires_after(options_.read_timeout);
  stream_.async_read_some(buffer_.prepare(kReadChunk),
                          beast::bind_front_handler(&Session::on_first_bytes, shared_from_this()));
}

void Session::on_first_bytes(beast::error_code ec, std::size_t bytes) {
  if (ec) return close();  // EOF, idle timeout, reset or shutdown
  buffer_.commit(bytes);
  read_request();
}

void Session::read_request() {
  state_ = State::kReading;
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(options_.body_limit);
  // A deadline for the whole header, however slowly it trickles in.
  stream_.expires_after(options_.header_timeout);
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&Session::on_header, shared_from_this()));
}

void Session::on_header(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return close();
  if (ec == http::error::header_limit) {
    // catalogue-exempt: HTTP framing, sent over raw sockets in tests/e2e/test_bad_input.py
    return reject(ApiError{ErrorCode::kSerialization, "Request headers are too large", {}}, 431);
  }
  // The parser checks Content-Length against the body limit with the header.
  if (ec == http::error::body_limit) return reject_too_large();
  if (is_malformed(ec)) {
    return reject(
        // catalogue-exempt: HTTP framing, sent over raw sockets in tests/e2e/test_bad_input.py
        ApiError{ErrorCode::kSerialization, "Malformed HTTP request: " + ec.message(), {}}, 400);
  }
  if (ec) return close();  // timeout, reset, ...

  auto length = parser_->content_length();
  if (length && *length > options_.body_limit) return reject_too_large();
  if (beast::iequals(parser_->get()[http::field::expect], "100-continue")) {
    auto cont = std::make_shared<http::response<http::empty_body>>(http::status::continue_,
                                                                   parser_->get().version());
    in_flight_ = cont;
    stream_.expires_after(options_.write_timeout);
    return http::async_write(stream_, *cont,
                             [self = shared_from_this()](beast::error_code ec, std::size_t) {
                               self->in_flight_.reset();
                               if (ec) return self->close();
                               self->read_body();
                             });
  }
  read_body();
}

void Session::read_body() {
  // A deadline for the whole body.
  stream_.expires_after(options_.body_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&Session::on_body, shared_from_this()));
}

void Session::on_body(beast::error_code ec, std::size_t) {
  if (ec == http::error::body_limit) return reject_too_large();
  if (is_malformed(ec)) {
    return reject(
        // catalogue-exempt: HTTP framing, sent over raw sockets in tests/e2e/test_bad_input.py
        ApiError{ErrorCode::kSerialization, "Malformed HTTP request: " + ec.message(), {}}, 400);
  }
  if (ec) return close();

  Request request = parser_->release();
  state_ = State::kAnswering;
  Response response;
  try {
    response = route(context_, request);
  } catch (...) {  // route() does not throw; this is the last line of defence
    response =
        // catalogue-exempt: unreachable by design (route() does not throw)
        error_response(ApiError{ErrorCode::kInternalServerError, "Internal server error", {}},
                       request.version(), false);
  }
  send(std::move(response));
}

void Session::send(Response response) {
  if (closing_) response.keep_alive(false);  // shutting down: last response
  auto message = std::make_shared<Response>(std::move(response));
  in_flight_ = message;
  const bool close_after = message->need_eof();
  stream_.expires_after(options_.write_timeout);
  http::async_write(stream_, *message,
                    [self = shared_from_this(), close_after](beast::error_code ec, std::size_t) {
                      self->on_write(close_after, ec);
                    });
}

void Session::on_write(bool close_after, beast::error_code ec) {
  in_flight_.reset();
  if (ec || close_after || closing_) return close();
  wait_for_request();
}

void Session::reject_too_large() {
  // catalogue-exempt: HTTP framing, sent over raw sockets in tests/e2e/test_bad_input.py
  reject(ApiError{ErrorCode::kValidation,
                  "Request body exceeds the limit of " + std::to_string(options_.body_limit) +
                      " bytes",
                  {}},
         413);
}

void Session::reject(const ApiError& error, unsigned status) {
  unsigned version = parser_ && parser_->is_header_done() ? parser_->get().version() : 11;
  Response response = error_response(error, version, /*keep_alive=*/false, status);
  std::string_view origin;
  if (parser_ && parser_->is_header_done()) {
    auto value = parser_->get()[http::field::origin];
    origin = std::string_view(value.data(), value.size());
  }
  apply_cors(response, origin, options_.cors_origins);
  state_ = State::kAnswering;
  auto message = std::make_shared<Response>(std::move(response));
  in_flight_ = message;
  stream_.expires_after(options_.write_timeout);
  http::async_write(
      stream_, *message, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        self->in_flight_.reset();
        if (ec) return self->close();
        beast::error_code ignored;
        self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
        self->stream_.expires_after(kDrainTimeout);
        self->drain();
      });
}

void Session::drain() {
  auto scratch = std::make_shared<std::array<char, 64 * 1024>>();
  stream_.async_read_some(boost::asio::buffer(*scratch),
                          [self = shared_from_this(), scratch](beast::error_code ec, std::size_t) {
                            if (ec) return self->close();  // EOF, reset or drain timeout
                            self->drain();
                          });
}

void Session::close() {
  beast::error_code ignored;
  stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
  stream_.socket().close(ignored);
}

}  // namespace dynamini::server
