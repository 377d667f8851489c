#pragma once

// NoSQL Workbench for DynamoDB's model export ("Export data model", NoSQL
// Workbench model format) as a dynamini model. The export is a JSON object:
//   {"ModelName", "ModelMetadata": {"Author", "Description", "Version": "3.0", ...},
//    "DataModel": [{"TableName",
//                   "KeyAttributes": {"PartitionKey": {"AttributeName", "AttributeType"},
//                                     "SortKey": {...}},
//                   "NonKeyAttributes": [{"AttributeName", "AttributeType"}],
//                   "TableFacets": [{"FacetName",
//                                    "KeyAttributeAlias": {"PartitionKeyAlias", "SortKeyAlias"},
//                                    "TableData": [item, ...], "NonKeyAttributes": [names]}],
//                   "GlobalSecondaryIndexes": [{"IndexName", "KeyAttributes": {...},
//                                               "Projection": {"ProjectionType",
//                                                              "NonKeyAttributes"}}],
//                   "TableData": [item, ...], "BillingMode", ...}]}
// (the format of Workbench's own sample models, e.g. "Credit Card Offers Data
// Model", Version 3.0; items are DynamoDB JSON). Workbench keeps no access
// patterns, so the import makes them from what it has: per facet, a Query of
// one of its partitions (with begins_with on the facet's sort key prefix);
// per global secondary index, a Query of one of its partitions. Facets become
// entities, their key templates taken from their sample items' common key
// prefixes ("ACCT#{{AccountId}}"), their aliases naming the placeholders.
// Tables become PAY_PER_REQUEST (prices here are on-demand ones); the
// export's provisioned capacity and auto scaling are not carried over.

#include <rapidjson/document.h>

#include <string>

namespace dynamini::model {

// True when `doc` looks like a Workbench export: "ModelName" and a
// "DataModel" array.
bool is_workbench_export(const rapidjson::Value& doc);

// The export as a model file (model/model_definition.h), JSON text. Throws
// ModelFileError (model/model_file.h) when the export misses what a table
// needs (a name, a partition key).
std::string workbench_to_model(const rapidjson::Value& doc);

}  // namespace dynamini::model
