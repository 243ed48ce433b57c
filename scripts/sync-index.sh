#!/usr/bin/env bash
# Copies one vendor's folder (its Lucene index commit, id maps and rejects file) from SOURCE to DEST
# so that a Keybox server reading DEST never sees a half-copied commit: every index file first, the
# commit point (segments_N) last, each file through a temporary name and a rename. Then it removes the
# index files the new commit no longer needs. Used to publish a commit to query nodes and to take
# backups (docs/operations.md, "Backups" and "Scaling out").
#
#   scripts/sync-index.sh SOURCE_VENDOR_DIR DEST_VENDOR_DIR
#
# SOURCE and DEST are local folders such as /srv/keybox/data/houston (fetch a remote one into a
# staging folder first). Run it when no indexer writes SOURCE (after the nightly run, or under the
# indexer's flock): files of a commit that is replaced mid-copy make it fail, and DEST keeps serving
# its previous commit. Lucene files are written once and never changed, so a file DEST already has
# with the same size is not copied again.
#
# KEYBOX_SYNC_PRUNE_DELAY (seconds, default 2): wait this long after publishing the commit before
# removing the old files, so that a server reading DEST has switched to the new commit.
# Exit codes: 0 copied; 1 bad arguments or no commit in SOURCE; 2 a copy failed.
set -euo pipefail

say() { printf 'sync-index: %s\n' "$*" >&2; }
die() { say "$1"; exit "$2"; }

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
[ $# -eq 2 ] || die "expected SOURCE_VENDOR_DIR DEST_VENDOR_DIR (see --help)" 1
SRC="${1%/}"
DEST="${2%/}"
PRUNE_DELAY="${KEYBOX_SYNC_PRUNE_DELAY:-2}"
[ -d "$SRC/index" ] || die "no index folder under '$SRC'" 1

# The newest commit point: segments_N with N in base 36, as Lucene names them.
commit=""
newest=-1
for file in "$SRC"/index/segments_*; do
  [ -e "$file" ] || continue
  name="${file##*/}"
  generation=$((36#${name#segments_}))
  if [ "$generation" -gt "$newest" ]; then
    newest=$generation
    commit=$name
  fi
done
[ -n "$commit" ] || die "no commit (segments_N) in '$SRC/index'; has the indexer run?" 1

# Copies $1 to $2 through a temporary name, so $2 appears whole or not at all.
publish() {
  cp -p "$1" "$2.sync-tmp" || die "cannot copy '$1' to '$2'" 2
  mv -f "$2.sync-tmp" "$2" || die "cannot rename '$2.sync-tmp'" 2
}

mkdir -p "$DEST/index" || die "cannot create '$DEST/index'" 2
wanted=()
for file in "$SRC"/index/*; do
  name="${file##*/}"
  case "$name" in
    write.lock | segments_* | pending_segments_* | *.sync-tmp) continue ;;
  esac
  wanted+=("$name")
  if [ -f "$DEST/index/$name" ] && [ "$(wc -c <"$file")" = "$(wc -c <"$DEST/index/$name")" ]; then
    continue
  fi
  publish "$file" "$DEST/index/$name"
done
for file in "$SRC"/*; do
  [ -f "$file" ] && publish "$file" "$DEST/${file##*/}"
done
publish "$SRC/index/$commit" "$DEST/index/$commit"
say "published $commit of '$SRC' in '$DEST'"

sleep "$PRUNE_DELAY"
for file in "$DEST"/index/*; do
  name="${file##*/}"
  [ "$name" = "$commit" ] || [ "$name" = write.lock ] && continue
  keep=false
  for w in "${wanted[@]}"; do
    if [ "$w" = "$name" ]; then
      keep=true
      break
    fi
  done
  $keep || rm -f "$file"
done
