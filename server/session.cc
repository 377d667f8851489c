#include "session.h"

#include <algorithm>
#include <array>
#include <boost/asio/error.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <string>
#include <utility>
#include <variant>

#include "beast_string.h"
#include "cors.h"
#include "response_bytes.h"

namespace dynamini::server {
namespace {

namespace asio = boost::asio;

constexpr unsigned kHeaderLimit = 64 * 1024;
// How long a rejected client may keep sending before the socket is closed.
constexpr std::chrono::seconds kDrainTimeout{5};
// Bytes read at once while waiting for the next request.
constexpr size_t kReadChunk = 16 * 1024;
// Bytes read at once inside a request: Beast's http::async_read uses the same.
constexpr size_t kParseReadLimit = 65536;
// Pipelined requests answered in a row before other connections get a turn.
constexpr int kPipelineBurst = 16;
// Bodies up to this size are rendered (with their header) into one buffer
// and sent with one system call; larger ones are sent by the serializer
// straight from the body, without a copy.
constexpr size_t kRenderedBodyLimit = 64 * 1024;

// The serving thread's buffer for a rendered response, emptied: at most
// kRenderedBodyLimit and a header; a response sent at once leaves nothing
// in it (the rest is copied to Session::unsent_).
std::string& render_buffer() {
  thread_local std::string bytes;
  bytes.clear();
  return bytes;
}

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

// A non-blocking write stopped by `ec` finishes asynchronously: the socket's
// send buffer is full, or a signal interrupted the call (an asynchronous
// write retries it, as the original asynchronous-only writes did).
bool write_can_resume(beast::error_code ec) {
  return ec == asio::error::would_block || ec == asio::error::try_again ||
         ec == asio::error::interrupted;
}

// The shortest bound a connection phase can have: the deadline's timer is
// never armed further ahead, so moving to a next phase never re-arms it.
std::chrono::steady_clock::duration shortest_timeout(const ServerOptions& options) {
  return std::min<std::chrono::steady_clock::duration>(
      {options.read_timeout, options.header_timeout, options.body_timeout, options.write_timeout,
       kDrainTimeout});
}

}  // namespace

Session::Session(Socket&& socket, const RouteContext& context, ConnectionRegistry& registry)
    : socket_(std::move(socket)),
      deadline_(socket_.get_executor(), shortest_timeout(*context.options)),
      context_(context),
      options_(*context.options),
      registry_(registry) {}

Session::~Session() { registry_.remove(this); }

void Session::run() {
  asio::post(socket_.get_executor(), [self = shared_from_this()] {
    // When a bound passes the socket is closed, as beast::tcp_stream does:
    // the pending read or write then fails and the session ends.
    self->deadline_.watch(std::weak_ptr<Session>(self), [session = self.get()] {
      beast::error_code ignored;
      session->socket_.close(ignored);
    });
    // Writes are tried at once (write_response); reads still wait in the
    // reactor when nothing is there.
    beast::error_code ignored;
    self->socket_.non_blocking(true, ignored);
    self->serve();
  });
}

void Session::finish_and_close() {
  asio::post(socket_.get_executor(), [self = shared_from_this()] {
    self->closing_ = true;
    // Idle: no request started, nothing to finish. Otherwise the request in
    // progress is answered first (answer() and after_response() see closing_).
    if (self->state_ == State::kIdle) self->close();
  });
}

void Session::serve() {
  // A loop, not recursion: a client may pipeline hundreds of requests that
  // are all answered without waiting. After kPipelineBurst of them the rest
  // goes back through the executor, so that the other connections of this
  // thread are served in between (as when every request passed through it).
  for (int answered = 0;; ++answered) {
    if (closing_) return close();
    if (buffer_.size() == 0) return wait_for_request();
    if (answered == kPipelineBurst) {
      asio::post(socket_.get_executor(), [self = shared_from_this()] { self->serve(); });
      return;
    }
    begin_request();  // pipelined: already here
    if (!parse()) return;
    if (!answer()) return;
  }
}

void Session::wait_for_request() {
  state_ = State::kIdle;
  deadline_.set(options_.read_timeout);
  socket_.async_read_some(buffer_.prepare(kReadChunk),
                          [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                            self->on_first_bytes(ec, bytes);
                          });
}

void Session::on_first_bytes(beast::error_code ec, std::size_t bytes) {
  if (ec) return close();  // EOF, idle timeout, reset or shutdown
  buffer_.commit(bytes);
  begin_request();
  if (parse() && answer()) serve();
}

void Session::begin_request() {
  state_ = State::kReading;
  phase_ = Phase::kHeader;
  parser_.emplace(request_);
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(options_.body_limit);
  // The header is parsed on its own first (as http::async_read_header does).
  parser_->eager(false);
  // A deadline for the whole header, however slowly it trickles in.
  deadline_.set(options_.header_timeout);
}

bool Session::parse() {
  // The loop of Beast's http::read_some: parse what is buffered, read when
  // the parser needs more. A message can be complete before the loop starts
  // (a bodiless request after its 100-continue): Beast's put() must not see
  // a complete parser (an assertion in its debug builds).
  while (true) {
    if (parser_->is_done()) return true;
    if (buffer_.size() == 0) {
      read_more();
      return false;
    }
    beast::error_code ec;
    const std::size_t used = parser_->put(buffer_.data(), ec);
    buffer_.consume(used);
    if (ec == http::error::need_more) {
      read_more();
      return false;
    }
    if (ec) {
      if (phase_ == Phase::kHeader) {
        on_header_error(ec);
      } else {
        on_body_error(ec);
      }
      return false;
    }
    if (phase_ == Phase::kHeader) {
      if (!parser_->is_header_done()) continue;
      if (!on_header_done()) return false;
    }
    if (parser_->is_done()) return true;
  }
}

void Session::read_more() {
  const std::size_t size = beast::read_size(buffer_, kParseReadLimit);
  if (size == 0) {  // the buffer is at its maximum size (as Beast reports it)
    const beast::error_code ec = http::error::buffer_overflow;
    return phase_ == Phase::kHeader ? on_header_error(ec) : on_body_error(ec);
  }
  socket_.async_read_some(buffer_.prepare(size),
                          [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                            self->on_read(ec, bytes);
                          });
}

void Session::on_read(beast::error_code ec, std::size_t bytes) {
  buffer_.commit(bytes);
  if (ec == asio::error::eof) {
    // As Beast's read: end of stream inside a message is put_eof()'s verdict;
    // before the first byte of one it is http::error::end_of_stream.
    if (parser_->got_some()) {
      ec = {};
      parser_->put_eof(ec);
      if (!ec) {  // the message ended with the stream (complete)
        if (phase_ == Phase::kHeader && !on_header_done()) return;
        if (answer()) serve();
        return;
      }
    } else {
      ec = http::error::end_of_stream;
    }
  }
  if (ec) return phase_ == Phase::kHeader ? on_header_error(ec) : on_body_error(ec);
  if (parse() && answer()) serve();
}

void Session::on_header_error(beast::error_code ec) {
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
  close();  // timeout, reset, ...
}

bool Session::on_header_done() {
  auto length = parser_->content_length();
  if (length && *length > options_.body_limit) {
    reject_too_large();
    return false;
  }
  const std::string_view expect = request_[http::field::expect];
  if (beast::iequals(beast_view(expect), "100-continue")) {
    auto cont = std::make_shared<http::response<http::empty_body>>(http::status::continue_,
                                                                   request_.version());
    in_flight_ = cont;
    deadline_.set(options_.write_timeout);
    http::async_write(socket_, *cont,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        self->in_flight_.reset();
                        if (ec) return self->close();
                        self->start_body();
                        if (self->parse() && self->answer()) self->serve();
                      });
    return false;
  }
  start_body();
  return true;
}

