"""Guards the catalogue's completeness: every error message the engine and
server build is sent by at least one case in validation_cases/*.json (or is
marked exempt with the reason at the site). Fails, listing the sites, when a
new error is added without a real-SDK case."""

import os
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class ValidationCoverage(unittest.TestCase):
    def test_every_error_site_has_a_catalogue_case(self):
        proc = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "validation_coverage.py")],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertRegex(proc.stdout, r"\b0 uncovered\b")


if __name__ == "__main__":
    unittest.main()
