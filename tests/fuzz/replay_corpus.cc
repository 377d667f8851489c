// Replays every input under tests/fuzz/corpus/<target>/ (seed corpus and
// regressions from crashes found) through the fuzz bodies in the normal
// build, so CI guards what fuzzing found.
//   replay_corpus CORPUS_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_bodies.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: replay_corpus CORPUS_DIR\n");
    return 2;
  }
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& target_dir : fs::directory_iterator(argv[1])) {
    auto body = dynamini::fuzz::body_named(target_dir.path().filename().string());
    if (!body || !target_dir.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(target_dir.path())) {
      std::ifstream in(file.path(), std::ios::binary);
      std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
      body(bytes.data(), bytes.size());
      ++files;
    }
  }
  std::printf("replayed %d inputs\n", files);
  return files > 0 ? 0 : 1;
}
