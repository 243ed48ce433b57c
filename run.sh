#!/usr/bin/env bash
# Keybox entry point: finds a JDK >= 21, builds through the Maven wrapper when sources changed,
# and runs the subcommands of OPERATIONS.md §2 from the one `keybox` command (app/target/keybox.jar)
# with each one's JVM options. Run `./run.sh help` for the list.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCAL="$ROOT/.keybox"                 # local state: build stamp, demo feed, demo data (git-ignored)
STAMP="$LOCAL/build.stamp"
KEYBOX_JAR="$ROOT/app/target/keybox.jar"    # the one `keybox` command: serve, index, pull, keys, generate
BENCH_JAR="$ROOT/bench/target/keybox-bench.jar"
MIN_JAVA=21

DEMO_VENDOR=houston # the vendor of the demo (keybox demo's) and of the training run's feed
DEMO_DATA="$LOCAL/data"
DEMO_KEYS="$ROOT/data/demo-keys.json"

say() { printf 'keybox: %s\n' "$*" >&2; }
die() { say "$1"; exit "${2:-2}"; } # die MESSAGE [EXIT CODE, default 2]

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

# The commit built, for `keybox version`: git's, "-dirty" when the tree has changes.
commit() { git -C "$ROOT" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown; }

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
    # No formatter here (./run.sh test and plain ./mvnw builds format): its plugin prints a
    # "Processed N files" line per module past -q. The commit is the one `keybox version` names.
    mvnw package -DskipTests -Dfmt.skip "-Dkeybox.commit=$(commit)" ||
      die "build failed; run './mvnw -B package' to see why" 2
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

# `serve` or `demo` (the command, then its options), with the class-data archive. run.sh gives way
# to the server's JVM, which so gets Ctrl-C and SIGTERM itself (SIGTERM: it finishes its requests
# and ends).
serve() {
  local cds=() archive=""
  if ! printf '%s\n' "$@" | grep -x -- --help >/dev/null; then # --help starts nothing to train for
    archive=$(ensure_archive)
  fi
  [ -z "$archive" ] || cds=("-XX:SharedArchiveFile=$archive" "${CDS_QUIET[@]}")
  server_java
  exec "${SERVER_JAVA[@]}" ${cds[@]+"${cds[@]}"} ${KEYBOX_JAVA_OPTS:-} -jar "$KEYBOX_JAR" "$@" \
    2> >(trap '' INT TERM HUP; quiet_incubator >&2)
}

