#!/usr/bin/env bash
# The single static executable, the release artifact the packages carry:
# the CMake target dynamini-static (the objects of the normal build linked
# against the static archives of SQLite, OpenSSL and zlib, and of libstdc++
# and libgcc), so the only shared libraries it needs are glibc's. Builds the
# target in BUILD_DIR (default: build, the tree tools/test.sh builds), strips
# it and checks it needs nothing but glibc.
#   usage: bash tools/packaging/build_static.sh [BUILD_DIR]
#   prints the artifact's path: BUILD_DIR/dynamini-VERSION-linux-ARCH
# HTTPS (dynamini copy to real DynamoDB) reads CA certificates from OpenSSL's
# default paths (/usr/lib/ssl/certs, Debian's); elsewhere set SSL_CERT_FILE.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$src/build}"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" --target dynamini-static -j"$(nproc)" >&2
version="$(sed -n 's/^project(dynamini VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")"
artifact="$build/dynamini-$version-linux-$(uname -m)"
strip -o "$artifact" "$build/tools/dynamini-static"
bash "$src/tools/packaging/check_static.sh" "$artifact" >&2
echo "$artifact"
