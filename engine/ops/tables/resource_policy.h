#pragma once

// Resource-based policies (PutResourcePolicy, GetResourcePolicy,
// DeleteResourcePolicy and CreateTable's ResourcePolicy): a table's policy
// document is validated as DynamoDB validates it, stored with the table
// (TableDef::resource_policy) and answered back; it is not enforced
// (dynamini has no principals). DeleteTable removes it with the table.
//
// Messages: DynamoDB's ValidationException catalogue (ack-api-quirks
// DDB-TABLE-442, live probes in 2026) and, for revisions and missing
// policies, moto's tests run against DynamoDB
// (tests/test_dynamodb/test_dynamodb_resource_policy.py, aws_verified).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "context/context.h"
#include "dynamini/api_error.h"

namespace dynamini {

// Throws ValidationException unless `document` is a policy DynamoDB takes: at
// most 20,480 bytes (whitespace counts), JSON, a Version of "2012-10-17" or
// "2008-10-17" when given, a non-empty Statement (an object or a list of
// them) whose statements have unique Sids, an Effect, a Principal, an Action
// and a Resource (or their Not forms), and none that allows everyone ("*")
// without a Condition (DynamoDB's block public access).
void check_policy_document(const std::string& document);

// The table a policy operation's ResourceArn names, with DynamoDB's errors for
// an ARN that is not a table's, of another account or region, or of a table
// that does not exist (or is still CREATING). REQUIRES: storage lock.
std::shared_ptr<const TableDef> table_of_policy_arn(Context& context, const std::string& arn);

// PolicyNotFoundException unless the table's policy is the one
// `expected_revision_id` names ("NO_POLICY": none); nothing without one.
void check_expected_revision(const TableDef& table, const std::string& arn,
                             const std::optional<std::string>& expected_revision_id);

// PolicyNotFoundException "Resource-based policy not found for the provided
// ResourceArn: <arn>".
ApiError policy_not_found(const std::string& arn);

// A new revision id: the clock's milliseconds, after `previous` (revision
// ids are timestamps: a later policy has a greater one).
std::string next_revision_id(int64_t now_ms, const std::optional<ResourcePolicySettings>& previous);

}  // namespace dynamini
