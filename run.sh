#!/usr/bin/env bash
# Keybox entry point: finds a JDK >= 21, builds through the Maven wrapper when sources changed,
# and dispatches the subcommands of OPERATIONS.md §2. Run `./run.sh help` for the list.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCAL="$ROOT/.keybox"                 # local state: build stamp, demo feed, demo data (git-ignored)
STAMP="$LOCAL/build.stamp"
INDEXER_JAR="$ROOT/indexer/target/keybox-indexer.jar"
SERVER_JAR="$ROOT/server/target/keybox-server.jar"
BENCH_JAR="$ROOT/bench/target/keybox-bench.jar"
MIN_JAVA=21

DEMO_VENDOR=houston
DEMO_LISTINGS=5000
DEMO_SEED=42
DEMO_FEED="$LOCAL/demo-feed"
DEMO_DATA="$LOCAL/data"
DEMO_KEYS="$ROOT/data/demo-keys.json"

say() { printf 'keybox: %s\n' "$*" >&2; }
die() { say "$*"; exit "${2:-2}"; }

# Major version of a java binary, or nothing when it does not run.
java_major() {
  local v
  v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1)
  [ -n "$v" ] && printf '%s\n' "${v#1.}"
}

# A JDK (java and javac side by side) of version >= MIN_JAVA: JAVA_HOME, then PATH, then /usr/lib/jvm.
find_jdk() {
  local candidates=() dir major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  if [ -d /usr/lib/jvm ]; then
    # Newest first: sort the candidates by their reported major version.
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
  if ! JAVA_HOME="$(find_jdk)"; then
    die "no JDK $MIN_JAVA or newer found (looked at JAVA_HOME, java on PATH and /usr/lib/jvm).
  Install one, e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21+ JDK, or set JAVA_HOME to it." 2
  fi
  export JAVA_HOME
  JAVA="$JAVA_HOME/bin/java"
}

mvnw() { (cd "$ROOT" && ./mvnw -B -q "$@"); }

# True when a build input is newer than the last build (or there was none).
needs_build() {
  [ -f "$STAMP" ] && [ -f "$INDEXER_JAR" ] && [ -f "$SERVER_JAR" ] && [ -f "$BENCH_JAR" ] || return 0
  [ -n "$(cd "$ROOT" && find pom.xml .mvn ./*/pom.xml ./*/src/main -newer "$STAMP" -print -quit 2>/dev/null)" ]
}

build() {
  if needs_build; then
    say "building (the first build downloads Maven and dependencies; a minute or two)..."
    mkdir -p "$LOCAL"
    local started="$LOCAL/build.started"
    touch "$started"
    mvnw package -DskipTests || die "build failed; run './mvnw -B package' to see why" 2
    mv "$started" "$STAMP"
  fi
}

# Lucene uses native access when allowed; logs are one line each.
JVM_OPTS=(--enable-native-access=ALL-UNNAMED
  "-Djava.util.logging.SimpleFormatter.format=%1\$tFT%1\$tT.%1\$tL%1\$tz %4\$s %3\$s: %5\$s%6\$s%n")
# Searching, Lucene decodes postings with the vector API when the module is there. The indexer runs
# without it (measured no slower: bench/README.md), so its output is its own lines only; the JVM
# says "Using incubator modules" on every start that adds it.
VECTOR_API=(--add-modules jdk.incubator.vector)
# The server's heap is fixed at its maximum (-Xms = -Xmx, 512 MB unless KEYBOX_JAVA_OPTS sets -Xmx):
# left to grow and shrink, G1 shrinks it to a few tens of MB between bursts and then collects every
# few milliseconds under load, which cost 20% of the throughput on 500-listing pages (bench/README.md).
server_heap() {
  local opt xmx="" xms=""
  for opt in ${KEYBOX_JAVA_OPTS:-}; do
    case "$opt" in
      -Xmx*) xmx="${opt#-Xmx}" ;;
      -Xms*) xms="${opt#-Xms}" ;;
    esac
  done
  if [ -z "$xmx" ] && [ -z "$xms" ]; then
    echo "-Xms512m -Xmx512m"
  elif [ -n "$xmx" ] && [ -z "$xms" ]; then
    echo "-Xms$xmx"
  fi
}
# The indexer is a batch job: the throughput collector, about 20% faster than G1 there (bench/README.md).
# The server keeps G1's short pauses.
indexer() { "$JAVA" "${JVM_OPTS[@]}" -XX:+UseParallelGC ${KEYBOX_JAVA_OPTS:-} -jar "$INDEXER_JAR" "$@"; }
server() { "$JAVA" "${JVM_OPTS[@]}" "${VECTOR_API[@]}" -XX:+UseG1GC $(server_heap) ${KEYBOX_JAVA_OPTS:-} -jar "$SERVER_JAR" "$@"; }
bench() { "$JAVA" "${JVM_OPTS[@]}" "${VECTOR_API[@]}" -XX:+UseG1GC ${KEYBOX_JAVA_OPTS:-} -jar "$BENCH_JAR" "$@"; }

