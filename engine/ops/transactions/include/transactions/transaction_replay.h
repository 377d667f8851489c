#pragma once

// What a write transaction (TransactWriteItems, ExecuteTransaction) keeps for
// its ClientRequestToken, and what a replay within the token's 10 minutes
// answers: the first response again (no second write), except its
// ConsumedCapacity. "If the ReturnConsumedCapacity parameter is set, then the
// initial TransactWriteItems call returns the amount of write capacity units
// consumed in making the changes. Subsequent TransactWriteItems calls with
// the same client token return the number of read capacity units consumed in
// reading the item" (API reference, TransactWriteItems, ClientRequestToken).
// The replay reports it as its own ReturnConsumedCapacity asks (dynoxide's
// replay_response, from a capture against DynamoDB); that member is therefore
// left out of the fingerprint (transactions/request_fingerprint.h).

#include "operation/consumed_capacity.h"
#include "transactions/transaction.h"

namespace dynamini {

template <class Response>
struct RememberedTransaction {
  Response response;              // as first answered, ConsumedCapacity aside
  TableConsumption replay_reads;  // run_write_transaction's replay charge
};

template <class Response>
Response replayed_response(const RememberedTransaction<Response>& remembered,
                           CapacityDetail detail) {
  Response response = remembered.response;
  response.consumed_capacity.reset();
  if (detail != CapacityDetail::kNone) {
    response.consumed_capacity = transaction_capacity(detail, remembered.replay_reads);
  }
  return response;
}

}  // namespace dynamini
