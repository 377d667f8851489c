#!/usr/bin/python3
"""Where a server's CPU per request goes: user and system time per thread,
page faults, over one wrk run of one operation.

  /usr/bin/python3 tools/bench/server_cpu_split.py [--ops PutItem,GetItem]
      [--duration 5] [--dynamini BIN]

For each operation: starts dynamini (http_bench.start_dynamini: in memory,
the default serving threads), seeds it as http_floor.py does, runs wrk -t1
-c8 with wrk_dynamodb.lua, and prints, per thread that used any CPU, its
user and system microseconds per request (/proc/PID/task/TID/stat), and the
process's minor and major page faults per request (/proc/PID/stat). It
explains http_floor.py's figures (docs/performance.md, "PutItem's gap is not in
instructions"): the same work
can cost more per instruction in the server than in the embedded loop.

Needs: wrk (Debian package) and the build. Prints figures; never a test.
"""
import argparse, os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_bench  # noqa: E402  (seed data and endpoint helpers)


def stat_fields(path):
    """The fields of a /proc stat file after the command name."""
    with open(path) as f:
        return f.read().rsplit(")", 1)[1].split()


def thread_ticks(pid):
    """{thread id: (name, user ticks, system ticks)} of process `pid`."""
    threads = {}
    for tid in os.listdir("/proc/%d/task" % pid):
        base = "/proc/%d/task/%s/" % (pid, tid)
        with open(base + "comm") as f:
            name = f.read().strip()
        fields = stat_fields(base + "stat")
        threads[tid] = (name, int(fields[11]), int(fields[12]))
    return threads


def page_faults(pid):
    fields = stat_fields("/proc/%d/stat" % pid)
    return int(fields[7]), int(fields[9])  # minflt, majflt


def measure(binary, op, duration):
    server, url = http_bench.start_dynamini(binary)
    try:
        http_bench.wait_ready(url)
        http_bench.seed(url)
        ticks_before, faults_before = thread_ticks(server.pid), page_faults(server.pid)
        out = subprocess.run(["wrk", "-t1", "-c8", "-d%ds" % duration,
                              "-s", os.path.join(http_bench.BENCH, "wrk_dynamodb.lua"), url + "/"],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, BENCH_OP=op)).stdout
        ticks_after, faults_after = thread_ticks(server.pid), page_faults(server.pid)
    finally:
        server.terminate()
        server.wait()
    if "Non-2xx" in out:
        raise RuntimeError("%s answered errors:\n%s" % (op, out))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    us_per_tick = 1e6 / os.sysconf("SC_CLK_TCK")
    print("%s: %d requests (%.0f/s)" % (op, requests, requests / duration))
    for tid, (name, user, system) in sorted(ticks_after.items()):
        _, user0, system0 = ticks_before.get(tid, (name, 0, 0))
        if user == user0 and system == system0:
            continue
        print("  thread %s (%s): user %.2f us, system %.2f us per request" % (
            tid, name, (user - user0) * us_per_tick / requests,
            (system - system0) * us_per_tick / requests))
    print("  page faults per request: minor %.3f, major %.3f" % (
        (faults_after[0] - faults_before[0]) / requests,
        (faults_after[1] - faults_before[1]) / requests))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", default="PutItem,GetItem")
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--dynamini", default=os.path.join(http_bench.ROOT, "build", "tools", "dynamini"))
    args = ap.parse_args()
    for op in args.ops.split(","):
        measure(args.dynamini, op, args.duration)


if __name__ == "__main__":
    main()
