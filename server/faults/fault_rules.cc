// The compact syntax of fault rules and the errors they answer
// (dynamini/faults.h).

#include <charconv>
#include <stdexcept>

#include "dynamini/faults.h"

namespace dynamini {
namespace {

struct ErrorName {
  FaultError error;
  const char* name;
};
constexpr ErrorName kErrorNames[] = {
    {FaultError::kTransactionConflict, "TransactionConflict"},
    {FaultError::kProvisionedThroughputExceeded, "ProvisionedThroughputExceeded"},
    {FaultError::kThrottling, "Throttling"},
    {FaultError::kRequestLimitExceeded, "RequestLimitExceeded"},
    {FaultError::kInternalServerError, "InternalServerError"},
};

std::invalid_argument bad(const std::string& message) {
  return std::invalid_argument("fault rule: " + message);
}

uint64_t parse_count(std::string_view key, std::string_view text) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw bad(std::string(key) + " expects a whole number, got '" + std::string(text) + "'");
  }
  return value;
}

double parse_probability(std::string_view text) {
  size_t used = 0;
  double value = -1;
  try {
    value = std::stod(std::string(text), &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(value >= 0 && value <= 1)) {
    throw bad("probability expects a number from 0 to 1, got '" + std::string(text) + "'");
  }
  return value;
}

// "200", "200ms" or "2s" as milliseconds.
int64_t parse_delay(std::string_view text) {
  int64_t scale = 1;
  if (text.ends_with("ms")) {
    text.remove_suffix(2);
  } else if (text.ends_with("s")) {
    text.remove_suffix(1);
    scale = 1000;
  }
  const uint64_t value = parse_count("delay", text);
  if (value > 600000 / static_cast<uint64_t>(scale)) throw bad("delay is at most 600 s");
  return static_cast<int64_t>(value) * scale;
}

void apply_pair(FaultRule& rule, std::string_view key, std::string_view value) {
  if (key == "op" || key == "operation") {
    rule.operation = value;
  } else if (key == "table") {
    rule.table = value;
  } else if (key == "prefix") {
    rule.key_prefix = value;
  } else if (key == "every") {
    rule.every = parse_count(key, value);
  } else if (key == "probability") {
    rule.probability = parse_probability(value);
  } else if (key == "seed") {
    rule.seed = parse_count(key, value);
  } else if (key == "times") {
    rule.times = static_cast<int64_t>(parse_count(key, value));
  } else if (key == "delay") {
    rule.delay_ms = parse_delay(value);
  } else if (key == "id") {
    rule.id = value;
  } else if (key == "error") {
    auto error = fault_error_named(value);
    if (!error) {
      throw bad("unknown error '" + std::string(value) +
                "' (TransactionConflict, ProvisionedThroughputExceeded, Throttling, "
                "RequestLimitExceeded or InternalServerError)");
    }
    rule.error = *error;
  } else {
    throw bad("unknown key '" + std::string(key) +
              "' (op, table, prefix, every, probability, seed, times, error, delay, id)");
  }
}

}  // namespace

std::optional<FaultError> fault_error_named(std::string_view name) {
  if (name.ends_with("Exception")) name.remove_suffix(9);
  for (const auto& e : kErrorNames) {
    if (name == e.name) return e.error;
  }
  return std::nullopt;
}

const char* fault_error_name(FaultError error) {
  for (const auto& e : kErrorNames) {
    if (e.error == error) return e.name;
  }
  return "";
}

FaultRule parse_fault_rule(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> pairs;
  while (!text.empty()) {
    std::string_view pair = text.substr(0, text.find(','));
    text.remove_prefix(std::min(text.size(), pair.size() + 1));
    const size_t eq = pair.find('=');
    if (eq == pair.npos || eq == 0) {
      throw bad("expected KEY=VALUE, got '" + std::string(pair) + "'");
    }
    pairs.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
  }
  return fault_rule_from_pairs(pairs);
}

FaultRule fault_rule_from_pairs(const std::vector<std::pair<std::string, std::string>>& pairs) {
  FaultRule rule;
  for (const auto& [key, value] : pairs) apply_pair(rule, key, value);
  if (rule.error == FaultError::kNone && rule.delay_ms == 0) {
    throw bad("needs error=NAME or delay=MS");
  }
  return rule;
}

