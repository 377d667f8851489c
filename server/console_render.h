#pragma once

// POST /console/api/render: what the console shows beside a call it made
// itself, rendered by the same C++ as --log-requests:
//   {"target": "DynamoDB_20120810.GetItem",    (or a bare operation name)
//    "request": "<the request as JSON text, valid or not>",
//    "response": {...the parsed response...}}  (optional)
// -> {"awsCli": "aws dynamodb get-item ...",
//     "cost": {"read": 0.5, "write": 0, "text": "0.5 RCU"} or null when the
//     response is absent or has no ConsumedCapacity}

#include <optional>
#include <string>
#include <string_view>

namespace dynamini::server {

// The answer's JSON for a request body `body`; nullopt when `body` is not a
// JSON object with a string "target" and a string "request". `endpoint` goes
// in the command's --endpoint-url (omitted when empty).
std::optional<std::string> render_call(std::string_view body, std::string_view endpoint);

}  // namespace dynamini::server
