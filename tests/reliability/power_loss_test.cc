// Power loss and process crashes at every write and sync a database makes:
// the workload (durability_workload.h) runs on a file through RecordingVfs,
// then for each cut point (a prefix of the journal of writes, syncs and
// directory changes) the files a restart would find are rebuilt
// (power_cut.h), opened with the real VFS, checked with PRAGMA
// integrity_check, and matched to the prefix of writes they hold: every
// write acknowledged before the cut must be there, nothing that had not
// started may be, the items, GSI rows and stream records must be those of
// one prefix (atomic writes, the stream in commit order).
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "durability_workload.h"
#include "power_cut.h"
#include "recording_vfs.h"

namespace dynamini::testing {
namespace {

namespace fs = std::filesystem;

// 1 CreateTable + 120 writes: about 1,300-1,800 journal events per run.
constexpr int kWrites = 120;

struct Journal {
  Workload workload;
  std::vector<FileEvent> events;
  fs::path directory;  // scratch space, removed by the caller
};

// Scratch space in memory when the machine has it (/dev/shm): the test
// opens thousands of recovered files, and their real fsyncs (SQLite's
// checkpoint on close) would make it wait for the disk for minutes. What the
// disk keeps is the journal's model (power_cut.h), not the real files.
fs::path scratch_root() {
  std::error_code ec;
  if (fs::is_directory("/dev/shm", ec)) return "/dev/shm";
  return fs::temp_directory_path();
}

fs::path new_directory() {
  std::string pattern = (scratch_root() / "dynamini-power-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

Journal record(Durability durability, uint32_t seed) {
  Journal j{Workload(seed, kWrites), {}, new_directory()};
  fs::create_directory(j.directory / "live");
  {
    RecordingVfs vfs((j.directory / "live").string());
    j.workload.run((j.directory / "live" / "db").string(), durability,
                   [&] { return vfs.event_count(); });
    j.events = vfs.events();
  }
  fs::remove_all(j.directory / "live");
  return j;
}

std::string integrity(const std::string& path) {
  sqlite3* db = nullptr;
  std::string result = "cannot open";
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
      result = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db);
  return result;
}

struct CutStats {
  size_t cuts = 0;
  size_t lossy_cuts = 0;  // cut points where an acknowledged write was missing
  size_t most_lost = 0;   // the most acknowledged writes missing at one cut point
  std::vector<std::string> failures;
};

// Recovers the files found after `crash` at cut point `c` and checks them.
void check_cut(const Journal& j, const DiskModel& disk, size_t c, Crash crash, std::mt19937& rng,
               bool keeps_acknowledged, CutStats& stats) {
  const fs::path dir = j.directory / "cut";
  fs::remove_all(dir);
  fs::create_directory(dir);
  disk.materialize(crash, rng, dir.string());
  const std::string path = (dir / "db").string();
  Recovered recovered;
  {
    Options options;
    options.path = path;
    options.ttl_sweep_interval_ms = 0;
    auto db = Database::open(std::move(options));
    recovered = read_recovered(*db);
  }
  const std::string where = std::string(crash_name(crash)) + " at event " + std::to_string(c);
  const std::string check = integrity(path);
  if (check != "ok") stats.failures.push_back(where + ": integrity_check: " + check);
  const auto p = j.workload.matching_prefix(recovered);
  const size_t acknowledged = j.workload.acknowledged_by(c);
  ++stats.cuts;
  if (!p) {
    stats.failures.push_back(where + ": matches no prefix of the writes " + recovered.problem);
    return;
  }
  if (*p > j.workload.started_by(c)) {
    stats.failures.push_back(where + ": holds writes that had not started");
  }
  if (*p < acknowledged) {
    ++stats.lossy_cuts;
    stats.most_lost = std::max(stats.most_lost, acknowledged - *p);
    if (keeps_acknowledged) {
      stats.failures.push_back(where + ": holds " + std::to_string(*p) + " writes, " +
                               std::to_string(acknowledged) + " were acknowledged");
    }
  }
}

// Which cut points are checked: every one, or every Nth (and the last) when
// DYNAMINI_CUT_STRIDE=N is set. The sanitizer builds set it
// (tests/reliability/CMakeLists.txt): they look for memory and undefined
// behaviour errors on the recovery path, which every cut point runs alike;
// the release suite checks every cut point.
size_t cut_stride() {
  const char* text = std::getenv("DYNAMINI_CUT_STRIDE");
  const long stride = text == nullptr ? 1 : std::strtol(text, nullptr, 10);
  return stride > 1 ? static_cast<size_t>(stride) : 1;
}

// The cut points from 0 (nothing written) to the end of the journal.
CutStats check_cuts(const Journal& j, Crash crash, bool keeps_acknowledged) {
  CutStats stats;
  DiskModel disk;
  std::mt19937 rng(20);
  const size_t stride = cut_stride();
  for (size_t c = 0; c <= j.events.size(); ++c) {
    if (c > 0) disk.apply(j.events[c - 1]);
    if (c % stride != 0 && c != j.events.size()) continue;
    check_cut(j, disk, c, crash, rng, keeps_acknowledged, stats);
  }
  std::printf("%s: %zu cut points, %zu with acknowledged writes missing (at most %zu)\n",
              crash_name(crash), stats.cuts, stats.lossy_cuts, stats.most_lost);
  return stats;
}

void report(const CutStats& stats) {
  for (size_t i = 0; i < stats.failures.size() && i < 10; ++i) MESSAGE(stats.failures[i]);
  CHECK(stats.failures.empty());
}

size_t count(const Journal& j, FileEvent::Kind kind) {
  return std::count_if(j.events.begin(), j.events.end(),
                       [&](const FileEvent& e) { return e.kind == kind; });
}

void describe(const char* what, const Journal& j) {
  std::printf(
      "%s: %zu writes, %zu journal events (%zu writes, %zu file syncs, %zu directory syncs)\n",
      what, j.workload.writes(), j.events.size(), count(j, FileEvent::Kind::kWrite),
      count(j, FileEvent::Kind::kSync), count(j, FileEvent::Kind::kDirSync));
}

}  // namespace

TEST_CASE("Power loss: with durability full no acknowledged write is lost at any cut point") {
  Journal j = record(Durability::kFull, 1);
  describe("durability full", j);
  // The WAL is synced at each commit, and its directory once it was created.
  CHECK(count(j, FileEvent::Kind::kSync) >= j.workload.writes());
  CHECK(count(j, FileEvent::Kind::kDirSync) >= 2);
  report(check_cuts(j, Crash::kPowerLoss, true));
  report(check_cuts(j, Crash::kPowerLossSomeWritten, true));
  fs::remove_all(j.directory);
}

TEST_CASE("Process crash: with durability normal no acknowledged write is lost at any cut point") {
  Journal j = record(Durability::kNormal, 2);
  describe("durability normal", j);
  report(check_cuts(j, Crash::kProcess, true));
  fs::remove_all(j.directory);
}

TEST_CASE(
    "Power loss: durability normal stays consistent but can lose the last acknowledged writes") {
  // Its documented promise: a crash of the process, not of the machine.
  // Every recovered file is intact and holds a prefix of the writes; some
  // cut points lose acknowledged writes (SQLite syncs the WAL only at
  // checkpoints), which shows the cut model can see a loss.
  Journal j = record(Durability::kNormal, 3);
  describe("durability normal", j);
  CutStats lost = check_cuts(j, Crash::kPowerLoss, false);
  report(lost);
  CHECK(lost.lossy_cuts > 0);
  report(check_cuts(j, Crash::kPowerLossSomeWritten, false));
  fs::remove_all(j.directory);
}

TEST_CASE("Power cut model: unsynced writes and directory entries are lost, synced ones kept") {
  const fs::path dir = new_directory();
  using Kind = FileEvent::Kind;
  const std::vector<FileEvent> events = {
      {Kind::kCreate, "a", 0, 0, ""}, {Kind::kWrite, "", 0, 0, "synced"},
      {Kind::kSync, "", 0, 0, ""},    {Kind::kWrite, "", 0, 0, "SYNCED-NOT"},
      {Kind::kCreate, "b", 1, 0, ""},
  };
  const FileEvent directory_sync{Kind::kDirSync, "", -1, 0, ""};
  std::mt19937 rng(1);
  auto read = [&](const char* name) {
    std::ifstream in(dir / name, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  DiskModel disk;
  for (const auto& e : events) disk.apply(e);
  disk.materialize(Crash::kPowerLoss, rng, dir.string());
  CHECK_FALSE(fs::exists(dir / "a"));  // its directory entry was never synced
  disk.apply(directory_sync);
  disk.materialize(Crash::kPowerLoss, rng, dir.string());
  CHECK(read("a") == "synced");
  CHECK(read("b").empty());
  disk.materialize(Crash::kProcess, rng, dir.string());
  CHECK(read("a") == "SYNCED-NOT");
  fs::remove_all(dir);
}

}  // namespace dynamini::testing
