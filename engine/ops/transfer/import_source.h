#pragma once

// Reading ImportTable's source objects: decompression, and the values of a
// DynamoDB JSON object. DynamoDB reads an object as a sequence of JSON values
// (one per line in its own exports, but values on one line are read too:
// moto test_dynamodb_import_table.py, aws_verified) and stops reading an
// object at text that is not JSON (ack-api-quirks DDB-IMPORT-013).

#include <cstddef>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "values/json.h"

namespace dynamini {

// The object's bytes could not be read as asked (GZIP over bytes that are
// not gzip data, a truncated gzip stream, an unreadable file).
class ImportReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole object, decompressed when `gzip`. Throws ImportReadError.
std::string read_object_text(const std::filesystem::path& path, bool gzip);

// Calls `visit` with each JSON value of `text` and the offset just after it.
// At text that does not parse, calls `garbage` with its offset and stops.
void for_each_json_value(std::string_view text,
                         const std::function<void(const Json& value, size_t end)>& visit,
                         const std::function<void(size_t at)>& garbage);

}  // namespace dynamini
