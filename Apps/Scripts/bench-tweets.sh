#!/usr/bin/env bash
# Load on the tweet search: a release build of ripple-services on a free loopback port
# over a fresh data directory, the machine's whole changelog corpus imported first (or
# the bundled one where the machine has none), an app-only bearer token from
# POST /oauth2/token, then wrk (Debian's package) for bounded runs of
# GET /1.1/search/tweets.json as the seed app sends it (count=100&lang=en):
#   broad   q=fix                 (thousands of matches, the most work per query)
#   narrow  q=segmentation+fault  (a few dozen matches)
#   mixed   twelve queries in turn, from one-word broad to two-word narrow
# each with one connection (one app typing) and with four, one wrk thread. Prints
# wrk's report with latency percentiles for each, the machine's load average before
# each run (the two cores are shared: figures mean little without it), and the
# service's own measure of the query, `completed_in`, over 200 sequential searches of
# each of the two queries (its p50 and p99: the search in process, without HTTP).
#   DURATION=5s CONNECTIONS="1 4" THREADS=1 Scripts/bench-tweets.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-1 4}
THREADS=${THREADS:-1}
command -v wrk > /dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

swift build -c release --product ripple-services
BIN="$(swift build -c release --show-bin-path)/ripple-services"

DATA=$(mktemp -d)
OUT=$(mktemp)
ERR=$(mktemp)
LUA=$(mktemp --suffix .lua)
"$BIN" --port 0 --data-dir "$DATA" > "$OUT" 2> "$ERR" &
PID=$!
trap 'kill -TERM $PID 2> /dev/null; wait $PID 2> /dev/null; rm -rf "$DATA" "$OUT" "$ERR" "$LUA"' EXIT

for _ in $(seq 100); do
    grep -q 'listening on' "$OUT" && break
    sleep 0.1
done
URL=$(grep -o 'listening on http://[0-9.:]*' "$OUT" | cut -d' ' -f3)
[ -n "$URL" ] || { echo "ripple-services did not start" >&2; exit 1; }
echo "ripple-services (release) at $URL, data in $DATA"

# The import runs in the background; wait (at most 5 minutes) for its summary line.
for _ in $(seq 3000); do
    grep -q '^ripple-services tweets: [0-9]* tweets' "$OUT" && break
    kill -0 $PID 2> /dev/null || { cat "$ERR" >&2; exit 1; }
    sleep 0.1
done
grep '^ripple-services tweets' "$OUT"
grep -q '^ripple-services tweets: [0-9]* tweets' "$OUT" || { echo "the import did not end" >&2; exit 1; }

KEY=$(sed -n 's/.*"consumer_key" *: *"\([^"]*\)".*/\1/p' "$DATA/twitter-app.json")
SECRET=$(sed -n 's/.*"consumer_secret" *: *"\([^"]*\)".*/\1/p' "$DATA/twitter-app.json")
TOKEN=$(curl -s -u "$KEY:$SECRET" -d grant_type=client_credentials "$URL/oauth2/token" \
    | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
[ -n "$TOKEN" ] || { echo "no bearer token from POST /oauth2/token" >&2; exit 1; }

SEARCH="/1.1/search/tweets.json?count=100&lang=en&q="
cat > "$LUA" << LUA
local queries = { "fix", "segmentation+fault", "new+upstream+release", "security", "python",
                  "translation", "build", "CVE", "gcc", "manpage", "crash", "debian/control" }
local index = 0
wrk.headers["Authorization"] = "Bearer $TOKEN"
request = function()
    index = index % #queries + 1
    return wrk.format("GET", "${SEARCH}" .. queries[index])
end
LUA

load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"; }

for query in fix segmentation+fault; do
    load
    for _ in $(seq 200); do
        curl -s -H "Authorization: Bearer $TOKEN" "$URL${SEARCH}${query}" | grep -o '"completed_in":[0-9.]*' | cut -d: -f2
    done | sort -g | awk -v q="$query" '{ v[NR] = $1 } END {
        printf "== q=%s in process (completed_in, 200 searches): p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
            q, v[int(NR * 0.5)] * 1000, v[int(NR * 0.99)] * 1000, v[NR] * 1000 }'
done

for connections in $CONNECTIONS; do
    for query in fix segmentation+fault; do
        statuses=$(curl -s -H "Authorization: Bearer $TOKEN" "$URL${SEARCH}${query}" | grep -o '"created_at"' | wc -l)
        echo "== q=$query ($statuses statuses): wrk -t$THREADS -c$connections -d$DURATION"
        load
        timeout 120 wrk -t"$THREADS" -c"$connections" -d"$DURATION" --latency \
            -H "Authorization: Bearer $TOKEN" "$URL${SEARCH}${query}"
    done
    echo "== mixed, twelve queries in turn: wrk -t$THREADS -c$connections -d$DURATION"
    load
    timeout 120 wrk -t"$THREADS" -c"$connections" -d"$DURATION" --latency -s "$LUA" "$URL"
done
