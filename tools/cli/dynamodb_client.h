#pragma once

// The command's one HTTP client (`dynamini copy`, and every command's
// --endpoint): JSON calls over HTTP or HTTPS to
// any DynamoDB endpoint (real DynamoDB, ScyllaDB Alternator, dynamini),
// signed with SigV4 when credentials are given, with retries on throttling
// and server errors. HTTPS verifies the server's certificate against the
// system's CA store (OpenSSL's default paths; SSL_CERT_FILE and
// SSL_CERT_DIR point elsewhere) and its host name.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/api_target.h"
#include "cli/aws_sigv4_signer.h"

namespace dynamini::cli {

struct DynamoDbReply {
  unsigned status = 0;     // HTTP status; 0 when no answer came (message says why)
  std::string body;        // the response body
  std::string error_type;  // "ProvisionedThroughputExceededException" (after '#'); "" when ok
  std::string message;     // the error's message

  bool ok() const { return status == 200; }
  // Worth sending again: no answer, a 5xx, or throttling
  // (ProvisionedThroughputExceededException, ThrottlingException,
  // RequestLimitExceeded: DynamoDB developer guide, "Error handling").
  bool retryable() const;
};

struct DynamoDbEndpoint {
  std::string url;  // "https://dynamodb.eu-west-1.amazonaws.com", "http://127.0.0.1:8000"
  std::optional<AwsCredentials> credentials;  // none: requests go unsigned
  std::string region = "us-east-1";           // for the signature's scope
};

class DynamoDbClient {
 public:
  // Throws std::runtime_error for a URL that is not http(s)://HOST[:PORT][/].
  explicit DynamoDbClient(DynamoDbEndpoint endpoint);
  ~DynamoDbClient();

  // One call, one attempt. Never throws for network failures (status 0).
  DynamoDbReply call(std::string_view operation, std::string_view request_json);
  // Calls until the reply is not retryable or `attempts` are spent, waiting
  // 50 ms, 100 ms, ... (doubling, at most 5 s, with jitter) in between.
  DynamoDbReply call_with_retries(std::string_view operation, std::string_view request_json,
                                  int attempts = 10);
  // A POST with an empty body to `path` (a dynamini server's admin
  // endpoint), one attempt; the reply's status and body.
  DynamoDbReply post(std::string_view path);

  const std::string& url() const { return endpoint_.url; }

 private:
  struct Connection;
  DynamoDbReply send(std::string_view operation, std::string_view request_json);
  // Runs `exchange`, once more on a fresh connection when the kept-alive one
  // failed (the server closed it); status 0 when that fails too.
  template <class Exchange>
  DynamoDbReply with_reconnect(Exchange exchange);
  Connection& connection();  // opened on first use
  std::string host_header() const;

  DynamoDbEndpoint endpoint_;
  bool tls_ = false;
  std::string host_, port_;
  std::unique_ptr<Connection> connection_;
};

// Backoff before retry `attempt` (0-based): 50 ms doubling, at most 5 s,
// with up to 50% random jitter.
std::chrono::milliseconds retry_delay(int attempt);

// The client as an ApiTarget (Database::execute's contract): each call sent
// with up to `attempts` tries (call_with_retries), e.g. as the source of a
// copy; 1 sends each call once, answering throttling as it came.
std::unique_ptr<ApiTarget> client_target(std::unique_ptr<DynamoDbClient> client, int attempts = 10);

}  // namespace dynamini::cli
