#!/usr/bin/env bash
# Builds dynamini and runs every test: doctest unit tests (engine, model,
# server) and the end-to-end tests with real clients (boto3, AWS CLI) against
# servers started on port 0. Installs missing Debian packages first.
#   usage: bash tools/test.sh [extra ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# JavaScript end-to-end tests: the AWS SDK for JavaScript v3 and friends from
# npm, exact versions pinned in tests/e2e/js/package.json.
(cd tests/e2e/js && npm install --no-audit --no-fund --loglevel=error)
# The TypeScript sample project (vitest, tsx, TypeScript, the SDK; tools/node/dynamini-test
# as a file: dependency), versions pinned in tests/samples/typescript/package.json.
(cd tests/samples/typescript && npm install --no-audit --no-fund --loglevel=error)
# The MCP server's tests: the official MCP client SDK, pinned in
# tests/e2e/mcp/package.json.
(cd tests/e2e/mcp && npm install --no-audit --no-fund --loglevel=error)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=ON \
  -DDYNAMINI_WERROR="${DYNAMINI_WERROR:-OFF}" >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j2 "$@"
