#!/usr/bin/env bash
# todo-server under a bounded load on loopback, per store, side by side: wrk (Debian's
# package) sends reads and writes mixed — 70% GET /todos/list, 20% POST /todos/list (a
# create), 10% POST /todos/list/update (a status toggle) — for DURATION seconds (10 at
# most) over CONNECTIONS connections, against todo-servers on free ports holding 100
# todos each, their request logs (info, a line per request) written to files.
#
#     bash Tests/EndToEnd/todo-server-load.sh [RUN…]        # the debug build
#     CONFIGURATION=release bash Tests/EndToEnd/todo-server-load.sh
#
# The runs (all of them when none is named):
#   sqlite        one server on SQLite (a fresh data directory);
#   postgres      one server on PostgreSQL (a throwaway server of the script's own);
#   two-postgres  two servers on that one PostgreSQL database, wrk on each at once with
#                 half the connections; a todo created through one is read through the
#                 other at once;
#   outage        one server on PostgreSQL (database timeout 2 s) whose database is
#                 stopped 3 s into the load and started again 3 s later: every request
#                 is answered within wrk's 5 s timeout, with 2xx or a 503 whose body is
#                 a JSON error; the server never exits, and answers 200 again by itself
#                 within 15 s of the database's return.
# Each load run prints requests/s, p50/p99 and the error count (a non-2xx answer, a
# socket error, a timeout: any fails the script), then a table of all runs. Every
# server is stopped with SIGTERM at the end and must exit 0.
#
# Traffic goes to 127.0.0.1 only; every request and every wait is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."

