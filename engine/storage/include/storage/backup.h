#pragma once

// Whole-database copies with SQLite's online backup API (used for snapshot,
// restore and reset).

#include <memory>
#include <string>

#include "storage/sqlite.h"

namespace dynamini {

// Copies every page of `from` into `to` (main schemas), replacing `to`'s
// content. Throws SqliteError.
void copy_database(sqlite3* from, sqlite3* to);

// A private, empty in-memory database with the page size of `like`.
std::unique_ptr<Connection> empty_memory_database_like(sqlite3* like);

// A private in-memory connection holding a copy.
std::unique_ptr<Connection> copy_to_memory(sqlite3* from);

}  // namespace dynamini
