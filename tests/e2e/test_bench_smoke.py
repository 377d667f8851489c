"""The reliability benchmarks of tools/bench run briefly, so they keep working:
soak.py (a mixed load watching RSS, file descriptors and p99; exit 1 when a
request fails) and durability_cost.py (PutItem with --durability normal and
full). Their figures are not checked here: they are published by hand with
the full-length commands (docs/reliability.md)."""

import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "tools", "bench")


def run(script, *args):
    return subprocess.run([sys.executable, os.path.join(BENCH, script), *args], capture_output=True,
                          text=True, timeout=180, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, DYNAMINI_BIN=os.environ["DYNAMINI_BIN"]))


class BenchSmokeTest(unittest.TestCase):
    def test_soak_for_20_seconds_has_no_failed_request(self):
        r = run("soak.py", "--minutes", "0.34", "--warmup", "0.1", "--sample-seconds", "10",
                "--connections", "8", "--rate", "200")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("errors 0", r.stdout)
        self.assertRegex(r.stdout, r"open fds after warm-up \d+, at the end \d+")

    def test_durability_cost_measures_both_modes(self):
        r = run("durability_cost.py", "--writes", "100", "--rounds", "1", "--connections", "1")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"normal\s+1 connection\(s\), round 1: +\d+ PutItem/s")
        self.assertRegex(r.stdout, r"full\s+1 connection\(s\), round 1: +\d+ PutItem/s")


if __name__ == "__main__":
    unittest.main()
