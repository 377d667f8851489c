#!/usr/bin/env bash
# Builds dynamini and starts it on http://127.0.0.1:8000 with the inbox model
# preloaded. Extra arguments go to the dynamini command (see --help).
#   usage: bash tools/serve.sh [--port N] [--db FILE] [--no-inbox] ...
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh serve
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
cmake --build build -j"$(nproc)" --target dynamini
exec build/tools/dynamini --port 8000 "$@"
