#!/usr/bin/python3
"""Soak: a bounded mixed load against one dynamini server, watching for slow
growth (issue 20, "Reliability, proven under faults", item 5).

  /usr/bin/python3 tools/bench/soak.py [--minutes 10] [--warmup 2] [--connections 64]
                                       [--rate 1500] [--db FILE | --in-memory] [--bin PATH]

64 keep-alive connections (one of them a stream consumer) send, paced to
--rate requests/s in total: GetItem, PutItem, Query, UpdateItem (ADD),
TransactWriteItems, TransactGetItems, BatchGetItem, and PutItem of items
whose TTL attribute expires a few seconds later, so the server's TTL
sweeper deletes them all along (their REMOVE records reach the stream);
the consumer follows the table's stream with GetRecords across shards.
The key space is fixed, so the table's size stays bounded; the stream keeps
24 hours of records, so its storage grows: with --db (the default, a file
in a temporary directory) that growth is on disk and the memory measured is
the server's own.

Every minute: the server's RSS (VmRSS) and open file descriptors (from
/proc/PID), requests, errors, and latency p50/p99/max seen by the clients
(send to last byte of the response). At the end: RSS and fd growth from the
end of the warm-up to the end, and the spread of the per-minute p99 after
warm-up. Exit status 1 when a request failed (a 5xx, a client error the
load does not expect, or a dropped connection), so the short form is a
smoke test (ctest e2e_bench_smoke)."""

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HASH_KEYS = 200
RANGE_KEYS = 50
TTL_SECONDS = 3


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=10)
    p.add_argument("--warmup", type=float, default=2, help="minutes before growth is measured")
    p.add_argument("--connections", type=int, default=64)
    p.add_argument("--rate", type=float, default=1500, help="requests per second, all connections")
    p.add_argument("--db", help="database file (default: a new file in a temporary directory)")
    p.add_argument("--in-memory", action="store_true", help="no file: the stream grows in memory")
    p.add_argument("--bin", default=os.environ.get("DYNAMINI_BIN", "build/tools/dynamini"))
    p.add_argument("--sample-seconds", type=float, default=60, help="length of one report row")
    return p.parse_args()


class Stats:
    def __init__(self):
        self.latencies, self.requests, self.errors, self.last_error = [], 0, 0, None

    def take(self):
        out = (sorted(self.latencies), self.requests, self.errors)
        self.latencies, self.requests, self.errors = [], 0, 0
        return out


class Connection:
    """One keep-alive HTTP/1.1 connection speaking DynamoDB's JSON protocol."""

    def __init__(self, port, stats):
        self.port, self.stats = port, stats
        self.reader = self.writer = None

    async def call(self, op, body, expect=("",)):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        payload = json.dumps(body).encode()
        target = ("DynamoDBStreams_20120810." if op in ("GetRecords", "GetShardIterator", "DescribeStream")
                  else "DynamoDB_20120810.") + op
        head = ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
                "X-Amz-Target: %s\r\nContent-Length: %d\r\n\r\n" % (target, len(payload))).encode()
        start = time.perf_counter()
        try:
            self.writer.write(head + payload)
            status_line = await self.reader.readline()
            length = 0
            while True:
                line = await self.reader.readline()
                if line in (b"\r\n", b""):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            data = await self.reader.readexactly(length)
        except (OSError, asyncio.IncompleteReadError) as e:
            self.writer = None
            self.fail("%s: connection lost: %r" % (op, e))
            return None
        self.stats.latencies.append(time.perf_counter() - start)
        self.stats.requests += 1
        status = int(status_line.split()[1])
        answer = json.loads(data or b"{}")
        if status != 200 and not any(answer.get("__type", "-").endswith(e) for e in expect if e):
            self.fail("%s: %d %s" % (op, status, data[:200]))
        return answer

    def fail(self, what):
        self.stats.errors += 1
        self.stats.last_error = what


def key(h, r):
    return {"pk": {"S": "P%03d" % h}, "sk": {"S": "S%03d" % r}}


