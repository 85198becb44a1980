#!/usr/bin/env bash
# todo-server's durability, as a person would check it: concurrent writers create
# todos with curl, the server is killed with SIGKILL in the middle of their run, and
# after a restart on the same data directory every write the server acknowledged
# (answered 2xx) is there exactly once, with the content that was sent; the
# restarted server takes writes, and stops with status 0 on SIGTERM.
#
#     bash Tests/EndToEnd/todo-server-crash.sh    # after building todo-server
#
# Traffic goes to 127.0.0.1 only; every request and every wait is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."

writers=${WRITERS:-4}
creates=${CREATES:-150}
binary="$(swift build --package-path Apps --show-bin-path)/todo-server"
if [[ ! -x $binary ]]; then
    swift build --package-path Apps --product todo-server
fi

work="$(mktemp -d)"
data="$work/data"
server_pid=""
cleanup() {
    if [[ -n $server_pid ]]; then kill -KILL "$server_pid" 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# start NAME: starts todo-server on a free loopback port; sets server_pid and base.
start() {
    local log="$work/$1.out"
    : > "$log"
    "$binary" --host 127.0.0.1 --port 0 --data-dir "$data" > "$log" 2> "$work/$1.err" &
    server_pid=$!
    local deadline=$((SECONDS + 60))
    base=""
    while [[ -z $base ]]; do
        base="$(grep -oE 'todo-server listening on http://127\.0\.0\.1:[0-9]+' "$log" | head -1 | sed 's/.* on //')" || true
        if [[ -n $base ]]; then break; fi
        kill -0 "$server_pid" 2> /dev/null || fail "$1 exited before it listened: $(cat "$log" "$work/$1.err")"
        ((SECONDS < deadline)) || fail "$1 did not print its address within 60 s"
        sleep 0.05
    done
    echo "$1: listening on $base (pid $server_pid)"
}

# post CONTENT: creates a todo; prints its objectId when the answer is 2xx.
post() {
    local answer code
    answer="$(curl -s --connect-timeout 2 -m 5 -w '\n%{http_code}' -d "content=$1" "$base/todos/list")" || return 1
    code="${answer##*$'\n'}"
    [[ $code == 2?? ]] || return 1
    grep -oE '"objectId":"[0-9a-f]{24}"' <<< "$answer" | cut -d'"' -f4
}

# writer N: CREATES creates, each acknowledged one recorded as "objectId content".
writer() {
    local n=$1 i id content
    for ((i = 1; i <= creates; i++)); do
        content="writer$n-$i"
        if id="$(post "$content")" && [[ -n $id ]]; then
            echo "$id $content" >> "$work/acked-$n.txt"
        else
            echo "$content" >> "$work/unanswered-$n.txt"
        fi
    done
}

acked_count() {
    cat "$work"/acked-*.txt 2> /dev/null | wc -l
}

mkdir -p "$data"
start first
first_pid=$server_pid
total=$((writers * creates))
# Kill somewhere in the middle: after a random count between a quarter and three quarters.
kill_after=$((total / 4 + RANDOM % (total / 2)))
echo "writers: $writers × $creates creates; SIGKILL after $kill_after acknowledged"
writer_pids=()
for ((n = 1; n <= writers; n++)); do
    writer "$n" &
    writer_pids+=($!)
done

deadline=$((SECONDS + 120))
while (($(acked_count) < kill_after)); do
    ((SECONDS < deadline)) || fail "only $(acked_count) writes acknowledged within 120 s"
    sleep 0.02
done
kill -KILL "$first_pid"
set +e
{ wait "$first_pid"; } 2> /dev/null
status=$?
set -e
server_pid=""
[[ $status == 137 ]] || fail "the first server ended with status $status, not 137 (SIGKILL)"
echo "first: killed with SIGKILL while $(acked_count) writes were acknowledged"

for pid in "${writer_pids[@]}"; do
    wait "$pid"
done
acked=$(acked_count)
unanswered=$(cat "$work"/unanswered-*.txt 2> /dev/null | wc -l)
echo "writers done: $acked acknowledged, $unanswered not (refused or cut off by the kill)"
((acked + unanswered == total)) || fail "$acked + $unanswered attempts recorded, not $total"
((unanswered > 0)) || fail "the kill came after every write: nothing was in flight"

cat "$work"/acked-*.txt | sort > "$work/acked.txt"
duplicates="$(cut -d' ' -f1 "$work/acked.txt" | uniq -d | wc -l)"
((duplicates == 0)) || fail "$duplicates objectIds were acknowledged twice"

start second
missing=0
while read -r id content; do
    answer="$(curl -s --connect-timeout 2 -m 5 -w '\n%{http_code}' "$base/todos/item/$id")" || fail "GET /todos/item/$id did not answer"
    code="${answer##*$'\n'}"
    if [[ $code != 200 ]] || ! grep -q "\"content\":\"$content\"" <<< "$answer"; then
        echo "missing: $id ($content): $code ${answer%$'\n'*}" >&2
        missing=$((missing + 1))
    fi
done < "$work/acked.txt"
((missing == 0)) || fail "$missing of $acked acknowledged writes are not there after the restart"
echo "second: all $acked acknowledged objectIds answer GET /todos/item/:objectId with their content"

listed="$(curl -s --connect-timeout 2 -m 5 "$base/todos/list" | grep -oE '"objectId":"[0-9a-f]{24}"' | wc -l)"
((listed == 100 || listed == acked)) || fail "GET /todos/list shows $listed todos"

for i in 1 2 3; do
    id="$(post "after-restart-$i")" || fail "the restarted server did not take write $i"
    curl -sf --connect-timeout 2 -m 5 "$base/todos/item/$id" | grep -q "\"content\":\"after-restart-$i\"" \
        || fail "write $i after the restart cannot be read back"
done
echo "second: takes writes (3 created and read back)"

health="$(curl -s --connect-timeout 2 -m 5 "$base/health")"
[[ $health == '{"database":"ok","status":"ok","store":"sqlite"}' ]] || fail "GET /health answered $health"
echo "second: GET /health answers $health"

kill -TERM "$server_pid"
set +e
wait "$server_pid"
status=$?
set -e
server_pid=""
[[ $status == 0 ]] || fail "the second server ended with status $status on SIGTERM"
grep -q "todo-server stopped" "$work/second.out" || fail "the second server did not say it stopped"
echo "second: stopped with status 0 on SIGTERM"

# The file itself, when the sqlite3 tool is installed: intact, no content twice, and
# at most one row per attempt (an unanswered write may or may not have been stored).
if command -v sqlite3 > /dev/null; then
    db="$data/todos.sqlite"
    check="$(sqlite3 "$db" 'PRAGMA integrity_check')"
    [[ $check == ok ]] || fail "integrity_check: $check"
    twice="$(sqlite3 "$db" 'SELECT count(*) FROM (SELECT content FROM todos GROUP BY content HAVING count(*) > 1)')"
    ((twice == 0)) || fail "$twice contents are stored twice"
    rows="$(sqlite3 "$db" 'SELECT count(*) FROM todos')"
    ((rows >= acked + 3 && rows <= total + 3)) || fail "$rows rows for $acked acknowledged of $total attempts (+3)"
    echo "todos.sqlite: integrity ok, $rows rows ($acked acknowledged + 3 after the restart + $((rows - acked - 3)) answered by no one), none twice"
else
    echo "todos.sqlite: not inspected (no sqlite3 tool on this machine)"
fi
echo "todo-server crash test passed in $((SECONDS - started)) s"
