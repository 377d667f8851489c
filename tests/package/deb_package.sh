#!/usr/bin/env bash
# Builds the Debian package with `cpack -G DEB`, unpacks it into a clean
# folder and runs the packaged `dynamini --version`; checks that the library,
# headers and CMake package config are in it.
#   usage: deb_package.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
build=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch/root"
(cd "$build" && cpack -G DEB -B "$scratch" >/dev/null)
deb=$(ls "$scratch"/dynamini_*.deb)
dpkg-deb -x "$deb" "$scratch/root"
"$scratch/root/usr/bin/dynamini" --version | grep -q '^dynamini [0-9]'
for f in usr/include/dynamini/database.h usr/include/dynamini/server.h \
         usr/lib/libdynamini_engine.a usr/lib/libdynamini_values.a usr/lib/libdynamini_storage.a usr/lib/cmake/dynamini/dynaminiConfig.cmake; do
  [ -e "$scratch/root/$f" ] || { echo "missing from package: $f"; exit 1; }
done
echo "package ok: $(basename "$deb"): $("$scratch/root/usr/bin/dynamini" --version)"
