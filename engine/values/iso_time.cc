#include "values/iso_time.h"

#include <cstdio>
#include <ctime>

namespace dynamini {
namespace {

std::tm utc(int64_t epoch_ms) {
  int64_t seconds = epoch_ms / 1000;
  if (epoch_ms < 0 && epoch_ms % 1000 != 0) --seconds;
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

}  // namespace

std::string iso_time_ms(int64_t epoch_ms) {
  const std::tm tm = utc(epoch_ms);
  const int ms = static_cast<int>(((epoch_ms % 1000) + 1000) % 1000);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
  return buf;
}

std::string iso_time_seconds(int64_t epoch_ms) {
  const std::tm tm = utc(epoch_ms);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

}  // namespace dynamini
