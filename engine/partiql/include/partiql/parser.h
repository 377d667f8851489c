#pragma once

// PartiQL statement text -> what DynamoDB understands it to mean
// (partiql/ast.h), in two steps: the grammar (parse_syntax, partiql/syntax.h)
// and the meaning (parse: literals, parameters, functions, operators,
// clauses), each refusing as DynamoDB refuses (partiql/statement_errors.h).

#include <optional>
#include <string_view>
#include <vector>

#include "partiql/ast.h"
#include "partiql/syntax.h"

namespace dynamini::partiql {

// The grammar alone. `parameter_count`, when given, receives the number of
// `?` in the statement.
syntax::Statement parse_syntax(std::string_view statement, int* parameter_count = nullptr);

// Parses `statement`, substituting each `?` with the next of `parameters`.
// Throws ValidationException with DynamoDB's messages. Nothing here needs a
// table: table existence, keys and indexes are checked after.
Statement parse(std::string_view statement, const std::vector<AttributeValue>& parameters);

}  // namespace dynamini::partiql
