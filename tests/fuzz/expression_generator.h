#pragma once

// A structure-aware generator for DynamoDB expressions: fuzz bytes are read
// as the choices of a small grammar (paths with members and indexes,
// #names, :values, comparisons, BETWEEN, IN, the functions, NOT/AND/OR and
// parentheses; SET/REMOVE/ADD/DELETE clauses with arithmetic, if_not_exists
// and list_append; projections; key conditions), so most inputs are
// expressions the parsers accept or nearly accept and the fuzzer spends its
// time in resolution and evaluation rather than in the lexer. About one
// token in 32 is mutated (dropped, doubled, or replaced by a stray token) so
// near-misses are generated too.
//
// When the bytes run out every choice is 0, which always picks the shortest
// production, so any input yields a finite expression.

#include <cstddef>
#include <cstdint>
#include <string>

namespace dynamini::fuzz {

enum class Grammar { kCondition, kUpdate, kProjection, kKeyCondition };

struct GeneratedExpression {
  Grammar grammar = Grammar::kCondition;
  std::string text;
};

// The first byte picks the grammar; the rest drive the productions.
GeneratedExpression generate_expression(const uint8_t* data, size_t size);

}  // namespace dynamini::fuzz
