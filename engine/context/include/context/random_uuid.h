#pragma once

// A random version-4 UUID in lowercase ("3f0c1a2b-...-4xxx-[89ab]xxx-..."),
// as DynamoDB's TableId is (the API model's TableId pattern; scylladb
// test/alternator/test_table.py checks the form against DynamoDB).

#include <string>

namespace dynamini {

std::string random_uuid_v4();

}  // namespace dynamini
