#!/usr/bin/env bash
# ctest wasm_package: installs build-wasm/dynamini-wasm-*.tgz into an empty
# folder, as a project would (with the AWS SDK and ElectroDB at the versions
# tests/e2e/js pins, from npm's cache when it has them), and runs
# tests/wasm/node/*.test.mjs there with node's test runner.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tarball=$(ls "$root"/build-wasm/dynamini-wasm-*.tgz)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version() { node -p "require('$root/tests/e2e/js/package.json').dependencies['$1']"; }
cd "$work"
printf '{"name":"consumer","private":true,"type":"module"}\n' > package.json
printf 'package-lock=false\n' > .npmrc
npm install --no-audit --no-fund --prefer-offline --loglevel=error "$tarball" \
  "@aws-sdk/client-dynamodb@$(version @aws-sdk/client-dynamodb)" \
  "@aws-sdk/lib-dynamodb@$(version @aws-sdk/lib-dynamodb)" "electrodb@$(version electrodb)"
cp "$root/tests/wasm/node/package.test.mjs" "$root/tests/wasm/node/helper.test.mjs" .
node --test --test-reporter=spec package.test.mjs helper.test.mjs
