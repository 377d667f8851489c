#include "dynamini/api_error.h"

namespace dynamini {

const char* ApiError::name() const {
  switch (code) {
    case ErrorCode::kValidation:
      return "ValidationException";
    case ErrorCode::kConditionalCheckFailed:
      return "ConditionalCheckFailedException";
    case ErrorCode::kResourceNotFound:
      return "ResourceNotFoundException";
    case ErrorCode::kResourceInUse:
      return "ResourceInUseException";
    case ErrorCode::kTransactionCanceled:
      return "TransactionCanceledException";
    case ErrorCode::kTransactionConflict:
      return "TransactionConflictException";
    case ErrorCode::kIdempotentParameterMismatch:
      return "IdempotentParameterMismatchException";
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceededException";
    case ErrorCode::kLimitExceeded:
      return "LimitExceededException";
    case ErrorCode::kDuplicateItem:
      return "DuplicateItemException";
    case ErrorCode::kSerialization:
      return "SerializationException";
    case ErrorCode::kUnknownOperation:
      return "UnknownOperationException";
    case ErrorCode::kMissingAuthenticationToken:
      return "MissingAuthenticationTokenException";
    case ErrorCode::kUnrecognizedClient:
      return "UnrecognizedClientException";
    case ErrorCode::kInvalidSignature:
      return "InvalidSignatureException";
    case ErrorCode::kIncompleteSignature:
      return "IncompleteSignatureException";
    case ErrorCode::kExpiredIterator:
      return "ExpiredIteratorException";
    case ErrorCode::kTrimmedDataAccess:
      return "TrimmedDataAccessException";
    case ErrorCode::kAccessDenied:
      return "AccessDeniedException";
    case ErrorCode::kPolicyNotFound:
      return "PolicyNotFoundException";
    case ErrorCode::kTableNotFound:
      return "TableNotFoundException";
    case ErrorCode::kTableAlreadyExists:
      return "TableAlreadyExistsException";
    case ErrorCode::kBackupNotFound:
      return "BackupNotFoundException";
    case ErrorCode::kPointInTimeRecoveryUnavailable:
      return "PointInTimeRecoveryUnavailableException";
    case ErrorCode::kInvalidRestoreTime:
      return "InvalidRestoreTimeException";
    case ErrorCode::kInvalidExportTime:
      return "InvalidExportTimeException";
    case ErrorCode::kExportNotFound:
      return "ExportNotFoundException";
    case ErrorCode::kExportConflict:
      return "ExportConflictException";
    case ErrorCode::kImportNotFound:
      return "ImportNotFoundException";
    case ErrorCode::kImportConflict:
      return "ImportConflictException";
    case ErrorCode::kInternalServerError:
      return "InternalServerError";
    case ErrorCode::kProvisionedThroughputExceeded:
      return "ProvisionedThroughputExceededException";
    case ErrorCode::kThrottling:
      return "ThrottlingException";
    case ErrorCode::kRequestLimitExceeded:
      return "RequestLimitExceeded";
  }
  return "InternalServerError";
}

// DynamoDB answers its own errors under the service namespace and the
// request-layer errors (validation, serialization, auth, routing) under
// Coral's namespaces, e.g. "com.amazon.coral.validate#ValidationException".
// SDKs match on the part after '#'.
std::string ApiError::wire_type() const {
  switch (code) {
    case ErrorCode::kValidation:
      return std::string("com.amazon.coral.validate#") + name();
    case ErrorCode::kSerialization:
    case ErrorCode::kUnknownOperation:
    case ErrorCode::kMissingAuthenticationToken:
    case ErrorCode::kUnrecognizedClient:
    case ErrorCode::kInvalidSignature:
    case ErrorCode::kIncompleteSignature:
    case ErrorCode::kAccessDenied:  // "com.amazon.coral.service#AccessDeniedException" (recorded
                                    // in sebdah/dynamic-dynamodb issue 321)
      return std::string("com.amazon.coral.service#") + name();
    default:
      return std::string("com.amazonaws.dynamodb.v20120810#") + name();
  }
}

int ApiError::http_status() const { return code == ErrorCode::kInternalServerError ? 500 : 400; }

}  // namespace dynamini
