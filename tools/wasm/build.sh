#!/usr/bin/env bash
# Builds dynamini for browsers and Node with emscripten (Debian's package),
# into build-wasm/:
#   dynamini-classroom.html   the whole console with the engine and the shipped
#                             models, one file that works from file://
#   dynamini-wasm-VERSION.tgz the npm package (`npm pack`): createDynamini()
#   package/                  the package's files, unpacked
#   engine/                   dynamini-engine.mjs and dynamini-engine.wasm
# Usage: bash tools/wasm/build.sh        (exits 2 when emcc is missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/build-wasm
mkdir -p "$out/deps"

if ! command -v emcc > /dev/null; then
  echo "wasm/build.sh: emcc not found; install Debian's emscripten (tools/install-deps.sh)" >&2
  exit 2
fi

# SQLite: the amalgamation better-sqlite3 8.1.0 ships (deps/sqlite3/), which
# is SQLite 3.40.1, the version of Debian 12's libsqlite3 that the native
# build links: both builds run the same SQLite. The tarball is checked
# against its SHA-256 before use.
sqlite_package=better-sqlite3@8.1.0
sqlite_tarball=$out/deps/better-sqlite3-8.1.0.tgz
sqlite_sha256=9006504eac0c86e8d5f42d6b7a8282866bf041bc856ff4438fec83cb98e4c05f
if [[ ! -f $out/deps/sqlite3/sqlite3.c ]]; then
  if [[ ! -f $sqlite_tarball ]]; then
    (cd "$out/deps" && npm pack --silent "$sqlite_package" > /dev/null)
  fi
  echo "$sqlite_sha256  $sqlite_tarball" | sha256sum --check --quiet
  mkdir -p "$out/deps/sqlite3"
  tar -xzf "$sqlite_tarball" -C "$out/deps/sqlite3" --strip-components=3 \
    package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h
fi
# Header-only libraries, Debian's: RapidJSON and Boost (the engine's
# static_vector), from a folder that holds nothing else (adding /usr/include
# would put glibc's headers before emscripten's).
mkdir -p "$out/deps/include"
ln -sfn /usr/include/rapidjson "$out/deps/include/rapidjson"
ln -sfn /usr/include/boost "$out/deps/include/boost"

# emscripten's JavaScript optimizer requires acorn, which Debian installs
# for its own node (/usr/share/nodejs); another node build finds it there
# through NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# The module. ccache (when installed) serves unchanged objects.
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
emcmake cmake -S . -B "$out/cmake" -G Ninja -DDYNAMINI_BROWSER=ON -DCMAKE_BUILD_TYPE=Release \
  -DDYNAMINI_SQLITE_AMALGAMATION="$out/deps/sqlite3" \
  -DRAPIDJSON_INCLUDE_DIRS="$out/deps/include" "${launcher[@]}" > "$out/cmake.log"
cmake --build "$out/cmake" -j2
mkdir -p "$out/engine"
cp "$out/cmake/tools/wasm/dynamini-engine.mjs" "$out/cmake/tools/wasm/dynamini-engine.wasm" \
  "$out/engine/"

# The JavaScript: the classroom page and the npm package. esbuild (pinned in
# tools/wasm/js/package.json) bundles the console's scripts.
if [[ ! -x $root/tools/wasm/js/node_modules/.bin/esbuild ]]; then
  (cd "$root/tools/wasm/js" && npm install --no-audit --no-fund --loglevel=error)
fi
node "$root/tools/wasm/js/build_outputs.mjs" "$out"
