#include "recording_vfs.h"

#include <stdexcept>

namespace dynamini::testing {
namespace {

// The instance whose directory syncs the system call hook journals.
RecordingVfs* g_active = nullptr;
sqlite3_syscall_ptr g_real_open_directory = nullptr;

// The shim's file: our methods in front, the unix VFS's file right after.
struct ShimFile {
  sqlite3_file base;
  RecordingVfs* owner;
  int inode;  // -1: not journaled
  sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

ShimFile* shim(sqlite3_file* f) { return reinterpret_cast<ShimFile*>(f); }
sqlite3_file* real(sqlite3_file* f) { return shim(f)->real(); }
sqlite3_vfs* real_vfs(sqlite3_vfs* vfs) {
  return static_cast<sqlite3_vfs*>(static_cast<void**>(vfs->pAppData)[1]);
}
RecordingVfs* owner(sqlite3_vfs* vfs) {
  return static_cast<RecordingVfs*>(static_cast<void**>(vfs->pAppData)[0]);
}

// unix VFS: int openDirectory(const char* file_path, int* fd), followed by
// an fsync of that descriptor wherever SQLite calls it (os_unix.c).
int hooked_open_directory(const char* path, int* fd) {
  using OpenDirectory = int (*)(const char*, int*);
  const int rc = reinterpret_cast<OpenDirectory>(g_real_open_directory)(path, fd);
  if (rc == SQLITE_OK && g_active != nullptr && g_active->records(path)) {
    g_active->on_directory_sync(path);
  }
  return rc;
}

int file_close(sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); }
int file_read(sqlite3_file* f, void* out, int amount, sqlite3_int64 offset) {
  return real(f)->pMethods->xRead(real(f), out, amount, offset);
}
int file_write(sqlite3_file* f, const void* data, int amount, sqlite3_int64 offset) {
  const int rc = real(f)->pMethods->xWrite(real(f), data, amount, offset);
  if (rc == SQLITE_OK && shim(f)->inode >= 0) {
    shim(f)->owner->on_write(shim(f)->inode, data, amount, offset);
  }
  return rc;
}
int file_truncate(sqlite3_file* f, sqlite3_int64 size) {
  const int rc = real(f)->pMethods->xTruncate(real(f), size);
  if (rc == SQLITE_OK && shim(f)->inode >= 0) shim(f)->owner->on_truncate(shim(f)->inode, size);
  return rc;
}
int file_sync(sqlite3_file* f, int flags) {
  // Journaled before the real fsync, so that a directory sync the unix VFS
  // does inside it comes after, in its order: the file, then its directory.
  if (shim(f)->inode >= 0) shim(f)->owner->on_sync(shim(f)->inode);
  return real(f)->pMethods->xSync(real(f), flags);
}
int file_size(sqlite3_file* f, sqlite3_int64* size) {
  return real(f)->pMethods->xFileSize(real(f), size);
}
int file_lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
int file_unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
int file_check_reserved(sqlite3_file* f, int* out) {
  return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
int file_control(sqlite3_file* f, int op, void* arg) {
  return real(f)->pMethods->xFileControl(real(f), op, arg);
}
int file_sector_size(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int file_device(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int file_shm_map(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
  return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
}
int file_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
void file_shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int file_shm_unmap(sqlite3_file* f, int delete_flag) {
  return real(f)->pMethods->xShmUnmap(real(f), delete_flag);
}
int file_fetch(sqlite3_file* f, sqlite3_int64 offset, int amount, void** out) {
  return real(f)->pMethods->xFetch(real(f), offset, amount, out);
}
int file_unfetch(sqlite3_file* f, sqlite3_int64 offset, void* page) {
  return real(f)->pMethods->xUnfetch(real(f), offset, page);
}

const sqlite3_io_methods kMethods = {
    3,
    file_close,
    file_read,
    file_write,
    file_truncate,
    file_sync,
    file_size,
    file_lock,
    file_unlock,
    file_check_reserved,
    file_control,
    file_sector_size,
    file_device,
    file_shm_map,
    file_shm_lock,
    file_shm_barrier,
    file_shm_unmap,
    file_fetch,
    file_unfetch,
};

int vfs_open(sqlite3_vfs* vfs, const char* name, sqlite3_file* file, int flags, int* out_flags) {
  ShimFile* f = shim(file);
  f->base.pMethods = nullptr;
  const int rc = real_vfs(vfs)->xOpen(real_vfs(vfs), name, f->real(), flags, out_flags);
  if (rc != SQLITE_OK) return rc;
  RecordingVfs* self = owner(vfs);
  f->owner = self;
  f->inode = -1;
  if (name != nullptr && (flags & SQLITE_OPEN_DELETEONCLOSE) == 0 && self->records(name)) {
    f->inode = self->inode_of(name);
    if (f->inode < 0) f->inode = self->on_create(name);
  }
  f->base.pMethods = &kMethods;
  return SQLITE_OK;
}

int vfs_delete(sqlite3_vfs* vfs, const char* name, int sync_directory) {
  // Journaled first: the directory sync the unix VFS may do inside follows.
  if (owner(vfs)->records(name)) owner(vfs)->on_delete(name);
  return real_vfs(vfs)->xDelete(real_vfs(vfs), name, sync_directory);
}
int vfs_access(sqlite3_vfs* vfs, const char* name, int flags, int* out) {
  return real_vfs(vfs)->xAccess(real_vfs(vfs), name, flags, out);
}
int vfs_full_pathname(sqlite3_vfs* vfs, const char* name, int size, char* out) {
  return real_vfs(vfs)->xFullPathname(real_vfs(vfs), name, size, out);
}
int vfs_randomness(sqlite3_vfs* vfs, int size, char* out) {
  return real_vfs(vfs)->xRandomness(real_vfs(vfs), size, out);
}
int vfs_sleep(sqlite3_vfs* vfs, int microseconds) {
  return real_vfs(vfs)->xSleep(real_vfs(vfs), microseconds);
}
int vfs_current_time(sqlite3_vfs* vfs, double* out) {
  return real_vfs(vfs)->xCurrentTime(real_vfs(vfs), out);
}
int vfs_last_error(sqlite3_vfs* vfs, int size, char* out) {
  return real_vfs(vfs)->xGetLastError(real_vfs(vfs), size, out);
}
int vfs_current_time_int64(sqlite3_vfs* vfs, sqlite3_int64* out) {
  return real_vfs(vfs)->xCurrentTimeInt64(real_vfs(vfs), out);
}

}  // namespace

RecordingVfs::RecordingVfs(std::string directory) : directory_(std::move(directory)) {
  if (g_active != nullptr) throw std::logic_error("one RecordingVfs at a time");
  real_ = sqlite3_vfs_find(nullptr);
  if (real_ == nullptr || real_->xSetSystemCall == nullptr) {
    throw std::runtime_error("the default VFS cannot be wrapped");
  }
  app_data_[0] = this;
  app_data_[1] = real_;
  vfs_.iVersion = 2;
  vfs_.szOsFile = static_cast<int>(sizeof(ShimFile)) + real_->szOsFile;
  vfs_.mxPathname = real_->mxPathname;
  vfs_.zName = "dynamini-recording";
  vfs_.pAppData = app_data_;
  vfs_.xOpen = vfs_open;
  vfs_.xDelete = vfs_delete;
  vfs_.xAccess = vfs_access;
  vfs_.xFullPathname = vfs_full_pathname;
  vfs_.xRandomness = vfs_randomness;
  vfs_.xSleep = vfs_sleep;
  vfs_.xCurrentTime = vfs_current_time;
  vfs_.xGetLastError = vfs_last_error;
  vfs_.xCurrentTimeInt64 = vfs_current_time_int64;
  g_real_open_directory = real_->xGetSystemCall(real_, "openDirectory");
  if (g_real_open_directory == nullptr ||
      real_->xSetSystemCall(real_, "openDirectory",
                            reinterpret_cast<sqlite3_syscall_ptr>(hooked_open_directory)) !=
          SQLITE_OK) {
    throw std::runtime_error("the unix VFS has no openDirectory system call to observe");
  }
  g_active = this;
  sqlite3_vfs_register(&vfs_, 1);
}

RecordingVfs::~RecordingVfs() {
  sqlite3_vfs_unregister(&vfs_);
  sqlite3_vfs_register(real_, 1);
  real_->xSetSystemCall(real_, "openDirectory", g_real_open_directory);
  g_active = nullptr;
}

size_t RecordingVfs::event_count() const {
  std::lock_guard lock(mutex_);
  return events_.size();
}

std::vector<FileEvent> RecordingVfs::events() const {
  std::lock_guard lock(mutex_);
  return events_;
}

bool RecordingVfs::records(const char* path) const {
  const std::string p = path;
  const size_t slash = p.rfind('/');
  return slash != p.npos && p.compare(0, slash, directory_) == 0 && slash == directory_.size();
}

std::string RecordingVfs::base_name(const char* path) const {
  const std::string p = path;
  return p.substr(p.rfind('/') + 1);
}

void RecordingVfs::add(FileEvent event) { events_.push_back(std::move(event)); }

int RecordingVfs::on_create(const char* path) {
  std::lock_guard lock(mutex_);
  const int inode = next_inode_++;
  names_.emplace_back(base_name(path), inode);
  add({.kind = FileEvent::Kind::kCreate, .name = base_name(path), .inode = inode});
  return inode;
}

int RecordingVfs::inode_of(const char* path) {
  std::lock_guard lock(mutex_);
  for (const auto& [name, inode] : names_) {
    if (name == base_name(path)) return inode;
  }
  return -1;
}

void RecordingVfs::on_delete(const char* path) {
  std::lock_guard lock(mutex_);
  std::erase_if(names_, [&](const auto& entry) { return entry.first == base_name(path); });
  add({.kind = FileEvent::Kind::kDelete, .name = base_name(path)});
}

void RecordingVfs::on_write(int inode, const void* data, int amount, int64_t offset) {
  std::lock_guard lock(mutex_);
  add({.kind = FileEvent::Kind::kWrite,
       .inode = inode,
       .offset = offset,
       .bytes = std::string(static_cast<const char*>(data), static_cast<size_t>(amount))});
}

void RecordingVfs::on_truncate(int inode, int64_t size) {
  std::lock_guard lock(mutex_);
  add({.kind = FileEvent::Kind::kTruncate, .inode = inode, .offset = size});
}

void RecordingVfs::on_sync(int inode) {
  std::lock_guard lock(mutex_);
  add({.kind = FileEvent::Kind::kSync, .inode = inode});
}

void RecordingVfs::on_directory_sync(const char*) {
  std::lock_guard lock(mutex_);
  add({.kind = FileEvent::Kind::kDirSync});
}

}  // namespace dynamini::testing
