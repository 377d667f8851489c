#pragma once

// The inbox's access-pattern catalogue as data: what `dynamini inbox
// patterns` prints, what the console offers (through inbox_catalogue.h) and
// what the README's table summarises. Each pattern names the request
// templates it sends (inbox_requests.h), in order; run_inbox_pattern()
// (inbox_pattern_runner.h) runs it with the model's C++ (Inbox), which
// decides between the steps that have a `when`.

#include <span>
#include <string_view>

#include "model/inbox_requests.h"

namespace dynamini::model {

// A parameter a pattern takes, named as in the request templates.
struct PatternParameter {
  std::string_view name;           // "user"
  std::string_view label;          // "User"
  std::string_view type;           // "string", "number" or "key" (a LastEvaluatedKey)
  std::string_view default_value;  // as text; empty: none (optional unless `required`)
  bool required = false;           // the pattern cannot run without it
  std::string_view description;
  // Where to pick a value from: the items another pattern returns
  // (`choices_pattern`), each offering its `choices_value` attribute,
  // labelled by `choices_label`. Empty: typed in.
  std::string_view choices_pattern;
  std::string_view choices_value;
  std::string_view choices_label;
};

struct PatternStep {
  InboxRequest request;
  std::string_view title;  // what this request does in the pattern
  std::string_view when;   // empty: always; else when it is sent
};

struct AccessPattern {
  std::string_view id;       // "AP1"
  std::string_view command;  // the `dynamini inbox` command running it
  std::string_view name;     // "newest notifications, 20 a page"
  std::string_view entity;   // the entity it serves (inbox_entities.h)
  std::string_view request;  // the DynamoDB request(s) in one line, keys spelled out
  std::string_view why;      // the design idea it shows, one paragraph
  std::span<const std::string_view> parameters;  // names, see inbox_parameters()
  std::span<const PatternStep> steps;
  // The parameter that takes the LastEvaluatedKey of the pattern's page
  // (the next page), or empty.
  std::string_view cursor_parameter;
};

// AP1..AP5, then the writes (deliver, follow, post fanned out).
std::span<const AccessPattern> inbox_access_patterns();
// The pattern with this id, or null.
const AccessPattern* find_inbox_pattern(std::string_view id);
// Every parameter any pattern takes.
std::span<const PatternParameter> inbox_parameters();
const PatternParameter* find_inbox_parameter(std::string_view name);

}  // namespace dynamini::model
