#pragma once

// The database the request-level fuzz bodies run against: an in-memory
// inbox-shaped table (GSI, LSI, a few items), reset to that state every 1000
// inputs so it does not grow without bound.

#include "dynamini/database.h"

namespace dynamini::fuzz {

// The shared database (created on first use). Call note_input() once per
// input: it resets the database every 1000 calls.
Database& fuzz_database();
void note_input();

}  // namespace dynamini::fuzz
