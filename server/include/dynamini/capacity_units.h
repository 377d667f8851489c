#pragma once

// The capacity units an API response's ConsumedCapacity reports, counted as
// read or write units: what `--log-requests` prints, the console's request
// log and pattern transcripts show. The one place that decides which units
// are reads and which are writes.

#include <string>
#include <string_view>
#include <vector>

#include "dynamini/shapes.h"

namespace dynamini {

struct CapacityUnits {
  double read = 0;        // RCU
  double write = 0;       // WCU
  bool reported = false;  // the response carried ConsumedCapacity
  bool writes = false;    // the operation writes (how units without a
                          // Read/WriteCapacityUnits split are counted)
};

// `operation` as in X-Amz-Target after the dot ("Query"); `request_json` the
// request (only PartiQL operations look at it: a SELECT reads);
// `consumed_capacity_json` the value of the response's ConsumedCapacity (an
// object, or the list batch and transaction operations return), empty when
// the response had none. An entry's ReadCapacityUnits and WriteCapacityUnits
// are taken as given; otherwise its CapacityUnits count as writes for
// PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems and
// PartiQL statements other than SELECT, as reads for everything else.
CapacityUnits capacity_units(std::string_view operation, std::string_view request_json,
                             std::string_view consumed_capacity_json);
// The same from the capacity a call returned as data (Result::consumed_capacity);
// not reported when empty.
CapacityUnits capacity_units(std::string_view operation, std::string_view request_json,
                             const std::vector<api::ConsumedCapacity>& consumed);

// Whether `operation` answers ConsumedCapacity as a list (batches and
// transactions) rather than one object.
bool answers_capacity_list(std::string_view operation);

// "0.5 RCU", "1.0 WCU", "0.5 RCU + 2.0 WCU" (one decimal: DynamoDB reports
// multiples of 0.5); "0.0 RCU" / "0.0 WCU" when reported as zero; "" when
// not reported.
std::string capacity_text(const CapacityUnits& units);

// {"read":0.5,"write":0,"text":"0.5 RCU"}, or null when not reported: how
// the console's endpoints carry a call's cost.
std::string capacity_json(const CapacityUnits& units);

}  // namespace dynamini
