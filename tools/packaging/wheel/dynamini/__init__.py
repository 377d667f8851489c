"""dynamini, a DynamoDB emulator on SQLite, as a wheel: the static executable in bin/ and
the `dynamini` command that runs it. The pytest plugin (module dynamini_pytest, plugin name
"dynamini") comes with it and runs the same executable. docs/install.md."""

import os
import sys


def binary():
    """The path of the executable this package carries."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "dynamini")


def main():
    """The `dynamini` command: replaces this process with the executable."""
    path = binary()
    os.execv(path, [path, *sys.argv[1:]])