def one_request(rng):
    """(operation, body, expected error types) of the mixed load."""
    h, r = rng.randrange(HASH_KEYS), rng.randrange(RANGE_KEYS)
    roll = rng.random()
    if roll < 0.35:
        return "GetItem", {"TableName": "soak", "Key": key(h, r)}, ()
    if roll < 0.55:
        item = dict(key(h, r), v={"N": str(rng.randrange(10**9))}, pad={"S": "x" * rng.randrange(10, 400)})
        return "PutItem", {"TableName": "soak", "Item": item}, ()
    if roll < 0.65:
        return "Query", {"TableName": "soak", "Limit": 20, "KeyConditionExpression": "pk = :p",
                         "ExpressionAttributeValues": {":p": {"S": "P%03d" % h}}}, ()
    if roll < 0.73:
        return "UpdateItem", {"TableName": "soak", "Key": key(h, r), "UpdateExpression": "ADD n :one",
                              "ExpressionAttributeValues": {":one": {"N": "1"}}}, ()
    if roll < 0.80:
        other = key(rng.randrange(HASH_KEYS), rng.randrange(RANGE_KEYS))
        if other == key(h, r):
            other = key((h + 1) % HASH_KEYS, r)
        update = {"UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}},
                  "TableName": "soak"}
        return "TransactWriteItems", {"TransactItems": [
            {"Update": dict(update, Key=key(h, r))}, {"Update": dict(update, Key=other)}]}, ()
    if roll < 0.86:
        return "TransactGetItems", {"TransactItems": [
            {"Get": {"TableName": "soak", "Key": key(h, (r + i) % RANGE_KEYS)}} for i in range(4)]}, ()
    if roll < 0.90:
        keys = [key(h, (r + i) % RANGE_KEYS) for i in range(10)]
        return "BatchGetItem", {"RequestItems": {"soak": {"Keys": keys}}}, ()
    expires = int(time.time()) + TTL_SECONDS
    item = {"pk": {"S": "TTL%03d" % h}, "sk": {"S": "%d-%d" % (r, rng.randrange(10**6))},
            "exp": {"N": str(expires)}}
    return "PutItem", {"TableName": "soak", "Item": item}, ()


async def worker(port, stats, rate, stop, seed):
    rng = random.Random(seed)
    conn = Connection(port, stats)
    interval = 1.0 / rate
    next_at = time.perf_counter() + rng.random() * interval
    while not stop.is_set():
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        next_at = max(next_at + interval, time.perf_counter() - 1.0)  # no burst after a stall
        op, body, expect = one_request(rng)
        await conn.call(op, body, expect)


async def stream_consumer(port, stats, stop, arn, counts):
    """Follows the stream from LATEST, moving to child shards as they appear."""
    conn = Connection(port, stats)
    done, iterators = set(), {}
    while not stop.is_set():
        desc = await conn.call("DescribeStream", {"StreamArn": arn})
        if desc is None:
            await asyncio.sleep(1)
            continue
        for shard in desc["StreamDescription"]["Shards"]:
            sid = shard["ShardId"]
            if sid not in done and sid not in iterators:
                kind = "LATEST" if not iterators and not done else "TRIM_HORIZON"
                it = await conn.call("GetShardIterator", {"StreamArn": arn, "ShardId": sid,
                                                          "ShardIteratorType": kind})
                if it:
                    iterators[sid] = it["ShardIterator"]
        for sid in list(iterators):
            page = await conn.call("GetRecords", {"ShardIterator": iterators[sid], "Limit": 1000})
            if page is None:
                del iterators[sid]
                continue
            counts["records"] += len(page["Records"])
            # The Streams API's Identity shape: PrincipalId and Type (capitalised,
            # unlike Lambda's event format).
            counts["ttl_removes"] += sum(r.get("userIdentity", {}).get("Type") == "Service"
                                         for r in page["Records"])
            if page.get("NextShardIterator"):
                iterators[sid] = page["NextShardIterator"]
            else:
                del iterators[sid]
                done.add(sid)
        await asyncio.sleep(0.2)


def proc_sample(pid):
    with open("/proc/%d/status" % pid) as f:
        status = f.read()
    rss = int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1))
    threads = int(re.search(r"^Threads:\s+(\d+)", status, re.M).group(1))
    return rss, len(os.listdir("/proc/%d/fd" % pid)), threads


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def setup_table(port):
    import http.client
    def post(op, body):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810." + op})
        r = c.getresponse()
        data = json.loads(r.read() or b"{}")
        assert r.status == 200, data
        return data
    out = post("CreateTable", {
        "TableName": "soak", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}})
    post("UpdateTimeToLive", {"TableName": "soak",
                              "TimeToLiveSpecification": {"Enabled": True, "AttributeName": "exp"}})
    return out["TableDescription"]["LatestStreamArn"]


