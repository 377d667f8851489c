#pragma once

// The inbox's access-pattern catalogue as data: what `dynamini inbox
// patterns` prints and the README's table summarises.

#include <span>
#include <string_view>

namespace dynamini::model {

struct AccessPattern {
  std::string_view id;       // "AP1"
  std::string_view command;  // the `dynamini inbox` command running it
  std::string_view name;     // "newest 20"
  std::string_view request;  // the DynamoDB request(s), keys spelled out
  std::string_view why;      // the design idea it shows
};

// The key design, one line per item type.
std::string_view inbox_key_design();
// AP1..AP5, then the writes (deliver, follow/post fan-out).
std::span<const AccessPattern> inbox_access_patterns();

}  // namespace dynamini::model
