#!/usr/bin/python3
"""Server CPU per request: dynamini beside the HTTP floor and the embedded cost.

  /usr/bin/python3 tools/bench/http_floor.py [--duration 5] [--rounds 3] [--ops 100000]

For GetItem, PutItem, conditional UpdateItem and Query (page of 20) it drives
dynamini and http_floor (tools/bench/http_floor.c: the cheapest keep-alive
HTTP server, one epoll thread, a fixed reply) with the same wrk load
(tools/bench/wrk_dynamodb.lua, wrk -t1 -c8), alternating A B A B. The floor
replies with a body as long as dynamini's reply to that operation. A
server's CPU per request is its user + system time (/proc/PID/stat) over the
wrk run divided by the requests wrk completed. The embedded cost is the same
operation through Database::execute with no HTTP (dynamini-bench-embedded,
1 / its ops/s on one thread, the median of --rounds runs). The limit for an
operation over HTTP is floor + embedded; the last column is dynamini / limit.

Needs: wrk (Debian package), cc, and the build (build/tools/dynamini,
build/tools/bench/dynamini-bench-embedded). Prints figures; never a test.
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_bench  # noqa: E402  (server start, seeding, the request headers)

# wrk_dynamodb.lua's operation -> the label of the same operation in
# dynamini-bench-embedded's output.
OPERATIONS = {
    "GetItem": "GetItem",
    "PutItem": "PutItem",
    "UpdateItem": "UpdateItem (conditional ADD)",
    "Query": "Query (page of 20)",
}

# One request of each operation as wrk_dynamodb.lua sends it, to measure the
# reply's size (PutItem and UpdateItem answer "{}", GetItem one item, Query
# a page of 20).
SAMPLE_REQUESTS = {
    "GetItem": {"TableName": "inbox", "Key": {"pk": {"S": "USER#u7"}, "sk": {"S": "NOTIF#007"}}},
    "PutItem": {"TableName": "inbox", "Item": {
        "pk": {"S": "USER#w7"}, "sk": {"S": "NOTIF#0-000000007"}, "type": {"S": "like"},
        "read": {"BOOL": False}, "payload": {"M": {"text": {"S": "liked your post"}}},
        "gsi1pk": {"S": "UNREAD#w7"}, "gsi1sk": {"S": "NOTIF#0-000000007"}}},
    "UpdateItem": {"TableName": "inbox", "Key": {"pk": {"S": "USER#u7"}, "sk": {"S": "#INBOX"}},
                   "UpdateExpression": "ADD unreadCount :one",
                   "ConditionExpression": "attribute_not_exists(unreadCount) OR unreadCount >= :zero",
                   "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}}},
    "Query": {"TableName": "inbox", "KeyConditionExpression": "pk = :p AND begins_with(sk, :n)",
              "ExpressionAttributeValues": {":p": {"S": "USER#q3"}, ":n": {"S": "NOTIF#"}},
              "ScanIndexForward": False, "Limit": 20},
}


def reply_size(endpoint, op):
    return len(json.dumps(http_bench.call(endpoint, op, SAMPLE_REQUESTS[op]),
                          separators=(",", ":")).encode())


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def server_us_per_request(pid, endpoint, op, duration):
    """(requests/s, server CPU us per request) over one wrk run."""
    before = cpu_seconds(pid)
    out = subprocess.run(["wrk", "-t1", "-c8", "-d%ds" % duration,
                          "-s", os.path.join(http_bench.BENCH, "wrk_dynamodb.lua"), endpoint + "/"],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, BENCH_OP=op)).stdout
    spent = cpu_seconds(pid) - before
    if "Non-2xx" in out:
        raise RuntimeError("%s against %s answered errors:\n%s" % (op, endpoint, out))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return rps, spent * 1e6 / requests


def start_floor(floor_binary, body_bytes):
    port = http_bench.free_port()
    p = subprocess.Popen([floor_binary, str(port), str(body_bytes)], stderr=subprocess.DEVNULL)
    endpoint = "http://127.0.0.1:%d" % port
    http_bench.wait_ready(endpoint)
    return p, endpoint


def embedded_us_per_op(binary, ops, runs):
    """Median over `runs` runs of the embedded benchmark (one run's figure
    moved by a third between runs on the shared machine)."""
    samples = {op: [] for op in OPERATIONS}
    for _ in range(runs):
        out = subprocess.run([binary, "--ops", str(ops)], capture_output=True, text=True,
                             check=True).stdout
        for op, label in OPERATIONS.items():
            m = re.search(r"^%s\s+([\d.]+) ops/s" % re.escape(label), out, re.M)
            samples[op].append(1e6 / float(m.group(1)))
    return {op: statistics.median(values) for op, values in samples.items()}


def measure_operation(dynamini, url, floor_binary, op, args):
    """Median over the rounds of (dynamini rps, us, floor rps, us), and the reply size."""
    size = reply_size(url, op)
    floor, floor_url = start_floor(floor_binary, size)
    rows = []
    try:
        for _ in range(args.rounds):  # A B A B
            rows.append(server_us_per_request(dynamini.pid, url, op, args.duration) +
                        server_us_per_request(floor.pid, floor_url, op, args.duration))
    finally:
        floor.terminate()
        floor.wait()
    return [statistics.median(r[i] for r in rows) for i in range(4)], size


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ops", type=int, default=100000, help="embedded benchmark ops per operation")
    ap.add_argument("--dynamini", default=os.path.join(http_bench.ROOT, "build", "tools", "dynamini"))
    ap.add_argument("--embedded", default=os.path.join(http_bench.ROOT, "build", "tools", "bench",
                                                       "dynamini-bench-embedded"))
    ap.add_argument("--threads", type=int, default=0,
                    help="dynamini --threads N (default: dynamini's own default)")
    args = ap.parse_args()
    embedded = embedded_us_per_op(args.embedded, args.ops, args.rounds)
    with tempfile.TemporaryDirectory() as work:
        floor_binary = http_bench.compile_c(work, "http_floor")
        dynamini, url = http_bench.start_dynamini(
            args.dynamini, extra_args=["--threads", str(args.threads)] if args.threads else [])
        try:
            http_bench.wait_ready(url)
            http_bench.seed(url)
            results = {op: measure_operation(dynamini, url, floor_binary, op, args)
                       for op in OPERATIONS}
        finally:
            dynamini.terminate()
            dynamini.wait()
    print("Server CPU per request (us), wrk -t1 -c8 -d%ds, %d rounds alternating, medians%s"
          % (args.duration, args.rounds,
             ", dynamini --threads %d" % args.threads if args.threads else ""))
    # The embedded figure is wall time per operation (the benchmark's ops/s
    # on one thread), the server figures CPU time: they compare only on an
    # otherwise idle machine.
    load = os.getloadavg()[0]
    if load > (os.cpu_count() or 1) - 1:
        print("warning: load average %.1f on %d cores; the embedded column (wall time) is inflated"
              % (load, os.cpu_count() or 1))
    print("%-11s %6s %9s %9s %9s %9s %11s %12s" % ("operation", "reply", "dynamini", "floor",
                                                    "embedded", "limit", "dyn/limit", "op/s dyn|fl"))
    for op, ((d_rps, d_us, f_rps, f_us), size) in results.items():
        limit = f_us + embedded[op]
        print("%-11s %5dB %9.2f %9.2f %9.2f %9.2f %10.2fx %6.0fk|%.0fk" % (
            op, size, d_us, f_us, embedded[op], limit, d_us / limit, d_rps / 1000, f_rps / 1000))


if __name__ == "__main__":
    main()
