#!/usr/bin/env python3
"""Builds the Python wheel dynamini-VERSION-py3-none-linux_x86_64.whl with the standard
library only: the static executable (package data, dynamini/bin/dynamini), the `dynamini`
command (a console script that execs it) and the pytest plugin tools/pytest/dynamini_pytest.py
registered as the pytest11 entry point "dynamini". No dependency is declared (pytest and
boto3 are the extra "pytest"), so it installs offline. The version is project(VERSION) of
CMakeLists.txt.

  usage: python3 tools/packaging/python_wheel.py [STATIC_BIN] [OUT_DIR]
  STATIC_BIN: default, the one tools/packaging/build_static.sh builds; OUT_DIR: default
  build/packages. Prints the wheel's path.
"""

import base64
import hashlib
import os
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
TAG = "py3-none-linux_x86_64"
# Fixed timestamps: the same inputs make the same wheel.
DATE = (1980, 1, 1, 0, 0, 0)


def metadata(version):
    return "\n".join([
        "Metadata-Version: 2.1",
        "Name: dynamini",
        "Version: " + version,
        "Summary: DynamoDB emulator on SQLite: the dynamini command (linux x86-64) and a "
        "pytest plugin",
        "Requires-Python: >=3.8",
        "Provides-Extra: pytest",
        'Requires-Dist: pytest ; extra == "pytest"',
        'Requires-Dist: boto3 ; extra == "pytest"',
        "",
        "`dynamini --port 8000` serves DynamoDB's API. With pytest installed, the `dynamodb`",
        "fixture gives each test a freshly reset database (`-p no:dynamini` turns the plugin",
        "off).",
        "",
    ])


WHEEL = "Wheel-Version: 1.0\nGenerator: dynamini python_wheel.py\nRoot-Is-Purelib: false\n" \
        "Tag: %s\n" % TAG
ENTRY_POINTS = "[console_scripts]\ndynamini = dynamini:main\n\n" \
               "[pytest11]\ndynamini = dynamini_pytest\n"


def read(path):
    with open(path, "rb") as f:
        return f.read()


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def write_wheel(path, dist_info, files):
    """files: (name in the wheel, bytes, unix mode); dist_info/RECORD is added last."""
    records = [record_line(name, data) for name, data, _ in files]
    records.append(dist_info + "/RECORD,,")
    files = files + [(dist_info + "/RECORD", ("\n".join(records) + "\n").encode(), 0o644)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data, mode in files:
            info = zipfile.ZipInfo(name, DATE)
            info.external_attr = (0o100000 | mode) << 16  # a regular file; pip keeps +x
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)


def project_version():
    return subprocess.check_output(["bash", os.path.join(HERE, "project_version.sh")],
                                   text=True).strip()


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    if len(argv) > 2:
        sys.exit(__doc__)
    binary = subprocess.check_output(
        ["bash", os.path.join(HERE, "static_input.sh"), argv[0] if argv else ""],
        text=True).strip()
    out = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(SRC, "build", "packages"))
    version = project_version()
    dist_info = "dynamini-%s.dist-info" % version
    files = [
        ("dynamini/__init__.py", read(os.path.join(HERE, "wheel", "dynamini", "__init__.py")),
         0o644),
        ("dynamini/bin/dynamini", read(binary), 0o755),
        ("dynamini_pytest.py", read(os.path.join(SRC, "tools", "pytest", "dynamini_pytest.py")),
         0o644),
        (dist_info + "/METADATA", metadata(version).encode(), 0o644),
        (dist_info + "/WHEEL", WHEEL.encode(), 0o644),
        (dist_info + "/entry_points.txt", ENTRY_POINTS.encode(), 0o644),
    ]
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "dynamini-%s-%s.whl" % (version, TAG))
    write_wheel(path, dist_info, files)
    print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
