#pragma once

// For --log-requests: how much capacity a call consumed, even when the
// client did not ask. The request gets "ReturnConsumedCapacity":"TOTAL"
// added before the engine sees it; the client's response has the
// ConsumedCapacity member taken out again.

#include <optional>
#include <string>
#include <string_view>

namespace dynamini::server {

// `body` with "ReturnConsumedCapacity":"TOTAL" added when `operation`
// accepts it and the request does not set it; nothing otherwise.
std::optional<std::string> with_capacity_requested(std::string_view operation,
                                                   std::string_view body);

// `body` (a compact JSON object) without its top-level ConsumedCapacity.
std::string without_consumed_capacity(std::string_view body);

}  // namespace dynamini::server
