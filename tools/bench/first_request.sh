#!/usr/bin/env bash
# Seconds from a fresh clone to the first answered request: clones this
# repository's HEAD into an empty temporary folder, runs the README's
# `bash tools/serve.sh` there (packages already installed, ccache off so
# nothing comes from an earlier build) and polls the port until ListTables
# answers. Prints the seconds and the build's compiler time
# (tools/bench/build_time.py); docs/performance.md quotes them.
#   usage: bash tools/bench/first_request.sh [PORT]
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
port="${1:-18000}"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill -- "-$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
git clone -q "$src" "$work/dynamini"
start=$(date +%s%N)
# exec: the background subshell becomes setsid's process, which leads a new
# process group (not being a group leader, it does not fork), so the cleanup
# stops the build or the server with everything it started.
(cd "$work/dynamini" && CCACHE_DISABLE=1 exec setsid bash tools/serve.sh --port "$port" \
  >"$work/serve.log" 2>&1) &
server_pid=$!
until curl -s -o /dev/null -X POST "http://127.0.0.1:$port/" \
  -H 'X-Amz-Target: DynamoDB_20120810.ListTables' \
  -H 'Content-Type: application/x-amz-json-1.0' -d '{}'; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$work/serve.log" >&2
    exit 1
  fi
  sleep 0.2
done
end=$(date +%s%N)
echo "first request answered $(((end - start) / 1000000000)) s after the clone" \
  "(bash tools/serve.sh, $(nproc) cores)"
python3 "$src/tools/bench/build_time.py" --build "$work/dynamini/build" --top 5
