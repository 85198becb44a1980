#!/usr/bin/env bash
# todo-server under a bounded load on loopback: wrk (Debian's package) sends reads and
# writes mixed — 70% GET /todos/list, 20% POST /todos/list (a create), 10% POST
# /todos/list/update (a status toggle) — for DURATION (10 s at most) over CONNECTIONS
# connections, against a todo-server on a free port over a fresh data directory holding
# 100 todos, its request log (info, a line per request) written to a file. Prints
# requests/s, p50/p99 and the error count; fails on any error: a non-2xx answer, a
# socket error, a timeout. Then GET /health, SIGTERM and exit 0.
#
#     bash Tests/EndToEnd/todo-server-load.sh                  # the debug build
#     CONFIGURATION=release bash Tests/EndToEnd/todo-server-load.sh
#
# Traffic goes to 127.0.0.1 only; every request and every wait is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."

duration=${DURATION:-10}
connections=${CONNECTIONS:-16}
configuration=${CONFIGURATION:-debug}
((duration >= 1 && duration <= 10)) || { echo "DURATION is in seconds, 1 to 10" >&2; exit 2; }
command -v wrk > /dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
command -v curl > /dev/null || { echo "curl is missing: apt-get install -y curl" >&2; exit 2; }

binary="$(swift build --package-path Apps -c "$configuration" --show-bin-path)/todo-server"
if [[ ! -x $binary ]]; then
    swift build --package-path Apps -c "$configuration" --product todo-server
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n $server_pid ]]; then kill -KILL "$server_pid" 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

"$binary" --host 127.0.0.1 --port 0 --data-dir "$work/data" > "$work/out" 2> "$work/log" &
server_pid=$!
deadline=$((SECONDS + 60))
base=""
until [[ -n $base ]]; do
    base="$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+' "$work/out" | sed 's/.* on //')" || true
    [[ -n $base ]] && break
    kill -0 "$server_pid" 2> /dev/null || fail "todo-server exited before it listened: $(cat "$work/out" "$work/log")"
    ((SECONDS < deadline)) || fail "todo-server did not print its address within 60 s"
    sleep 0.05
done

for i in $(seq 100); do
    curl -sf --connect-timeout 2 -m 5 -o /dev/null -d "content=seed+todo+$i" "$base/todos/list" || fail "seeding todo $i"
done
object_id="$(curl -sf -m 5 "$base/todos/list?limit=1" | grep -oE '"objectId":"[0-9a-f]{24}"' | cut -d'"' -f4)"
[[ -n $object_id ]] || fail "no todo to update"

cat > "$work/mixed.lua" << 'LUA'
-- 70% list, 20% create, 10% update of one todo (its id is the script's argument).
local counter = 0
local object_id
function init(args)
    object_id = args[1]
end
function request()
    counter = counter + 1
    local slot = counter % 10
    if slot < 7 then
        return wrk.format("GET", "/todos/list")
    elseif slot < 9 then
        return wrk.format("POST", "/todos/list", { ["Content-Type"] = "application/x-www-form-urlencoded" },
            "content=load+" .. counter)
    else
        local status = (counter % 20 == 9) and "finished" or "todo"
        return wrk.format("POST", "/todos/list/update", { ["Content-Type"] = "application/x-www-form-urlencoded" },
            "objectId=" .. object_id .. "&status=" .. status)
    end
end
LUA

echo "todo-server ($configuration build) at $base: wrk -t1 -c$connections -d${duration}s, 70% GET /todos/list, 20% create, 10% update"
timeout $((duration + 30)) wrk -t1 -c"$connections" -d"${duration}s" --timeout 5s --latency -s "$work/mixed.lua" \
    "$base" -- "$object_id" > "$work/wrk" || fail "wrk failed: $(cat "$work/wrk")"
cat "$work/wrk"

rate="$(awk '/^Requests\/sec:/ { print $2 }' "$work/wrk")"
p50="$(awk '$1 == "50%" { print $2 }' "$work/wrk")"
p99="$(awk '$1 == "99%" { print $2 }' "$work/wrk")"
total="$(awk '/requests in/ { print $1 }' "$work/wrk")"
non2xx="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$work/wrk")"
socket="$(awk -F'[ ,]+' '/Socket errors:/ { print $4 + $6 + $8 + $10 }' "$work/wrk")"
errors=$((${non2xx:-0} + ${socket:-0}))
logged="$(grep -c ' 200 in ' "$work/log" || true)"
echo "todo-server load: $total requests, $rate requests/s, p50 $p50, p99 $p99, errors $errors (non-2xx ${non2xx:-0}, socket ${socket:-0}); $logged request lines logged"
((errors == 0)) || fail "$errors error answers under load"
[[ -n $rate && -n $p50 && -n $p99 ]] || fail "wrk's report could not be read"

health="$(curl -sf -m 5 "$base/health")" || fail "GET /health did not answer after the load"
[[ $health == *'"database":"ok"'* ]] || fail "GET /health answered $health"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
((status == 0)) || fail "todo-server exited with $status on SIGTERM"
echo "todo-server load test passed"
