#!/usr/bin/env bash
# Keybox from the source tree: finds a JDK >= 21, builds through the Maven wrapper when sources
# changed, and runs the `keybox` command (OPERATIONS.md §2) through the same launcher an install
# has, packaging/bin/keybox, over the build (.keybox/home): the JVM's options per command are its
# files of packaging/jvm/. Run `./run.sh help` for the list.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCAL="$ROOT/.keybox"             # local state: build stamp, demo data, the build's home (git-ignored)
STAMP="$LOCAL/build.stamp"
HOME_DIR="$LOCAL/home"            # laid out like an install: runtime/ (this JDK), lib/, jvm/
KEYBOX_JAR="$ROOT/app/target/keybox.jar"
BENCH_JAR="$ROOT/bench/target/keybox-bench.jar"
DEMO_DATA="$LOCAL/data"
DIST="$ROOT/dist"
VERSION=$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1) # the parent pom's
MIN_JAVA=21

say() { printf 'keybox: %s\n' "$*" >&2; }
die() { say "$1"; exit "${2:-2}"; } # die MESSAGE [EXIT CODE, default 2]

# Major version of a java binary, or nothing when it does not run.
java_major() {
  local v
  v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1)
  [ -n "$v" ] && printf '%s\n' "${v#1.}"
}

