#!/usr/bin/env bash
# Installs dynamini's dependencies from Debian packages: `serve`, what
# building and running the server needs; `test` (the default), everything the
# test suite needs too. Idempotent: installs only what is missing, and does
# nothing when all is there.
#   usage: bash tools/install-deps.sh [serve|test]
set -euo pipefail

# What building and running the server needs (tools/serve.sh).
serve_packages=(
  cmake
  g++
  ninja-build
  libsqlite3-dev
  libboost-dev
  libssl-dev  # SHA-256 and HMAC for SigV4 (libcrypto), HTTPS for `dynamini copy`
  zlib1g-dev  # crc32 of response bodies (x-amz-crc32), gzip exports
  rapidjson-dev
)
# What the whole test suite needs besides (tools/test.sh).
test_packages=(
  doctest-dev
  python3-boto3
  python3-pytest  # the pytest plugin (tools/pytest) and its sample project
  python3-pytest-xdist  # the plugin with parallel workers
  golang-go  # the Go sample project and tools/go/dynaminitest
  golang-github-aws-aws-sdk-go-v2-dev  # the AWS SDK for Go v2 (/usr/share/gocode)
  awscli
  chromium  # headless browser for the console's end-to-end tests
  libgtest-dev  # the GoogleTest embedding example
  clang  # the sanitizer builds and fuzz smoke runs (tools/sanitize.sh)
  clang-format  # tools/format.sh --check (CI)
  libclang-rt-14-dev
)

case "${1:-test}" in
  serve) packages=("${serve_packages[@]}") ;;
  test) packages=("${serve_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: bash tools/install-deps.sh [serve|test]" >&2; exit 2 ;;
esac

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed$'; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all dependencies are installed"
  exit 0
fi

echo "install-deps: missing: ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: run as root to install them, e.g.:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
echo "install-deps: installed: ${missing[*]}"
