"""Offline checker for the bank-transfer history of
test_serializable_transactions.py (a module, not a test file: it is also a
command, `serializability_checker.py HISTORY.jsonl`).

The history is one JSON object per line, every operation a client made with
its start and end (time.monotonic() of the client process) and its result:

  {"type": "transfer", "id": 7, "start": t0, "end": t1, "src": "a03", "dst": "a11",
   "amount": 12, "expect": {"a03": 4, "a11": 9}, "outcome": "ok" | "cancelled" | "unknown"}
  {"type": "read", "id": 8, "start": t0, "end": t1, "values": {"a03": [version, balance], ...}}

A transfer is one TransactWriteItems: both accounts' versions must be the
expected ones (and the source's balance enough); it moves `amount` and adds 1
to both versions. A read is one TransactGetItems. Every account starts at
version 0 with INITIAL_BALANCE.

What is checked (each a list of violations, empty when the history is good):
 - versions: each (account, version) is written by at most one committed
   transfer, and every version a read saw was written by one (or is 0): a
   lost update or a failed transfer's write would break this;
 - balances: each read's balance is the one its version must have, replaying
   the committed transfers in version order;
 - conservation: the balances of every read of all accounts sum to the total;
 - atomicity: no read sees one account of a transfer at or after its write
   and the other before it;
 - serializability: the direct serialization graph of Adya (write-read,
   write-write and read-write anti-dependency edges, derived from the
   versions) has no cycle;
 - real time: no read returns a version older than one whose transfer had
   finished before the read started, nor one whose transfer had not started
   when the read ended.

Transfers with an unknown outcome (the client saw no answer) count as
committed when some read or transfer saw a version they wrote.
"""

import bisect
import json
import sys
from collections import defaultdict

INITIAL_BALANCE = 1000


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


