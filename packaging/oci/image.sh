#!/usr/bin/env bash
# Keybox's OCI image, made without a container engine, a daemon or a registry (./run.sh image and
# ./run.sh test call it; docs/operations.md "Containers and Kubernetes" is the operator's side).
#
#   image.sh build ARCHIVE OUT.tar VERSION REVISION   the image of dist's archive, an OCI image
#                                                       layout in one tar (podman/docker load)
#   image.sh test OUT.tar VERSION [PORT]               checks its layout and configuration, then
#                                                       runs its own root filesystem in a chroot:
#                                                       the demo on 127.0.0.1:PORT, a free port by
#                                                       default (needs root)
#
# Two layers: a base of Debian packages (libc6 and libgcc-s1 for the runtime jlink made, and
# busybox-static for the POSIX sh and the few tools the launcher uses), downloaded by apt from the
# build machine's own Debian sources, and Keybox: dist's archive at /opt/keybox, /usr/bin/keybox,
# /var/lib/keybox owned by the image's user. The layers are tars written with their owners set
# (GNU tar's --owner), so building needs no root; umoci (a Debian package) assembles the image.
# Tools missing from the machine are installed with apt-get when running as root (CI's fresh
# machine), named otherwise.
set -euo pipefail

IMAGE_UID=65532                         # the image's user: no root inside the container
DATA=/var/lib/keybox                    # its volume: indexes and keys
BASE_PACKAGES=(libc6 libgcc-s1 busybox-static)
LAUNCHER_TOOLS=(sh cat dirname mkfifo mktemp readlink rm) # bin/keybox's, as busybox applets
DEFAULT_CMD=(serve --data-dir "$DATA/data" --host 0.0.0.0 --behind-proxy)
PORT=8080

say() { printf 'keybox image: %s\n' "$*" >&2; }
die() { say "$1"; exit "${2:-2}"; }

