#pragma once

// dynamini's HTTP front end: DynamoDB's JSON wire protocol over HTTP/1.1.
//
//   auto db = dynamini::Database::open();
//   dynamini::Server server(*db, {.port = 0});   // binds now, throws if it can't
//   server.start();                              // serves on background threads
//   ... point an SDK at server.endpoint() ...
//   server.stop();                               // or let the destructor do it

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/access_rules.h"
#include "dynamini/console_extension.h"
#include "dynamini/database.h"
#include "dynamini/faults.h"

namespace dynamini {

class Triggers;

// One API call the server answered, as given to ServerOptions::request_observer.
// The views are valid only during the call.
struct ApiCall {
  std::string_view target;         // X-Amz-Target as sent ("DynamoDB_20120810.PutItem")
  std::string_view client;         // x-dynamini-client, else the User-Agent
  std::string_view request_body;   // the JSON request as the client sent it
  unsigned status = 0;             // HTTP status answered
  std::string_view response_body;  // the JSON response or error, as the client got it
  // The capacity the call consumed, measured even when the client did not
  // ask for it (Result::consumed_capacity); empty for calls that consume none.
  const std::vector<api::ConsumedCapacity>* consumed_capacity = nullptr;
  std::chrono::microseconds latency{0};  // time inside the server
  // What the call read and wrote (dynamini/call_facts.h), collected when
  // ServerOptions::request_annotator is set; null otherwise.
  const CallFacts* facts = nullptr;
  // The note request_annotator gave the call, and what it links to; empty
  // when there is none (and always, inside request_annotator itself).
  std::string_view note = {};
  std::string_view note_link = {};
};

// A one-line note on an API call (ServerOptions::request_annotator): its
// text, and a link (any URL or fragment, such as a page explaining it).
struct RequestNote {
  std::string text;  // empty: no note
  std::string link;
};

// An access key and its secret, for ServerOptions::auth.
struct AccessKey {
  std::string access_key_id;
  std::string secret_access_key;
};

struct ServerOptions {
  // Address to listen on: an IPv4/IPv6 literal or a resolvable name.
  // Default: loopback only. Use "0.0.0.0" to accept remote clients.
  std::string host = "127.0.0.1";
  // TCP port. Default 8000 (DynamoDB Local's). 0 picks a free port; read it
  // back with Server::port().
  uint16_t port = 8000;
  // Number of threads serving requests. Default 0: one. Every operation's
  // storage work runs under one lock (one SQLite connection), so more
  // threads overlap only the HTTP and JSON work around it, and each hand-off
  // of the lock between cores costs more than that overlap saves for writes
  // (docs/performance.md, "Why one serving thread": --threads 1 against 2).
  unsigned threads = 0;
  // Largest accepted request body in bytes. Default 16 MiB (DynamoDB's
  // request size limit). Larger requests get a 413 error and the connection
  // is closed.
  size_t body_limit = 16 * 1024 * 1024;
  // How long a connection may take to deliver the next request (this is also
  // the keep-alive idle timeout). Default 30 s.
  std::chrono::milliseconds read_timeout{30000};
  // How long writing one response may take. Default 30 s.
  std::chrono::milliseconds write_timeout{30000};
  // Once the first byte of a request has arrived: the most time reading the
  // whole header may take (default 10 s), then reading the whole body
  // (default 60 s). Totals, not per-read idle times, so a client sending a
  // byte a second cannot pin a connection: it is closed when a bound passes.
  std::chrono::milliseconds header_timeout{10000};
  std::chrono::milliseconds body_timeout{60000};
  // Most connections open at once. Default 1024. A connection beyond the
  // limit is accepted and closed at once (the client sees the connection
  // closed before any response), so the listen backlog never fills up.
  size_t max_connections = 1024;
  // Web pages allowed to call the server (dynamini/access_rules.h), as
  // DynamoDB Local's -cors: "*" allows every origin (answers carry
  // Access-Control-Allow-Origin: *); otherwise a comma-separated list of
  // origins allowed besides loopback ones (http(s)://localhost,
  // 127.0.0.0/8, [::1], any port) and the server's own. Empty (the
  // default): those only. A request whose Origin is not allowed is refused
  // with 403 AccessDeniedException; an allowed one gets its Origin back in
  // Access-Control-Allow-Origin. Requests without an Origin (SDKs) are
  // never refused for it.
  std::string cors_origins = "";
  // Host header names answered besides loopback ones (localhost,
  // 127.0.0.0/8, [::1]), any port; "*" for all. On a loopback `host` (the
  // default) a request for another name is refused with 403
  // AccessDeniedException, against DNS rebinding; on any other address
  // every name is answered unless this list is given. Default: none.
  std::vector<std::string> allowed_hosts = {};
  // Called after each API call (POST with X-Amz-Target), on the serving
  // thread, before the response is written. Must be thread-safe. Empty (the
  // default): nothing is done per call.
  std::function<void(const ApiCall&)> request_observer;
  // Writes a note on each API call (whoever sent it, the console's own
  // calls included), from the call and what it read and wrote
  // (ApiCall::facts): the console's request log shows the note beside the
  // call and request_observer receives it in ApiCall::note. Called once per
  // call, on the serving thread, before request_observer; must be
  // thread-safe. Empty (the default): no notes, and no facts are collected.
  std::function<RequestNote(const ApiCall&)> request_annotator;
  // The admin endpoint: POST /dynamini/admin/reset, /snapshot?name=N and
  // /restore?name=N. Default off: those paths answer 404.
  bool admin = false;
  // When set, every API (and admin) request must carry a valid AWS
  // Signature Version 4 made with this key, any region; the console is then
  // disabled (it does not sign). Default: any credentials are accepted.
  std::optional<AccessKey> auth;
  // Extra console endpoints (dynamini/console_extension.h), answered like
  // the console's own (and so off with `auth`). Default: none.
  std::vector<ConsoleRoute> console_routes;
  // Deterministic faults (dynamini/faults.h), applied to every API call
  // before the database sees it, and managed at runtime under `admin`
  // (/dynamini/admin/faults). Default: the Server makes an empty set.
  std::shared_ptr<FaultInjector> faults;
  // Stream triggers (dynamini/triggers.h) the admin endpoint lists, adds and
  // removes (/dynamini/admin/triggers). Default null: those routes answer 404.
  std::shared_ptr<Triggers> triggers;
  // Provisioned throughput enforced: per table and per partition, token
  // buckets at the table's ProvisionedThroughput holding up to this many
  // seconds of unused capacity (DynamoDB keeps 300); an empty bucket answers
  // ProvisionedThroughputExceededException before the call runs.
  // PAY_PER_REQUEST tables are never limited. Default -1: not enforced.
  int64_t enforce_throughput_burst_s = -1;
};

// An HTTP server answering DynamoDB API calls from `db`.
//
// Thread safety: start(), stop(), port() and endpoint() may be called from
// any thread. REQUIRES: `db` outlives the Server.
class Server {
 public:
  // Binds and listens on options.host:options.port. Throws std::runtime_error
  // with a readable message ("cannot listen on 127.0.0.1:8000: Address already
  // in use") when it cannot. No request is served before start().
  Server(Database& db, ServerOptions options = {});
  // Stops (see stop()).
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The bound TCP port (the picked one when options.port was 0).
  uint16_t port() const;
  // "http://HOST:PORT" with the configured host and the bound port.
  std::string endpoint() const;
  // Which web pages and Host names it answers, from cors_origins,
  // allowed_hosts and whether the bound address is loopback.
  const AccessRules& access_rules() const;

  // Starts serving on background threads and returns at once. Calling it
  // again, or after stop(), does nothing.
  void start();
  // Graceful stop: stops accepting, lets every request already being read
  // or answered finish (its response is written, with Connection: close),
  // closes idle keep-alive connections at once, then stop()s when the last
  // connection is gone or `grace` has passed, whichever comes first.
  // Returns true when every connection finished within `grace`.
  bool shutdown(std::chrono::milliseconds grace);
  // Stops accepting, closes every connection and joins the serving threads.
  // A request already inside the engine completes; its response is dropped.
  // Idempotent; after stop() the port is free again.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dynamini