std::string format_fault_rule(const FaultRule& rule) {
  std::string out;
  auto add = [&out](const char* key, const std::string& value) {
    if (!out.empty()) out += ',';
    out += key;
    out += '=';
    out += value;
  };
  if (!rule.id.empty()) add("id", rule.id);
  if (!rule.operation.empty()) add("op", rule.operation);
  if (!rule.table.empty()) add("table", rule.table);
  if (!rule.key_prefix.empty()) add("prefix", rule.key_prefix);
  if (rule.every > 1) add("every", std::to_string(rule.every));
  if (rule.probability < 1) {
    std::string p = std::to_string(rule.probability);
    while (p.size() > 1 && p.back() == '0') p.pop_back();
    add("probability", p);
    add("seed", std::to_string(rule.seed));
  }
  if (rule.times >= 0) add("times", std::to_string(rule.times));
  if (rule.error != FaultError::kNone) add("error", fault_error_name(rule.error));
  if (rule.delay_ms > 0) add("delay", std::to_string(rule.delay_ms) + "ms");
  return out;
}

// Messages: the Developer Guide's "Error handling with DynamoDB", section
// "Error messages and codes" (ProvisionedThroughputExceededException "The
// level of configured provisioned throughput for the table was exceeded.
// Consider increasing your provisioning level with the UpdateTable API.",
// ThrottlingException "Rate of requests exceeds the allowed throughput.",
// RequestLimitExceeded "Throughput exceeds the current throughput limit for
// your account. Please contact AWS Support at
// https://aws.amazon.com/support request a limit increase"), and
// TransactWriteItems' CancellationReasons list ("Transaction is ongoing for
// the item"). InternalServerError's text is not documented (unconfirmed);
// the reference only says the service failed. Fault rules add no
// ThrottlingReasons (the throughput limiter does: throughput_limiter.cc).
std::optional<ApiError> fault_api_error(FaultError error, size_t transaction_items,
                                        size_t conflict_index) {
  switch (error) {
    case FaultError::kNone:
      return std::nullopt;
    case FaultError::kTransactionConflict: {
      if (transaction_items == 0) {
        // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
        return ApiError{ErrorCode::kTransactionConflict, "Transaction is ongoing for the item", {}};
      }
      std::string message =
          "Transaction cancelled, please refer cancellation reasons for specific reasons [";
      std::string reasons = "\"CancellationReasons\":[";
      for (size_t i = 0; i < transaction_items; ++i) {
        const bool conflict = i == conflict_index;
        message += std::string(i ? ", " : "") + (conflict ? "TransactionConflict" : "None");
        reasons +=
            std::string(i ? "," : "") +
            (conflict
                 ? R"({"Code":"TransactionConflict","Message":"Transaction is ongoing for the item"})"
                 : R"({"Code":"None"})");
      }
      // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
      return ApiError{ErrorCode::kTransactionCanceled, message + "]", reasons + "]"};
    }
    case FaultError::kProvisionedThroughputExceeded:
      // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
      return ApiError{ErrorCode::kProvisionedThroughputExceeded,
                      "The level of configured provisioned throughput for the table was exceeded. "
                      "Consider increasing your provisioning level with the UpdateTable API.",
                      {}};
    case FaultError::kThrottling:
      // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
      return ApiError{
          ErrorCode::kThrottling, "Rate of requests exceeds the allowed throughput.", {}};
    case FaultError::kRequestLimitExceeded:
      // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
      return ApiError{ErrorCode::kRequestLimitExceeded,
                      "Throughput exceeds the current throughput limit for your account. Please "
                      "contact AWS Support at https://aws.amazon.com/support request a limit "
                      "increase",
                      {}};
    case FaultError::kInternalServerError:
      // catalogue-exempt: a fault rule's answer, tested in tests/e2e/test_faults.py
      return ApiError{ErrorCode::kInternalServerError, "Internal server error", {}};
  }
  return std::nullopt;
}

}  // namespace dynamini
