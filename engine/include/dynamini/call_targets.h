#pragma once

// What one API call names, read from its typed request before it runs: the
// tables, and for each key or item its table and partition key value. A host
// decides with it whether a call may run at all (ExecuteOptions::admit: the
// server's fault rules and provisioned-throughput limiter) without reading
// the request again.

#include <cstddef>
#include <string>
#include <vector>

namespace dynamini {

struct CallTargets {
  struct Item {
    std::string table;  // the table's name (a TableName given as an ARN: its name)
    // The item's partition key value as text (S and N as given, B in
    // base64); empty when the table does not exist or the key lacks it.
    std::string partition_key;
  };
  std::vector<std::string> tables;  // every table named, once each, in request order
  // One per key or item, in request order: the Key or Item of single-item
  // calls, each key of BatchGetItem, each request of BatchWriteItem, each
  // action of TransactWriteItems and TransactGetItems (an action without a
  // key keeps its place, with an empty table).
  std::vector<Item> items;
  bool transaction = false;      // TransactWriteItems or TransactGetItems
  size_t transaction_items = 0;  // TransactItems' length
};

}  // namespace dynamini