void Session::start_body() {
  phase_ = Phase::kBody;
  parser_->eager(true);  // as http::async_read does
  // A deadline for the whole body.
  deadline_.set(options_.body_timeout);
}

void Session::on_body_error(beast::error_code ec) {
  if (ec == http::error::body_limit) return reject_too_large();
  if (is_malformed(ec)) {
    return reject(
        // catalogue-exempt: HTTP framing, sent over raw sockets in tests/e2e/test_bad_input.py
        ApiError{ErrorCode::kSerialization, "Malformed HTTP request: " + ec.message(), {}}, 400);
  }
  close();
}

bool Session::answer() {
  parser_.reset();
  state_ = State::kAnswering;
  Answer answer;
  try {
    answer = route_answer(context_, request_);
  } catch (...) {  // route_answer() does not throw; this is the last line of defence
    answer =
        // catalogue-exempt: unreachable by design (route_answer() does not throw)
        api_error_response(ApiError{ErrorCode::kInternalServerError, "Internal server error", {}},
                           request_.version(), false);
  }
  // A large request's buffers are not kept for the connection's next ones.
  request_.release_buffers_over(kRenderedBodyLimit);
  if (auto* api = std::get_if<ApiResponse>(&answer);
      api && api->body.size() <= kRenderedBodyLimit) {
    if (closing_) api->keep_alive = false;  // shutting down: last response
    close_after_ = !api->keep_alive;
    std::string& bytes = render_buffer();
    append_api_response(*api, bytes);
    return write_rendered(bytes) && after_response();
  }
  if (auto* api = std::get_if<ApiResponse>(&answer)) {
    response_ = to_beast(std::move(*api));
  } else {
    response_ = std::move(std::get<Response>(answer));
  }
  if (closing_) response_.keep_alive(false);  // shutting down: last response
  close_after_ = response_.need_eof();
  return write_response() && after_response();
}

