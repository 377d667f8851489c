#include "context/idempotency_tokens.h"

#include "dynamini/api_error.h"

namespace dynamini {

void IdempotencyTokens::expire(int64_t now_ms) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    it = it->second.expires_ms <= now_ms ? entries_.erase(it) : std::next(it);
  }
}

std::optional<std::any> IdempotencyTokens::replay(const std::string& token,
                                                  const std::string& fingerprint, int64_t now_ms) {
  expire(now_ms);
  auto it = entries_.find(token);
  if (it == entries_.end()) return std::nullopt;
  if (it->second.fingerprint != fingerprint) {
    // API reference, TransactWriteItems errors: IdempotentParameterMismatchException.
    throw ApiError{ErrorCode::kIdempotentParameterMismatch,
                   "The request uses the same client token as a previous, but non-identical "
                   "request.",
                   {}};
  }
  return it->second.response;
}

void IdempotencyTokens::remember(const std::string& token, std::string fingerprint,
                                 std::any response, int64_t now_ms) {
  entries_[token] = Entry{std::move(fingerprint), std::move(response), now_ms + kLifetimeMs};
}

}  // namespace dynamini
