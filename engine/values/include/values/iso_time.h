#pragma once

// Times as DynamoDB writes them in messages and export manifests: ISO 8601
// in UTC, e.g. 2020-11-04T07:28:34.028Z (with milliseconds) or
// 2026-10-06T23:16:32Z (without).

#include <cstdint>
#include <string>

namespace dynamini {

std::string iso_time_ms(int64_t epoch_ms);
std::string iso_time_seconds(int64_t epoch_ms);

}  // namespace dynamini