bool Session::write_response() {
  if (response_.body().size() <= kRenderedBodyLimit && renders_flat(response_)) {
    std::string& bytes = render_buffer();
    append_response_bytes(response_, bytes);
    response_ = Response{};
    return write_rendered(bytes);
  }
  serializer_.emplace(response_);
  beast::error_code ec;
  http::write(socket_, *serializer_, ec);
  if (!ec) {
    serializer_.reset();
    response_ = Response{};  // a written response is not kept
    return true;
  }
  if (!write_can_resume(ec)) {
    close();
    return false;
  }
  // The send buffer is full: the rest waits for the reactor, within the
  // write bound.
  deadline_.set(options_.write_timeout);
  http::async_write(
      socket_, *serializer_,
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
  return false;
}

bool Session::write_rendered(const std::string& bytes) {
  beast::error_code ec;
  const std::size_t sent = asio::write(socket_, asio::buffer(bytes), ec);  // stops at would_block
  if (!ec) return true;
  if (!write_can_resume(ec)) {
    close();
    return false;
  }
  // The send buffer is full: the rest waits for the reactor, within the
  // write bound.
  unsent_.assign(bytes, sent);
  deadline_.set(options_.write_timeout);
  asio::async_write(socket_, asio::buffer(unsent_),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      self->unsent_ = std::string();
                      self->on_write(ec);
                    });
  return false;
}

void Session::on_write(beast::error_code ec) {
  serializer_.reset();
  response_ = Response{};
  if (ec) return close();
  if (after_response()) serve();
}

bool Session::after_response() {
  if (close_after_ || closing_) {
    close();
    return false;
  }
  return true;
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
  const bool header_read = parser_ && parser_->is_header_done();
  unsigned version = header_read ? request_.version() : 11;
  Response response = error_response(error, version, /*keep_alive=*/false, status);
  if (context_.access != nullptr) {
    std::string_view origin, host;
    if (header_read) {
      origin = request_[http::field::origin];
      host = request_[http::field::host];
    }
    apply_cors(response, *context_.access, host, origin);
  }
  state_ = State::kAnswering;
  response_ = std::move(response);
  serializer_.emplace(response_);
  deadline_.set(options_.write_timeout);
  http::async_write(socket_, *serializer_,
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      self->serializer_.reset();
                      self->response_ = Response{};
                      if (ec) return self->close();
                      beast::error_code ignored;
                      self->socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
                      self->deadline_.set(kDrainTimeout);
                      self->drain();
                    });
}

void Session::drain() {
  auto scratch = std::make_shared<std::array<char, 64 * 1024>>();
  socket_.async_read_some(asio::buffer(*scratch),
                          [self = shared_from_this(), scratch](beast::error_code ec, std::size_t) {
                            if (ec) return self->close();  // EOF, reset or drain timeout
                            self->drain();
                          });
}

void Session::close() {
  beast::error_code ignored;
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
}

}  // namespace dynamini::server
