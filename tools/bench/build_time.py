#!/usr/bin/env python3
"""Compiler time of a build, from ninja's own log (BUILD/.ninja_log): the
seconds each object took to compile, summed per CMake target, the total for
one target with everything it links (default: the `dynamini` executable),
and the slowest files. Wall-clock time of each compile as ninja measured it,
so a build run with -j1 on an otherwise idle machine gives the cleanest
figures (CONTRIBUTING.md, "Warnings and build time").

  usage: python3 tools/bench/build_time.py [--build build] [--target dynamini] [--top 10]

Only the newest entry of each output counts (ninja appends a line per
build), so run it right after a clean build for the whole cost.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

OBJECT = re.compile(r"(?:^|/)CMakeFiles/([^/]+)\.dir/(.+)\.o$")


def read_log(build):
    """{output: seconds} from .ninja_log (format v5: start end mtime output hash)."""
    times = {}
    with open(os.path.join(build, ".ninja_log")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 4:
                continue
            times[parts[3]] = (int(parts[1]) - int(parts[0])) / 1000.0
    return times


def objects_of(build, target):
    """The object files `target` needs, from ninja's own command list."""
    commands = subprocess.check_output(["ninja", "-C", build, "-t", "commands", target], text=True)
    return set(re.findall(r" -o (\S+\.o)\b", commands))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--target", default="dynamini")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    times = read_log(args.build)
    wanted = objects_of(args.build, args.target)
    per_target = collections.Counter()
    files = []
    missing = 0
    for output in sorted(wanted):
        if output not in times:
            missing += 1
            continue
        m = OBJECT.search(output)
        target = m.group(1) if m else "?"
        per_target[target] += times[output]
        files.append((times[output], m.group(2) if m else output, target))
    total = sum(per_target.values())
    print("compiler time of %s: %.1f s over %d files" % (args.target, total, len(files)))
    if missing:
        print("  (%d of its objects are not in the log: build it first)" % missing)
    print("\nper target:")
    for target, seconds in per_target.most_common():
        print("  %8.1f s  %s" % (seconds, target))
    print("\nslowest %d files:" % args.top)
    for seconds, path, target in sorted(files, reverse=True)[:args.top]:
        print("  %8.1f s  %s (%s)" % (seconds, path, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
