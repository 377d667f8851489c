#!/usr/bin/env bash
# Instructions from spawn to the first answered request (a GetItem on the
# preloaded inbox), counted by callgrind: start-up cost without the noise of
# wall-clock timing on a shared machine. The dynamic loader's share shows as
# _dl_relocate_object / _dl_lookup_symbol_x in `callgrind_annotate OUT`.
#   usage: bash tools/bench/startup_callgrind.sh BINARY [OUT]
set -euo pipefail
binary="$1"
out="${2:-$(mktemp -t callgrind.startup.XXXXXX)}"
log="$(mktemp)"
valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" --port 0 --threads 1 \
  >"$log" 2>/dev/null &
server=$!
for _ in $(seq 1 300); do grep -q 'listening on' "$log" && break; sleep 0.1; done
port="$(grep -o '127.0.0.1:[0-9]*' "$log" | head -1 | cut -d: -f2)"
curl -s -o /dev/null -X POST "http://127.0.0.1:$port/" \
  -H 'X-Amz-Target: DynamoDB_20120810.GetItem' -H 'Content-Type: application/x-amz-json-1.0' \
  -d '{"TableName":"inbox","Key":{"pk":{"S":"USER#u1"},"sk":{"S":"#INBOX"}}}'
kill -TERM "$server"
wait "$server" || true
rm -f "$log"
callgrind_annotate "$out" | grep 'PROGRAM TOTALS'
echo "profile: $out"
