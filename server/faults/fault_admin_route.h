#pragma once

// The admin endpoint's fault rules (ServerOptions::faults, under --admin):
//   GET    /dynamini/admin/faults            {"Rules":[{"id","rule","matched","fired"},...]}
//   POST   /dynamini/admin/faults            add one rule: {"rule":"op=...,error=..."} or the
//                                            same keys as members {"op":"PutItem","every":3,...};
//                                            answers {"id":"f1","rule":"..."}; 400 when invalid
//   DELETE /dynamini/admin/faults            clear every rule: {"cleared":N}
//   DELETE /dynamini/admin/faults?id=ID      remove one: {"removed":"ID"}; 404 when unknown

#include <string_view>

#include "dynamini/faults.h"
#include "route.h"

namespace dynamini::server {

bool is_fault_admin_target(std::string_view target);
Response fault_admin_response(FaultInjector& faults, const Request& request);

}  // namespace dynamini::server