# need COMMAND=PACKAGE...: installs the packages of the missing commands (root), or names them.
need() {
  local pair missing=()
  for pair in "$@"; do
    command -v "${pair%%=*}" >/dev/null 2>&1 || missing+=("${pair#*=}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || die "needs the Debian packages ${missing[*]}: apt-get install ${missing[*]}"
  say "installing ${missing[*]} (apt-get)..."
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    die "apt-get could not install ${missing[*]}"
}

# The image's name inside the layout (its ref.name, which podman load names the image by):
# localhost/keybox:VERSION ('+' is no tag character).
tag_of() { printf 'localhost/keybox:%s\n' "${1//+/-}"; }

# base_layer DIR: the Debian packages unpacked into DIR, the launcher's tools linked to busybox,
# and the files a process looks up at start: its user, its group, localhost, and /tmp.
base_layer() {
  local dir=$1 debs="$1.debs" deb
  mkdir -p "$debs" "$dir"
  # apt-get download fetches the host's candidate versions: the base follows its Debian release.
  (cd "$debs" && apt-get download "${BASE_PACKAGES[@]}" >/dev/null 2>&1) || {
    [ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null &&
      (cd "$debs" && apt-get download "${BASE_PACKAGES[@]}" >/dev/null)
  } || die "apt-get download ${BASE_PACKAGES[*]} failed (apt-get update first?)"
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$dir"; done
  # Manuals and change logs serve no one in a container; the copyright files stay.
  rm -rf "$dir/usr/share/man" "$dir/usr/share/lintian" "$dir"/usr/share/doc/*/changelog*
  mkdir -p "$dir/bin" "$dir/etc" "$dir/tmp" "$dir/dev" "$dir/proc" # the last two: the engine's mounts
  chmod 1777 "$dir/tmp"
  for tool in "${LAUNCHER_TOOLS[@]}"; do ln -sf busybox "$dir/bin/$tool"; done
  printf 'root:x:0:0:root:/root:/sbin/nologin\nkeybox:x:%s:%s:Keybox:%s:/sbin/nologin\n' \
    "$IMAGE_UID" "$IMAGE_UID" "$DATA" >"$dir/etc/passwd"
  printf 'root:x:0:\nkeybox:x:%s:\n' "$IMAGE_UID" >"$dir/etc/group"
  printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$dir/etc/nsswitch.conf"
  # A container engine mounts its own /etc/hosts over this one; a chroot has only this.
  printf '127.0.0.1 localhost\n::1 localhost\n' >"$dir/etc/hosts"
  for deb in "$debs"/*.deb; do dpkg-deb --showformat='${Package}=${Version}\n' -W "$deb"; done | paste -sd ' ' -
}

# layer_tar DIR OUT.tar: DIR's files owned by root, the data folder by the image's user.
layer_tar() {
  local dir=$1 out=$2
  tar --sort=name --numeric-owner --owner=0 --group=0 --exclude="./${DATA#/}" -C "$dir" -cf "$out" .
  if [ -d "$dir$DATA" ]; then
    tar --numeric-owner --owner="$IMAGE_UID" --group="$IMAGE_UID" --no-recursion -C "$dir" \
      -rf "$out" "./${DATA#/}"
  fi
}

build() {
  local archive=$1 out=$2 version=$3 revision=$4 work image base_list source label cmd=() arg
  need umoci=umoci dpkg-deb=dpkg
  [ -f "$archive" ] || die "no $archive (./run.sh dist makes it)"
  work=$(mktemp -d)
  trap "rm -rf '$work'" EXIT
  image="$work/layout:$(tag_of "$version")"

  say "the base layer: ${BASE_PACKAGES[*]} from Debian (apt-get download)..."
  base_list=$(base_layer "$work/base")
  layer_tar "$work/base" "$work/base.tar"

  say "the Keybox layer: $(basename "$archive") at /opt/keybox..."
  mkdir -p "$work/app/opt" "$work/app/usr/bin" "$work/app$DATA"
  tar -C "$work/app/opt" -xzf "$archive"
  mv "$work/app/opt/keybox-$version" "$work/app/opt/keybox"
  ln -s /opt/keybox/bin/keybox "$work/app/usr/bin/keybox"
  layer_tar "$work/app" "$work/app.tar"

  umoci init --layout "$work/layout"
  umoci new --image "$image"
  umoci raw add-layer --image "$image" --history.created_by "Debian packages: $base_list" "$work/base.tar"
  umoci raw add-layer --image "$image" --history.created_by "$(basename "$archive") at /opt/keybox" \
    "$work/app.tar"
  # The source label: KEYBOX_IMAGE_SOURCE, or the repository's own remote when it is a URL (a
  # clone of a folder names no source anyone else can reach).
  source=${KEYBOX_IMAGE_SOURCE:-}
  if [ -z "$source" ]; then
    source=$(git -C "$(dirname "$archive")" remote get-url origin 2>/dev/null || true)
    [[ "$source" =~ ^(https?|ssh|git)://|^git@ ]] || source=""
  fi
  local labels=(
    "org.opencontainers.image.title=keybox"
    "org.opencontainers.image.description=Keybox: a self-hosted listings search server on Apache Lucene"
    "org.opencontainers.image.version=$version"
    "org.opencontainers.image.revision=$revision"
    "org.opencontainers.image.licenses=Apache-2.0"
    "org.opencontainers.image.vendor=The Keybox project"
    "org.opencontainers.image.created=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
  [ -z "$source" ] || labels+=("org.opencontainers.image.source=$source")
  for label in "${labels[@]}"; do cmd+=(--config.label "$label" --manifest.annotation "$label"); done
  for arg in "${DEFAULT_CMD[@]}"; do cmd+=(--config.cmd "$arg"); done
  umoci config --image "$image" --no-history --os linux --architecture amd64 \
    --config.user "$IMAGE_UID:$IMAGE_UID" --config.entrypoint keybox "${cmd[@]}" \
    --config.env PATH=/usr/bin:/bin --config.workingdir "$DATA" \
    --config.exposedports "$PORT/tcp" --config.volume "$DATA"
  umoci gc --layout "$work/layout"
  mkdir -p "$(dirname "$out")"
  tar --sort=name --numeric-owner --owner=0 --group=0 -C "$work/layout" -cf "$out" .
  say "built $(basename "$out"): $(du -m "$out" | cut -f 1) MB (layers compressed), $(
    du -smc "$work/base" "$work/app" | tail -n 1 | cut -f 1) MB unpacked; base: $base_list"
}

# expect JQ_FILTER EXPECTED: the filter's answer on the image's configuration ($config), compact.
expect() {
  local actual
  actual=$(jq -c "$1" "$config")
  [ "$actual" = "$2" ] || { say "test: FAILED: $1 is $actual, expected $2"; rc=1; }
}

# The container a runtime would start, near enough: the unpacked root filesystem with /proc and a
# minimal /dev mounted (in a mount namespace of its own, gone with it), the image's environment
# and nothing else, its user, its entrypoint; the command is the demo's, on PORT. In the
# background: the pid of unshare in $started, the server's (the shell that execs into it) in
# ROOTFS.pid once it runs.
run_rootfs() {
  local rootfs=$1 port=$2 log=$3 user entrypoint env=()
  user=$(jq -r '.config.User' "$config")
  mapfile -t entrypoint < <(jq -r '.config.Entrypoint[]' "$config")
  mapfile -t env < <(jq -r '.config.Env[]' "$config")
  unshare --mount --fork /bin/sh -c '
    rootfs=$1; shift
    mount -t proc proc "$rootfs/proc" && mount -t tmpfs -o mode=0755 dev "$rootfs/dev" || exit 1
    for node in null:3 zero:5 random:8 urandom:9; do
      mknod -m 0666 "$rootfs/dev/${node%:*}" c 1 "${node#*:}" || exit 1
    done
    echo $$ >"$rootfs.pid"
    exec "$@"' sh "$rootfs" env -i "${env[@]}" "$(command -v chroot)" --userspec="$user" "$rootfs" \
    "${entrypoint[@]}" demo --port "$port" --data-dir "$DATA/demo" >"$log" 2>&1 &
  started=$!
}

# A TCP port on 127.0.0.1 that nothing listens on (bash's /dev/tcp: a refused connection).
free_port() {
  local port i
  for i in $(seq 100); do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { printf '%s\n' "$port"; return 0; }
  done
  return 1
}

test_image() {
  local oci=$1 version=$2 port=${3:-$(free_port)} tmp config rc=0 rootfs started pid i code="" t0 url
  need umoci=umoci skopeo=skopeo jq=jq curl=curl unshare=util-linux
  [ "$(id -u)" -eq 0 ] || die "the image's test runs its root filesystem in a chroot: it needs root"
  tmp=$(mktemp -d)
  trap "rm -rf '$tmp'" EXIT
  config="$tmp/config.json"
  # The layout as a registry client reads it, and the configuration the issue asks for.
  skopeo inspect --config "oci-archive:$oci" >"$config" || die "test: FAILED: skopeo cannot read $oci" 1
  expect '.os + "/" + .architecture' '"linux/amd64"'
  expect '.config.User' "\"$IMAGE_UID:$IMAGE_UID\""
  expect '.config.Entrypoint' '["keybox"]'
  expect '.config.Cmd' '["serve","--data-dir","/var/lib/keybox/data","--host","0.0.0.0","--behind-proxy"]'
  expect '.config.ExposedPorts | keys' '["8080/tcp"]'
  expect '.config.Volumes | keys' '["/var/lib/keybox"]'
  expect '.config.Labels["org.opencontainers.image.version"]' "\"$version\""
  expect '.config.Labels["org.opencontainers.image.licenses"]' '"Apache-2.0"'
  expect '.config.Labels["org.opencontainers.image.revision"] | test("^[0-9a-f]{7,}")' 'true'
  expect '.rootfs.diff_ids | length' '2'
  # Its root filesystem, as umoci (the OCI tools' reference unpacker) lays it out.
  mkdir "$tmp/layout"
  tar -C "$tmp/layout" -xf "$oci"
  umoci unpack --image "$tmp/layout:$(tag_of "$version")" "$tmp/bundle" >/dev/null ||
    die "test: FAILED: umoci cannot unpack $oci" 1
  rootfs="$tmp/bundle/rootfs"
  grep -q '^ *Version 2.0, January 2004$' "$rootfs/opt/keybox/LICENSE" &&
    grep -q '^  org.apache.lucene:lucene-core:[^ ]* (Apache-2.0)$' "$rootfs/opt/keybox/NOTICE" ||
    { say "test: FAILED: no LICENSE and NOTICE in /opt/keybox"; rc=1; }
  [ "$(stat -c %u:%g "$rootfs$DATA")" = "$IMAGE_UID:$IMAGE_UID" ] ||
    { say "test: FAILED: $DATA is not the image user's"; rc=1; }
  [ "$(readlink "$rootfs/usr/bin/keybox")" = /opt/keybox/bin/keybox ] ||
    { say "test: FAILED: /usr/bin/keybox"; rc=1; }

  t0=$SECONDS
  run_rootfs "$rootfs" "$port" "$tmp/demo.log"
  url="http://127.0.0.1:$port/properties?limit=1"
  for i in $(seq 1200); do
    code=$(curl -s -o "$tmp/body" -w '%{http_code}' -u demo:demo "$url" 2>/dev/null) && [ "$code" = 200 ] && break
    kill -0 "$started" 2>/dev/null || break
    sleep 0.1
  done
  pid=$(cat "$rootfs.pid" 2>/dev/null || true)
  [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
  wait "$started" 2>/dev/null || true
  if [ "$code" = 200 ]; then
    say "test: the image's root filesystem, in a chroot as uid $IMAGE_UID with only the image's environment, served the demo: 200 on /properties $((SECONDS - t0)) s after its start; its first bytes:"
    head -c 160 "$tmp/body" >&2 && echo >&2
  else
    cat "$tmp/demo.log" >&2
    say "test: FAILED: no 200 on /properties from the image's root filesystem (last answer: ${code:-none})"
    rc=1
  fi
  grep -q '^keybox demo: stopped (' "$tmp/demo.log" || { say "test: FAILED: the demo did not stop on SIGTERM"; rc=1; }
  [ "$rc" -eq 0 ] && say "test: passed"
  return "$rc"
}

case "${1:-}" in
  build) shift; [ $# -eq 4 ] || die "usage: image.sh build ARCHIVE OUT.tar VERSION REVISION" 1; build "$@" ;;
  test) shift; [ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: image.sh test OUT.tar VERSION [PORT]" 1; test_image "$@" ;;
  *) die "usage: image.sh build ARCHIVE OUT.tar VERSION REVISION | image.sh test OUT.tar VERSION [PORT]" 1 ;;
esac
