#!/usr/bin/env bash
# Installs the build into a scratch prefix with `cmake --install`, then builds
# and runs tests/package/consumer against it with find_package(dynamini).
#   usage: install_and_consume.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
build=$1 scratch=$2 here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$scratch" && mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cmake -S "$here/consumer" -B "$scratch/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/consumer" >/dev/null
"$scratch/consumer/consumer"
