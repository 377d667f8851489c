#!/usr/bin/env bash
# Builds the single static executable, the release artifact beside the DEB:
# `dynamini` linked statically against SQLite, OpenSSL's libcrypto and
# libssl, zlib, libstdc++ and libgcc (the CMake option DYNAMINI_STATIC), so
# the only shared libraries it needs are glibc's: it can be copied into any
# glibc-based container.
#   usage: bash tools/packaging/build_static.sh [BUILD_DIR]
#   prints the artifact's path: BUILD_DIR/dynamini-VERSION-linux-ARCH (stripped)
# HTTPS (dynamini copy to real DynamoDB) reads CA certificates from OpenSSL's
# default paths (/usr/lib/ssl/certs, Debian's); elsewhere set SSL_CERT_FILE.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
build="${1:-$src/build-static}"
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDYNAMINI_STATIC=ON \
  -DBUILD_TESTING=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" --target dynamini -j"$(nproc)" >&2
version="$(sed -n 's/^project(dynamini VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")"
artifact="$build/dynamini-$version-linux-$(uname -m)"
strip -o "$artifact" "$build/tools/dynamini"
bash "$src/tools/packaging/check_static.sh" "$artifact" >&2
echo "$artifact"
