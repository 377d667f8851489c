#include "storage/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace dynamini {
namespace {

std::string directory_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

FileLock::FileLock(const std::string& database_path) {
  if (database_path.empty() || database_path == ":memory:") return;
  const std::string dir = directory_of(database_path);
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw std::runtime_error("cannot open database " + database_path + ": directory " + dir +
                             " does not exist");
  }
  if (access(dir.c_str(), W_OK) != 0) {
    throw std::runtime_error("cannot open database " + database_path + ": directory " + dir +
                             " is not writable");
  }
  const std::string lock_path = database_path + ".lock";
  fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw std::runtime_error("cannot open database " + database_path + ": cannot create " +
                             lock_path + ": " + std::strerror(errno));
  }
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char owner[32] = {0};
    ssize_t n = pread(fd_, owner, sizeof owner - 1, 0);
    close(fd_);
    fd_ = -1;
    std::string pid = n > 0 ? std::string(owner, static_cast<size_t>(n)) : "unknown";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    throw std::runtime_error("cannot open database " + database_path +
                             ": it is in use by another process (pid " + pid +
                             "); one dynamini owns a database file at a time (reach the running "
                             "server with --endpoint instead)");
  }
  std::string pid = std::to_string(getpid()) + "\n";
  if (ftruncate(fd_, 0) == 0) {
    [[maybe_unused]] ssize_t written = pwrite(fd_, pid.data(), pid.size(), 0);
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0) close(fd_);  // releases the flock
}

}  // namespace dynamini
