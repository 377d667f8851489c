#!/usr/bin/env bash
# The container recipe (tools/packaging/Containerfile, context by container_context.sh):
# 1. the context's root file system holds /dynamini and exactly the glibc files `ldd`
#    lists, and these suffice: the copied loader, in an empty environment, resolves every
#    library inside it and runs `dynamini --version`;
# 2. as root: chrooted into that file system as the image's user (65534), with the image's
#    flags (--host 0.0.0.0, and its warning), it serves boto3, and `dynamini health` (the
#    HEALTHCHECK) passes while it runs and fails once it stopped;
# 3. with podman installed: the image builds (docker format, for HEALTHCHECK), runs with
#    its port published on 127.0.0.1, turns healthy, serves boto3 and stops with exit 0.
# Without root or podman, those parts say "skipped".
#   usage: container_recipe.sh STATIC_BIN
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
static_bin="$(realpath "$1")"
work="$(mktemp -d)"
container="" image="" server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; fi
  if [[ -n "$container" ]]; then podman rm -f "$container" >/dev/null 2>&1 || true; fi
  if [[ -n "$image" ]]; then podman rmi -f "$image" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
version="dynamini $(bash "$src/tools/packaging/project_version.sh")"
context="$(bash "$src/tools/packaging/container_context.sh" "$static_bin" "$work/context")"
rootfs="$context/rootfs"

# 1. The files, and nothing from the host.
files="$(cd "$rootfs" && find . -type f | sort | tr '\n' ' ')"
echo "container_recipe: rootfs: $files"
[[ "$files" == "./dynamini ./lib/x86_64-linux-gnu/libc.so.6 ./lib/x86_64-linux-gnu/libm.so.6 ./lib64/ld-linux-x86-64.so.2 " ]]
cd "$rootfs"
loader=(env -i ./lib64/ld-linux-x86-64.so.2 --inhibit-cache --library-path ./lib/x86_64-linux-gnu)
"${loader[@]}" --list ./dynamini | tee "$work/list"
if grep -v -e linux-vdso -e '=> \./lib/x86_64-linux-gnu/' -e '=> \./lib64/' "$work/list"; then
  echo "container_recipe: a library resolved outside the context" >&2; exit 1
fi
[[ "$("${loader[@]}" ./dynamini --version)" == "$version" ]]
cd "$work"

# 2. The image's file system, user and flags, without a container runtime.
chroot_part() {
  local in_image=(env -i "$(command -v chroot)" --userspec=65534:65534 "$rootfs") line url="" status warned=""
  coproc SERVER { exec "${in_image[@]}" /dynamini --host 0.0.0.0 --port 0 2>&1; }
  server_pid=$SERVER_PID
  while read -r -t 15 line <&"${SERVER[0]}"; do
    echo "container_recipe: chroot | $line"
    [[ "$line" == *"warning: listening on 0.0.0.0"* ]] && warned=1
    [[ -n "$url" ]] ||
      url="$(sed -n 's/^dynamini listening on http:\/\/0\.0\.0\.0:\([0-9]*\)$/http:\/\/127.0.0.1:\1/p' <<<"$line")"
    [[ -z "$url" || -z "$warned" ]] || break
  done
  [[ -n "$url" && -n "$warned" ]] || { echo "container_recipe: no warning or listening line" >&2; return 1; }
  /usr/bin/python3 "$here/serve_and_ask.py" --endpoint "$url"
  "${in_image[@]}" /dynamini health --endpoint "$url"
  kill -TERM "$server_pid"
  status=0 && wait "$server_pid" || status=$?
  server_pid=""
  [[ $status -eq 0 ]] || { echo "container_recipe: exit $status after SIGTERM" >&2; return 1; }
  if "${in_image[@]}" /dynamini health --endpoint "$url" 2>&1; then
    echo "container_recipe: health passed with no server" >&2; return 1
  fi
}
if [[ $(id -u) -eq 0 ]] && chroot "$rootfs" /dynamini --version >/dev/null 2>&1; then
  chroot_part
else
  echo "container_recipe: SKIPPED the chroot part (needs root and chroot)"
fi

# 3. A real image and container.
podman_part() {
  local port run=(podman) health
  # crun cannot run under hybrid cgroups (v1 and v2 mounted), runc can. Without
  # CAP_SYS_RESOURCE neither may raise a limit above conmon's (podman's default nofile is
  # more than that, and conmon's nproc is at most 32768): small limits work everywhere.
  if command -v runc >/dev/null; then run+=(--runtime runc); fi
  run+=(run --ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
  image="localhost/dynamini-recipe-test:$$"
  podman build --quiet --format docker -t "$image" "$context" >/dev/null
  podman image inspect --format '{{.Config.Healthcheck.Test}}' "$image" |
    grep -q '/dynamini health' || { echo "container_recipe: no HEALTHCHECK in the image" >&2; return 1; }
  [[ "$(podman image inspect --format '{{.Config.User}}' "$image")" == 65534:65534 ]]
  echo "container_recipe: image $(podman image inspect --format '{{.Size}}' "$image") bytes"
  port="$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  container="$("${run[@]}" -d -p "127.0.0.1:$port:8000" "$image")"
  for _ in $(seq 30); do
    health="$(podman healthcheck run "$container" 2>&1)" && break
    sleep 0.5
  done
  echo "container_recipe: podman healthcheck run -> ${health:-healthy}"
  [[ "$(podman inspect --format '{{.State.Health.Status}}' "$container")" == healthy ]]
  /usr/bin/python3 "$here/serve_and_ask.py" --endpoint "http://127.0.0.1:$port"
  podman logs "$container" 2>&1 | sed 's/^/container_recipe: podman | /'
  podman logs "$container" 2>&1 | grep -q 'warning: listening on 0.0.0.0'
  podman stop --time 10 "$container" >/dev/null
  [[ "$(podman inspect --format '{{.State.ExitCode}}' "$container")" == 0 ]]
}
if command -v podman >/dev/null; then
  podman_part
else
  echo "container_recipe: SKIPPED the podman part (podman is not installed)"
fi
echo "container_recipe: ok"
