#!/usr/bin/env bash
# Load on the Todo service: a release build of ripple-services on a free loopback port,
# a fresh data directory with 100 todos, then wrk (Debian's package) for bounded runs of
# GET /todos/list and POST /todos/list. Prints wrk's report with latency percentiles.
#   DURATION=5s CONNECTIONS=16 THREADS=1 Scripts/bench-todos.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-1}
command -v wrk > /dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

swift build -c release --product ripple-services
BIN="$(swift build -c release --show-bin-path)/ripple-services"

DATA=$(mktemp -d)
OUT=$(mktemp)
LUA=$(mktemp --suffix .lua)
"$BIN" --port 0 --data-dir "$DATA" > "$OUT" 2> /dev/null &
PID=$!
trap 'kill -TERM $PID 2> /dev/null; wait $PID 2> /dev/null; rm -rf "$DATA" "$OUT" "$LUA"' EXIT

for _ in $(seq 100); do
    grep -q 'listening on' "$OUT" && break
    sleep 0.1
done
URL=$(grep -o 'listening on http://[0-9.:]*' "$OUT" | cut -d' ' -f3)
[ -n "$URL" ] || { echo "ripple-services did not start" >&2; exit 1; }
echo "ripple-services (release) at $URL, data in $DATA"

for i in $(seq 100); do
    curl -s -o /dev/null -d "content=seed+todo+$i" "$URL/todos/list"
done

echo "== GET /todos/list (100 todos): wrk -t$THREADS -c$CONNECTIONS -d$DURATION"
timeout 120 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$URL/todos/list"

cat > "$LUA" << 'LUA'
wrk.method = "POST"
wrk.body = "content=a+todo+from+wrk"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
LUA
echo "== POST /todos/list: wrk -t$THREADS -c$CONNECTIONS -d$DURATION"
timeout 120 wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$LUA" "$URL/todos/list"
