#include "cli/progress_bar.h"

#include <unistd.h>

#include <algorithm>

namespace dynamini::cli {

ProgressBar::ProgressBar(std::string label, int64_t total, bool quiet)
    : label_(std::move(label)),
      total_(total),
      quiet_(quiet),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::advance(int64_t n) {
  done_ += n;
  auto now = std::chrono::steady_clock::now();
  if (tty_ && now - last_draw_ > std::chrono::milliseconds(100)) {
    last_draw_ = now;
    draw(false);
  }
}

void ProgressBar::finish() {
  if (finished_) return;
  finished_ = true;
  draw(true);
}

void ProgressBar::draw(bool final) {
  if (quiet_) return;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string bar;
  if (total_ > 0) {
    // A total that was an estimate (DynamoDB's ItemCount) may be passed.
    int filled = static_cast<int>(30 * std::min(done_, total_) / total_);
    bar = "[" + std::string(static_cast<size_t>(filled), '#') +
          std::string(static_cast<size_t>(30 - filled), '.') + "] ";
  }
  char line[256];
  if (total_ > 0) {
    std::snprintf(line, sizeof line, "%s %s%lld/%lld (%.1fs)", label_.c_str(), bar.c_str(),
                  static_cast<long long>(done_), static_cast<long long>(total_), seconds);
  } else {
    std::snprintf(line, sizeof line, "%s %lld (%.1fs)", label_.c_str(),
                  static_cast<long long>(done_), seconds);
  }
  if (tty_) {
    std::fprintf(stderr, "\r%s%s", line, final ? "\n" : "");
  } else if (final) {
    std::fprintf(stderr, "%s\n", line);
  }
  std::fflush(stderr);
}

}  // namespace dynamini::cli
