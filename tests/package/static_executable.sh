#!/usr/bin/env bash
# The single static executable: built by tools/packaging/build_static.sh,
# needs only glibc (check_static.sh), and runs from an empty directory with
# an empty environment: --version, a server on port 0 answering one
# DynamoDB request, and an MCP session's first message over stdio.
#   usage: static_executable.sh BUILD_DIR
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
artifact="$(bash "$src/tools/packaging/build_static.sh" "$1")"
empty="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$empty"
}
trap cleanup EXIT
cp "$artifact" "$empty/dynamini"
cd "$empty"
run() { env -i ./dynamini "$@"; }

run --version | grep -E '^dynamini [0-9]+\.[0-9]+\.[0-9]+$'

coproc SERVER { exec env -i ./dynamini --port 0 2>&1; }
server_pid=$SERVER_PID
read -r -t 15 line <&"${SERVER[0]}"
echo "static_executable: $line"
url="$(echo "$line" | sed -n 's/^dynamini listening on \(http:[^ ]*\)$/\1/p')"
[[ -n "$url" ]] || { echo "static_executable: no listening line" >&2; exit 1; }
body="$(curl -sS -X POST "$url" -H 'Content-Type: application/x-amz-json-1.0' \
  -H 'X-Amz-Target: DynamoDB_20120810.ListTables' -d '{}')"
echo "static_executable: ListTables -> $body"
[[ "$body" == '{"TableNames":["inbox"]}' ]]
kill "$server_pid"
wait "$server_pid" || true
server_pid=""

answer="$(printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}' |
  env -i ./dynamini mcp)"
echo "static_executable: mcp -> ${answer:0:120}..."
[[ "$answer" == *'"serverInfo":{"name":"dynamini"'* ]]
[[ "$(ls -A "$empty")" == "dynamini" ]] || { echo "static_executable: files left: $(ls -A)" >&2; exit 1; }
echo "static_executable: ok"
