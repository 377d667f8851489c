#!/usr/bin/env bash
# Builds dynamini and runs every test: doctest unit tests (engine, model,
# server) and the end-to-end tests with real clients (boto3, AWS CLI) against
# servers started on port 0. Installs missing Debian packages first.
#   usage: bash tools/test.sh [extra ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j2 "$@"