async def run(args, pid, port, arn):
    stats, stop, counts = Stats(), asyncio.Event(), {"records": 0, "ttl_removes": 0}
    per_connection = args.rate / (args.connections - 1)
    tasks = [asyncio.create_task(worker(port, stats, per_connection, stop, n))
             for n in range(args.connections - 1)]
    tasks.append(asyncio.create_task(stream_consumer(port, stats, stop, arn, counts)))
    rows, started = [], time.perf_counter()
    end = started + args.minutes * 60
    print("minute  requests  errors   p50 ms   p99 ms   max ms   RSS MB  fds  threads  stream records")
    while time.perf_counter() < end:
        await asyncio.sleep(min(args.sample_seconds, end - time.perf_counter()))
        lat, requests, errors = stats.take()
        rss, fds, threads = proc_sample(pid)
        row = {"minute": (time.perf_counter() - started) / 60, "requests": requests, "errors": errors,
               "p50": percentile(lat, 0.5) * 1e3, "p99": percentile(lat, 0.99) * 1e3,
               "max": (lat[-1] if lat else float("nan")) * 1e3, "rss_kb": rss, "fds": fds,
               "threads": threads, "records": counts["records"], "ttl_removes": counts["ttl_removes"]}
        rows.append(row)
        print("%6.1f  %8d  %6d  %7.2f  %7.2f  %7.1f  %7.1f  %3d  %7d  %d (%d TTL)" % (
            row["minute"], requests, errors, row["p50"], row["p99"], row["max"], rss / 1024, fds,
            threads, counts["records"], counts["ttl_removes"]), flush=True)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return rows, stats.last_error


def summarize(rows, warmup_minutes):
    warm = [r for r in rows if r["minute"] <= warmup_minutes + 1e-9]
    after = [r for r in rows if r["minute"] > warmup_minutes + 1e-9]
    base = warm[-1] if warm else rows[0]
    last = rows[-1]
    p99s = [r["p99"] for r in after] or [rows[-1]["p99"]]
    print("RSS after warm-up %.1f MB, at the end %.1f MB: growth %+.1f%%" % (
        base["rss_kb"] / 1024, last["rss_kb"] / 1024, 100.0 * (last["rss_kb"] - base["rss_kb"]) / base["rss_kb"]))
    print("open fds after warm-up %d, at the end %d, most %d" % (
        base["fds"], last["fds"], max(r["fds"] for r in rows)))
    print("p99 after warm-up: %.2f to %.2f ms (per sample)" % (min(p99s), max(p99s)))
    print("requests %d, errors %d, stream records read %d (%d TTL deletions)" % (
        sum(r["requests"] for r in rows), sum(r["errors"] for r in rows), last["records"], last["ttl_removes"]))


def main():
    args = parse_args()
    tmp = None
    command = [args.bin, "--port", "0", "--no-inbox", "--quiet"]
    if not args.in_memory:
        if not args.db:
            tmp = tempfile.mkdtemp(prefix="dynamini-soak-")
            args.db = os.path.join(tmp, "soak.db")
        command += ["--db", args.db]
    # --quiet prints no listening line: pick a port by binding first.
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    command[2] = str(port)
    server = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                arn = setup_table(port)
                break
            except OSError:
                time.sleep(0.05)
        print("dynamini pid %d, %s, %d connections, %.0f requests/s, %.1f minutes (warm-up %.1f)" % (
            server.pid, "file " + args.db if args.db else "in memory", args.connections, args.rate,
            args.minutes, args.warmup))
        rows, last_error = asyncio.run(run(args, server.pid, port, arn))
        summarize(rows, args.warmup)
        if args.db:
            print("database file %.1f MB (with its WAL)" % (sum(
                os.path.getsize(p) for p in (args.db, args.db + "-wal") if os.path.exists(p)) / 2**20))
        if server.poll() is not None:
            print("the server exited with %s" % server.returncode)
            return 1
        if last_error:
            print("last error: %s" % last_error)
            return 1
        return 0
    finally:
        server.terminate()
        server.wait(timeout=15)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
