#!/usr/bin/env bash
# The Debian package (cpack -G DEB), installed with dpkg into an empty root folder
# (dpkg --root: never into the system, where it could replace or remove a dynamini
# someone installed; dependencies are checked here instead, against this system):
# - its Depends name the package of every shared library the command needs (glibc's
#   libc6 aside: see the note it prints) and each is installed here;
# - the installed /usr/bin/dynamini, from an empty folder with an empty environment,
#   serves boto3 (serve_and_ask.py);
# - dpkg --root -r removes it and leaves no file behind.
#   usage: deb_install.sh BUILD_DIR SCRATCH_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(realpath "$1")" scratch="$2"
rm -rf "$scratch" && mkdir -p "$scratch/root/var/lib/dpkg/info" "$scratch/root/var/lib/dpkg/updates" "$scratch/empty"
scratch="$(realpath "$scratch")" root="$scratch/root"
touch "$root/var/lib/dpkg/status"
(cd "$build" && cpack -G DEB -B "$scratch" >/dev/null)
deb="$(ls "$scratch"/dynamini_*.deb)"
depends="$(dpkg-deb -f "$deb" Depends)"
echo "deb_install: $(basename "$deb"): Depends: $depends"

# Dependencies: what the executable needs, by package, against what the package declares.
dpkg-deb -x "$deb" "$scratch/unpacked"
declare -A declared=()
for dep in ${depends//,/ }; do
  [[ "$dep" =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || continue  # version constraints: (>= x)
  declared[$dep]=1
  dpkg-query -W -f='${Status}\n' "$dep" 2>/dev/null | grep -q '^install ok installed$' ||
    { echo "deb_install: $dep (a dependency) is not installed on this system" >&2; exit 1; }
done
bin="$scratch/unpacked/usr/bin/dynamini"
for lib in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  # ldd: "libz.so.1 => /lib/.../libz.so.1 (0x...)", the loader as "/lib64/ld-linux-x86-64.so.2 (0x...)".
  path="$(ldd "$bin" | awk -v lib="$lib" '$1 == lib && $2 == "=>" { print $3 } $1 ~ ("/" lib "$") { print $1 }')"
  [[ -n "$path" ]] || { echo "deb_install: ldd does not find $lib" >&2; exit 1; }
  owner="$( (dpkg -S "$path" 2>/dev/null || dpkg -S "/usr$path") | head -1 | cut -d: -f1)"
  echo "deb_install: needs $lib ($path, package $owner)"
  if [[ "$owner" == libc6 && -z "${declared[libc6]:-}" ]]; then
    glibc_undeclared=1
  elif [[ -z "${declared[$owner]:-}" ]]; then
    echo "deb_install: $lib comes from $owner, which Depends does not name" >&2; exit 1
  fi
done
if [[ -n "${glibc_undeclared:-}" ]]; then
  echo "deb_install: note: Depends does not name libc6 (glibc), which every Debian system has"
fi

# Install, run, remove.
# --force-depends: the empty root has none of the dependencies (checked above instead).
dpkg --root="$root" --log=/dev/null --force-depends --force-not-root -i "$deb" >"$scratch/dpkg.log" 2>&1 ||
  { cat "$scratch/dpkg.log" >&2; exit 1; }
dpkg --root="$root" -s dynamini | grep -q '^Status: install ok installed$'
cd "$scratch/empty"
[[ "$(env -i "$root/usr/bin/dynamini" --version)" == "dynamini $(dpkg-deb -f "$deb" Version)" ]]
env -i /usr/bin/python3 "$here/serve_and_ask.py" -- "$root/usr/bin/dynamini" --port 0
[[ -z "$(ls -A "$scratch/empty")" ]] || { echo "deb_install: files left: $(ls -A)" >&2; exit 1; }
dpkg --root="$root" --log=/dev/null --force-depends --force-not-root -r dynamini >/dev/null
left="$(cd "$root" && find . -path ./var/lib/dpkg -prune -o ! -type d -print)"
[[ -z "$left" ]] || { echo "deb_install: left after removal: $left" >&2; exit 1; }
echo "deb_install: ok"