duration=${DURATION:-10}
connections=${CONNECTIONS:-16}
configuration=${CONFIGURATION:-debug}
((duration >= 1 && duration <= 10)) || { echo "DURATION is in seconds, 1 to 10" >&2; exit 2; }
((connections >= 2 && connections <= 64)) || { echo "CONNECTIONS is 2 to 64" >&2; exit 2; }
runs=("$@")
((${#runs[@]} > 0)) || runs=(sqlite postgres two-postgres outage)
for run in "${runs[@]}"; do
    case $run in
    sqlite | postgres | two-postgres | outage) ;;
    *) echo "usage: $0 [sqlite|postgres|two-postgres|outage]…" >&2; exit 2 ;;
    esac
done
command -v wrk > /dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
command -v curl > /dev/null || { echo "curl is missing: apt-get install -y curl" >&2; exit 2; }

binary="$(swift build --package-path Apps -c "$configuration" --show-bin-path)/todo-server"
if [[ ! -x $binary ]]; then
    swift build --package-path Apps -c "$configuration" --product todo-server
fi

work="$(mktemp -d)"
server_pids=()
pg_ctl_stop=""
cleanup() {
    for pid in "${server_pids[@]}"; do kill -KILL "$pid" 2> /dev/null || true; done
    if [[ -n $pg_ctl_stop ]]; then $pg_ctl_stop > /dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

source Tests/EndToEnd/lib/postgres.sh

# start_server NAME ARGS…: a todo-server on a free port; sets `base` to its URL and
# records its pid (server_pid_NAME) for stop_server.
start_server() {
    local name=$1
    shift
    "$binary" --host 127.0.0.1 --port 0 "$@" > "$work/$name.out" 2> "$work/$name.log" &
    local pid=$!
    server_pids+=("$pid")
    printf -v "server_pid_$name" '%s' "$pid"
    local deadline=$((SECONDS + 60))
    base=""
    until [[ -n $base ]]; do
        base="$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+' "$work/$name.out" | sed 's/.* on //')" || true
        [[ -n $base ]] && break
        kill -0 "$pid" 2> /dev/null || fail "todo-server $name exited before it listened: $(cat "$work/$name.out" "$work/$name.log")"
        ((SECONDS < deadline)) || fail "todo-server $name did not print its address within 60 s"
        sleep 0.05
    done
}

# stop_server NAME: SIGTERM; it must exit 0.
stop_server() {
    local pid_variable="server_pid_$1"
    local pid=${!pid_variable}
    kill -0 "$pid" 2> /dev/null || fail "todo-server $1 is no longer running"
    kill -TERM "$pid"
    local status=0
    wait "$pid" || status=$?
    ((status == 0)) || fail "todo-server $1 exited with $status on SIGTERM"
}

# seed BASE: 100 todos; sets object_id to one of them (the one the updates toggle).
seed() {
    for i in $(seq 100); do
        curl -sf --connect-timeout 2 -m 5 -o /dev/null -d "content=seed+todo+$i" "$1/todos/list" || fail "seeding todo $i"
    done
    object_id="$(curl -sf -m 5 "$1/todos/list?limit=1" | grep -oE '"objectId":"[0-9a-f]{24}"' | cut -d'"' -f4)"
    [[ -n $object_id ]] || fail "no todo to update"
}

cat > "$work/mixed.lua" << 'LUA'
-- 70% list, 20% create, 10% update of one todo (its id is the script's argument).
-- With a second argument "count", answers are counted by status, and a 503 whose body
-- is not a JSON error is counted apart; done() prints the counts.
local counter = 0
local object_id
local counting = false
statuses = {}
bad503 = 0
function init(args)
    object_id = args[1]
    counting = args[2] == "count"
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
function response(status, headers, body)
    if not counting then return end
    statuses[status] = (statuses[status] or 0) + 1
    if status == 503 and not (body and body:match('^%s*{"error"')) then bad503 = bad503 + 1 end
end
local threads = {}
function setup(thread)
    table.insert(threads, thread)
end
function done(summary, latency, requests)
    for _, thread in ipairs(threads) do
        local counted = thread:get("statuses")
        for status, count in pairs(counted) do
            io.write(string.format("status %d %d\n", status, count))
        end
        io.write(string.format("bad503 %d\n", thread:get("bad503")))
    end
end
LUA

# load LABEL BASE CONNECTIONS OUT [count]: wrk's run into OUT.
load() {
    timeout $((duration + 30)) wrk -t1 -c"$3" -d"${duration}s" --timeout 5s --latency -s "$work/mixed.lua" \
        "$2" -- "$object_id" "${5:-}" > "$4" || fail "wrk failed ($1): $(cat "$4")"
}

# figures OUT: sets rate, p50, p99, total, errors (non-2xx + socket errors) from wrk's report.
figures() {
    rate="$(awk '/^Requests\/sec:/ { print $2 }' "$1")"
    p50="$(awk '$1 == "50%" { print $2 }' "$1")"
    p99="$(awk '$1 == "99%" { print $2 }' "$1")"
    total="$(awk '/requests in/ { print $1 }' "$1")"
    non2xx="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$1")"
    socket="$(awk -F'[ ,]+' '/Socket errors:/ { print $4 + $6 + $8 + $10 }' "$1")"
    non2xx=${non2xx:-0}
    socket=${socket:-0}
    errors=$((non2xx + socket))
    [[ -n $rate && -n $p50 && -n $p99 ]] || fail "wrk's report could not be read: $(cat "$1")"
}

table=()
# report LABEL OUT NAME: prints the run's figures and fails on any error.
report() {
    figures "$2"
    local logged
    logged="$(grep -c ' 200 in ' "$work/$3.log" || true)"
    echo "$1: $total requests, $rate requests/s, p50 $p50, p99 $p99, errors $errors (non-2xx $non2xx, socket $socket); $logged request lines logged"
    ((errors == 0)) || fail "$errors error answers under load ($1): $(cat "$2")"
    table+=("$(printf '| %-30s | %9s | %8s | %8s | %6s |' "$1" "$rate" "$p50" "$p99" "$errors")")
}

# healthy BASE STORE: GET /health says the database answers.
healthy() {
    local health
    health="$(curl -sf -m 5 "$1/health")" || fail "GET /health did not answer"
    [[ $health == *'"database":"ok"'* && $health == *"\"store\":\"$2\""* ]] || fail "GET /health answered $health"
}

mix="70% GET /todos/list, 20% create, 10% update"
need_postgres=false
for run in "${runs[@]}"; do [[ $run != sqlite ]] && need_postgres=true; done
if $need_postgres; then start_postgres; fi

for run in "${runs[@]}"; do
    case $run in
    sqlite)
        start_server sqlite --data-dir "$work/data"
        seed "$base"
        echo "== sqlite: todo-server ($configuration build) at $base: wrk -t1 -c$connections -d${duration}s, $mix"
        load sqlite "$base" "$connections" "$work/wrk.sqlite"
        cat "$work/wrk.sqlite"
        report "SQLite, one server" "$work/wrk.sqlite" sqlite
        healthy "$base" sqlite
        stop_server sqlite
        ;;
    postgres)
        start_server postgres --database "$database_url" --database-timeout 10
        seed "$base"
        echo "== postgres: todo-server ($configuration build) at $base: wrk -t1 -c$connections -d${duration}s, $mix"
        load postgres "$base" "$connections" "$work/wrk.postgres"
        cat "$work/wrk.postgres"
        report "PostgreSQL, one server" "$work/wrk.postgres" postgres
        healthy "$base" postgresql
        stop_server postgres
        ;;
    two-postgres)
        start_server first --database "$database_url" --database-timeout 10
        first=$base
        start_server second --database "$database_url" --database-timeout 10
        second=$base
        seed "$first"
        # One database: what one server acknowledged, the other serves at once.
        created="$(curl -sf -m 5 -d "content=written+through+the+first" "$first/todos/list")" || fail "create through the first server"
        id="$(grep -oE '"objectId":"[0-9a-f]{24}"' <<< "$created" | cut -d'"' -f4)"
        read_back="$(curl -sf -m 5 "$second/todos/item/$id")" || fail "the second server does not have $id at once"
        [[ $read_back == *'written through the first'* ]] || fail "the second server answered $read_back"
        half=$((connections / 2))
        echo "== two-postgres: two servers ($configuration build) at $first and $second on one database: wrk -t1 -c$half -d${duration}s on each at once, $mix"
        load first "$first" "$half" "$work/wrk.first" &
        first_wrk=$!
        load second "$second" "$half" "$work/wrk.second"
        wait "$first_wrk" || fail "wrk on the first server failed"
        cat "$work/wrk.first" "$work/wrk.second"
        report "PostgreSQL, server 1 of 2" "$work/wrk.first" first
        first_rate=$rate
        report "PostgreSQL, server 2 of 2" "$work/wrk.second" second
        sum="$(awk -v a="$first_rate" -v b="$rate" 'BEGIN { printf "%.2f", a + b }')"
        table+=("$(printf '| %-30s | %9s | %8s | %8s | %6s |' "PostgreSQL, two servers: sum" "$sum" "" "" "0")")
        echo "two servers on one PostgreSQL: $sum requests/s together"
        healthy "$first" postgresql
        healthy "$second" postgresql
        stop_server first
        stop_server second
        ;;
    outage)
        start_server outage --database "$database_url" --database-timeout 2
        seed "$base"
        echo "== outage: todo-server at $base under load (wrk -t1 -c$connections -d10s); its database stopped at 3 s, started at 6 s"
        duration=10 load outage "$base" "$connections" "$work/wrk.outage" count &
        outage_wrk=$!
        sleep 3
        "${pg_stop_fast[@]}" > /dev/null 2>&1 || fail "the PostgreSQL server did not stop"
        stopped_at=$SECONDS
        sleep 3
        "${pg_start[@]}" > /dev/null 2>&1 || fail "the PostgreSQL server did not start again"
        back_at=$SECONDS
        back_ms=$(date +%s%3N)
        # Recovery is measured while the load still runs.
        until health="$(curl -s -m 5 "$base/health")" && [[ $health == *'"database":"ok"'* ]]; do
            ((SECONDS < back_at + 15)) || fail "todo-server did not recover within 15 s of the database's return: $health"
            sleep 0.1
        done
        recovered_ms=$(($(date +%s%3N) - back_ms))
        wait "$outage_wrk" || fail "wrk failed during the outage"
        cat "$work/wrk.outage"
        figures "$work/wrk.outage"
        ok="$(awk '$1 == "status" && $2 >= 200 && $2 < 300 { n += $3 } END { print n + 0 }' "$work/wrk.outage")"
        unavailable="$(awk '$1 == "status" && $2 == 503 { n += $3 } END { print n + 0 }' "$work/wrk.outage")"
        other="$(awk '$1 == "status" && ($2 < 200 || $2 >= 300) && $2 != 503 { n += $3 } END { print n + 0 }' "$work/wrk.outage")"
        bad="$(awk '$1 == "bad503" { n += $2 } END { print n + 0 }' "$work/wrk.outage")"
        echo "outage: $total requests: $ok answered 2xx, $unavailable answered 503, $other other, $bad 503s without a JSON error, $socket socket errors or timeouts; p99 $p99"
        ((socket == 0)) || fail "requests went unanswered within 5 s during the outage"
        ((other == 0)) || fail "$other answers were neither 2xx nor 503 during the outage"
        ((bad == 0)) || fail "$bad answers of 503 had no JSON error body"
        ((unavailable > 0)) || fail "no request saw the outage (503): the database was not stopped under load"
        ((ok > 0)) || fail "no request succeeded"
        kill -0 "$server_pid_outage" 2> /dev/null || fail "todo-server exited during the outage: $(tail -5 "$work/outage.log")"
        curl -sf -m 5 -o /dev/null -d "content=after+the+outage" "$base/todos/list" || fail "a create after the outage failed"
        echo "outage: the database was down $((back_at - stopped_at)) s; GET /health said it answers again $recovered_ms ms after its return"
        stop_server outage
        ;;
    esac
done

if ((${#table[@]} > 0)); then
    echo
    echo "todo-server ($configuration build), wrk -t1 -c$connections -d${duration}s on 127.0.0.1, $mix:"
    printf '| %-30s | %9s | %8s | %8s | %6s |\n' "run" "req/s" "p50" "p99" "errors"
    printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..32})" "$(printf -- '-%.0s' {1..10}):" "$(printf -- '-%.0s' {1..9}):" "$(printf -- '-%.0s' {1..9}):" "$(printf -- '-%.0s' {1..7}):"
    printf '%s\n' "${table[@]}"
fi
echo "todo-server load test passed"
