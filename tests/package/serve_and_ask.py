#!/usr/bin/python3
"""A real request from boto3 to an installed dynamini: starts COMMAND (a server on port 0
that prints "dynamini listening on URL"), calls ListTables on it, checks the table names,
stops it with SIGTERM and checks it exits 0. With --endpoint and no COMMAND: only the call,
to a server already running there.
  usage: serve_and_ask.py [--tables a,b] -- COMMAND [ARG...]
         serve_and_ask.py [--tables a,b] --endpoint URL
--tables: the names ListTables must return (default: inbox, the preloaded model)."""

import argparse
import re
import signal
import subprocess
import sys
import threading

import boto3

READY = re.compile(r"dynamini listening on (http://\S+)")


def ask(endpoint, tables):
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                          aws_access_key_id="x", aws_secret_access_key="x")
    names = client.list_tables()["TableNames"]
    print("serve_and_ask: ListTables at %s -> %s" % (endpoint, names), flush=True)
    if names != tables:
        sys.exit("serve_and_ask: expected %s" % tables)


def serve(command, tables):
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, text=True)
    timer = threading.Timer(15, server.kill)  # no listening line in 15 s: fail
    timer.start()
    try:
        for line in server.stdout:
            print("serve_and_ask: | " + line.rstrip(), flush=True)
            match = READY.search(line)
            if match:
                break
        else:
            sys.exit("serve_and_ask: %s printed no listening line (exit %s)" %
                     (command[0], server.wait()))
    finally:
        timer.cancel()
    try:
        ask(match.group(1), tables)
    finally:
        server.send_signal(signal.SIGTERM)
        rest = server.communicate(timeout=15)[0]
    if server.returncode != 0:
        sys.exit("serve_and_ask: exit %d after SIGTERM:\n%s" % (server.returncode, rest))


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--tables", default="inbox")
    parser.add_argument("--endpoint")
    parser.add_argument("command", nargs="*")
    args = parser.parse_args()
    tables = [t for t in args.tables.split(",") if t]
    if bool(args.endpoint) == bool(args.command):
        parser.error("give either --endpoint URL or -- COMMAND")
    if args.endpoint:
        ask(args.endpoint, tables)
    else:
        serve(args.command, tables)


if __name__ == "__main__":
    main()