class History:
    def __init__(self, ops, accounts):
        self.ops = ops
        self.accounts = accounts
        self.reads = [op for op in ops if op["type"] == "read"]
        self.writer = {}  # (account, version) -> transfer
        self.violations = []
        self._find_committed()

    def _writes_of(self, t):
        return [(t["src"], t["expect"][t["src"]] + 1), (t["dst"], t["expect"][t["dst"]] + 1)]

    def _find_committed(self):
        seen = set()
        for r in self.reads:
            seen.update((a, v[0]) for a, v in r["values"].items())
        for op in self.ops:
            if op["type"] == "transfer":
                seen.update(op["expect"].items())
        self.committed = []
        for t in (op for op in self.ops if op["type"] == "transfer"):
            writes = self._writes_of(t)
            if t["outcome"] == "ok" or (t["outcome"] == "unknown" and any(w in seen for w in writes)):
                self.committed.append(t)
                for w in writes:
                    if w in self.writer:
                        self.violations.append("versions: %s version %d written by transfers %d and %d"
                                               % (w[0], w[1], self.writer[w]["id"], t["id"]))
                    self.writer[w] = t

    def balances(self):
        """(account, version) -> balance, replaying committed transfers in version order."""
        balance = {(a, 0): INITIAL_BALANCE for a in self.accounts}
        for a in self.accounts:
            v = 1
            while (a, v) in self.writer:
                t = self.writer[(a, v)]
                if (a, v - 1) not in balance:
                    break
                delta = -t["amount"] if t["src"] == a else t["amount"]
                balance[(a, v)] = balance[(a, v - 1)] + delta
                v += 1
        return balance

    def check_reads(self):
        balance = self.balances()
        total = INITIAL_BALANCE * len(self.accounts)
        for r in self.reads:
            for a, (v, b) in r["values"].items():
                if v != 0 and (a, v) not in self.writer:
                    self.violations.append("versions: read %d saw %s version %d, which no committed "
                                           "transfer wrote" % (r["id"], a, v))
                elif balance.get((a, v)) != b:
                    self.violations.append("balances: read %d saw %s version %d with %d, expected %s"
                                           % (r["id"], a, v, b, balance.get((a, v))))
            if len(r["values"]) == len(self.accounts):
                s = sum(b for _, b in r["values"].values())
                if s != total:
                    self.violations.append("conservation: read %d sums to %d, not %d" % (r["id"], s, total))
            self._check_atomic(r)

    def _check_atomic(self, r):
        for a, (v, _) in r["values"].items():
            t = self.writer.get((a, v))
            if t is None:
                continue
            for other, written in self._writes_of(t):
                if other in r["values"] and r["values"][other][0] < written:
                    self.violations.append(
                        "atomicity: read %d saw transfer %d's write of %s (version %d) but not of %s "
                        "(version %d < %d)" % (r["id"], t["id"], a, v, other, r["values"][other][0], written))

    def graph(self):
        """Adya's direct serialization graph over committed transfers and reads."""
        edges = defaultdict(set)
        for (a, v), t in self.writer.items():
            nxt = self.writer.get((a, v + 1))
            if nxt is not None:
                edges[t["id"]].add(nxt["id"])  # ww
        for r in self.reads:
            for a, (v, _) in r["values"].items():
                w = self.writer.get((a, v))
                if w is not None:
                    edges[w["id"]].add(r["id"])  # wr
                nxt = self.writer.get((a, v + 1))
                if nxt is not None:
                    edges[r["id"]].add(nxt["id"])  # rw (anti-dependency)
        return edges

    def check_cycles(self):
        cycle = find_cycle(self.graph())
        if cycle:
            self.violations.append("serializability: dependency cycle " + " -> ".join(map(str, cycle)))

    def check_real_time(self):
        # Per account: transfers by end time, with the highest version any of
        # them wrote up to there.
        ends, highest = defaultdict(list), defaultdict(list)
        for (a, v), t in sorted(self.writer.items(), key=lambda item: item[1]["end"]):
            ends[a].append(t["end"])
            highest[a].append(max(v, highest[a][-1] if highest[a] else 0))
        for r in self.reads:
            for a, (v, _) in r["values"].items():
                done = bisect.bisect_left(ends[a], r["start"])  # transfers that ended before r started
                if done and highest[a][done - 1] > v:
                    self.violations.append("real time: read %d saw %s version %d, but version %d "
                                           "was acknowledged before it started"
                                           % (r["id"], a, v, highest[a][done - 1]))
                t = self.writer.get((a, v))
                if t is not None and t["start"] > r["end"]:
                    self.violations.append("real time: read %d saw %s version %d from a transfer "
                                           "that started after it ended" % (r["id"], a, v))


def find_cycle(edges):
    """A cycle of the directed graph `edges` as a list of nodes, or None (iterative DFS)."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = defaultdict(int)
    for root in list(edges):
        if colour[root] != WHITE:
            continue
        stack = [(root, iter(edges[root]))]
        path = [root]
        colour[root] = GREY
        while stack:
            node, children = stack[-1]
            advanced = False
            for child in children:
                if colour[child] == GREY:
                    return path[path.index(child):] + [child]
                if colour[child] == WHITE:
                    colour[child] = GREY
                    stack.append((child, iter(edges.get(child, ()))))
                    path.append(child)
                    advanced = True
                    break
            if not advanced:
                colour[node] = BLACK
                stack.pop()
                path.pop()
    return None


def check(ops, accounts):
    """Every violation the history shows (empty: serializable and consistent)."""
    h = History(ops, accounts)
    h.check_reads()
    h.check_cycles()
    h.check_real_time()
    return h.violations


if __name__ == "__main__":
    history = load(sys.argv[1])
    names = sorted({a for op in history if op["type"] == "read" for a in op["values"]})
    found = check(history, names)
    print("\n".join(found) or "no violation in %d operations" % len(history))
    sys.exit(1 if found else 0)
