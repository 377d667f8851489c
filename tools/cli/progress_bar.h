#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace dynamini::cli {

// A one-line progress bar on stderr: redrawn in place on a terminal (at most
// ten times a second), a single summary line otherwise. Silent when quiet.
class ProgressBar {
 public:
  ProgressBar(std::string label, int64_t total, bool quiet);
  ~ProgressBar();
  void advance(int64_t n = 1);
  void finish();

 private:
  void draw(bool final);

  std::string label_;
  int64_t total_;  // 0 when unknown
  int64_t done_ = 0;
  bool quiet_;
  bool tty_;
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace dynamini::cli
