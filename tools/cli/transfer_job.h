#pragma once

// What `dynamini export` and `dynamini import` share: calling an operation
// through an ApiTarget and following an export or import job to its end with
// a progress bar.

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <functional>
#include <string>

#include "cli/api_target.h"
#include "cli/progress_bar.h"

namespace dynamini::cli {

// Runs `operation` and parses its answer. Throws std::runtime_error
// "<operation>: <ErrorCode>: <message>" when it fails.
rapidjson::Document call(ApiTarget& target, const char* operation, const std::string& request);

// Polls `describe_operation` ({"<arn_member>": arn}) every 50 ms until the
// job's status (`status_member` of `description_member`) leaves IN_PROGRESS,
// advancing `bar` to `progress(description)`. Returns the last description.
rapidjson::Document wait_for_job(ApiTarget& target, const char* describe_operation,
                                 const char* arn_member, const std::string& arn,
                                 const char* description_member, const char* status_member,
                                 const std::function<int64_t(const rapidjson::Value&)>& progress,
                                 ProgressBar& bar);

// Flag parsing shared by both commands: `value()` of a flag that needs one.
std::string flag_value(int argc, char** argv, int& i);

}  // namespace dynamini::cli
