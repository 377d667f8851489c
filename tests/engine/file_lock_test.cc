#include <doctest/doctest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "dynamini/database.h"

namespace {
std::string open_error(const std::string& path) {
  try {
    auto db = dynamini::Database::open({.path = path});
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("File lock: a second open of the same database file is refused at once") {
  const std::string path = "/tmp/dynamini-lock-test.db";
  std::remove(path.c_str());
  auto first = dynamini::Database::open({.path = path});
  std::string error = open_error(path);
  CHECK(error.find("is in use by another process") != std::string::npos);
  first.reset();
  CHECK(open_error(path).empty());  // released with the first owner
  std::remove(path.c_str());
}

TEST_CASE("File lock: a missing directory is a clear error") {
  CHECK(open_error("/nonexistent-dir-for-dynamini/x.db").find("does not exist") !=
        std::string::npos);
}
