#pragma once

// The JSON the JavaScript gives the module (tools/wasm/js/engine.mjs), read
// into the engine's settings. Unknown members are ignored; a member of the
// wrong type is an error.
//
// Host settings (createDynamini's options):
//   {"console": bool, "model": "<shipped name or model JSON text>",
//    "region": "us-east-1", "accountId": "000000000000",
//    "ttlSweepIntervalMs": 1000, "streamShardLifetimeMs": n,
//    "streamShardMaxRecords": n,
//    "transientDelays": {"createTableMs": n, "deleteTableMs": n, "updateTableMs": n}}
// Subscribe options (dynamini/stream_handler.h):
//   {"maxBatchSize": 100, "fromOldestRetained": false,
//    "initialRetryDelayMs": 10, "maxRetryDelayMs": 1000, "maxAttempts": 0}

#include <string_view>

#include "browser_host.h"
#include "dynamini/stream_handler.h"

namespace dynamini::wasm {

// Throws std::runtime_error naming the member that is not right.
HostSettings host_settings(std::string_view json);
SubscribeOptions subscribe_options(std::string_view json);

}  // namespace dynamini::wasm
