#pragma once

// The writes a power-loss test makes, and what a database recovered after a
// crash must hold. One table `tbl` (pk, sk; a GSI on g; a NEW_AND_OLD_IMAGES
// stream) receives a fixed pseudo-random sequence of writes: CreateTable,
// then PutItem, UpdateItem, DeleteItem, TransactWriteItems and
// BatchWriteItem, the database closed and reopened halfway and checkpointed
// before that. After each write the table's expected content (as a hash) and
// the stream records the write adds are known, so a recovered database can
// be matched to the one prefix of the writes it holds.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dynamini/database.h"

namespace dynamini::testing {

// What a recovered database holds, read through the API.
struct Recovered {
  bool table_exists = false;
  uint64_t content_hash = 0;         // the items of `tbl`, canonical form (Workload::hash)
  std::vector<std::string> records;  // every stream record, in stream order
  std::string problem;               // GSI rows that do not match the items, bad values
};
Recovered read_recovered(Database& db);

class Workload {
 public:
  // `writes` after the CreateTable, chosen by `seed`.
  Workload(uint32_t seed, int writes);

  // Makes the writes on a new database file `path` with `durability`;
  // `cut_point()` is called before and after each write (the journal's
  // length: see RecordingVfs::event_count).
  void run(const std::string& path, Durability durability,
           const std::function<size_t()>& cut_point);

  // Writes counted from 1 (the CreateTable); 0 is the empty database.
  size_t writes() const { return started_.size(); }
  // How many writes were acknowledged (returned) / had started by cut point `c`.
  size_t acknowledged_by(size_t c) const;
  size_t started_by(size_t c) const;
  // The number of writes a recovered database holds, if it matches a prefix
  // of the writes exactly (content and stream); nullopt otherwise.
  std::optional<size_t> matching_prefix(const Recovered& recovered) const;

 private:
  // One write: the API call and the stream records it adds.
  struct Step {
    std::string operation;
    std::string body;
    std::vector<std::string> records;
  };
  struct ModelItem {
    std::string g;  // empty: no g attribute (not in the GSI)
    int64_t v = 0;
    int64_t cnt = 0;  // 0: no cnt attribute
  };
  using Key = std::pair<std::string, std::string>;

  Step next_step(int index);
  std::string put_new(int index, std::vector<std::string>& records);
  std::string update_existing(int index, std::vector<std::string>& records);
  Key existing_key();
  uint64_t content_hash() const;
  void write(Database& db, Step step, const std::function<size_t()>& cut_point);

  std::mt19937 rng_;
  int planned_;
  int next_key_ = 0;
  std::map<Key, ModelItem> model_;
  std::vector<size_t> started_, acknowledged_;
  std::vector<uint64_t> content_after_;               // [p]: hash after p writes
  std::vector<std::vector<std::string>> records_of_;  // [p - 1]: records write p adds, sorted
};

}  // namespace dynamini::testing