# A JDK (java and javac side by side) >= MIN_JAVA: JAVA_HOME, PATH, then /usr/lib/jvm newest first.
find_jdk() {
  local candidates=() dir major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  if [ -d /usr/lib/jvm ]; then
    while read -r _ dir; do candidates+=("$dir"); done < <(
      for d in /usr/lib/jvm/*/; do
        d="${d%/}"
        [ -x "$d/bin/java" ] && [ ! -L "$d" ] && printf '%s %s\n' "$(java_major "$d/bin/java" || echo 0)" "$d"
      done | sort -rn)
  fi
  for dir in "${candidates[@]}"; do
    [ -x "$dir/bin/java" ] && [ -x "$dir/bin/javac" ] || continue
    major=$(java_major "$dir/bin/java") || continue
    if [ -n "$major" ] && [ "$major" -ge "$MIN_JAVA" ]; then
      printf '%s\n' "$dir"
      return 0
    fi
  done
  return 1
}

setup_java() {
  JAVA_HOME="$(find_jdk)" || die "no JDK $MIN_JAVA or newer found (looked at JAVA_HOME, java on PATH and /usr/lib/jvm).
  Install one, e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21+ JDK, or set JAVA_HOME to it." 2
  export JAVA_HOME
}

mvnw() { (cd "$ROOT" && ./mvnw -B "$@" "-Dkeybox.commit=$(commit)"); }

# The commit built, for `keybox version`: git's, "-dirty" when the tree has changes.
commit() { git -C "$ROOT" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown; }

# True when a build input is newer than the last build (or there was none).
needs_build() {
  [ -f "$STAMP" ] && [ -f "$KEYBOX_JAR" ] && [ -f "$BENCH_JAR" ] || return 0
  [ -n "$(cd "$ROOT" && find pom.xml .mvn ./*/pom.xml ./*/src/main packaging/jvm -newer "$STAMP" -print -quit 2>/dev/null)" ]
}

build() {
  if needs_build; then
    say "building (the first build downloads Maven and dependencies; a minute or two)..."
    local started="$LOCAL/build.started"
    mkdir -p "$LOCAL" && touch "$started"
    # No formatter here (./run.sh test and plain ./mvnw builds format): its plugin prints a
    # "Processed N files" line per module past -q. The commit is the one `keybox version` names.
    mvnw -q package -DskipTests -Dfmt.skip || die "build failed; run './mvnw -B package' to see why" 2
    mv "$started" "$STAMP"
  fi
  lay_out_home
}

# .keybox/home: the build's jar and launcher options, and this JDK, where an install has them.
# The class-data archive, lib/keybox.jsa, is the JVM's: the launcher has it write one as it exits
# when it has none it can use (after a change of JDK or KEYBOX_JAVA_OPTS). A new jar is the one
# change it does not notice: then the archive is dropped and made again by the server's JVM as it
# exits from the demo's tour of the API (one request of each kind), so the first server has it.
lay_out_home() {
  local archive="$HOME_DIR/lib/keybox.jsa"
  mkdir -p "$HOME_DIR/lib"
  [ "$(readlink "$HOME_DIR/runtime")" = "$JAVA_HOME" ] || { ln -sfn "$JAVA_HOME" "$HOME_DIR/runtime"; rm -f "$archive"; }
  ln -sfn "$KEYBOX_JAR" "$HOME_DIR/lib/keybox.jar"
  ln -sfn "$ROOT/packaging/jvm" "$HOME_DIR/jvm"
  [ -s "$archive" ] && [ "$archive" -nt "$KEYBOX_JAR" ] && return 0
  rm -f "$archive"
  say "writing the server's class-data archive (keybox demo --tour, once per build; a few seconds)..."
  keybox demo --tour --port 0 --data-dir "$DEMO_DATA" >"$LOCAL/tour.log" 2>&1 ||
    say "the demo's tour failed (its log: $LOCAL/tour.log): the first server starts without a class-data archive"
}

# The `keybox` command of the build, through the launcher. Given way to (exec) when it is the last
# thing run.sh does, so that its JVM gets Ctrl-C and SIGTERM itself.
keybox() { KEYBOX_HOME="$HOME_DIR" "$ROOT/packaging/bin/keybox" "$@"; }
run_keybox() { KEYBOX_HOME="$HOME_DIR" exec "$ROOT/packaging/bin/keybox" "$@"; }

# The bench, told keybox.jar and its class-data archive, so that it starts the server as serve
# does (the jar by the path the archive was made with). KEYBOX_JAVA_OPTS are the bench's own JVM's.
bench() {
  local archive="$HOME_DIR/lib/keybox.jsa"
  [ -s "$archive" ] || archive=""
  exec "$JAVA_HOME/bin/java" "@$ROOT/packaging/jvm/common.args" --add-modules jdk.incubator.vector \
    -XX:+UseG1GC ${KEYBOX_JAVA_OPTS:-} -Dkeybox.bench.serverJar="$HOME_DIR/lib/keybox.jar" \
    ${archive:+"-Dkeybox.bench.serverArchive=$archive"} -jar "$BENCH_JAR" "$@"
}

# dist/keybox-VERSION-oci.tar, the OCI image of dist's archive (made first when older than the jar),
# and its test: packaging/oci/image.sh, which needs no container engine (and root for the test).
image() {
  local archive="$DIST/keybox-$VERSION-linux-x64.tar.gz"
  [ "$archive" -nt "$KEYBOX_JAR" ] || "$ROOT/packaging/dist.sh"
  "$ROOT/packaging/oci/image.sh" build "$archive" "$DIST/keybox-$VERSION-oci.tar" "$VERSION" "$(commit)"
}
test_image() { "$ROOT/packaging/oci/image.sh" test "$DIST/keybox-$VERSION-oci.tar" "$VERSION"; }

usage() {
  cat <<USAGE
Usage: ./run.sh [--port 8080] | ./run.sh COMMAND [OPTIONS]

With no command: build if needed, index the demo feed if no index exists yet, and serve it on
http://localhost:8080 (or --port's) with the demo key  demo / demo.

Commands (each takes --help):
  test      [MAVEN ARGS]     the whole test suite (what CI runs)
  index     --data-dir DIR --vendor NAME --listings FILE   index a feed dump
  pull      --data-dir DIR --vendor NAME --url SERVICE_ROOT ...  pull from an MLS's RESO Web API
  serve     --data-dir DIR [--port 8080] [--keys FILE] [--tls-cert PEM --tls-key PEM]
                                                        serve the API (HTTPS with a certificate)
  publish   --data-dir DIR --vendor NAME --to STORE_URL    publish a vendor's commit to a store
  keys hash [SECRET]         print a secret hash for the keys file (reads stdin if no SECRET)
  generate  --out DIR --listings N [--seed S]               write a realistic synthetic feed
  bench     [--listings N] [--clients C] [--duration S] [--systems keybox,lucene,postgres,opensearch]
            [--out FILE] [--quick] [--repeat N] [--pin] [--chart FILE]
                                        Keybox vs raw Lucene vs PostgreSQL vs OpenSearch (--help)
  dist      dist/keybox-VERSION-linux-x64.tar.gz (its own runtime: bin/keybox demo runs with no
            JDK) and dist/keybox_VERSION_amd64.deb (/opt/keybox, keybox.service, keybox-pull@.timer)
  image     dist/keybox-VERSION-oci.tar, the OCI image of dist's archive (no engine needed; umoci)
  version                    the version, commit, Lucene version and JDK
  help                       this text

Example:
  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080
USAGE
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    help | -h | --help) usage ;;
    # The demo is `keybox demo`'s: it generates and indexes the feed on its first run.
    "" | --port) setup_java; build; run_keybox demo --data-dir "$DEMO_DATA" ${cmd:+"$cmd"} "$@" ;;
    test)
      if [ "${1:-}" = "--help" ]; then
        cat <<'HELP'
Usage: ./run.sh test [MAVEN ARGS]

The whole test suite: ./mvnw -B verify -Pdist (every module; the dist profile then builds dist/ and
tests it, DistArchiveIT), then the OCI image and its test (as root). With MAVEN ARGS (default:
none), ./mvnw -B verify MAVEN ARGS only.

Example:
  ./run.sh test -pl server -am -Dtest=OpenApiDocumentTest -Dsurefire.failIfNoSpecifiedTests=false
HELP
        exit 0
      fi
      setup_java
      if [ $# -gt 0 ]; then mvnw verify "$@"; exit; fi
      # The whole suite: with the dist profile, app's build also makes dist/ (packaging/dist.sh)
      # and tests the archive and the .deb (DistArchiveIT). The image's test runs its root
      # filesystem in a chroot: root's.
      mvnw verify -Pdist
      mkdir -p "$LOCAL" && touch "$STAMP"
      if [ "$(id -u)" -eq 0 ]; then
        image && test_image
      else
        say "the image's test runs its root filesystem in a chroot, which needs root: skipped"
      fi
      ;;
    index | generate | pull | publish | serve | keys | version | demo) setup_java; build; run_keybox "$cmd" "$@" ;;
    dist) [ "${1:-}" = "--help" ] && { usage; exit 0; }; setup_java; build; exec "$ROOT/packaging/dist.sh" ;;
    image) [ "${1:-}" = "--help" ] && { usage; exit 0; }; setup_java; build; image ;;
    bench) setup_java; build; bench "$@" ;;
    *) usage >&2; die "unknown command '$cmd'" 1 ;;
  esac
}

main "$@"
