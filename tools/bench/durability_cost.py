#!/usr/bin/python3
"""What `--durability full` costs: PutItem over HTTP against a `--db` file
with each durability, one connection and several (rounds alternate normal and
full so machine noise falls on both).

  /usr/bin/python3 tools/bench/durability_cost.py [--writes 2000] [--connections 1,8] [--rounds 2]
                                                  [--dir DIR] [--bin PATH]

The file goes in --dir (default: a temporary directory; put it on the disk
you care about: fsync's cost is the disk's). Prints writes/s and the p50 and
p99 latency of each run."""

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

HEADERS = {"Content-Type": "application/x-amz-json-1.0"}


def call(conn, op, body):
    conn.request("POST", "/", body=json.dumps(body),
                 headers=dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op}))
    resp = conn.getresponse()
    data = resp.read()
    assert resp.status == 200, data
    return data


def one_run(binary, folder, durability, writes, connections):
    db = os.path.join(folder, "cost-%s-%d.db" % (durability, connections))
    server = subprocess.Popen([binary, "--port", "0", "--no-inbox", "--db", db, "--durability", durability],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)\s*$", server.stdout.readline()).group(1))
        setup = http.client.HTTPConnection("127.0.0.1", port)
        call(setup, "CreateTable", {
            "TableName": "cost", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})
        latencies, lock = [], threading.Lock()

        def writer(n):
            conn = http.client.HTTPConnection("127.0.0.1", port)
            mine = []
            for i in range(writes // connections):
                t0 = time.perf_counter()
                call(conn, "PutItem", {"TableName": "cost", "Item": {
                    "pk": {"S": "c%d-%d" % (n, i)}, "v": {"S": "x" * 100}}})
                mine.append(time.perf_counter() - t0)
            with lock:
                latencies.extend(mine)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(connections)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        latencies.sort()
        return (len(latencies) / elapsed, latencies[len(latencies) // 2] * 1e3,
                latencies[int(len(latencies) * 0.99)] * 1e3)
    finally:
        server.terminate()
        server.wait(timeout=15)
        for suffix in ("", "-wal", "-shm", ".lock"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--writes", type=int, default=2000)
    p.add_argument("--connections", default="1,8")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--dir")
    p.add_argument("--bin", default=os.environ.get("DYNAMINI_BIN", "build/tools/dynamini"))
    args = p.parse_args()
    folder = args.dir or tempfile.mkdtemp(prefix="dynamini-durability-")
    try:
        for connections in (int(c) for c in args.connections.split(",")):
            for round_number in range(args.rounds):
                for durability in ("normal", "full"):
                    rate, p50, p99 = one_run(args.bin, folder, durability, args.writes, connections)
                    print("%-6s %2d connection(s), round %d: %7.0f PutItem/s, p50 %.2f ms, p99 %.2f ms" % (
                        durability, connections, round_number + 1, rate, p50, p99), flush=True)
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
