#!/usr/bin/python3
"""Start-up to first response against its floor on this machine.

Spawns each server RUNS times with tools/bench/startup_probe.c (C: no
interpreter's start-up counted), alternating A B A B, and prints the median
and minimum milliseconds from spawn to the answered first request:
- the floor: tools/bench/http_floor.c, the cheapest keep-alive HTTP server
  (no libraries beyond libc; it answers without reading a database), which is
  what a process start, a listening socket and one loopback request cost here;
- dynamini with the inbox preloaded (a GetItem of u_alice's badge);
- optionally the static executable (tools/packaging/build_static.sh).

  /usr/bin/python3 tools/bench/startup_floor.py [--runs 30] [--static PATH]

Needs: cc and the build (build/tools/dynamini).
"""
import argparse, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_bench  # noqa: E402  (compiling the C helpers, free ports)


def probe(probe_binary, runs, server_args):
    out = subprocess.run([probe_binary, str(http_bench.free_port()), str(runs)] + server_args,
                         capture_output=True, text=True, check=True).stdout
    return [float(line) for line in out.split()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30, help="runs per server per round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--dynamini", default=os.path.join(http_bench.ROOT, "build", "tools", "dynamini"))
    ap.add_argument("--static", help="the static executable, measured too")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        probe_binary = http_bench.compile_c(work, "startup_probe")
        servers = {"floor (http_floor.c)": [http_bench.compile_c(work, "http_floor"), "{port}"],
                   "dynamini, inbox preloaded": [args.dynamini, "--port", "{port}", "--quiet"]}
        if args.static:
            servers["static executable, inbox preloaded"] = [args.static, "--port", "{port}",
                                                             "--quiet"]
        times = {name: [] for name in servers}
        for _ in range(args.rounds):
            for name, server_args in servers.items():
                times[name] += probe(probe_binary, args.runs, server_args)
    print("start-up to first response (spawn to the answered request), %d runs each"
          % (args.runs * args.rounds))
    for name, values in times.items():
        print("%-36s p50 %6.2f ms   min %6.2f ms" % (name, statistics.median(values), min(values)))


if __name__ == "__main__":
    main()
