"""Fails unless every file of the wheel is listed in its RECORD with the right sha256 and
size (and RECORD lists nothing else), and dynamini/bin/dynamini is executable in the zip.
pip does not check RECORD when it installs.
  usage: python3 tests/package/wheel_record_check.py WHEEL"""

import base64
import hashlib
import sys
import zipfile


def main(path):
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        listed = {}
        for line in wheel.read(record).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            listed[name] = (digest, size)
        problems = []
        if set(listed) != set(names):
            problems.append("RECORD and the zip differ: %s" % sorted(set(listed) ^ set(names)))
        for name in names:
            if name == record:
                continue
            data = wheel.read(name)
            digest = "sha256=" + base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            if listed.get(name) != (digest, str(len(data))):
                problems.append("%s: RECORD says %s, the file is %s,%d" %
                                (name, listed.get(name), digest, len(data)))
        mode = wheel.getinfo("dynamini/bin/dynamini").external_attr >> 16
        if not mode & 0o111:
            problems.append("dynamini/bin/dynamini is not executable (mode %o)" % mode)
    for problem in problems:
        print("wheel_record_check: " + problem)
    print("wheel_record_check: %d files, %d problem(s)" % (len(names), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
