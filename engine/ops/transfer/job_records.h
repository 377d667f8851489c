#pragma once

// Export and import jobs as their operations answer them, built from the
// stored record (storage/job_store.h): the request the client sent (kept as
// its JSON) and the job's state and counters.

#include <optional>
#include <string>

#include "context/context.h"
#include "dynamini/shapes.h"
#include "storage/job_store.h"

namespace dynamini {

// The request as stored: its JSON (api::write), and back.
template <class Request>
std::string request_json(const Request& request);
ExportTableToPointInTimeRequest stored_export_request(const JobRecord& record);
ImportTableRequest stored_import_request(const JobRecord& record);

// ExportDescription (API reference; the members DynamoDB fills while
// IN_PROGRESS and at the end: ack-api-quirks DDB-EXPORT-016 and 017). Unlike
// DynamoDB's, ItemCount is shown while IN_PROGRESS too, counting the items
// written so far (what `dynamini export` shows as progress).
api::ExportDescription export_description(const JobRecord& record);
// ImportTableDescription (API reference; ack-api-quirks DDB-IMPORT-003 for
// the defaults DynamoDB fills in).
api::ImportTableDescription import_description(const Context& context, const JobRecord& record);

// The earlier job of `kind` ("export", "import") started with ClientToken
// `token` within the last 8 hours, which a retry with the same token
// answers again (API reference, ExportTableToPointInTime and ImportTable:
// "ClientToken ... valid for 8 hours"); nullopt without a token or after that.
// REQUIRES: the storage lock held.
std::optional<JobRecord> job_of_client_token(Context& context, const std::string& kind,
                                             const std::optional<std::string>& token);

// The record of `arn`, or ExportNotFoundException / ImportNotFoundException.
// REQUIRES: the storage lock held.
JobRecord require_export(Context& context, const std::string& arn);
JobRecord require_import(Context& context, const std::string& arn);

// Saves `record` under the storage lock (for jobs, outside any request).
void save_job_record(Context& context, const JobRecord& record);

// An opaque page token for ListExports and ListImports: the last listed ARN
// in lower-case hex, padded to whole groups of 16 digits (ListImports'
// token must match ([0-9a-f]{16})+). Throws ValidationException "Invalid
// Request: Provided nextToken is invalid: <token>" (ack-api-quirks
// DDB-EXPORT-006, observed on DynamoDB) for a token that is not one.
std::string page_token(const std::string& arn);
std::string arn_of_page_token(const std::string& token);

}  // namespace dynamini