# `serve` with a class-data archive (CDS): the classes an earlier server loaded, already parsed and
# verified, which the JVM maps instead of loading them again. On the bench's 1M index a server
# started in 1.0-1.7 s with it, 1.8-2.6 s without (bench/README.md). One archive per JDK, server jar
# and KEYBOX_JAVA_OPTS (some options, a heap over 32 GB say, make an archive unusable), in
# .keybox/cds/. A server that finds none writes one as it exits, and it is kept only if that server
# was stopped (Ctrl-C, SIGTERM): one that failed to start (a wrong option, a port in use) loaded too
# few classes to be worth mapping. Deleting the folder is always safe. The server runs as run.sh's
# child, so run.sh passes Ctrl-C and SIGTERM on to it.
serve() {
  local dir="$LOCAL/cds" stamp archive written="" rc=0 arg cds=()
  # The JVM checks the jar's time and size, and the JDK's build, against the archive's.
  stamp=$({ stat -c %Y "$SERVER_JAR" || stat -f %m "$SERVER_JAR"; cat "$JAVA_HOME/release"
    printf '%s' "${KEYBOX_JAVA_OPTS:-}"; } 2>/dev/null | cksum | cut -d ' ' -f 1 || true)
  archive="$dir/server-$(basename "$JAVA_HOME")-$stamp.jsa"
  for arg in "$@"; do
    if [ "$arg" = "--help" ]; then dir=""; fi # nothing worth archiving
  done
  if [ -z "$dir" ]; then
    :
  elif [ -s "$archive" ]; then
    cds=("-XX:SharedArchiveFile=$archive" -Xlog:cds=off -Xlog:cds+dynamic=off)
  elif mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ]; then
    written="$archive.$$"
    cds=("-XX:ArchiveClassesAtExit=$written" -Xlog:cds=off -Xlog:cds+dynamic=off)
  fi
  "$JAVA" "${JVM_OPTS[@]}" "${VECTOR_API[@]}" -XX:+UseG1GC $(server_heap) ${cds[@]+"${cds[@]}"} \
    ${KEYBOX_JAVA_OPTS:-} -jar "$SERVER_JAR" serve "$@" &
  local pid=$!
  # Ctrl-C or SIGTERM to run.sh stops the server (SIGTERM: it finishes its requests and ends);
  # run.sh waits for it to end, to keep the archive.
  trap 'kill -TERM "$pid" 2>/dev/null || true' INT TERM
  wait "$pid" || rc=$?
  while kill -0 "$pid" 2>/dev/null; do
    rc=0
    wait "$pid" || rc=$?
  done
  trap - INT TERM
  if [ -n "$written" ]; then
    if [ -s "$written" ] && { [ "$rc" -eq 130 ] || [ "$rc" -eq 143 ]; }; then
      rm -f "$dir/server-$(basename "$JAVA_HOME")-"*.jsa # earlier builds'
      mv -f "$written" "$archive"
    else
      rm -f "$written"
    fi
  fi
  return "$rc"
}

usage() {
  cat <<USAGE
Usage: ./run.sh [COMMAND] [OPTIONS]

With no command: build if needed, index the demo feed if no index exists yet, and serve it on
http://localhost:8080 with the demo key  demo / demo.

Commands (each takes --help):
  test                       the whole test suite (what CI runs)
  index     --data-dir DIR --vendor NAME --listings FILE   index a feed dump
  serve     --data-dir DIR [--port 8080] [--keys FILE] [--tls-cert PEM --tls-key PEM]
                                                        serve the API (HTTPS with a certificate)
  keys hash [SECRET]         print a secret hash for the keys file (reads stdin if no SECRET)
  generate  --out DIR --listings N [--seed S]               write a realistic synthetic feed
  bench     [--listings N] [--clients C] [--duration S] [--systems keybox,lucene,postgres]
            [--out FILE] [--quick]                           Keybox vs raw Lucene vs PostgreSQL
  help                       this text

Example:
  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080
USAGE
}

demo() {
  build
  if [ ! -d "$DEMO_DATA/$DEMO_VENDOR/index" ]; then
    if [ ! -f "$DEMO_FEED/listings.ndjson.gz" ]; then
      say "generating the demo feed ($DEMO_LISTINGS listings of vendor $DEMO_VENDOR, seed $DEMO_SEED)..."
      indexer generate --out "$DEMO_FEED" --listings "$DEMO_LISTINGS" --seed "$DEMO_SEED" --vendor "$DEMO_VENDOR"
    fi
    say "indexing the demo feed into $DEMO_DATA ..."
    indexer index --data-dir "$DEMO_DATA" --vendor "$DEMO_VENDOR" --listings "$DEMO_FEED/listings.ndjson.gz" \
      --openhouses "$DEMO_FEED/openhouses.ndjson.gz" --agents "$DEMO_FEED/agents.ndjson.gz"
  fi
  cat >&2 <<MSG
keybox: serving the demo on http://localhost:8080  (key demo, secret demo; Ctrl-C stops)
keybox: try   curl -u demo:demo 'http://localhost:8080/properties?cities=Houston&minbeds=3&limit=5'
MSG
  serve --data-dir "$DEMO_DATA" --keys "$DEMO_KEYS" --host 127.0.0.1 --port 8080
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    help | -h | --help) usage ;;
    "") setup_java; demo ;;
    test)
      if [ "${1:-}" = "--help" ]; then
        cat <<'HELP'
Usage: ./run.sh test [MAVEN ARGS]

Runs the whole test suite through the Maven wrapper (./mvnw -B verify); MAVEN ARGS are passed on
(default: none, every module and test).

Example:
  ./run.sh test -pl server -am -Dtest=OpenApiDocumentTest -Dsurefire.failIfNoSpecifiedTests=false
HELP
        exit 0
      fi
      setup_java
      mkdir -p "$LOCAL"
      (cd "$ROOT" && ./mvnw -B verify "$@")
      ;;
    index | generate) setup_java; build; indexer "$cmd" "$@" ;;
    serve) setup_java; build; serve "$@" ;;
    keys) setup_java; build; server keys "$@" ;;
    bench) setup_java; build; bench "$@" ;;
    *) usage >&2; die "unknown command '$cmd'" 1 ;;
  esac
}

main "$@"
