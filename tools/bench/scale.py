#!/usr/bin/python3
"""How dynamini's cost grows with the data (docs/performance.md, "Scale").

  /usr/bin/python3 tools/bench/scale.py [--sizes 10k,100k] [--modes file,memory]
                                        [--dir DIR] [--samples 2000] [--no-backups]
  /usr/bin/python3 tools/bench/scale.py --smoke     (the ctest: bounded, no timing verdicts)

For each mode (`file`: `--db FILE`; `memory`) a server is started with no
model, a table with a KEYS_ONLY GSI and a stream (NEW_AND_OLD_IMAGES) and
point-in-time recovery is created, and items of about 1 KB are loaded with
BatchWriteItem over HTTP (a progress line on stderr) up to each size in turn.
At each size it measures, over one kept-alive connection: GetItem, PutItem,
conditional UpdateItem and Query (page of 20) p50/p99 latency and the
single-connection throughput; a parallel Scan (4 segments, 4 connections) in
items per second; the file's bytes per item beside DynamoDB's item size (with
its GSI entry); the server's RSS; then, for a file, the start-up on the existing
file from spawn to the first GetItem answer and the RSS right after it; and
the times of CreateBackup + RestoreTableFromBackup, RestoreTableToPointInTime
and ExportTableToPointInTime (each until ACTIVE / COMPLETED; restored tables
and backups are deleted afterwards).

--smoke loads 20,000 items into a file and checks only what does not depend on
the machine's load, with generous limits: the server's RSS right after a
restart on the loaded file may exceed its RSS on an empty file by at most
16 MB + a quarter of the file's size (reading the file into memory at open
fails it; its peak through the backup, the restores, the export and the
DeleteTable of the restored tables may exceed the empty file's RSS by at most
16 MB), and the start-up may take at most 4x the empty file's + 250 ms.
Latencies are printed, never checked: speed is measured by benchmarks.
"""
import argparse, http.client, json, os, random, re, shutil, signal, statistics, subprocess, sys
import tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADERS = {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Date": "20260101T000000Z",
    "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
                     "SignedHeaders=host, Signature=0000",
}
TABLE = "scale"
PAYLOAD_BYTES = 900
ITEMS_PER_PARTITION = 100


class Client:
    """One kept-alive HTTP connection."""

    def __init__(self, port):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)

    def call(self, op, body, ok=(200,)):
        data = json.dumps(body)
        for attempt in range(2):
            try:
                self.conn.request("POST", "/", body=data,
                                  headers=dict(HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op}))
                resp = self.conn.getresponse()
                raw = resp.read()
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
                if attempt:
                    raise
        out = json.loads(raw or b"{}")
        if resp.status not in ok:
            raise RuntimeError("%s answered %d: %s" % (op, resp.status, raw[:300]))
        return resp.status, out

    def close(self):
        self.conn.close()


def rss_mb(pid, field="VmRSS"):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"^%s:\s+(\d+) kB" % field, f.read(), re.M).group(1)) / 1024.0


def start_server(binary, db_path, bucket_dir):
    args = [binary, "--port", "0", "--no-model", "--no-review", "--bucket-dir", bucket_dir]
    if db_path:
        args += ["--db", db_path]
    t0 = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    m = re.search(r":(\d+)\s*$", line)
    if not m:
        p.kill()
        raise RuntimeError("unexpected dynamini output: %r" % line)
    return p, int(m.group(1)), t0


def stop_server(p):
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def first_answer(port, t0):
    """Seconds from t0 (the spawn) to the first GetItem answer."""
    c = Client(port)
    c.call("GetItem", {"TableName": TABLE, "Key": key(0)}, ok=(200, 400))
    elapsed = time.perf_counter() - t0
    c.close()
    return elapsed


