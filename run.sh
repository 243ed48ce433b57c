#!/usr/bin/env bash
# Keybox entry point: finds a JDK >= 21, builds through the Maven wrapper when sources changed,
# and runs the subcommands of OPERATIONS.md §2 from the one `keybox` command (app/target/keybox.jar)
# with each one's JVM options. Run `./run.sh help` for the list.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCAL="$ROOT/.keybox"                 # local state: build stamp, demo feed, demo data (git-ignored)
STAMP="$LOCAL/build.stamp"
KEYBOX_JAR="$ROOT/app/target/keybox.jar"    # the one `keybox` command: serve, index, keys, generate
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
  [ -f "$STAMP" ] && [ -f "$KEYBOX_JAR" ] && [ -f "$BENCH_JAR" ] || return 0
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
    ensure_archive >/dev/null # part of the build, so the first server of it starts with it
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
# `index` and `generate` are batch jobs: the throughput collector, about 20% faster than G1 there
# (bench/README.md). The server keeps G1's short pauses.
batch() { "$JAVA" "${JVM_OPTS[@]}" -XX:+UseParallelGC ${KEYBOX_JAVA_OPTS:-} -jar "$KEYBOX_JAR" "$@"; }
# The server's java command line, up to its own options: `"${SERVER_JAVA[@]}" OPTIONS -jar ...`.
server_java() { SERVER_JAVA=("$JAVA" "${JVM_OPTS[@]}" "${VECTOR_API[@]}" -XX:+UseG1GC $(server_heap)); }
server() { server_java; "${SERVER_JAVA[@]}" ${KEYBOX_JAVA_OPTS:-} -jar "$KEYBOX_JAR" "$@"; }

# The server's class-data archive (CDS): the classes a server loads, already parsed and verified,
# which the JVM maps instead of loading them again. On the bench's 1M index a server answers its
# first search in about 1 s with it, 2 s without (bench/README.md). The archive is made once per
# build, JDK and KEYBOX_JAVA_OPTS (the JVM maps it only for the same JDK build and jar, and some
# options, a heap over 32 GB say, make it unusable), by a training run, before the first server
# needs it; it lives in .keybox/cds/, and deleting the folder is always safe. The training server
# runs with KEYBOX_JAVA_OPTS too (the archive must fit them): options that name a file or a port (a GC
# log, a JFR recording, a debugger) are used by it for a few seconds as well.
CDS_DIR="$LOCAL/cds"
CDS_QUIET=(-Xlog:cds=off -Xlog:cds+dynamic=off) # classes it cannot archive are not the log's business

# The archive's path for this JDK, keybox.jar and KEYBOX_JAVA_OPTS.
archive_file() {
  local stamp
  # The JVM checks the jar's time and size, and the JDK's build, against the archive's.
  stamp=$({ stat -c %Y "$KEYBOX_JAR" || stat -f %m "$KEYBOX_JAR"; cat "$JAVA_HOME/release"
    printf '%s' "${KEYBOX_JAVA_OPTS:-}"; } 2>/dev/null | cksum | cut -d ' ' -f 1 || true)
  printf '%s/keybox-%s-%s.jsa\n' "$CDS_DIR" "$(basename "$JAVA_HOME")" "$stamp"
}

# Prints the archive's path once it exists, training it first if needed; prints nothing (and says
# why) when it cannot be made, and the server then runs without one. A training run that failed is
# not tried again for the same build, JDK and options until its .failed file is deleted.
ensure_archive() {
  local archive
  archive=$(archive_file)
  if [ -f "$archive.failed" ]; then
    say "no class-data archive: its training run failed (see $archive.failed; delete it to try again)"
    return 0
  fi
  if [ ! -s "$archive" ]; then
    if ! mkdir -p "$CDS_DIR" 2>/dev/null || [ ! -w "$CDS_DIR" ]; then
      say "cannot write $CDS_DIR: the server starts without a class-data archive"
      return 0
    fi
    train_archive "$archive" || return 0
  fi
  printf '%s\n' "$archive"
}

