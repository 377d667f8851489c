#pragma once

// The on-failure destination of a trigger (DestinationConfig.OnFailure):
//   file:PATH   appends the invocation record as one JSON line
//   table:NAME  puts one item in table NAME of the same database: its
//               partition key (a string) "SHARD#START_SEQUENCE", its sort key
//               (a string, if it has one) the record's timestamp, and
//               condition, startSequenceNumber, endSequenceNumber, batchSize
//               and record (the invocation record's JSON) as attributes.

#include <string>

namespace dynamini {
class Database;
}

namespace dynamini::triggers {

// Writes `record` (an invocation record) to `destination`. Returns an empty
// string on success, else why it failed (the caller retries).
std::string write_to_destination(Database& db, const std::string& destination,
                                 const std::string& record);

}  // namespace dynamini::triggers
