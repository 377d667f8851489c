#pragma once

// A SQLite VFS shim for power-loss tests. It wraps the default unix VFS (so
// the database works on real files as usual) and journals, for the files
// under one directory, everything that decides what a disk holds after the
// power goes: file creations and deletions (directory entries), writes,
// truncations, fsyncs of files and fsyncs of the directory. PowerCut
// (power_cut.h) replays a prefix of that journal into the files the
// machine would find on restart.
//
// Directory fsyncs: SQLite's unix VFS syncs the directory itself, inside
// xSync of a journal or WAL file it created and inside xDelete when asked,
// through its "openDirectory" system call followed by fsync() (os_unix.c:
// UNIXFILE_DIRSYNC, unixSync, unixDelete). The shim replaces that system
// call (xSetSystemCall) to journal each directory sync where it happens.
//
// Files SQLite opens without a name or to delete on close (temporary files)
// are not journaled: they never outlive the process. The -shm file is not
// opened through the VFS's xOpen and is not journaled either: SQLite
// rebuilds it from the WAL when the first connection opens the database.
//
// One instance per process; it registers itself as the default VFS for its
// lifetime and restores the unix VFS and its system call when destroyed.

#include <sqlite3.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace dynamini::testing {

struct FileEvent {
  enum class Kind {
    kCreate,    // `name` now refers to the new, empty file `inode`
    kDelete,    // `name` no longer refers to any file
    kWrite,     // `bytes` written at `offset` into `inode`
    kTruncate,  // `inode` cut (or extended) to `offset` bytes
    kSync,      // fsync of `inode`: its content so far is on the disk
    kDirSync,   // fsync of the directory: its entries so far are on the disk
  };
  Kind kind = Kind::kWrite;
  std::string name;  // file name inside the directory (kCreate, kDelete)
  int inode = -1;
  int64_t offset = 0;
  std::string bytes;
};

class RecordingVfs {
 public:
  // Journals the files directly inside `directory` (an absolute path).
  explicit RecordingVfs(std::string directory);
  ~RecordingVfs();
  RecordingVfs(const RecordingVfs&) = delete;
  RecordingVfs& operator=(const RecordingVfs&) = delete;

  // How many events were journaled so far: a cut point.
  size_t event_count() const;
  std::vector<FileEvent> events() const;

  // Called by the shim's functions (recording_vfs.cc).
  bool records(const char* path) const;
  int on_create(const char* path);  // returns the new inode
  int inode_of(const char* path);   // the inode a name refers to now (-1: none)
  void on_delete(const char* path);
  void on_write(int inode, const void* data, int amount, int64_t offset);
  void on_truncate(int inode, int64_t size);
  void on_sync(int inode);
  void on_directory_sync(const char* path);

 private:
  std::string base_name(const char* path) const;
  void add(FileEvent event);

  std::string directory_;
  mutable std::mutex mutex_;
  std::vector<FileEvent> events_;
  std::vector<std::pair<std::string, int>> names_;  // the directory now: name -> inode
  int next_inode_ = 0;
  sqlite3_vfs vfs_{};
  sqlite3_vfs* real_ = nullptr;  // the unix VFS
  void* app_data_[2] = {};       // {this, real_}, the shim's pAppData
};

}  // namespace dynamini::testing
