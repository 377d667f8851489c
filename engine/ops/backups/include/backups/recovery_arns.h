#pragma once

// The ARNs of backups, exports and imports, and the ids inside them:
//   arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/backup/01681997703770-aa93528e
//   arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/export/01791506414432-3f2e5aa4
//   arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/import/01791506414432-3f2e5aa4
// The id is the creation time in epoch milliseconds (14 digits) and eight hex
// digits (ack-api-quirks DDB-BACKUP-006 and DDB-EXPORT-017, observed on
// DynamoDB; an import id of the same form is dynamini's guess: no recorded
// ImportArn was found). As everywhere in dynamini, any region and account
// reach the same resources: lookups use this database's.

#include <cstdint>
#include <string>

#include "context/context.h"

namespace dynamini {

// arn:aws:dynamodb:REGION:ACCOUNT:table/NAME with this database's region and
// account.
std::string table_arn_of(const Context& context, const std::string& table_name);
// "01681997703770-aa93528e": `ms` on 14 digits, a dash, eight random hex digits.
std::string new_resource_id(int64_t ms);

enum class ResourceKind { kBackup, kExport, kImport };

// Reads a backup, export or import ARN. An ARN of another shape (a table ARN,
// a non-ARN) is ValidationException "Invalid Backup ARN" / "Invalid Export
// ARN" / "Invalid Import ARN" (ack-api-quirks DDB-BACKUP-012, DDB-EXPORT-006,
// DDB-IMPORT-010); another partition or service "BackupArn is not valid"
// (backups; DDB-BACKUP-012). Returns the ARN with this database's region and
// account, as resources are stored.
std::string resource_arn_key(const Context& context, const std::string& arn, ResourceKind kind);

}  // namespace dynamini
