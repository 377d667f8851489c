#pragma once

// One owner per database file: an exclusive advisory lock (flock) on
// "<path>.lock", taken before SQLite opens the file and held for the life of
// the Database. A second process (or a second Database in this process)
// opening the same file is refused at once with a clear message instead of
// waiting on SQLite's locks.

#include <string>

namespace dynamini {

class FileLock {
 public:
  // No lock for an in-memory database (empty path). Throws
  // std::runtime_error: the directory is missing or unwritable, or another
  // owner holds the file ("... is in use by another process (pid N)").
  explicit FileLock(const std::string& database_path);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace dynamini
