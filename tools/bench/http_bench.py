#!/usr/bin/python3
"""HTTP benchmark: dynamini against dynalite (npm), same machine, same load.

Starts both servers in memory, seeds the same data through the wire API,
then drives each operation with wrk over keep-alive connections, alternating
A B A B, and prints ops/s, p50/p99 and the ratio per operation.

  /usr/bin/python3 tools/bench/http_bench.py [--duration 5] [--connections 16] [--on-disk]

--on-disk puts both on files in a new temporary directory: dynamini `--db FILE` (SQLite
WAL, the default durability: synchronous NORMAL) and dynalite `--path DIR` (LevelDB).

Needs: wrk (Debian package), node + npm (dynalite is installed into
build/bench-node on first use, version pinned in tools/bench/package.json).
"""
import argparse, json, os, re, shutil, socket, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "tools", "bench")
HEADERS = {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Date": "20260101T000000Z",
    "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
                     "SignedHeaders=host, Signature=0000",
}


def call(endpoint, op, body):
    req = urllib.request.Request(endpoint, data=json.dumps(body).encode(), method="POST",
                                 headers=dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op}))
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read() or b"{}")


def wait_ready(endpoint):
    for _ in range(200):
        try:
            call(endpoint, "ListTables", {})
            return
        except Exception:
            time.sleep(0.05)
    raise RuntimeError("server at %s did not start" % endpoint)


def start_dynamini(binary, data_dir=None, extra_args=()):
    storage = ["--db", os.path.join(data_dir, "dynamini.db")] if data_dir else []
    p = subprocess.Popen([binary, "--port", "0", "--no-inbox"] + storage + list(extra_args),
                         stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    m = re.search(r"http://[\d.]+:(\d+)", line)
    if not m:
        raise RuntimeError("unexpected dynamini output: %r" % line)
    return p, "http://127.0.0.1:%s" % m.group(1)


def compile_c(directory, name):
    """tools/bench/NAME.c compiled with cc -O2 into DIRECTORY; the binary's path."""
    binary = os.path.join(directory, name)
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(BENCH, name + ".c")], check=True)
    return binary


def free_port():
    """A port nothing listens on now (the kernel's pick for port 0)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_dynalite(port, data_dir=None):
    node_dir = os.path.join(ROOT, "build", "bench-node")
    exe = os.path.join(node_dir, "node_modules", ".bin", "dynalite")
    if not os.path.exists(exe):
        os.makedirs(node_dir, exist_ok=True)
        for f in ("package.json", ".npmrc"):
            shutil.copy(os.path.join(BENCH, f), node_dir)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=node_dir, check=True)
    storage = ["--path", os.path.join(data_dir, "dynalite")] if data_dir else []
    p = subprocess.Popen([exe, "--port", str(port), "--createTableMs", "0", "--deleteTableMs", "0",
                          "--updateTableMs", "0"] + storage, stdout=subprocess.DEVNULL)
    return p, "http://127.0.0.1:%d" % port


def seed(endpoint):
    call(endpoint, "CreateTable", {
        "TableName": "inbox", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"}
                                 for n in ("pk", "sk", "gsi1pk", "gsi1sk")],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "Projection": {"ProjectionType": "ALL"},
                                    "KeySchema": [{"AttributeName": "gsi1pk", "KeyType": "HASH"},
                                                  {"AttributeName": "gsi1sk", "KeyType": "RANGE"}]}]})
    wait_ready(endpoint)
    items = [{"pk": {"S": "USER#u%d" % u}, "sk": {"S": "NOTIF#%03d" % u}, "type": {"S": "like"},
              "payload": {"M": {"text": {"S": "liked your post"}}}} for u in range(100)]
    items += [{"pk": {"S": "USER#q%d" % q}, "sk": {"S": "NOTIF#%03d" % i}, "type": {"S": "like"},
               "read": {"BOOL": False}} for q in range(10) for i in range(40)]
    for i in range(0, len(items), 25):
        call(endpoint, "BatchWriteItem",
             {"RequestItems": {"inbox": [{"PutRequest": {"Item": it}} for it in items[i:i + 25]]}})


def parse_latency(text, pct):
    m = re.search(r"^\s+%s%%\s+([\d.]+)(us|ms|s)\s*$" % pct, text, re.M)
    if not m:
        return float("nan")
    value, unit = float(m.group(1)), m.group(2)
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(endpoint, op, duration, connections):
    env = dict(os.environ, BENCH_OP=op)
    out = subprocess.run(["wrk", "-t2", "-c%d" % connections, "-d%ds" % duration, "--latency",
                          "-s", os.path.join(BENCH, "wrk_dynamodb.lua"), endpoint + "/"],
                         capture_output=True, text=True, env=env, check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError("%s against %s answered errors:\n%s" % (op, endpoint, out))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return rps, parse_latency(out, 50), parse_latency(out, 99)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--dynamini", default=os.path.join(ROOT, "build", "tools", "dynamini"))
    ap.add_argument("--dynalite-port", type=int, default=0, help="default: a free port")
    ap.add_argument("--on-disk", action="store_true",
                    help="dynamini --db and dynalite --path in a temporary directory")
    args = ap.parse_args()
    data_dir = tempfile.mkdtemp(prefix="dynamini-http-bench-") if args.on_disk else None
    a, a_url = start_dynamini(args.dynamini, data_dir)
    b, b_url = start_dynalite(args.dynalite_port or free_port(), data_dir)
    try:
        for url in (a_url, b_url):
            wait_ready(url)
            seed(url)
        ops = ["PutItem", "GetItem", "Query", "UpdateItem"]
        results = {op: {"dynamini": [], "dynalite": []} for op in ops}
        for op in ops:
            for _ in range(args.rounds):  # A B A B
                results[op]["dynamini"].append(run_wrk(a_url, op, args.duration, args.connections))
                results[op]["dynalite"].append(run_wrk(b_url, op, args.duration, args.connections))
        print("HTTP benchmark: wrk -t2 -c%d -d%ds, %d rounds alternating, best round shown, %s"
              % (args.connections, args.duration, args.rounds,
                 "on disk (dynamini --db, dynalite --path)" if args.on_disk else "in memory"))
        print("%-12s %14s %9s %9s %14s %9s %9s %8s" % ("operation", "dynamini op/s", "p50 ms", "p99 ms",
                                                        "dynalite op/s", "p50 ms", "p99 ms", "ratio"))
        for op in ops:
            da = max(results[op]["dynamini"])
            db = max(results[op]["dynalite"])
            print("%-12s %14.0f %9.3f %9.3f %14.0f %9.3f %9.3f %7.1fx" % (
                op, da[0], da[1], da[2], db[0], db[1], db[2], da[0] / db[0]))
    finally:
        for p in (a, b):
            p.terminate()
            p.wait()
        if data_dir:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
