"""Writes the seed inputs of the fuzz targets added in issue 20 (partiql,
http, sigv4, expression_grammar) into tests/fuzz/corpus/<target>/, one file
per input named by its SHA-1 as libFuzzer names corpus files. The campaign
then grows and minimizes them (docs/reliability.md, "Fuzzing campaign").

    /usr/bin/python3 tests/fuzz/make_seed_corpus.py

The sigv4 seeds are requests signed by botocore (SigV4Auth) for the access
key, secret and instant the fuzz body verifies against (fuzz_sigv4.cc)."""

import datetime
import hashlib
import json
import os
import random
import unittest.mock

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

PARTIQL = [
    "SELECT * FROM inbox WHERE pk = ?",
    "SELECT sk, n FROM \"inbox\" WHERE pk = 'USER#a' AND sk >= 'N' AND n <> 3",
    "SELECT * FROM \"inbox\".\"GSI1\" WHERE gsi1pk = 'UNREAD#a'",
    "SELECT * FROM inbox WHERE pk = 'USER#a' AND begins_with(sk, 'NOTIF#')",
    "SELECT * FROM inbox WHERE pk IN ['USER#a', 'USER#b'] AND sk BETWEEN 'A' AND 'Z'",
    "SELECT l[0], m.k FROM inbox WHERE pk = ? AND sk = ? AND attribute_type(l, 'L')",
    "SELECT * FROM inbox WHERE n IS MISSING OR m.k IS NOT MISSING",
    "SELECT * FROM inbox WHERE NOT (contains(m.k, 'a') AND size(l) > 1)",
    "INSERT INTO inbox VALUE {'pk': ?, 'sk': 'NOTIF#9', 'n': 9, 'l': [1, 'x'], 'm': {'k': <<'a'>>}}",
    "INSERT INTO \"inbox\" VALUE {'pk': 'USER#b', 'sk': ?, 'b': true, 'z': null}",
    "UPDATE inbox SET unreadCount = unreadCount + 1 WHERE pk = 'USER#a' AND sk = '#INBOX'",
    "UPDATE inbox SET l[1] = ?, m.k = <<'c'>> REMOVE n WHERE pk = ? AND sk = ?",
    "UPDATE inbox SET x = 'y' WHERE pk = 'USER#a' AND sk = '#INBOX' AND unreadCount >= 0",
    "DELETE FROM inbox WHERE pk = 'USER#a' AND sk = 'NOTIF#1'",
    "DELETE FROM \"inbox\" WHERE pk = ? AND sk = ? AND attribute_exists(n)",
    "select * from inbox where pk = 'USER#a' order by sk desc",
    "EXISTS(SELECT * FROM inbox WHERE pk = 'USER#a' AND sk = '#INBOX')",
    "SELECT * FROM inbox WHERE pk = 1.5e3 AND sk = `ion`",
]

def http_request(target, body, extra=()):
    lines = ["POST / HTTP/1.1", "Host: localhost",
             "Content-Type: application/x-amz-json-1.0",
             "X-Amz-Target: " + target, "Content-Length: %d" % len(body), *extra]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

def http_seeds():
    get = json.dumps({"TableName": "inbox",
                      "Key": {"pk": {"S": "USER#a"}, "sk": {"S": "#INBOX"}}}).encode()
    put = json.dumps({"TableName": "inbox", "Item": {
        "pk": {"S": "USER#b"}, "sk": {"S": "x"}, "n": {"N": "2"}}}).encode()
    seeds = [
        http_request("DynamoDB_20120810.GetItem", get),
        http_request("DynamoDB_20120810.PutItem", put, ["Connection: close"]),
        http_request("DynamoDB_20120810.GetItem", get) * 3,  # pipelined
        http_request("DynamoDB_20120810.ListTables", b"{}", ["Expect: 100-continue"]),
        http_request("DynamoDBStreams_20120810.ListStreams", b"{}"),
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"HEAD /console HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /console/app.js HTTP/1.0\r\n\r\n",
        b"OPTIONS / HTTP/1.1\r\nOrigin: http://a\r\nAccess-Control-Request-Method: POST\r\n"
        b"Access-Control-Request-Headers: x-amz-target\r\n\r\n",
        b"POST / HTTP/1.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        b"POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n" + b"x" * 100,
        b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        b"GARBAGE\r\n\r\n",
    ]
    return seeds

def signed(method, url, headers, body, key="AKIDFUZZ", secret="fuzz/secret+key", region="us-east-1"):
    headers = dict(headers, Host=url.split("://", 1)[1].split("/", 1)[0])
    request = AWSRequest(method=method, url=url, data=body, headers=headers)
    fixed = datetime.datetime(2026, 1, 1, 0, 0, 0)
    with unittest.mock.patch("botocore.auth.datetime") as clock:
        clock.datetime.utcnow.return_value = fixed
        clock.datetime.now.return_value = fixed
        SigV4Auth(Credentials(key, secret), "dynamodb", region).add_auth(request)
    prepared = request.prepare()
    path = prepared.url.split("://", 1)[1]
    path = path[path.index("/"):] if "/" in path else "/"
    text = "%s %s\n" % (method, path)
    for name, value in prepared.headers.items():
        text += "%s: %s\n" % (name, value if isinstance(value, str) else value.decode())
    return text.encode() + b"\n" + (body if isinstance(body, bytes) else body.encode())

def sigv4_seeds():
    base = {"Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810.ListTables"}
    return [
        signed("POST", "http://localhost:8000/", base, b"{}"),
        signed("POST", "http://127.0.0.1:8000/", dict(base, **{"X-Amz-Target": "DynamoDB_20120810.GetItem"}),
               b'{"TableName":"inbox","Key":{"pk":{"S":"a"}}}', region="eu-west-3"),
        signed("GET", "http://localhost/a%20b/c?z=1&a=2&a=1&e=", {}, b""),
        signed("POST", "http://localhost/", dict(base, **{"X-Extra": "  spaced   out  value "}), b"[]"),
        signed("POST", "http://localhost/", base, b"{}", key="AKIDOTHER"),
    ]

def grammar_seeds():
    rng = random.Random(20)
    return [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 96))) for _ in range(64)]

def write(target, inputs):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    for data in inputs:
        data = data if isinstance(data, bytes) else data.encode()
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
    print("%s: %d seeds" % (target, len(inputs)))

if __name__ == "__main__":
    write("partiql", PARTIQL)
    write("http", http_seeds())
    write("sigv4", sigv4_seeds())
    write("expression_grammar", grammar_seeds())
