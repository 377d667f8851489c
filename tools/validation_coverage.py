#!/usr/bin/python3
"""Which errors the engine and server can raise that no real-SDK test sends.

A "site" is one place in engine/ or server/ that builds an error message:
  validation_error(...), request_check_error(...), ApiError{ErrorCode::kX, ...}, and the ShapeErrors
  calls errors.require/add/name/one_of/range(...).
A site is covered when one message in tests/e2e/validation_cases/*.json contains
every string literal of the site (so "Invalid KeySchema: " + x is covered by a
case whose message has that text). Sites with no literal (the message is a
variable) are listed as dynamic and not counted. A site that no client can
reach over the wire is exempted by the comment `// not on the wire: <why>` on
its line or the line above; one the catalogue cannot send (HTTP framing, or
a state that needs hours to pass) by `// catalogue-exempt: <where it is tested>`.

  /usr/bin/python3 tools/validation_coverage.py [--list]   exit 1 if any site is uncovered
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE_START = re.compile(
    r"\b(?:validation|request_check)_error\(|\bApiError\{ErrorCode::k\w+,|\b(?:errors|shape)\.(?:require|add|name|one_of|range)\(")
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
EXEMPT = ("// not on the wire:", "// catalogue-exempt:")


def call_text(source, start):
    """The text from `start` to the bracket closing the one the site opened."""
    depth, i, in_string = 0, start, False
    while i < len(source):
        c = source[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "({":
            depth += 1
        elif c in ")}":
            depth -= 1
            if depth == 0:
                return source[start:i + 1]
        i += 1
    return source[start:]


def unescape(text):
    return text.replace('\\"', '"').replace("\\\\", "\\").replace("\\n", "\n")


def sites():
    """[(file, line, literals, exempt)] for every error site."""
    out = []
    files = glob.glob(os.path.join(ROOT, "engine", "**", "*.cc"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "server", "**", "*.cc"), recursive=True)
    for path in sorted(files):
        with open(path, encoding="utf-8") as f:
            source = f.read()
        lines = source.split("\n")
        for m in SITE_START.finditer(source):
            line = source.count("\n", 0, m.start()) + 1
            text = call_text(source, m.start())
            literals = [unescape(s) for s in LITERAL.findall(text)]
            literals = [s for s in literals if len(s.strip()) >= 3]
            nearby = lines[line - 1] + (lines[line - 2] if line >= 2 else "")
            out.append((os.path.relpath(path, ROOT), line, literals, any(marker in nearby for marker in EXEMPT)))
    return out


def catalogue_messages():
    messages = []
    for path in glob.glob(os.path.join(ROOT, "tests", "e2e", "validation_cases", "*.json")):
        with open(path, encoding="utf-8") as f:
            # A null message is an answer with no message member.
            messages += [case["message"] or "" for case in json.load(f).get("cases", [])]
    return messages


def main():
    messages = catalogue_messages()
    covered, uncovered, dynamic, exempt = [], [], [], []
    for file, line, literals, is_exempt in sites():
        where = "%s:%d" % (file, line)
        if is_exempt:
            exempt.append(where)
        elif not literals:
            dynamic.append(where)
        elif any(all(lit in msg for lit in literals) for msg in messages):
            covered.append(where)
        else:
            uncovered.append((where, literals))
    print("error sites: %d covered, %d uncovered, %d dynamic (message is a variable), %d exempt"
          % (len(covered), len(uncovered), len(dynamic), len(exempt)))
    for where, literals in uncovered:
        print("UNCOVERED %s  %s" % (where, " | ".join(literals)))
    if "--list" in sys.argv:
        for where in dynamic:
            print("dynamic   %s" % where)
        for where in exempt:
            print("exempt    %s" % where)
    return 1 if uncovered else 0


if __name__ == "__main__":
    sys.exit(main())
