#!/usr/bin/env bash
# The npm package (tools/packaging/npm_package.sh): `npm install ./dynamini-VERSION.tgz`
# offline into an empty folder, far from any build tree, then, with only node on PATH and
# no DYNAMINI_BIN, npm_package_check.mjs there: `npx dynamini --port 0` answers the JS SDK
# and the helper runs the packaged executable. The SDK is tests/e2e/js's (NODE_PATH;
# tools/test.sh installs it).
#   usage: npm_package.sh STATIC_BIN
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
static_bin="$(realpath "$1")"
sdk="$src/tests/e2e/js/node_modules"
[[ -d "$sdk/@aws-sdk/client-dynamodb" ]] ||
  { echo "npm_package: no $sdk/@aws-sdk/client-dynamodb (cd tests/e2e/js && npm install)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

tgz="$(bash "$src/tools/packaging/npm_package.sh" "$static_bin" "$work/out")"
echo "npm_package: $(basename "$tgz"), $(du -k "$tgz" | cut -f1) KiB"
tar -tzf "$tgz" | sort | tr '\n' ' ' && echo
mkdir "$work/app" "$work/path" "$work/home"
# Only node, npm, npx and sh (npx runs commands with it) on PATH: no dynamini to fall back on.
for tool in node npm npx sh; do ln -s "$(command -v "$tool")" "$work/path/$tool"; done
cd "$work/app"
clean=(env -i "PATH=$work/path" "HOME=$work/home" npm_config_update_notifier=false)
"${clean[@]}" npm install --offline --no-audit --no-fund --no-package-lock --loglevel=error "$tgz"
[[ -x node_modules/.bin/dynamini && -x node_modules/dynamini/bin/dynamini ]]
cmp node_modules/dynamini/bin/dynamini "$static_bin"
version="$("${clean[@]}" npx --offline dynamini --version)"
echo "npm_package: npx dynamini --version -> $version"
[[ "$version" == "dynamini $(bash "$src/tools/packaging/project_version.sh")" ]]
cp "$here/npm_package_check.mjs" .
"${clean[@]}" "NODE_PATH=$sdk" node --test --test-reporter=spec npm_package_check.mjs
echo "npm_package: ok"
