#!/usr/bin/env python3
"""Checks the tree's shape (CI runs it; CONTRIBUTING.md "Habits"):

- no tracked file is empty: the CMake globs build every *.cc of a folder, so
  an empty leftover would still be compiled;
- no #include climbs out of its folder with "..": the engine's walls are its
  include paths (engine/CMakeLists.txt), and a relative path would step over
  them;
- every source of engine/ops/ is in a feature folder (engine/ops/<feature>/).

  usage: python3 tools/check_tree.py
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCE = re.compile(r"\.(cc|h|c)$")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    files = subprocess.check_output(["git", "ls-files"], text=True).split("\n")
    problems = []
    for path in filter(None, files):
        if not os.path.isfile(path):
            continue  # deleted in the working tree
        if os.path.getsize(path) == 0:
            problems.append("%s: empty file" % path)
        if not SOURCE.search(path):
            continue
        if path.startswith("engine/ops/") and path.count("/") == 2:
            problems.append("%s: not in a feature folder (engine/ops/<feature>/)" % path)
        with open(path, encoding="utf-8", errors="replace") as f:
            for included in INCLUDE.findall(f.read()):
                if ".." in included.split("/"):
                    problems.append('%s: #include "%s" climbs out of its folder' %
                                    (path, included))
    for problem in problems:
        print(problem)
    print("check_tree: %d problem(s)" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