# One HTTP/1.1 request to the training server on 127.0.0.1:$1 with the demo key (demo:demo); prints
# the response (bash's /dev/tcp, so no curl is needed). Fails when the status is not $2. A subshell,
# so that the connection closes with it, whatever fails.
training_request() (
  port=$1 expected=$2 method=$3 target=$4
  exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
  printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nAuthorization: Basic ZGVtbzpkZW1v\r\nAccept-Encoding: %s\r\nConnection: close\r\n\r\n' \
    "$method" "$target" "$port" "${5:-identity}" >&3
  if command -v timeout >/dev/null 2>&1; then
    response=$(timeout 30 cat <&3 | tr -d '\0') || true
  else
    response=$(cat <&3 | tr -d '\0') || true
  fi
  printf '%s %s -> %s\n' "$method" "$target" "${response%%$'\r'*}" >&2
  [[ "$response" == "HTTP/1.1 $expected "* ]] && printf '%s\n' "$response"
)

# The training run's requests: one of each kind the API serves (each sort, filter family, endpoint,
# compressed and not, and an error of each status), so the archive holds the classes each needs.
training_requests() {
  local port=$1 page id key i
  for i in $(seq 100); do # the first search waits for the index to be open
    page=$(training_request "$port" 200 GET '/properties?limit=1' 2>/dev/null) && break
    sleep 0.1
  done
  id=$(printf '%s' "$page" | grep -o '"mlsId":[0-9]*' | head -n 1 | cut -d : -f 2)
  [ -n "$id" ] || return 1
  key=$(training_request "$port" 200 GET '/openhouses?limit=1' | grep -o '"openHouseKey":[0-9]*' |
    head -n 1 | cut -d : -f 2)
  [ -n "$key" ] || return 1
  training_request "$port" 200 GET '/properties?cities=Houston&minprice=150000&maxprice=900000&minbeds=2&maxbeds=5&minbaths=2&sort=-listprice&count=true' gzip &&
    training_request "$port" 200 GET '/properties?points=29.6,-95.6&points=29.9,-95.6&points=29.9,-95.2&points=29.6,-95.2&sort=listdate' gzip &&
    training_request "$port" 200 GET '/properties?q=hous&q=77&type=RES&type=CND&minarea=800&minyear=1960&maxdom=200&sort=beds' &&
    training_request "$port" 200 GET '/properties?status=Closed&status=Pending&minlistdate=2020-01-01&maxlistdate=2030-12-31&sort=-closedate&offset=1&limit=5' &&
    training_request "$port" 200 GET '/properties?features=Pantry&water=false&sort=baths&include=rooms&idx=ignore' &&
    training_request "$port" 200 GET '/properties?lastId=0&limit=500' gzip &&
    training_request "$port" 200 GET "/properties/$id?include=compliance" &&
    training_request "$port" 200 GET "/properties/$id/analytics" &&
    training_request "$port" 200 GET '/properties/analytics?cities=Houston' &&
    training_request "$port" 200 GET '/openhouses?cities=Houston&minprice=100000&sort=-listprice' gzip &&
    training_request "$port" 200 GET "/openhouses/$key" &&
    training_request "$port" 200 GET '/agents?name=a' &&
    training_request "$port" 200 OPTIONS '/' &&
    training_request "$port" 200 OPTIONS '/properties' &&
    training_request "$port" 400 GET '/properties?minprice=cheap' &&
    training_request "$port" 404 GET '/properties/999999999' &&
    training_request "$port" 404 GET '/nowhere' >/dev/null
}

