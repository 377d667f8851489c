#!/usr/bin/env bash
# The payload of the packages (npm, wheel, container): the static executable
# at STATIC_BIN, else the one tools/packaging/build_static.sh builds. Checks
# it is an x86-64 executable needing only glibc (check_static.sh) and prints
# its absolute path.
#   usage: bash tools/packaging/static_input.sh [STATIC_BIN]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-}"
if [[ -z "$bin" ]]; then bin="$(bash "$here/build_static.sh")"; fi
[[ -f "$bin" && -x "$bin" ]] || { echo "static_input: $bin is not an executable file" >&2; exit 1; }
readelf -h "$bin" | grep -q 'Machine: *Advanced Micro Devices X86-64' ||
  { echo "static_input: $bin is not an x86-64 executable (the packages say linux-x64)" >&2; exit 1; }
bash "$here/check_static.sh" "$bin" >&2
realpath "$bin"
