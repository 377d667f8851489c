#!/usr/bin/env bash
# Prepares the build context of tools/packaging/Containerfile (FROM scratch):
# the static executable as rootfs/dynamini, exactly the shared libraries
# `ldd` lists for it (glibc's: check_static.sh) at the paths the loader uses,
# an empty rootfs/tmp, an empty data/ and the Containerfile itself.
#   usage: bash tools/packaging/container_context.sh [STATIC_BIN] [CONTEXT_DIR]
#   STATIC_BIN: default, the one tools/packaging/build_static.sh builds;
#   CONTEXT_DIR: default build/packages/container (an earlier one is replaced). Prints
#   CONTEXT_DIR; then: podman build --format docker -t dynamini CONTEXT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="$(bash "$here/static_input.sh" "${1:-}")"
context="$(realpath -m "${2:-$here/../../build/packages/container}")"
# Emptied first, unless it holds something other than an earlier context.
if [[ -n "$(ls -A "$context" 2>/dev/null)" && ! -f "$context/Containerfile" ]]; then
  echo "container_context: $context is not empty and not a context; not removing it" >&2; exit 1
fi
rm -rf "$context"
mkdir -p "$context/rootfs/tmp" "$context/data"
chmod 1777 "$context/rootfs/tmp"
install -m 755 "$bin" "$context/rootfs/dynamini"
# ldd's lines: "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" and
# "/lib64/ld-linux-x86-64.so.2 (0x...)"; linux-vdso is the kernel's.
mapfile -t libs < <(ldd "$bin" | sed -n -e 's/.*=> \(\/[^ ]*\) (0x.*/\1/p' -e 's/^\s*\(\/[^ ]*\) (0x.*/\1/p')
[[ ${#libs[@]} -gt 0 ]] || { echo "container_context: ldd lists no library for $bin" >&2; exit 1; }
for lib in "${libs[@]}"; do
  mkdir -p "$context/rootfs$(dirname "$lib")"
  cp -L "$lib" "$context/rootfs$lib"  # the file, not the symlink (ld-linux in /lib64 is one)
done
cp "$here/Containerfile" "$context/Containerfile"
echo "$context"