# Writes the class-data archive $1 by a training run: a server on a small generated index of its
# own, answering training_requests, then stopped; its JVM writes the archive as it exits. A few
# seconds, once per build. On failure its log is kept as $1.failed and run.sh says so.
train_archive() {
  # Per process: two run.sh that find no archive at once each train their own.
  local archive=$1 work="$CDS_DIR/training.$$" log="$CDS_DIR/training-$$.log" written="$1.$$"
  local pid port="" rc=0 ok=0 i
  say "training the server's class-data archive (once per build; a few seconds)..."
  rm -rf "$work" && mkdir -p "$work" && : >"$log" || return 1
  if batch generate --out "$work/feed" --listings 300 --seed 7 --vendor "$DEMO_VENDOR" >>"$log" 2>&1 &&
    batch index --data-dir "$work/data" --vendor "$DEMO_VENDOR" --listings "$work/feed/listings.ndjson.gz" \
      --openhouses "$work/feed/openhouses.ndjson.gz" --agents "$work/feed/agents.ndjson.gz" >>"$log" 2>&1; then
    server_java
    "${SERVER_JAVA[@]}" "-XX:ArchiveClassesAtExit=$written" "${CDS_QUIET[@]}" ${KEYBOX_JAVA_OPTS:-} -jar "$KEYBOX_JAR" \
      serve --data-dir "$work/data" --keys "$DEMO_KEYS" --host 127.0.0.1 --port 0 >>"$log" 2>&1 &
    pid=$!
    # A background job of a script ignores Ctrl-C: stopping run.sh stops the training server too.
    trap 'kill -KILL "$pid" 2>/dev/null; rm -rf "$work" "$written" "$log"; exit 130' INT TERM
    for i in $(seq 600); do
      # The port and the character after it: a line read while still being written has no port yet.
      port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\)[^0-9].*|\1|p' "$log" | head -n 1)
      [ -n "$port" ] || ! kill -0 "$pid" 2>/dev/null && break
      sleep 0.1
    done
    [ -n "$port" ] && training_requests "$port" >/dev/null 2>>"$log" && ok=1
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 600); do # the archive is written in a second or two
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" || rc=$?
    trap - INT TERM
  fi
  rm -rf "$work"
  # Stopped by SIGTERM, the JVM exits with 143 after writing the archive.
  if [ "$ok" -eq 1 ] && [ "$rc" -eq 143 ] && [ -s "$written" ]; then
    # Earlier builds' archives, and what their training runs left.
    # (Before the one keybox.jar, the archives were of the server jar: server-*.jsa.)
    find "$CDS_DIR" \( -name 'keybox-*.jsa*' -o -name 'server-*.jsa*' \) ! -newer "$KEYBOX_JAR" -delete \
      2>/dev/null || true
    mv -f "$written" "$archive"
    rm -f "$log"
    return 0
  fi
  rm -f "$written"
  mv -f "$log" "$archive.failed"
  say "the training run failed (its log: $archive.failed): the server starts without a class-data archive"
  return 1
}

# `serve`, with the class-data archive. run.sh gives way to the server's JVM, which so gets Ctrl-C
# and SIGTERM itself (SIGTERM: it finishes its requests and ends).
serve() {
  local cds=() archive=""
  if ! printf '%s\n' "$@" | grep -x -- --help >/dev/null; then # --help starts nothing to train for
    archive=$(ensure_archive)
  fi
  [ -z "$archive" ] || cds=("-XX:SharedArchiveFile=$archive" "${CDS_QUIET[@]}")
  server_java
  exec "${SERVER_JAVA[@]}" ${cds[@]+"${cds[@]}"} ${KEYBOX_JAVA_OPTS:-} -jar "$KEYBOX_JAR" serve "$@"
}

# The bench, told keybox.jar and its class-data archive, so that it starts the server as serve
# does. The bench's KEYBOX_JAVA_OPTS are its own JVM's, not the server's: the archive is the one for
# none.
bench() {
  local archive
  archive=$(KEYBOX_JAVA_OPTS="" ensure_archive)
  "$JAVA" "${JVM_OPTS[@]}" "${VECTOR_API[@]}" -XX:+UseG1GC ${KEYBOX_JAVA_OPTS:-} \
    -Dkeybox.bench.serverJar="$KEYBOX_JAR" ${archive:+"-Dkeybox.bench.serverArchive=$archive"} \
    -jar "$BENCH_JAR" "$@"
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
  publish   --data-dir DIR --vendor NAME --to STORE_URL    publish a vendor's commit to a store
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
      batch generate --out "$DEMO_FEED" --listings "$DEMO_LISTINGS" --seed "$DEMO_SEED" --vendor "$DEMO_VENDOR"
    fi
    say "indexing the demo feed into $DEMO_DATA ..."
    batch index --data-dir "$DEMO_DATA" --vendor "$DEMO_VENDOR" --listings "$DEMO_FEED/listings.ndjson.gz" \
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
    index | generate | publish) setup_java; build; batch "$cmd" "$@" ;;
    serve) setup_java; build; serve "$@" ;;
    keys) setup_java; build; server keys "$@" ;;
    bench) setup_java; build; bench "$@" ;;
    *) usage >&2; die "unknown command '$cmd'" 1 ;;
  esac
}

main "$@"
