#!/usr/bin/env bash
# The Python wheel (tools/packaging/python_wheel.py): RECORD checked, then `pip install
# --no-index` (offline) into fresh virtual environments in an empty folder, far from any
# build tree, with no DYNAMINI_BIN and no dynamini on PATH:
# - with --system-site-packages (Debian's boto3 and pytest visible): the `dynamini`
#   command serves boto3 (serve_and_ask.py), and pytest, with no conftest.py and no -p,
#   has the `dynamodb` fixture running the wheel's executable (python_wheel_check.py);
#   `-p no:dynamini` turns the plugin off;
# - a bare one (nothing but pip): the wheel installs with no dependency, `dynamini
#   --version` runs, and `pip uninstall` removes the command.
#   usage: python_wheel.sh STATIC_BIN
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
static_bin="$(realpath "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

wheel="$(/usr/bin/python3 "$src/tools/packaging/python_wheel.py" "$static_bin" "$work/out")"
echo "python_wheel: $(basename "$wheel"), $(du -k "$wheel" | cut -f1) KiB"
/usr/bin/python3 "$here/wheel_record_check.py" "$wheel"
version="dynamini $(bash "$src/tools/packaging/project_version.sh")"
mkdir "$work/app" "$work/home"
cp "$here/python_wheel_check.py" "$work/app/test_dynamini_wheel.py"
cd "$work/app"
clean=(env -i "HOME=$work/home" PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1)

venv="$work/venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"${clean[@]}" "$venv/bin/pip" install --no-index --no-cache-dir --quiet "$wheel"
cmp "$("$venv/bin/python" -c 'import dynamini; print(dynamini.binary())')" "$static_bin"
[[ "$("${clean[@]}" "PATH=$venv/bin:/usr/bin:/bin" dynamini --version)" == "$version" ]]
"${clean[@]}" "PATH=$venv/bin:/usr/bin:/bin" /usr/bin/python3 "$here/serve_and_ask.py" -- dynamini --port 0
# pytest from the environment, PATH without it: the plugin finds the executable itself.
"${clean[@]}" PATH=/usr/bin:/bin "$venv/bin/python" -m pytest -p no:cacheprovider -v \
  test_dynamini_wheel.py
off="$("${clean[@]}" PATH=/usr/bin:/bin "$venv/bin/python" -m pytest -p no:cacheprovider \
  -p no:dynamini test_dynamini_wheel.py 2>&1 || true)"
grep -q "fixture 'dynamodb' not found" <<<"$off" ||
  { echo "python_wheel: -p no:dynamini did not turn the plugin off:" >&2; echo "$off" >&2; exit 1; }

bare="$work/bare"
/usr/bin/python3 -m venv "$bare"
"${clean[@]}" "$bare/bin/pip" install --no-index --no-cache-dir --quiet "$wheel"
[[ "$("${clean[@]}" "$bare/bin/dynamini" --version)" == "$version" ]]
"${clean[@]}" "$bare/bin/pip" uninstall --yes --quiet dynamini
[[ ! -e "$bare/bin/dynamini" ]] || { echo "python_wheel: uninstall left bin/dynamini" >&2; exit 1; }
[[ "$(ls -A "$work/app")" == "test_dynamini_wheel.py" ]] ||
  { echo "python_wheel: files left in the app folder: $(ls -A "$work/app")" >&2; exit 1; }
echo "python_wheel: ok"
