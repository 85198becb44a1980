#!/usr/bin/env bash
# Remakes Sources/Services/Tweets/BundledCorpus/debian-changelogs.gz, the tweet corpus
# used on a machine without Debian changelogs: the newest ENTRIES entries of each
# source package's changelog under /usr/share/doc (one copy per source package, the
# binary packages of one source sharing its changelog), concatenated in the Debian
# changelog format, gzipped without a name or time stamp so that the bytes only
# change when the changelogs do.
#   ENTRIES=8 Scripts/make-bundled-corpus.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ENTRIES=${ENTRIES:-8}
OUT=Sources/Services/Tweets/BundledCorpus/debian-changelogs.gz
SEEN=$(mktemp)
trap 'rm -f "$SEEN"' EXIT

for file in $(LC_ALL=C ls /usr/share/doc/*/changelog.Debian.gz); do
    source=$(zcat "$file" 2> /dev/null | awk 'NR == 1 { print $1 }') || continue
    [ -n "$source" ] || continue
    grep -qxF "$source" "$SEEN" && continue
    echo "$source" >> "$SEEN"
    # Print lines up to and including the ENTRIES-th trailer line (" -- Name <email>  Date"),
    # then a blank line (awk reads to the end: an early exit would fail zcat with SIGPIPE).
    zcat "$file" | awk -v limit="$ENTRIES" '
        trailers < limit { print }
        /^ -- / { trailers++ }
        END { print "" }
    '
done | gzip -9n > "$OUT"

entries=$(zcat "$OUT" | grep -c '^ -- ' || true)
bullets=$(zcat "$OUT" | grep -c '^ *\* ' || true)
echo "$OUT: $(wc -l < "$SEEN") source packages, $entries entries, $bullets bullets, $(stat -c %s "$OUT") bytes"
