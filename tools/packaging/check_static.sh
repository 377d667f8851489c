#!/usr/bin/env bash
# Fails unless executable $1 needs no shared library but glibc's (libc,
# libm, the dynamic loader; libpthread and libdl are glibc's too).
#   usage: bash tools/packaging/check_static.sh FILE
set -euo pipefail
file="$1"
needed="$(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "check_static: $file needs: $(echo $needed)"
status=0
for lib in $needed; do
  case "$lib" in
    libc.so.6 | libm.so.6 | libpthread.so.0 | libdl.so.2 | ld-linux-*.so.*) ;;
    *) echo "check_static: $lib is not part of glibc" >&2; status=1 ;;
  esac
done
# ldd agrees (it lists what the loader would map, transitively).
if ldd "$file" | grep -v -E 'linux-vdso|libc\.so|libm\.so|libpthread\.so|libdl\.so|ld-linux' | grep -q '=>'; then
  echo "check_static: ldd lists more:" >&2
  ldd "$file" >&2
  status=1
fi
exit $status
