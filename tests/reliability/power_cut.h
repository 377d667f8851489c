#pragma once

// What a disk holds after a crash, from the journal of a RecordingVfs: a
// model of POSIX file system semantics with an operating system cache.
//  - A write or truncation changes the cached file; fsync of the file makes
//    its cached content durable.
//  - Creating or deleting a file changes the cached directory; fsync of the
//    directory makes its entries durable (the new name, or the name's
//    removal, and nothing else).
// A process crash keeps the cache (the kernel writes it out later); a power
// loss keeps what was made durable, and, in the "some unsynced kept" form,
// also any subset of the writes and directory changes made since (the
// kernel may have written some of them back before the power went), each
// whole, applied in their order.

#include <map>
#include <random>
#include <string>
#include <vector>

#include "recording_vfs.h"

namespace dynamini::testing {

enum class Crash {
  kProcess,               // SIGKILL: everything handed to the kernel survives
  kPowerLoss,             // only what was fsync'ed survives
  kPowerLossSomeWritten,  // what was fsync'ed, and a random part of the rest
};

const char* crash_name(Crash crash);

class DiskModel {
 public:
  // REQUIRES: `event` outlives the model (it is kept by reference until the
  // next sync).
  void apply(const FileEvent& event);

  // Writes the files found after `crash` into `directory` (which exists and
  // is empty). `rng` chooses the unsynced changes kept (kPowerLossSomeWritten).
  void materialize(Crash crash, std::mt19937& rng, const std::string& directory) const;

 private:
  struct Inode {
    std::string cached;
    std::string durable;
    std::vector<const FileEvent*> unsynced;  // writes and truncations since the last sync
  };
  static void change(std::string& content, const FileEvent& event);

  std::map<int, Inode> inodes_;
  std::map<std::string, int> cached_names_;
  std::map<std::string, int> durable_names_;
  std::vector<const FileEvent*> unsynced_names_;  // creations and deletions since the last sync
};

}  // namespace dynamini::testing
