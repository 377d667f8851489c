#pragma once

// ClientRequestToken bookkeeping for TransactWriteItems: a token seen within
// the last 10 minutes answers the same response again (no second write), and
// the same token with a different request is IdempotentParameterMismatch.
// Times come from the engine's injectable clock. Not persisted: a restart
// forgets tokens. REQUIRES: the engine's storage lock held for every call.

#include <any>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace dynamini {

class IdempotencyTokens {
 public:
  // DynamoDB: "A client request token is valid for 10 minutes after the
  // first request that uses it is completed."
  static constexpr int64_t kLifetimeMs = 10 * 60 * 1000;

  // The stored response for `token`, if it is still live (the value given to
  // remember(): each operation stores its own response type). Throws
  // IdempotentParameterMismatchException when `fingerprint` differs.
  std::optional<std::any> replay(const std::string& token, const std::string& fingerprint,
                                 int64_t now_ms);
  void remember(const std::string& token, std::string fingerprint, std::any response,
                int64_t now_ms);

 private:
  struct Entry {
    std::string fingerprint;
    std::any response;
    int64_t expires_ms = 0;
  };
  void expire(int64_t now_ms);
  std::map<std::string, Entry> entries_;
};

}  // namespace dynamini
