#!/usr/bin/env bash
# Sanitizer runs (CI runs this after tools/test.sh):
#  - the whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer
#    (build-asan: the unit tests and the end-to-end tests against an
#    instrumented server);
#  - the concurrency tests under ThreadSanitizer (build-tsan).
#   usage: bash tools/sanitize.sh [asan|tsan|all]
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
jobs=$(nproc)

if [[ $which == asan || $which == all ]]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 \
    -DDYNAMINI_SANITIZE=address >/dev/null
  cmake --build build-asan -j"$jobs"
  # Package tests rebuild a consumer outside the sanitizer flags, the
  # WebAssembly tests run emscripten's build (tests/wasm), and the benchmark
  # smoke bounds the server's RSS, which ASan's shadow memory and quarantine
  # of freed blocks make meaningless: skipped here.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j2 -LE 'package|wasm|bench'
fi

if [[ $which == tsan || $which == all ]]; then
  cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDYNAMINI_SANITIZE=thread >/dev/null
  # The engine's and models' concurrency tests are binaries of their own in
  # this build (tests/engine/CMakeLists.txt), so it compiles only what runs.
  cmake --build build-tsan -j"$jobs" --target engine_concurrency_tests server_tests \
    model_concurrency_tests dynamini
  export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
  build-tsan/tests/engine/engine_concurrency_tests
  build-tsan/tests/server/server_tests
  build-tsan/tests/model/model_concurrency_tests -tc='*concurren*'
  (cd tests/e2e && DYNAMINI_BIN=../../build-tsan/tools/dynamini /usr/bin/python3 -m unittest test_concurrency)
fi
