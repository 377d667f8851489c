#!/usr/bin/python3
"""Start-up time and memory: dynamini and dynalite on the same machine.

  /usr/bin/python3 tools/bench/startup_memory.py [--runs 20] [--items 100000]

Start-up: spawn to the first successful response (a GetItem on the
preloaded inbox for dynamini; ListTables for dynalite, which has no inbox).
Memory: idle RSS after start, and peak RSS (VmHWM) after loading N items
through BatchWriteItem. Binary size of the dynamini executable.
"""
import argparse, http.client, json, os, re, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_bench  # noqa: E402  (reuses the dynalite install and seeding)

HEADERS = dict(http_bench.HEADERS)


def post(port, op, body):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", "/", body=json.dumps(body),
                 headers=dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op}))
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, data


def rss_kb(pid, field):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"^%s:\s+(\d+) kB" % field, f.read(), re.M).group(1))


def dynamini_startup(binary):
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "--port", "0"], stdout=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)\s*$", p.stdout.readline()).group(1))
    status, _ = post(port, "GetItem", {"TableName": "inbox",
                                       "Key": {"pk": {"S": "USER#u_alice"}, "sk": {"S": "#INBOX"}}})
    elapsed = time.perf_counter() - t0
    assert status == 200
    return p, port, elapsed


def dynalite_startup(port):
    t0 = time.perf_counter()
    p, url = http_bench.start_dynalite(port)
    while True:
        try:
            status, _ = post(port, "ListTables", {})
            if status == 200:
                break
        except OSError:
            time.sleep(0.001)
    return p, time.perf_counter() - t0


def load(port, items):
    http_bench.seed("http://127.0.0.1:%d" % port)
    for i in range(0, items, 25):
        post(port, "BatchWriteItem", {"RequestItems": {"inbox": [
            {"PutRequest": {"Item": {"pk": {"S": "USER#m%d" % (j % 1000)}, "sk": {"S": "NOTIF#%09d" % j},
                                     "type": {"S": "like"}, "payload": {"M": {"text": {"S": "liked your post"}}},
                                     "gsi1pk": {"S": "UNREAD#m%d" % (j % 1000)}, "gsi1sk": {"S": "NOTIF#%09d" % j}}}}
            for j in range(i, min(items, i + 25))]}})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--items", type=int, default=100000)
    ap.add_argument("--dynamini", default=os.path.join(http_bench.ROOT, "build", "tools", "dynamini"))
    ap.add_argument("--dynalite-port", type=int, default=0, help="default: a free port")
    args = ap.parse_args()
    args.dynalite_port = args.dynalite_port or http_bench.free_port()

    times = []
    for _ in range(args.runs):
        p, port, elapsed = dynamini_startup(args.dynamini)
        times.append(elapsed * 1000)
        p.terminate()
        p.wait()
    lite_times = []
    for _ in range(max(3, args.runs // 5)):
        p, elapsed = dynalite_startup(args.dynalite_port)
        lite_times.append(elapsed * 1000)
        p.terminate()
        p.wait()
    print("start-up to first response: dynamini p50 %.2f ms (min %.2f), dynalite p50 %.0f ms"
          % (statistics.median(times), min(times), statistics.median(lite_times)))

    p, port, _ = dynamini_startup(args.dynamini)
    idle = rss_kb(p.pid, "VmRSS")
    p.terminate(); p.wait()
    p, port, _ = dynamini_startup(args.dynamini)
    post(port, "DeleteTable", {"TableName": "inbox"})
    load(port, args.items)
    peak = rss_kb(p.pid, "VmHWM")
    p.terminate(); p.wait()

    lp, _ = dynalite_startup(args.dynalite_port)
    lite_idle = rss_kb(lp.pid, "VmRSS")
    load(args.dynalite_port, args.items)
    lite_peak = rss_kb(lp.pid, "VmHWM")
    lp.terminate(); lp.wait()
    print("idle RSS: dynamini %.1f MB, dynalite %.1f MB" % (idle / 1024, lite_idle / 1024))
    print("peak RSS after %d items: dynamini %.1f MB, dynalite %.1f MB (ratio 1/%.1f)"
          % (args.items, peak / 1024, lite_peak / 1024, lite_peak / peak))
    stripped = subprocess.run(["strip", "-o", "/tmp/dynamini-stripped", args.dynamini], check=False)
    size = os.path.getsize("/tmp/dynamini-stripped") if stripped.returncode == 0 else float("nan")
    print("dynamini binary: %.1f MB as built (debug info), %.1f MB stripped"
          % (os.path.getsize(args.dynamini) / 1e6, size / 1e6))


if __name__ == "__main__":
    main()
