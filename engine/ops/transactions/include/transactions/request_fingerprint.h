#pragma once

// What a ClientRequestToken's retry must match (TransactWriteItems,
// ExecuteTransaction): the request's wire form without the token itself and
// without ReturnConsumedCapacity, which a replay answers on its own terms
// (transactions/transaction_replay.h).

#include <string>

#include "api/shapes_wire.h"
#include "values/json.h"

namespace dynamini {

template <class Request>
std::string request_fingerprint(const Request& request) {
  Request copy = request;
  copy.client_request_token.reset();
  copy.return_consumed_capacity.reset();
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  api::write(w, copy);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini
