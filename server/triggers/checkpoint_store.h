#pragma once

// Where triggers keep their checkpoints across restarts: one JSON file
// {"checkpoints": {"TABLE URL": "SequenceNumber", ...}}, rewritten whole
// (to a temporary file, then renamed) at each change. Thread-safe.

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace dynamini::triggers {

class CheckpointStore {
 public:
  // Reads `path` when it exists; a missing or unreadable file is empty.
  explicit CheckpointStore(std::string path);

  std::optional<std::string> get(const std::string& key) const;
  // Records and writes it; throws std::runtime_error when the file cannot be written.
  void put(const std::string& key, const std::string& sequence_number);

 private:
  void write_locked() const;

  std::string path_;
  mutable std::mutex mutex_;
  std::map<std::string, std::string> checkpoints_;
};

}  // namespace dynamini::triggers
