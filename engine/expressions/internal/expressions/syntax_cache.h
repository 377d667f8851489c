#pragma once

// Parsed expression syntax, remembered per thread by (prefix, text).
//
// An application sends the same few expressions again and again (its access
// patterns with different values), and parsing one was a fifth of a
// conditional UpdateItem's instructions (callgrind, tools/bench). The trees
// hold only syntax: names and values are resolved per request, so a cached
// tree answers exactly as a fresh parse would. Syntax errors are not cached:
// they are thrown again, with the same message, on every request.
// Each thread keeps at most kMaxCachedExpressions trees per kind and starts over when
// full, so memory stays bounded whatever expressions arrive.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "expressions/parsed.h"

namespace dynamini::expr::parsed {

inline constexpr size_t kMaxCachedExpressions = 512;

// As parse_condition_syntax / parse_update_syntax / parse_projection_syntax.
std::shared_ptr<const ConditionTree> cached_condition_syntax(std::string_view text,
                                                             const std::string& prefix);
std::shared_ptr<const UpdateTree> cached_update_syntax(std::string_view text,
                                                       const std::string& prefix);
std::shared_ptr<const std::vector<Path>> cached_projection_syntax(std::string_view text,
                                                                  const std::string& prefix);

}  // namespace dynamini::expr::parsed