def key(i):
    return {"pk": {"S": "P#%07d" % (i // ITEMS_PER_PARTITION)}, "sk": {"S": "S#%09d" % i}}


def item(i):
    it = key(i)
    it["gsi1pk"] = {"S": "G#%03d" % (i % 1000)}
    it["gsi1sk"] = {"S": "S#%09d" % i}
    it["n"] = {"N": str(i)}
    it["payload"] = {"S": ("%09d" % i) * (PAYLOAD_BYTES // 9)}
    return it


def dynamodb_size(attrs):
    """DynamoDB's item size: attribute names plus values (S: UTF-8 bytes; N: about
    one byte per two significant digits plus one)."""
    total = 0
    for name, value in attrs.items():
        total += len(name.encode())
        (kind, v), = value.items()
        if kind == "S":
            total += len(v.encode())
        elif kind == "N":
            digits = len(v.strip("-").replace(".", "").lstrip("0")) or 1
            total += (digits + 1) // 2 + 1
        else:
            raise ValueError(kind)
    return total


def create_table(c):
    c.call("CreateTable", {
        "TableName": TABLE,
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"}
                                 for n in ("pk", "sk", "gsi1pk", "gsi1sk")],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [{
            "IndexName": "gsi1",
            "KeySchema": [{"AttributeName": "gsi1pk", "KeyType": "HASH"},
                          {"AttributeName": "gsi1sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    })
    wait_table(c, TABLE)
    c.call("UpdateContinuousBackups", {"TableName": TABLE, "PointInTimeRecoverySpecification":
                                       {"PointInTimeRecoveryEnabled": True}})


def wait_table(c, name):
    while True:
        _, d = c.call("DescribeTable", {"TableName": name})
        if d["Table"]["TableStatus"] == "ACTIVE":
            return
        time.sleep(0.01)


def load(port, start, end, progress=True):
    """Items [start, end) with BatchWriteItem, 25 a request, over two connections."""
    t0 = time.perf_counter()
    done = [0]
    lock = threading.Lock()

    def worker(lo, hi):
        c = Client(port)
        for b in range(lo, hi, 25):
            pending = {TABLE: [{"PutRequest": {"Item": item(i)}} for i in range(b, min(hi, b + 25))]}
            while pending:
                _, out = c.call("BatchWriteItem", {"RequestItems": pending})
                pending = out.get("UnprocessedItems") or {}
            with lock:
                done[0] += min(hi, b + 25) - b
        c.close()

    mid = start + ((end - start) // 2 // 25) * 25
    threads = [threading.Thread(target=worker, args=r) for r in ((start, mid), (mid, end))]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        time.sleep(0.5)
        if progress and sys.stderr.isatty():
            n = done[0]
            elapsed = time.perf_counter() - t0
            width = 30
            filled = int(width * n / max(1, end - start))
            sys.stderr.write("\r  loading [%s%s] %d/%d items, %.0f items/s " % (
                "#" * filled, "." * (width - filled), start + n, end, n / max(elapsed, 1e-9)))
            sys.stderr.flush()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if progress and sys.stderr.isatty():
        sys.stderr.write("\n")
    return (end - start) / max(elapsed, 1e-9)


def measure_op(c, op, make_body, samples):
    lat = []
    t0 = time.perf_counter()
    for s in range(samples):
        body = make_body(s)
        a = time.perf_counter()
        c.call(op, body)
        lat.append(time.perf_counter() - a)
    elapsed = time.perf_counter() - t0
    lat.sort()
    return {"p50_us": lat[len(lat) // 2] * 1e6, "p99_us": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e6,
            "ops_s": samples / elapsed}


def measure_ops(port, n, samples):
    rng = random.Random(n)
    c = Client(port)
    out = {}
    out["GetItem"] = measure_op(c, "GetItem", lambda s: {"TableName": TABLE, "Key": key(rng.randrange(n))},
                                samples)
    # PutItem overwrites existing items (the table keeps its size).
    out["PutItem"] = measure_op(c, "PutItem", lambda s: {"TableName": TABLE, "Item": item(rng.randrange(n))},
                                samples)
    out["UpdateItem"] = measure_op(c, "UpdateItem", lambda s: {
        "TableName": TABLE, "Key": key(rng.randrange(n)),
        "UpdateExpression": "SET #c = if_not_exists(#c, :z) + :one",
        "ConditionExpression": "attribute_exists(pk)",
        "ExpressionAttributeNames": {"#c": "counter"},
        "ExpressionAttributeValues": {":z": {"N": "0"}, ":one": {"N": "1"}}}, samples)
    partitions = max(1, n // ITEMS_PER_PARTITION)
    out["Query"] = measure_op(c, "Query", lambda s: {
        "TableName": TABLE, "KeyConditionExpression": "pk = :p", "Limit": 20,
        "ExpressionAttributeValues": {":p": {"S": "P#%07d" % rng.randrange(partitions)}}}, samples)
    c.close()
    return out


def parallel_scan(port, segments=4):
    counts = [0] * segments

    def worker(seg):
        c = Client(port)
        start = None
        while True:
            body = {"TableName": TABLE, "Segment": seg, "TotalSegments": segments}
            if start:
                body["ExclusiveStartKey"] = start
            _, out = c.call("Scan", body)
            counts[seg] += out["Count"]
            start = out.get("LastEvaluatedKey")
            if not start:
                break
        c.close()

    t0 = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(s,)) for s in range(segments)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    return sum(counts), sum(counts) / elapsed


def recovery(port, bucket_dir, bucket):
    os.makedirs(os.path.join(bucket_dir, bucket), exist_ok=True)
    c = Client(port)
    out = {}
    t0 = time.perf_counter()
    _, b = c.call("CreateBackup", {"TableName": TABLE, "BackupName": "scale-backup"})
    arn = b["BackupDetails"]["BackupArn"]
    out["CreateBackup_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    c.call("RestoreTableFromBackup", {"TargetTableName": "scale-restored", "BackupArn": arn})
    wait_table(c, "scale-restored")
    out["RestoreTableFromBackup_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    c.call("RestoreTableToPointInTime", {"SourceTableName": TABLE, "TargetTableName": "scale-pitr",
                                         "UseLatestRestorableTime": True})
    wait_table(c, "scale-pitr")
    out["RestoreTableToPointInTime_s"] = time.perf_counter() - t0
    _, d = c.call("DescribeTable", {"TableName": TABLE})
    t0 = time.perf_counter()
    _, e = c.call("ExportTableToPointInTime", {"TableArn": d["Table"]["TableArn"],
                                               "S3Bucket": bucket, "ExportFormat": "DYNAMODB_JSON"})
    export_arn = e["ExportDescription"]["ExportArn"]
    while True:
        _, x = c.call("DescribeExport", {"ExportArn": export_arn})
        status = x["ExportDescription"]["ExportStatus"]
        if status != "IN_PROGRESS":
            break
        time.sleep(0.02)
    out["ExportTableToPointInTime_s"] = time.perf_counter() - t0
    out["export_status"] = status
    if status != "COMPLETED":
        out["export_status"] += ": " + x["ExportDescription"].get("FailureMessage", "")
    for name in ("scale-restored", "scale-pitr"):
        c.call("DeleteTable", {"TableName": name})
    c.call("DeleteBackup", {"BackupArn": arn})
    shutil.rmtree(os.path.join(bucket_dir, bucket), ignore_errors=True)
    c.close()
    return out


def file_bytes(path):
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


def median_startup(binary, db_path, bucket_dir, runs):
    times, rss = [], []
    for _ in range(runs):
        p, port, t0 = start_server(binary, db_path, bucket_dir)
        times.append(first_answer(port, t0) * 1000)
        rss.append(rss_mb(p.pid))
        stop_server(p)
    return statistics.median(times), max(rss)


def parse_size(text):
    text = text.strip().lower()
    mult = 1
    if text.endswith("k"):
        mult, text = 1000, text[:-1]
    elif text.endswith("m"):
        mult, text = 1000000, text[:-1]
    return int(float(text) * mult)


def run_mode(args, mode, work):
    db_path = os.path.join(work, "scale.db") if mode == "file" else None
    bucket_dir = os.path.join(work, "buckets")
    os.makedirs(bucket_dir, exist_ok=True)
    rows = []
    p, port, t0 = start_server(args.dynamini, db_path, bucket_dir)
    try:
        c = Client(port)
        create_table(c)
        c.close()
        loaded = 0
        for n in args.sizes:
            print("%s, %d items:" % (mode, n), file=sys.stderr)
            rate = load(port, loaded, n)
            loaded = n
            row = {"mode": mode, "items": n, "load_items_s": rate}
            if db_path:
                # Right after the load (the measures below add stream and PITR records).
                row["file_bytes_per_item"] = file_bytes(db_path) / n
            row["ops"] = measure_ops(port, n, args.samples)
            count, row["scan_items_s"] = parallel_scan(port)
            if count != n:
                raise RuntimeError("the scan saw %d items, not %d" % (count, n))
            row["rss_mb"] = rss_mb(p.pid)
            row["item_bytes"] = dynamodb_size(item(n // 2))
            # A KEYS_ONLY GSI entry: the table's and the index's keys, plus DynamoDB's 100 bytes.
            row["gsi_entry_bytes"] = dynamodb_size({k: v for k, v in item(n // 2).items()
                                                    if k in ("pk", "sk", "gsi1pk", "gsi1sk")}) + 100
            if db_path:
                stop_server(p)
                row["startup_ms"], row["startup_rss_mb"] = median_startup(args.dynamini, db_path, bucket_dir,
                                                                          args.startup_runs)
                p, port, t0 = start_server(args.dynamini, db_path, bucket_dir)
                first_answer(port, t0)
            if args.backups:
                row["recovery"] = recovery(port, bucket_dir, "export-%d" % n)
                # The peak since the server started: the restores and the tables' deletion included.
                row["recovery_hwm_mb"] = rss_mb(p.pid, "VmHWM")
            rows.append(row)
            print_row(row)
    finally:
        stop_server(p)
    return rows


def print_row(r):
    ops = r["ops"]
    line = "%-6s %9d items: load %.0f items/s" % (r["mode"], r["items"], r["load_items_s"])
    for op in ("GetItem", "PutItem", "UpdateItem", "Query"):
        o = ops[op]
        line += "\n    %-10s p50 %6.0f us  p99 %6.0f us  %7.0f ops/s (one connection)" % (
            op, o["p50_us"], o["p99_us"], o["ops_s"])
    line += "\n    parallel Scan (4 segments): %.0f items/s" % r["scan_items_s"]
    line += "\n    server RSS after the load and the measures: %.1f MB" % r["rss_mb"]
    line += "\n    DynamoDB item size %d B (+ KEYS_ONLY GSI entry %d B)" % (r["item_bytes"], r["gsi_entry_bytes"])
    if "file_bytes_per_item" in r:
        line += "; file %.0f B per item after the load (with the WAL)" % r["file_bytes_per_item"]
        line += "\n    start-up on the file to the first answer: %.1f ms (median), RSS then %.1f MB" % (
            r["startup_ms"], r["startup_rss_mb"])
    if "recovery" in r:
        x = r["recovery"]
        line += ("\n    CreateBackup %.2f s, RestoreTableFromBackup %.2f s, RestoreTableToPointInTime %.2f s, "
                 "ExportTableToPointInTime %.2f s (%s)" % (
                     x["CreateBackup_s"], x["RestoreTableFromBackup_s"], x["RestoreTableToPointInTime_s"],
                     x["ExportTableToPointInTime_s"], x["export_status"]))
        line += "\n    peak RSS through them and the restored tables' deletion: %.1f MB" % r["recovery_hwm_mb"]
    print(line, flush=True)


def smoke(args, work):
    """The ctest: bounded start-up memory and time on a loaded file, against an empty one."""
    db_path = os.path.join(work, "empty.db")  # the same table, no items
    bucket_dir = os.path.join(work, "buckets")
    os.makedirs(bucket_dir, exist_ok=True)
    p, port, t0 = start_server(args.dynamini, db_path, bucket_dir)
    c = Client(port)
    create_table(c)
    c.close()
    stop_server(p)
    empty_ms, empty_rss = median_startup(args.dynamini, db_path, bucket_dir, 3)
    args.sizes = [args.smoke_items]
    args.backups = True
    args.samples = 200
    args.startup_runs = 3
    rows = run_mode(args, "file", work)
    r = rows[0]
    size_mb = r["file_bytes_per_item"] * r["items"] / 1e6
    print("empty file: start-up %.1f ms, RSS %.1f MB; %d items (%.1f MB): start-up %.1f ms, RSS %.1f MB" % (
        empty_ms, empty_rss, r["items"], size_mb, r["startup_ms"], r["startup_rss_mb"]))
    failures = []
    rss_limit = empty_rss + 16 + size_mb / 4
    if r["startup_rss_mb"] > rss_limit:
        failures.append("RSS after a restart on the loaded file %.1f MB > %.1f MB (empty file's + 16 MB + "
                        "a quarter of the file)" % (r["startup_rss_mb"], rss_limit))
    if r["recovery_hwm_mb"] > empty_rss + 16:
        failures.append("peak RSS through the backup, restores, export and DeleteTable %.1f MB > %.1f MB "
                        "(the empty file's RSS + 16 MB)" % (r["recovery_hwm_mb"], empty_rss + 16))
    time_limit = empty_ms * 4 + 250
    if r["startup_ms"] > time_limit:
        failures.append("start-up on the loaded file %.1f ms > %.1f ms (4x the empty file's + 250 ms)" % (
            r["startup_ms"], time_limit))
    if r["recovery"]["export_status"] != "COMPLETED":
        failures.append("the export ended %s" % r["recovery"]["export_status"])
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dynamini", default=os.environ.get("DYNAMINI_BIN") or
                    os.path.join(ROOT, "build", "tools", "dynamini"))
    ap.add_argument("--sizes", default="10k,100k", help="comma-separated item counts (10k, 1m, ...)")
    ap.add_argument("--modes", default="file,memory")
    ap.add_argument("--dir", help="where the file database goes (default: a new temporary folder)")
    ap.add_argument("--samples", type=int, default=2000, help="requests per latency measure")
    ap.add_argument("--startup-runs", type=int, default=5)
    ap.add_argument("--no-backups", dest="backups", action="store_false")
    ap.add_argument("--keep", action="store_true", help="keep the database files (their folder is printed)")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--smoke", action="store_true", help="the bounded ctest check")
    ap.add_argument("--smoke-items", type=int, default=20000)
    args = ap.parse_args()
    args.sizes = sorted(parse_size(s) for s in args.sizes.split(","))

    work = tempfile.mkdtemp(prefix="dynamini-scale-", dir=args.dir)
    try:
        if args.smoke:
            return smoke(args, work)
        rows = []
        for mode in args.modes.split(","):
            mode_dir = os.path.join(work, mode)
            os.makedirs(mode_dir)
            rows += run_mode(args, mode, mode_dir)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
        return 0
    finally:
        if args.keep:
            print("kept: " + work, file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
