#pragma once

// The PartiQL keyword and type-name tables of DynamoDB's parser
// (partiql-lang-kotlin, lang/src/org/partiql/lang/syntax/LexerConstants.kt:
// SQL92_KEYWORDS, SQLPP_KEYWORDS, TYPE_ALIASES, CORE_TYPE_NAME_ARITY_MAP,
// FUNCTION_NAME_KEYWORDS).

#include <optional>
#include <string>
#include <string_view>

namespace dynamini::partiql {

// True for a PartiQL keyword. REQUIRES: `lower` in lower case.
bool is_keyword(std::string_view lower);

// Keywords that are also function names (exists, size, count, ...): they
// may be called, `size(a)`.
bool is_function_keyword(std::string_view lower);

// The canonical name of a type keyword after IS (bool -> boolean, int ->
// integer, ...), nullopt for a word that names no type. Two-word names
// ("double precision", "character varying") come joined with '_'.
std::optional<std::string> type_name(std::string_view lower);

}  // namespace dynamini::partiql
