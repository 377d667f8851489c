#!/usr/bin/env bash
# Builds the npm package "dynamini" for linux-x64: the static executable as
# its `dynamini` command (bin/dynamini) and the test helper of
# tools/node/dynamini-test as its module, which runs that executable unless
# told otherwise. The version is project(VERSION) of CMakeLists.txt.
#   usage: bash tools/packaging/npm_package.sh [STATIC_BIN] [OUT_DIR]
#   STATIC_BIN: default, the one tools/packaging/build_static.sh builds;
#   OUT_DIR: default build/packages. Prints the path of dynamini-VERSION.tgz.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
bin="$(bash "$here/static_input.sh" "${1:-}")"
out="${2:-$src/build/packages}"
version="$(bash "$here/project_version.sh")"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/bin" "$out"
install -m 755 "$bin" "$stage/bin/dynamini"
cp "$src/tools/node/dynamini-test/index.mjs" "$src/tools/node/dynamini-test/index.d.ts" \
  "$here/npm/README.md" "$stage/"
node -e '
  const fs = require("node:fs");
  const [template, target, version] = process.argv.slice(1);
  const pkg = JSON.parse(fs.readFileSync(template, "utf8"));
  pkg.version = version;
  fs.writeFileSync(target, JSON.stringify(pkg, null, 2) + "\n");
' "$here/npm/package.json" "$stage/package.json" "$version"

# npm pack runs no network request; its JSON report names the file it wrote.
tgz="$(cd "$stage" && npm pack --json --ignore-scripts --pack-destination "$(realpath "$out")" \
  --loglevel=error --no-update-notifier | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d));
    process.stdin.on("end", () => console.log(JSON.parse(s)[0].filename));')"
echo "$(realpath "$out")/$tgz"
