#pragma once

// What one API call did, as data, for a reviewer of the request
// (ExecuteOptions::collect_facts; Result::facts): the items a Query or Scan
// read and returned, and for each item write its key, size and what the
// table's indexes charged. The response says none of this (ScannedCount and
// Count aside), so a tool that teaches or reviews DynamoDB designs reads it
// here instead of re-deriving it from the request and the table.

#include <cstdint>
#include <string>
#include <vector>

namespace dynamini {

struct CallFacts {
  // Most keys a Page lists (the rest are counted, not listed).
  static constexpr size_t kMaxKeys = 2000;

  // One page read by Query or Scan (also a PartiQL SELECT).
  struct Page {
    std::string table;
    std::string index;         // empty: the table itself
    bool query = false;        // false: a Scan
    bool filtered = false;     // a filter (FilterExpression, QueryFilter, ScanFilter) applied
    bool single_item = false;  // a Query of the table whose key condition names exactly one
                               // primary key (partition key = and, if any, sort key =)
    int64_t evaluated = 0;     // items read (ScannedCount)
    int64_t returned = 0;      // items that passed the filter (Count)
    // With ExecuteOptions::collect_read_keys: the table primary key of each
    // item read, in reading order, as a DynamoDB JSON object
    // ({"pk":{"S":"..."},"sk":{"S":"..."}}), and whether it passed the
    // filter. At most kMaxKeys.
    struct Key {
      std::string key;
      bool returned = false;
    };
    std::vector<Key> keys;
  };

  // What one index charged for one item write.
  struct IndexWrite {
    std::string index;
    std::string projection;      // "ALL", "KEYS_ONLY" or "INCLUDE"
    double units = 0;            // write units the index entry change cost
    double keys_only_units = 0;  // what it would cost if the index projected KEYS_ONLY
  };

  // One item written (PutItem, UpdateItem, DeleteItem, BatchWriteItem,
  // transactions, PartiQL writes). Condition checks and deletes of absent
  // items are not writes.
  struct Write {
    std::string table;
    std::string key;                  // the primary key, a DynamoDB JSON object
    std::string partition_key;        // the partition key's value as text (B: base64)
    int64_t item_bytes = 0;           // DynamoDB's size of the item after the write
                                      // (before it, for a delete)
    bool created = false;             // there was no item under the key before
    bool removed = false;             // the item was deleted
    double units = 0;                 // write units charged to the table
    std::vector<IndexWrite> indexes;  // the indexes whose entry changed
  };

  std::vector<Page> pages;
  std::vector<Write> writes;
};

}  // namespace dynamini
