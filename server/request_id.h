#pragma once

#include <string>

namespace dynamini::server {

// A fresh request id shaped like DynamoDB's x-amzn-RequestId: 52 random
// uppercase letters and digits. Thread-safe.
std::string new_request_id();

}  // namespace dynamini::server
