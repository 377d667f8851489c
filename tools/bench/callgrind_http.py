#!/usr/bin/python3
"""Instructions per HTTP request, counted by callgrind (deterministic, unlike
wall-clock figures on a shared machine).

For each operation, runs `dynamini --threads 1 --no-inbox` under
`valgrind --tool=callgrind` twice: both runs get the same seed data
(http_bench.py's) and then LOW or HIGH requests of the operation, one at a
time on one keep-alive connection. The server's instructions per request are
(total(HIGH) - total(LOW)) / (HIGH - LOW): start-up, seeding and shutdown
cancel out. Request shapes are those of wrk_dynamodb.lua.

  /usr/bin/python3 tools/bench/callgrind_http.py [--ops GetItem,PutItem] [--signed]
      [--server-arg=ARG]...

--server-arg passes ARG to dynamini (repeat it for more), e.g.
--server-arg=--enforce-throughput or --server-arg=--fault=op=Scan,error=Throttling
for what throughput enforcement or a fault rule costs the calls it does not refuse.

--signed starts the server with --auth and signs every request with SigV4
(botocore), so the figures include the signature check.
Needs: valgrind (Debian package), python3-boto3 for --signed.
"""
import argparse, http.client, json, os, re, signal, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_bench  # noqa: E402  (seed data and endpoint helpers)

AUTH_KEY, AUTH_SECRET = "bench", "bench-secret"


def request_body(op, i):
    """The i-th request body of `op`, as wrk_dynamodb.lua builds it."""
    u = i % 100
    if op == "PutItem":
        sk = "NOTIF#0-%09d" % i
        return {"TableName": "inbox", "Item": {
            "pk": {"S": "USER#w%d" % u}, "sk": {"S": sk}, "type": {"S": "like"},
            "read": {"BOOL": False}, "payload": {"M": {"text": {"S": "liked your post"}}},
            "gsi1pk": {"S": "UNREAD#w%d" % u}, "gsi1sk": {"S": sk}}}
    if op == "GetItem":
        return {"TableName": "inbox",
                "Key": {"pk": {"S": "USER#u%d" % u}, "sk": {"S": "NOTIF#%03d" % u}}}
    if op == "Query":
        return {"TableName": "inbox",
                "KeyConditionExpression": "pk = :p AND begins_with(sk, :n)",
                "ExpressionAttributeValues": {":p": {"S": "USER#q%d" % (i % 10)},
                                              ":n": {"S": "NOTIF#"}},
                "ScanIndexForward": False, "Limit": 20}
    if op == "UpdateItem":
        return {"TableName": "inbox", "Key": {"pk": {"S": "USER#u%d" % u}, "sk": {"S": "#INBOX"}},
                "UpdateExpression": "ADD unreadCount :one",
                "ConditionExpression": "attribute_not_exists(unreadCount) OR unreadCount >= :zero",
                "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}}}
    raise ValueError("unknown operation " + op)


def headers_for(op, endpoint, body, signed):
    headers = dict(http_bench.HEADERS, **{"X-Amz-Target": "DynamoDB_20120810." + op})
    if not signed:
        return headers
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials
    del headers["Authorization"], headers["X-Amz-Date"]
    request = AWSRequest(method="POST", url=endpoint + "/", data=body, headers=headers)
    SigV4Auth(Credentials(AUTH_KEY, AUTH_SECRET), "dynamodb", "us-east-1").add_auth(request)
    return dict(request.headers.items())


def send_requests(endpoint, op, count, signed):
    host, port = endpoint.rsplit("//", 1)[1].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=120)
    for i in range(count):
        body = json.dumps(request_body(op, i), separators=(",", ":"))
        connection.request("POST", "/", body, headers_for(op, endpoint, body, signed))
        response = connection.getresponse()
        answer = response.read()
        if response.status != 200:
            raise RuntimeError("%s answered %d: %s" % (op, response.status, answer[:200]))
    connection.close()


def seed(endpoint, signed):
    """http_bench.seed, signed when the server requires it."""
    if not signed:
        return http_bench.seed(endpoint)
    original = http_bench.call

    def signed_call(ep, op, body):
        text = json.dumps(body)
        req = http_bench.urllib.request.Request(ep, data=text.encode(), method="POST",
                                                headers=headers_for(op, ep, text, True))
        with http_bench.urllib.request.urlopen(req) as r:
            return json.loads(r.read() or b"{}")
    http_bench.call = signed_call
    try:
        http_bench.seed(endpoint)
    finally:
        http_bench.call = original


def instructions(binary, op, count, signed, keep_as=None, server_args=()):
    """Total instructions of one server run serving `count` requests of `op`;
    the callgrind output is deleted unless `keep_as` names where to keep it."""
    out_file = keep_as or tempfile.mktemp(prefix="callgrind.", suffix=".out")
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file, binary,
               "--port", "0", "--no-inbox", "--threads", "1"]
    if signed:
        command += ["--auth", "%s:%s" % (AUTH_KEY, AUTH_SECRET)]
    command += list(server_args)
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        m = re.search(r"http://[\d.]+:(\d+)", line)
        if not m:
            raise RuntimeError("unexpected dynamini output: %r" % line)
        endpoint = "http://127.0.0.1:%s" % m.group(1)
        seed(endpoint, signed)
        send_requests(endpoint, op, count, signed)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=120)
    with open(out_file) as f:
        total = int(re.search(r"^(?:summary|totals): (\d+)", f.read(), re.M).group(1))
    if not keep_as:
        os.unlink(out_file)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(http_bench.ROOT, "build", "tools",
                                                         "dynamini"))
    parser.add_argument("--ops", default="GetItem,PutItem,Query,UpdateItem")
    parser.add_argument("--low", type=int, default=200)
    parser.add_argument("--high", type=int, default=1200)
    parser.add_argument("--signed", action="store_true")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="an extra dynamini argument (repeatable)")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep each HIGH run's output as DIR/callgrind.OP.out "
                             "(for callgrind_annotate --inclusive=yes)")
    args = parser.parse_args()
    print("callgrind, instructions per request ((%d - %d requests) / %d)%s%s"
          % (args.high, args.low, args.high - args.low, ", SigV4-signed" if args.signed else "",
             "".join(" " + a for a in args.server_arg)))
    for op in args.ops.split(","):
        low = instructions(args.binary, op, args.low, args.signed, server_args=args.server_arg)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
        keep_as = os.path.join(args.keep, "callgrind.%s.out" % op) if args.keep else None
        high = instructions(args.binary, op, args.high, args.signed, keep_as, args.server_arg)
        print("  %-10s %9.0f" % (op, (high - low) / (args.high - args.low)), flush=True)


if __name__ == "__main__":
    main()
