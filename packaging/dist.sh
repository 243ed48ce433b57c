#!/usr/bin/env bash
# Builds dist/keybox-VERSION-linux-x64.tar.gz and dist/keybox_VERSION_amd64.deb from the build's
# app/target/keybox.jar (./run.sh dist, and `./mvnw verify -Pdist` before the dist test, app's
# DistArchiveIT): a runtime linked by jlink from JAVA_HOME's modules (from the JDK's own modules
# when it has no jmods folder: JDK 24+ can), the jar, the launcher and its JVM options (bin/,
# jvm/), the server's class-data archive, README, LICENSE, NOTICE and docs; the .deb holds the
# same under /opt/keybox with the config, the systemd units and the maintainer scripts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGING="$ROOT/packaging"
DIST="$ROOT/dist"                    # the build output (git-ignored)
JAR="$ROOT/app/target/keybox.jar"
LICENCE="$ROOT/app/target/licence"   # NOTICE and the .deb's copyright, made by app's build
DEMO_DATA="$ROOT/.keybox/data"       # the source tree's demo (./run.sh's): the archive's training

# The runtime's JDK modules: those jdeps finds keybox.jar needs, plus EXTRA_MODULES. Lucene uses
# the vector API when jdk.incubator.vector is there, which jdeps cannot see (Lucene looks it up at
# run time). java.desktop (12 MB) is needed: ImageIO decodes and writes the mirrored photos, and
# Java2D draws the demo's pictures, headless (packaging/jvm/common.args), so no X11 library loads.
EXTRA_MODULES=(jdk.incubator.vector)

say() { printf 'keybox dist: %s\n' "$*" >&2; }
die() { say "$1"; exit 2; }

[ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jlink" ] || die "JAVA_HOME names no JDK with jlink"
[ -f "$JAR" ] || die "no $JAR: build first (./mvnw package)"
command -v dpkg-deb >/dev/null 2>&1 || die "needs dpkg-deb to build the .deb: apt-get install dpkg-dev (or dpkg)"

# The project's version (the parent pom's), and the Debian spelling of it (a SNAPSHOT sorts
# before its release: 0.1.0~SNAPSHOT).
version=$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1)
deb_version=${version/-/\~}
started=$SECONDS
work="$DIST/.work"
stage="$work/keybox-$version"
rm -rf "$work" && mkdir -p "$stage/lib" "$stage/bin" "$stage/jvm" "$stage/libexec" "$stage/docs"

found=$("$JAVA_HOME/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 21 "$JAR") ||
  die "jdeps could not list the modules of $JAR"
modules=$(printf '%s\n' ${found//,/ } "${EXTRA_MODULES[@]}" | sort -u | paste -sd , -)
say "linking the runtime ($modules)..."
# jlink says "Using incubator modules" of the vector module: expected, not the reader's business.
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --generate-cds-archive --output "$stage/runtime" 2>&1 | grep -v "incubator modules\|Created CDS archive" >&2 || true
[ -x "$stage/runtime/bin/java" ] || die "jlink failed (above)"
cp -p "$JAR" "$stage/lib/keybox.jar"
cp -p "$PACKAGING/bin/keybox" "$stage/bin/keybox"
cp -p "$PACKAGING"/jvm/*.args "$stage/jvm/"
cp -p "$PACKAGING/libexec/keybox-pull" "$stage/libexec/keybox-pull"
cp -p "$ROOT/README.md" "$ROOT/LICENSE" "$LICENCE/NOTICE" "$stage/"
cp -pR "$ROOT/docs/." "$stage/docs/"

# The server's class-data archive, written by the JVM of this runtime (the only one it maps into)
# as it exits from the demo's tour of the API (`keybox demo --tour`, hidden): the classes a server
# loads to answer each kind of request.
say "training the class-data archive (keybox demo --tour)..."
mkdir -p "$DEMO_DATA"
env -u KEYBOX_HOME KEYBOX_JAVA_OPTS="-XX:ArchiveClassesAtExit=$stage/lib/keybox.jsa" \
  "$stage/bin/keybox" demo --tour --port 0 --data-dir "$DEMO_DATA" >"$work/tour.log" 2>&1 &&
  [ -s "$stage/lib/keybox.jsa" ] || { cat "$work/tour.log" >&2; die "the demo's tour failed (above)"; }

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
install -D -m 0644 "$LICENCE/copyright" "$root/usr/share/doc/keybox/copyright"
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
say "done in $((SECONDS - started)) s"
