#pragma once

#include <string>

namespace dynamini {

// Every error DynamoDB's API can answer with. Each code maps 1:1 to the wire
// `__type` (see wire_type()) and to an HTTP status (see http_status()).
enum class ErrorCode {
  kValidation,                       // ValidationException
  kConditionalCheckFailed,           // ConditionalCheckFailedException
  kResourceNotFound,                 // ResourceNotFoundException
  kResourceInUse,                    // ResourceInUseException
  kTransactionCanceled,              // TransactionCanceledException
  kTransactionConflict,              // TransactionConflictException
  kIdempotentParameterMismatch,      // IdempotentParameterMismatchException
  kItemCollectionSizeLimitExceeded,  // ItemCollectionSizeLimitExceededException
  kLimitExceeded,                    // LimitExceededException
  kDuplicateItem,                    // DuplicateItemException (PartiQL INSERT)
  kSerialization,                    // SerializationException (malformed JSON)
  kUnknownOperation,                 // UnknownOperationException
  kMissingAuthenticationToken,       // MissingAuthenticationTokenException
  kUnrecognizedClient,               // UnrecognizedClientException
  kInvalidSignature,                 // InvalidSignatureException
  kIncompleteSignature,              // IncompleteSignatureException
  kExpiredIterator,                  // ExpiredIteratorException (Streams)
  kTrimmedDataAccess,                // TrimmedDataAccessException (Streams)
  kAccessDenied,                     // AccessDeniedException (another account's ARN)
  kPolicyNotFound,                   // PolicyNotFoundException (resource policies)
  kInternalServerError,              // InternalServerError (HTTP 500)
  // Throttling errors: dynamini never throttles on its own; these are
  // answered by deterministic fault rules (dynamini/faults.h) and, with
  // throughput enforcement, by the server's token buckets.
  kProvisionedThroughputExceeded,  // ProvisionedThroughputExceededException
  kThrottling,                     // ThrottlingException
  kRequestLimitExceeded,           // RequestLimitExceeded
  // Backups, point-in-time recovery, export and import.
  kTableNotFound,                   // TableNotFoundException
  kTableAlreadyExists,              // TableAlreadyExistsException
  kBackupNotFound,                  // BackupNotFoundException
  kPointInTimeRecoveryUnavailable,  // PointInTimeRecoveryUnavailableException
  kInvalidRestoreTime,              // InvalidRestoreTimeException
  kInvalidExportTime,               // InvalidExportTimeException
  kExportNotFound,                  // ExportNotFoundException
  kExportConflict,                  // ExportConflictException
  kImportNotFound,                  // ImportNotFoundException
  kImportConflict,                  // ImportConflictException
};

// An error answered to a client. A value, not an exception hierarchy: the
// engine returns it, only server/ renders it.
struct ApiError {
  ErrorCode code = ErrorCode::kInternalServerError;
  std::string message;
  // Extra members of the error body, already rendered as JSON object members
  // without surrounding braces (e.g. `"Item":{...}` for
  // ReturnValuesOnConditionCheckFailure, `"CancellationReasons":[...]`).
  std::string extra_members_json;

  // "ValidationException", "ConditionalCheckFailedException", ...
  const char* name() const;
  // The full `__type`, e.g. "com.amazon.coral.validate#ValidationException".
  std::string wire_type() const;
  // 400 for every client error, 500 only for InternalServerError.
  int http_status() const;
};

// Shorthand for the most common error.
inline ApiError validation_error(std::string message) {
  return ApiError{ErrorCode::kValidation, std::move(message), {}};
}
inline ApiError limit_exceeded_error(std::string message) {
  return ApiError{ErrorCode::kLimitExceeded, std::move(message), {}};
}

}  // namespace dynamini
