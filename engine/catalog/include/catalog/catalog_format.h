#pragma once

// The catalog's stored format: how a TableDef is kept in the database file
// (one JSON document per table in dynamini_catalog.definition), independent
// of the API's request shapes and of their validator.
//
// THE RULE: do not change a version's meaning; add a version. A database
// file outlives the binary that wrote it, so every version ever written stays
// readable exactly as it was written. A new member, a renamed member or a
// member with a new meaning is a new FormatVersion, with its own reader here;
// the writer writes only the newest version.
//
// Format 1 (written since FormatVersion was introduced, until format 2). Every member is
// always written and required when read; a member not listed here is refused
// (a writer that needs one writes a new version):
//
//   {
//     "FormatVersion": 1,
//     "TableName": "orders",                      TableDef::name
//     "StorageId": 7,                             TableDef::id (rows in SQLite table t7)
//     "TableId": "3f0c...",                       TableDef::table_uuid
//     "CreationDateTime": 1700000000.123,         TableDef::creation_time, epoch seconds
//     "AttributeDefinitions": [                   TableDef::attribute_definitions, in order
//       {"AttributeName": "pk", "AttributeType": "S"}, ...],      type S, N or B
//     "KeySchema": {"Hash": KEY, "Range": KEY},   TableDef::keys; "Range" absent if none
//                                                 KEY = {"AttributeName": "pk", "AttributeType":
//                                                 "S"}
//     "BillingMode": "PROVISIONED",               or "PAY_PER_REQUEST" (TableDef::pay_per_request)
//     "ProvisionedThroughput":                    TableDef::throughput (kept on either mode)
//       {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
//     "LastUpdateToPayPerRequestDateTime": 0,     TableDef::last_update_to_pay_per_request, 0 =
//     never "Indexes": [                                TableDef::indexes, in order (GSIs and LSIs)
//       {"IndexName": "GSI1",
//        "Global": true,                          false for a local index
//        "StorageNumber": 1,                      IndexDef::number (rows in t7_i1)
//        "KeySchema": {"Hash": KEY, "Range": KEY},
//        "Projection": {"ProjectionType": "INCLUDE",      ALL, KEYS_ONLY or INCLUDE
//                       "NonKeyAttributes": ["a", "b"]},  always written, [] unless INCLUDE
//        "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}, ...],
//     "DeletionProtectionEnabled": false,
//     "Stream": {"Enabled": true,                 TableDef::stream
//                "ViewType": "NEW_AND_OLD_IMAGES",        "" if never set
//                "LatestStreamLabel": "2024-05-01T12:34:56.789"},  "" if never enabled
//     "TimeToLive": {"Enabled": true, "AttributeName": "expires"}   TableDef::ttl
//   }
//
// Format 2: format 1 with optional members, each written only when it is not
// the default (so a table that uses none of them reads as in format 1):
//
//   In a KeySchema object (an index's), a multi-attribute GSI key
//   (TableDef::IndexDef::keys, catalog/table_def.h):
//     "MoreHash": [KEY, ...],      KeySchema::more_hash, the HASH attributes
//                                  after "Hash", in key-schema order
//     "MoreRange": [KEY, ...],     KeySchema::more_range, the RANGE attributes
//                                  after "Range" (refused without "Range")
//
//   At the top level, vector indexes (written only when the table has one):
//     "VectorIndexes": [                          TableDef::vector_indexes, in order
//       {"IndexName": "vix",
//        "StorageNumber": 1,                      VectorIndexDef::number (rows in t7_v1)
//        "VectorAttribute": "embedding",
//        "Dimensions": 768,
//        "DistanceFunction": "COSINE",            COSINE, DOT_PRODUCT or EUCLIDEAN
//        "SearchSchema": [{"AttributeName": "tenant",
//                          "SearchSchemaElementType": "HASH"}, ...],   HASH or INLINE_FILTER
//        "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["a"]}}, ...]
//
//   At the top level, table settings (each written only when it differs from the
//   default shown; absent = default):
//     "TableClass": {"TableClass": "STANDARD_INFREQUENT_ACCESS",   TableDef::table_class
//                    "LastUpdateDateTime": 1700000000.5},          ::table_class_updated (0 never)
//     "SSE": {"KMSMasterKeyArn": "arn:aws:kms:..."},    TableDef::sse (absent: AWS owned key)
//     "OnDemandThroughput": {"MaxReadRequestUnits": 100,           TableDef::on_demand (-1: none)
//                            "MaxWriteRequestUnits": -1},
//     "WarmThroughput": {"ReadUnitsPerSecond": 15000,              TableDef::warm (0: none asked)
//                        "WriteUnitsPerSecond": 0},
//     "ResourcePolicy": {"Policy": "{...}",                        TableDef::resource_policy
//                        "RevisionId": "1700000000123"},
//   and in each element of "Indexes":
//     "OnDemandThroughput": {...}, "WarmThroughput": {...}        IndexDef::on_demand, ::warm
//
//   Format 1's members are all still required in format 2; a member format 2
//   does not define is refused, as in format 1.
//
// Format 0 (no FormatVersion member): the entries written before versions,
// shaped as a CreateTable request (TableName, AttributeDefinitions, KeySchema
// as a HASH/RANGE list, BillingMode, ProvisionedThroughput on provisioned
// tables, GlobalSecondaryIndexes and LocalSecondaryIndexes with StorageNumber
// and, for provisioned GSIs, ProvisionedThroughput, DeletionProtectionEnabled,
// StreamSpecification while enabled) plus StorageId, CreationDateTime, TableId,
// LatestStreamLabel, TimeToLiveAttribute (while enabled) and
// LastUpdateToPayPerRequestDateTime. It is read, never written: an entry stays
// in format 0 until its table changes and the entry is saved again.

#include <stdexcept>
#include <string>
#include <string_view>

#include "catalog/table_def.h"

namespace dynamini {

// The version table_def_to_json writes.
inline constexpr int kCatalogFormatVersion = 2;

// A catalog entry that cannot be read: not JSON, a member missing or of the
// wrong type, or a FormatVersion this build does not know (written by a newer
// dynamini). Database::open fails with it.
class CatalogFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The entry for `def`, in format kCatalogFormatVersion.
std::string table_def_to_json(const TableDef& def);
// Reads an entry of any known format (0, 1 or 2). Throws CatalogFormatError.
TableDef table_def_from_json(std::string_view json);
// The entry's FormatVersion (0 when it has none). Throws CatalogFormatError
// when it is not a JSON object or FormatVersion is not an integer.
int catalog_format_version(std::string_view json);

}  // namespace dynamini
