#pragma once

#include "dynamini/database.h"

namespace dynamini::model {

// Creates the `inbox` table (pk/sk, sparse GSI1 on gsi1pk/gsi1sk, projection
// ALL) and loads the sample data of model/models/inbox.json: u_alice with 3
// notifications, 2 unread (in GSI1), and InboxMeta unreadCount 2. Issues only
// public API calls (CreateTable, BatchWriteItem). Throws std::runtime_error
// if a call fails (a table `inbox` that exists already, too).
void load_inbox(Database& db);

}  // namespace dynamini::model
