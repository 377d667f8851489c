#!/usr/bin/python3
"""How long POST /dynamini/admin/reset takes, as the test integrations send it between
tests (one kept-alive connection, through tools/pytest/dynamini_pytest.py's server class).

  /usr/bin/python3 tools/bench/reset_latency.py [--bin build/tools/dynamini] [--resets 500]

Three cases: nothing written since start-up; one PutItem before each reset; one reset
after 10,000 items (400 BatchWriteItem of 25). Wall-clock percentiles depend on how busy the
machine is; the server's CPU time per reset (utime + stime from /proc, over all resets of a
case, PutItem included in the second) depends much less on it. The table comes from a --schema file and two
items from a --seed file, like the sample Python project's.
"""
import argparse
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "pytest"))
import dynamini_pytest  # noqa: E402

TABLE = {"TableName": "users", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}


def percentiles(samples):
    samples = sorted(samples)
    pick = lambda q: samples[min(len(samples) - 1, int(len(samples) * q))] * 1e3
    return "p50 %.3f ms  p90 %.3f ms  max %.3f ms" % (pick(0.5), pick(0.9), samples[-1] * 1e3)


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_resets(server, count, write_before):
    samples = []
    for i in range(count):
        if write_before:
            server.client.put_item(TableName="users", Item={"id": {"S": "x%d" % i}})
        start = time.perf_counter()
        server.reset()
        samples.append(time.perf_counter() - start)
    return samples


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "tools", "dynamini"))
    parser.add_argument("--resets", type=int, default=500)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="dynamini-reset-")
    schema, seed = os.path.join(folder, "schema.json"), os.path.join(folder, "users.jsonl")
    with open(schema, "w") as f:
        json.dump(TABLE, f)
    with open(seed, "w") as f:
        f.write('{"id": {"S": "u1"}}\n{"id": {"S": "u2"}}\n')
    flags = ["--port", "0", "--admin", "--no-inbox", "--schema", schema, "--seed", "users=" + seed]
    server = dynamini_pytest.DynaminiServer(args.bin, flags, "bench").start()
    try:
        pid = server.process.pid
        for label, write in (("nothing written:  ", False), ("one PutItem each: ", True)):
            cpu = cpu_seconds(pid)
            samples = timed_resets(server, args.resets, write)
            cpu = (cpu_seconds(pid) - cpu) / args.resets * 1e3
            print(label, percentiles(samples), " server CPU %.3f ms per reset" % cpu)
        for batch in range(400):
            server.client.batch_write_item(RequestItems={"users": [
                {"PutRequest": {"Item": {"id": {"S": "b%d-%d" % (batch, i)}, "pad": {"S": "x" * 100}}}}
                for i in range(25)]})
        print("after 10,000 items: %.3f ms" % (timed_resets(server, 1, False)[0] * 1e3))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