# Standard error less its first line when that is the JVM's "Using incubator modules" (said on
# every start that adds the vector module; no JVM option keeps it quiet), the rest passed on as it
# comes. The same filter as bin/keybox's; it ignores Ctrl-C so the server's last lines get through.
quiet_incubator() {
  local first
  if IFS= read -r first; then
    [ "$first" = "WARNING: Using incubator modules: jdk.incubator.vector" ] || printf '%s\n' "$first"
  else
    printf '%s' "$first"
  fi
  exec cat
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

# ---- dist: the archive and the .deb (issue 27) ----
DIST="$ROOT/dist"           # the build output (git-ignored)
PACKAGING="$ROOT/packaging" # its sources: launcher, config, units, maintainer scripts
# Lucene uses the vector API when jdk.incubator.vector is there: jdeps cannot see that (Lucene looks
# it up at run time), so it is named. java.desktop, which jdeps lists for Jackson's optional
# java.beans support, is left out: it is 12 MB and brings the X11 libraries along.
DIST_EXTRA_MODULES=jdk.incubator.vector
DIST_DROPPED_MODULES=java.desktop

# The project's version (the parent pom's), and the Debian spelling of it (a SNAPSHOT sorts
# before its release: 0.1.0~SNAPSHOT).
project_version() { sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1; }

# The JDK modules keybox.jar needs, comma-separated: jdeps', less DIST_DROPPED_MODULES, plus
# DIST_EXTRA_MODULES.
dist_modules() {
  local found
  found=$("$JAVA_HOME/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release "$MIN_JAVA" \
    "$KEYBOX_JAR") || return 1
  printf '%s\n' ${found//,/ } $DIST_EXTRA_MODULES | grep -vx "${DIST_DROPPED_MODULES//,/\\|}" | sort -u |
    paste -sd , -
}

# Builds dist/keybox-VERSION-linux-x64.tar.gz and dist/keybox_VERSION_amd64.deb from keybox.jar: a
# runtime linked by jlink (from this JDK's own modules when it has no jmods folder: JDK 24+ can),
# the jar, the class-data archive trained for that runtime by the same training run a source tree
# server gets (train_archive, run on the new runtime), the launcher, README and docs.
dist() {
  local version deb_version modules work stage root size started=$SECONDS
  version=$(project_version)
  deb_version=${version/-/\~}
  command -v dpkg-deb >/dev/null 2>&1 ||
    die "dist needs dpkg-deb to build the .deb: apt-get install dpkg-dev (or dpkg)" 2
  work="$DIST/.work"
  stage="$work/keybox-$version"
  rm -rf "$work" && mkdir -p "$stage/lib" "$stage/bin" "$stage/libexec" "$stage/docs"
  modules=$(dist_modules) || die "jdeps could not list the modules of $KEYBOX_JAR" 2
  say "linking the runtime ($modules)..."
  # jlink says "Using incubator modules" of the vector module: expected, not the reader's business.
  "$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
    --generate-cds-archive --output "$stage/runtime" 2>&1 | grep -v "incubator modules\|Created CDS archive" >&2 || true
  [ -x "$stage/runtime/bin/java" ] || die "jlink failed (above)" 2
  cp -p "$KEYBOX_JAR" "$stage/lib/keybox.jar"
  cp -p "$PACKAGING/bin/keybox" "$stage/bin/keybox"
  cp -p "$PACKAGING/libexec/keybox-pull" "$stage/libexec/keybox-pull"
  cp -p "$ROOT/README.md" "$ROOT/LICENSE" "$ROOT/app/target/licence/NOTICE" "$stage/"
  cp -pR "$ROOT/docs/." "$stage/docs/"
  # The training run of this runtime: the archive maps only into the JVM it was made by.
  (JAVA_HOME="$stage/runtime" JAVA="$stage/runtime/bin/java" KEYBOX_JAR="$stage/lib/keybox.jar" \
    CDS_DIR="$work/cds" KEYBOX_JAVA_OPTS="" train_archive "$stage/lib/keybox.jsa") ||
    die "the class-data archive's training run failed (its log: $stage/lib/keybox.jsa.failed)" 2
  mkdir -p "$DIST"
  rm -f "$DIST"/keybox-*-linux-x64.tar.gz "$DIST"/keybox_*_amd64.deb
  tar -C "$work" --owner=0 --group=0 -czf "$DIST/keybox-$version-linux-x64.tar.gz" "keybox-$version"

  say "packaging the .deb..."
  root="$work/deb"
  mkdir -p "$root/opt/keybox" "$root/usr/bin" "$root/etc/keybox" "$root/lib/systemd/system" "$root/DEBIAN"
  cp -pR "$stage/." "$root/opt/keybox/"
  ln -s /opt/keybox/bin/keybox "$root/usr/bin/keybox"
  install -m 0644 "$PACKAGING/etc/keybox.conf" "$root/etc/keybox/keybox.conf"
  install -m 0644 "$PACKAGING"/systemd/* "$root/lib/systemd/system/"
  # Debian's machine-readable copyright file, made by the build from the dependency tree (app/pom.xml).
  install -D -m 0644 "$ROOT/app/target/licence/copyright" "$root/usr/share/doc/keybox/copyright"
  size=$(du -sk "$root" | cut -f 1)
  sed -e "s/@VERSION@/$deb_version/" -e "s/@SIZE@/$size/" "$PACKAGING/deb/control" >"$root/DEBIAN/control"
  install -m 0644 "$PACKAGING/deb/conffiles" "$root/DEBIAN/conffiles"
  install -m 0755 "$PACKAGING/deb/postinst" "$PACKAGING/deb/prerm" "$PACKAGING/deb/postrm" "$root/DEBIAN/"
  # --root-owner-group: files owned by root in the package without fakeroot.
  dpkg-deb --root-owner-group -Zgzip --build "$root" "$DIST/keybox_${deb_version}_amd64.deb" >/dev/null
  rm -rf "$work"
  for f in "$DIST/keybox-$version-linux-x64.tar.gz" "$DIST/keybox_${deb_version}_amd64.deb"; do
    say "built $(basename "$f") ($(du -m "$f" | cut -f 1) MB)"
  done
  say "dist: done in $((SECONDS - started)) s"
}

# The test of dist's output (part of ./run.sh test): the archive unpacked into a temporary folder
# serves the demo with no java on PATH and JAVA_HOME unset, and answers /properties with the demo
# key; the .deb holds the files, maintainer scripts and units it must (systemd-analyze verify when
# the machine has it).
test_dist() {
  local version deb tmp tools pid port="" i code rc=0 t0 listing info
  version=$(project_version)
  deb=$(ls "$DIST"/keybox_*_amd64.deb)
  tmp=$(mktemp -d)
  tar -C "$tmp" -xzf "$DIST/keybox-$version-linux-x64.tar.gz"
  # A PATH with the few tools the launcher uses (its standard error filter: mktemp to cat), no java.
  tools="$tmp/tools"
  mkdir -p "$tools"
  for i in sh dirname readlink mktemp mkfifo rm cat; do ln -s "$(command -v "$i")" "$tools/$i"; done
  ! PATH="$tools" command -v java >/dev/null || die "test_dist: java on the test's PATH" 1
  port=$(free_port)
  t0=$SECONDS
  env -i PATH="$tools" HOME="$tmp" "$tmp/keybox-$version/bin/keybox" demo --port "$port" \
    --data-dir "$tmp/demo" >"$tmp/demo.log" 2>&1 &
  pid=$!
  code=""
  for i in $(seq 1200); do
    code=$(training_request "$port" 200 GET '/properties?limit=1' 2>/dev/null | head -n 1) && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  sleep 0.2 # the launcher's filter passes the JVM's last line on as it ends
  if [[ "$code" != "HTTP/1.1 200 "* ]]; then
    cat "$tmp/demo.log" >&2
    say "test_dist: FAILED: the unpacked archive's demo gave no 200 on /properties"
    rc=1
  else
    say "test_dist: the unpacked archive served the demo (200 on /properties) $((SECONDS - t0)) s after its start, no JDK on PATH"
  fi
  grep -q 'serving the demo on http://localhost:'"$port" "$tmp/demo.log" || { say "test_dist: FAILED: no serving line"; rc=1; }
  ! grep -q 'XNIO version' "$tmp/demo.log" || { say "test_dist: FAILED: the XNIO version line is back"; rc=1; }
  ! grep -q 'incubator modules' "$tmp/demo.log" || { say "test_dist: FAILED: the incubator warning is back"; rc=1; }
  grep -q '^keybox demo: stopped ([0-9]* requests in flight, [0-9]* answered)$' "$tmp/demo.log" ||
    { cat "$tmp/demo.log" >&2; say "test_dist: FAILED: no line when the demo stopped"; rc=1; }
  # The licence and the notices, top level: the Apache text, and the bundled artifacts by licence.
  grep -q '^ *Version 2.0, January 2004$' "$tmp/keybox-$version/LICENSE" &&
    grep -q '^  org.apache.lucene:lucene-core:[^ ]* (Apache-2.0)$' "$tmp/keybox-$version/NOTICE" &&
    grep -q '^  org.slf4j:slf4j-api:[^ ]* (MIT)$' "$tmp/keybox-$version/NOTICE" ||
    { say "test_dist: FAILED: the archive's LICENSE or NOTICE"; rc=1; }
  listing=$(dpkg-deb -c "$deb")
  for f in ./opt/keybox/bin/keybox ./opt/keybox/runtime/bin/java ./opt/keybox/lib/keybox.jar \
    ./opt/keybox/lib/keybox.jsa ./opt/keybox/libexec/keybox-pull ./opt/keybox/README.md \
    ./opt/keybox/docs/operations.md ./opt/keybox/LICENSE ./opt/keybox/NOTICE ./usr/bin/keybox \
    ./usr/share/doc/keybox/copyright ./etc/keybox/keybox.conf \
    ./lib/systemd/system/keybox.service ./lib/systemd/system/keybox-pull@.service \
    ./lib/systemd/system/keybox-pull@.timer; do
    grep -q " $f\( \|$\)" <<<"$listing" || { say "test_dist: FAILED: $f not in $(basename "$deb")"; rc=1; }
  done
  # The data dir is made by postinst, never a file of the package: removing it keeps the data.
  ! grep -q ' ./var/lib/keybox' <<<"$listing" || { say "test_dist: FAILED: the .deb owns /var/lib/keybox"; rc=1; }
  grep -q ' root/root .* ./usr/bin/keybox -> /opt/keybox/bin/keybox' <<<"$listing" ||
    { say "test_dist: FAILED: /usr/bin/keybox is not root's link to /opt/keybox/bin/keybox"; rc=1; }
  info=$(dpkg-deb -I "$deb" control conffiles postinst prerm postrm)
  for pattern in '^Package: keybox$' '^Architecture: amd64$' '^Maintainer: The Keybox project <' \
    '^/etc/keybox/keybox.conf$' 'adduser --system' \
    'install -d -o keybox -g keybox -m 0750 /var/lib/keybox'; do
    grep -q -- "$pattern" <<<"$info" || { say "test_dist: FAILED: '$pattern' not in the .deb's control files"; rc=1; }
  done
  ! grep -q 'rm -rf* /var/lib/keybox' <<<"$info" || { say "test_dist: FAILED: a maintainer script removes the data"; rc=1; }
  dpkg-deb -x "$deb" "$tmp/deb"
  for pattern in '^User=keybox$' '^EnvironmentFile=/etc/keybox/keybox.conf$' '^Restart=on-failure$' \
    '^NoNewPrivileges=yes$' '^ProtectSystem=strict$' '^ReadWritePaths=/var/lib/keybox$' '^PrivateTmp=yes$' \
    '^ExecStart=/usr/bin/keybox serve '; do
    grep -q -- "$pattern" "$tmp/deb/lib/systemd/system/keybox.service" ||
      { say "test_dist: FAILED: '$pattern' not in keybox.service"; rc=1; }
  done
  { head -n 1 "$tmp/deb/usr/share/doc/keybox/copyright" |
    grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
    grep -qx 'License: Apache-2.0 and BSD-3-Clause and MIT and MIT-0' "$tmp/deb/usr/share/doc/keybox/copyright"; } ||
    { say "test_dist: FAILED: /usr/share/doc/keybox/copyright"; rc=1; }
  grep -q '^ExecStart=/opt/keybox/libexec/keybox-pull %i$' "$tmp/deb/lib/systemd/system/keybox-pull@.service" &&
    grep -q '^OnCalendar=' "$tmp/deb/lib/systemd/system/keybox-pull@.timer" ||
    { say "test_dist: FAILED: keybox-pull@.service or .timer"; rc=1; }
  if command -v systemd-analyze >/dev/null 2>&1; then
    # The units where the package puts them; the programs they start are not installed here, the
    # one thing verify may find wrong (the timer verifies its service too).
    systemd-analyze verify --man=no "$tmp/deb/lib/systemd/system/keybox.service" \
      "$tmp/deb/lib/systemd/system/keybox-pull@check.timer" >"$tmp/verify.log" 2>&1 || true
    if grep -v -e ': Command /usr/bin/keybox is not executable: No such file or directory$' \
      -e ': Command /opt/keybox/libexec/keybox-pull is not executable: No such file or directory$' \
      "$tmp/verify.log" | grep -q .; then
      cat "$tmp/verify.log" >&2
      say "test_dist: FAILED: systemd-analyze verify"
      rc=1
    fi
  fi
  rm -rf "$tmp"
  [ "$rc" -eq 0 ] && say "test_dist: passed"
  return "$rc"
}

# dist/keybox-VERSION-oci.tar, the OCI image of dist's archive (made first when older than the jar),
# and its test: packaging/oci/image.sh, which needs no container engine (and root for the test).
image() {
  local version archive
  version=$(project_version)
  archive="$DIST/keybox-$version-linux-x64.tar.gz"
  [ "$archive" -nt "$KEYBOX_JAR" ] || dist
  "$PACKAGING/oci/image.sh" build "$archive" "$DIST/keybox-$version-oci.tar" "$version" "$(commit)"
}
test_image() {
  "$PACKAGING/oci/image.sh" test "$DIST/keybox-$(project_version)-oci.tar" "$(project_version)" "$(free_port)"
}

# A TCP port on 127.0.0.1 that nothing listens on (bash's /dev/tcp: a refused connection).
free_port() {
  local port i
  for i in $(seq 100); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      printf '%s\n' "$port"
      return 0
    fi
  done
  return 1
}

usage() {
  cat <<USAGE
Usage: ./run.sh [--port 8080] | ./run.sh COMMAND [OPTIONS]

With no command: build if needed, index the demo feed if no index exists yet, and serve it on
http://localhost:8080 (or --port's) with the demo key  demo / demo.

Commands (each takes --help):
  test                       the whole test suite (what CI runs)
  index     --data-dir DIR --vendor NAME --listings FILE   index a feed dump
  pull      --data-dir DIR --vendor NAME --url SERVICE_ROOT ...  pull from an MLS's RESO Web API
  serve     --data-dir DIR [--port 8080] [--keys FILE] [--tls-cert PEM --tls-key PEM]
                                                        serve the API (HTTPS with a certificate)
  publish   --data-dir DIR --vendor NAME --to STORE_URL    publish a vendor's commit to a store
  keys hash [SECRET]         print a secret hash for the keys file (reads stdin if no SECRET)
  generate  --out DIR --listings N [--seed S]               write a realistic synthetic feed
  bench     [--listings N] [--clients C] [--duration S] [--systems keybox,lucene,postgres]
            [--out FILE] [--quick]                           Keybox vs raw Lucene vs PostgreSQL
  dist                       build dist/: the archive with its own runtime, and the .deb
  image                      build dist/keybox-VERSION-oci.tar, the OCI image (no engine needed)
  version                    the version, commit, Lucene version and JDK
  help                       this text

Example:
  ./run.sh serve --data-dir .keybox/data --keys data/demo-keys.json --port 8080
USAGE
}

# The demo is `keybox demo`'s (it generates and indexes the feed on its first run, then serves
# it and says so once the port is bound), on the demo data of the source tree.
demo() {
  build
  serve demo --data-dir "$DEMO_DATA" "$@"
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    help | -h | --help) usage ;;
    "" | --port) setup_java; demo ${cmd:+"$cmd"} "$@" ;;
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
      (cd "$ROOT" && ./mvnw -B verify "-Dkeybox.commit=$(commit)" "$@")
      # The whole suite (no MAVEN ARGS) also builds dist's archive, .deb and image and tests them;
      # the jars verify just packaged are the build's. The image's test runs it in a chroot: root's.
      if [ $# -eq 0 ]; then
        touch "$STAMP"
        dist && test_dist
        if [ "$(id -u)" -eq 0 ]; then
          image && test_image
        else
          say "the image's test runs its root filesystem in a chroot, which needs root: skipped"
        fi
      fi
      ;;
    index | generate | pull | publish) setup_java; build; batch "$cmd" "$@" ;;
    serve) setup_java; build; serve serve "$@" ;;
    keys) setup_java; build; server keys "$@" ;;
    version) setup_java; build; "$JAVA" -jar "$KEYBOX_JAR" version "$@" ;;
    dist)
      if [ "${1:-}" = "--help" ]; then
        cat <<'HELP'
Usage: ./run.sh dist

Builds into dist/: keybox-VERSION-linux-x64.tar.gz (a runtime made by jlink, keybox.jar, its
class-data archive, bin/keybox, README and docs: unpacked anywhere, bin/keybox demo runs with no
JDK on the machine) and keybox_VERSION_amd64.deb (the same under /opt/keybox, /usr/bin/keybox,
/etc/keybox/keybox.conf, the keybox user, keybox.service and keybox-pull@.timer). Needs dpkg-deb.
HELP
        exit 0
      fi
      setup_java; build; dist ;;
    image)
      if [ "${1:-}" = "--help" ]; then
        cat <<'HELP'
Usage: ./run.sh image

Builds dist/keybox-VERSION-oci.tar (after dist's archive, when that is older than the build): an
OCI image layout in one tar, for podman load or docker load, made without a container engine or a
registry from Debian packages (libc6, libgcc-s1, busybox-static) and dist's archive at /opt/keybox.
It runs as uid 65532, ENTRYPOINT keybox, CMD serve --data-dir /var/lib/keybox/data --host 0.0.0.0
--behind-proxy, port 8080, volume /var/lib/keybox. Needs umoci and apt (installed when root).
HELP
        exit 0
      fi
      setup_java; build; image ;;
    bench) setup_java; build; bench "$@" ;;
    *) usage >&2; die "unknown command '$cmd'" 1 ;;
  esac
}

main "$@"
