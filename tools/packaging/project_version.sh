#!/usr/bin/env bash
# Prints dynamini's version: project(VERSION) in the top CMakeLists.txt.
#   usage: bash tools/packaging/project_version.sh
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
version="$(sed -n 's/^project(dynamini VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")"
[[ -n "$version" ]] || { echo "project_version: no project(dynamini VERSION ...) in CMakeLists.txt" >&2; exit 1; }
echo "$version"
