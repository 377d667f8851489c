#pragma once

// `dynamini inbox generate`: fills the inbox table with synthetic users and
// notifications, deterministically from a seed (same seed, same items).

#include <cstdint>
#include <ostream>

#include "cli/api_target.h"

namespace dynamini::cli {

struct GenerateSpec {
  int64_t users = 100;
  int64_t per_user = 20;
  uint64_t seed = 1;
  bool quiet = false;
};

struct GenerateReport {
  int64_t notifications = 0;
  int64_t unread = 0;
  int64_t requests = 0;
  double capacity_units = 0;
};

// Users u_00001..u_<N> (zero-padded to 5 digits), each with `per_user`
// notifications (about half unread, in GSI1) and an InboxMeta whose
// unreadCount matches. BatchWriteItem, 25 items a request, with a progress
// bar on stderr. Throws std::runtime_error when a request fails.
GenerateReport generate_inbox(ApiTarget& target, const GenerateSpec& spec);

}  // namespace dynamini::cli
