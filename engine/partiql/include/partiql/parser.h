#pragma once

// PartiQL statement text -> plain parse tree (partiql/ast.h).

#include <string_view>
#include <vector>

#include "partiql/ast.h"

namespace dynamini::partiql {

// Parses `statement`, substituting each `?` with the next of `parameters`.
// Throws ValidationException with DynamoDB's messages.
Statement parse(std::string_view statement, const std::vector<AttributeValue>& parameters);

}  // namespace dynamini::partiql
