#pragma once

// Binding the table-shaped members of CreateTable and UpdateTable (attribute
// definitions, key schemas, projections, throughput, stream specification)
// to the catalog's types, with DynamoDB's semantic errors. The requests'
// shapes are checked already (api::check): required members are present.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "dynamini/api_error.h"
#include "dynamini/shapes.h"

namespace dynamini {

// ValidationException "One or more parameter values were invalid: <detail>".
ApiError invalid_parameter(const std::string& detail);

// The code points of UTF-8 `text` (names and tags are valid UTF-8: the JSON
// reader checked them).
std::u32string utf8_code_points(std::string_view text);

std::vector<KeyElement> bind_attribute_definitions(
    const std::vector<api::AttributeDefinition>& definitions);

// The table's KeySchema (dynalite validations/createTable.js, whose order
// follows DynamoDB's recorded answers). Adds the key attributes to `used`.
KeySchema bind_table_keys(const std::vector<api::KeySchemaElement>& schema,
                          const std::vector<KeyElement>& definitions, std::set<std::string>& used);
// An index's KeySchema: undefined attributes first (the message lists all
// the index's keys), then the same name twice, then the key types.
KeySchema bind_index_keys(const std::vector<api::KeySchemaElement>& schema,
                          const std::vector<KeyElement>& definitions, std::set<std::string>& used);

// A global index's KeySchema, which may be a multi-attribute key: one to four
// HASH attributes, then up to four RANGE attributes, no name twice. Checks as
// bind_index_keys, then the multi-attribute rules.
KeySchema bind_global_index_keys(const std::vector<api::KeySchemaElement>& schema,
                                 const std::vector<KeyElement>& definitions,
                                 std::set<std::string>& used);

// Throws for a Projection the index cannot have (dynalite test/createTable.js;
// the INCLUDE text from ack-api-quirks DDB-TABLE-442).
IndexProjection bind_projection(const api::Projection& projection);

// REQUIRES: both units present (the shape check).
Throughput bind_throughput(const api::ProvisionedThroughput& throughput);

// CreateTable: the table's stream settings (label still empty: the engine
// stamps it with the creation time).
StreamSettings bind_stream_for_create(const std::optional<api::StreamSpecification>& spec);

// UpdateTable: validates `spec` against `def`'s current stream and applies
// it; enabling starts a new stream labelled with `now_ms` ("Table already
// has an enabled stream: ..."). The caller persists `def`.
void apply_stream_specification(TableDef& def, const api::StreamSpecification& spec,
                                int64_t now_ms);

}  // namespace dynamini
