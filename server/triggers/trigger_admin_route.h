#pragma once

// The admin endpoint's stream triggers (ServerOptions::triggers, under --admin):
//   GET    /dynamini/admin/triggers          {"Triggers":[{config..., "State":"Enabled",
//                                            "Invocations", "FailedInvocations",
//                                            "RecordsDelivered", "RecordsFilteredOut",
//                                            "RecordsDiscarded", "RecordsPending",
//                                            "Checkpoint", "LastError"}, ...]}
//   POST   /dynamini/admin/triggers          start one: the JSON of parse_trigger_json
//                                            (TableName, FunctionUrl, BatchSize, ...);
//                                            answers its configuration with its UUID
//   DELETE /dynamini/admin/triggers?id=UUID  stop one: {"removed":"UUID"}; 404 when unknown
// Without ServerOptions::triggers every such request answers 404.

#include <string_view>

#include "dynamini/triggers.h"
#include "route.h"

namespace dynamini::server {

bool is_trigger_admin_target(std::string_view target);
Response trigger_admin_response(Triggers* triggers, const Request& request);

}  // namespace dynamini::server
