#!/usr/bin/env bash
# todo-server's durability, as a person would check it: concurrent writers create
# todos with curl, the server is killed with SIGKILL in the middle of their run, and
# after a restart on the same store every write the server acknowledged (answered
# 2xx) is there exactly once, with the content that was sent, and in the changes feed
# (GET /todos/changes) exactly once as created, cursors ascending; the restarted
# server takes writes, and stops with status 0 on SIGTERM.
#
#     bash Tests/EndToEnd/todo-server-crash.sh             # SQLite, after building todo-server
#     bash Tests/EndToEnd/todo-server-crash.sh postgres    # PostgreSQL (Debian's postgresql)
#
# On PostgreSQL the script makes a throwaway server of its own (initdb in a temporary
# directory, 127.0.0.1 on a free port, fsync on; as root it runs as the postgres
# user) and deletes it at the end; after the restart it also kills that database
# server with SIGKILL in the middle of a second run of the writers and starts it
# again: todo-server recovers by itself, and every write it acknowledged is there.
#
# Traffic goes to 127.0.0.1 only; every request and every wait is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."

store=${1:-sqlite}
[[ $store == sqlite || $store == postgres ]] || { echo "usage: $0 [sqlite|postgres]" >&2; exit 2; }
# What GET /health answers while the store answers: it names the store.
if [[ $store == sqlite ]]; then
    healthy='{"database":"ok","status":"ok","store":"sqlite"}'
else
    healthy='{"database":"ok","status":"ok","store":"postgresql"}'
fi
writers=${WRITERS:-4}
creates=${CREATES:-150}
binary="$(swift build --package-path Apps --show-bin-path)/todo-server"
if [[ ! -x $binary ]]; then
    swift build --package-path Apps --product todo-server
fi

work="$(mktemp -d)"
data="$work/data"
server_pid=""
pg_ctl_stop=""
cleanup() {
    if [[ -n $server_pid ]]; then kill -KILL "$server_pid" 2> /dev/null || true; fi
    if [[ -n $pg_ctl_stop ]]; then $pg_ctl_stop > /dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
started=$SECONDS

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# as_postgres and start_postgres (a throwaway PostgreSQL server).
source Tests/EndToEnd/lib/postgres.sh

store_args=(--data-dir "$data")
if [[ $store == postgres ]]; then start_postgres; fi

# start NAME: starts todo-server on a free loopback port; sets server_pid and base.
start() {
    local log="$work/$1.out"
    : > "$log"
    "$binary" --host 127.0.0.1 --port 0 "${store_args[@]}" > "$log" 2> "$work/$1.err" &
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

# writer N [PHASE]: CREATES creates, each acknowledged one recorded as "objectId
# content" (PHASE, when given, prefixes the contents and the record files).
writer() {
    local n=$1 prefix=${2:+$2-} i id content
    for ((i = 1; i <= creates; i++)); do
        content="${prefix}writer$n-$i"
        if id="$(post "$content")" && [[ -n $id ]]; then
            echo "$id $content" >> "$work/${prefix}acked-$n.txt"
        else
            echo "$content" >> "$work/${prefix}unanswered-$n.txt"
        fi
    done
}

# acked_count [PHASE]: the writes acknowledged so far.
acked_count() {
    { cat "$work/${1:+$1-}"acked-*.txt 2> /dev/null || true; } | wc -l
}

# read_back FILE: every "objectId content" line of FILE answers GET /todos/item with
# its content; prints how many do not.
read_back() {
    local id content answer code missing=0
    while read -r id content; do
        answer="$(curl -s --connect-timeout 2 -m 5 -w '\n%{http_code}' "$base/todos/item/$id")" || fail "GET /todos/item/$id did not answer"
        code="${answer##*$'\n'}"
        if [[ $code != 200 ]] || ! grep -q "\"content\":\"$content\"" <<< "$answer"; then
            echo "missing: $id ($content): $code ${answer%$'\n'*}" >&2
            missing=$((missing + 1))
        fi
    done < "$1"
    echo "$missing"
}

# read_feed: the whole changes feed, page by page, into $work/feed.txt as one
# "cursor kind objectId" line per change.
read_feed() {
    local since=0 answer
    : > "$work/feed.txt"
    while :; do
        answer="$(curl -sf --connect-timeout 2 -m 10 "$base/todos/changes?since=$since&limit=1000")" \
            || fail "GET /todos/changes?since=$since did not answer"
        { grep -oE '"cursor":[0-9]+,"kind":"[a-z]+","todo":\{[^}]*"objectId":"[0-9a-f]{24}"' <<< "$answer" || true; } \
            | sed -E 's/^"cursor":([0-9]+),"kind":"([a-z]+)".*"objectId":"([0-9a-f]{24})"$/\1 \2 \3/' >> "$work/feed.txt"
        since="$(grep -oE '"cursor":[0-9]+,"more":(true|false)\}$' <<< "$answer" | grep -oE '[0-9]+')" \
            || fail "GET /todos/changes answered no cursor: ${answer:0:200}"
        [[ $answer == *'"more":true}' ]] || break
    done
}

# check_feed FILE…: every objectId of the "objectId content" lines of the FILEs is
# in the changes feed exactly once as created; no todo is created twice there; its
# cursors strictly ascend.
check_feed() {
    read_feed
    awk 'NR > 1 && $1 <= previous { exit 1 } { previous = $1 }' "$work/feed.txt" || fail "the feed's cursors do not strictly ascend"
    awk '$2 == "created" { print $3 }' "$work/feed.txt" | sort > "$work/feed-created.txt"
    twice="$(uniq -d "$work/feed-created.txt" | wc -l)"
    ((twice == 0)) || fail "$twice todos are created twice in the feed"
    cut -d' ' -f1 "$@" | sort > "$work/acked-ids.txt"
    absent="$(comm -23 "$work/acked-ids.txt" "$work/feed-created.txt" | wc -l)"
    ((absent == 0)) || fail "$absent acknowledged writes are not in the changes feed"
    echo "feed: $(wc -l < "$work/feed.txt") changes, cursors ascending; all $(wc -l < "$work/acked-ids.txt") acknowledged creates in it once"
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
missing="$(read_back "$work/acked.txt")"
((missing == 0)) || fail "$missing of $acked acknowledged writes are not there after the restart"
echo "second: all $acked acknowledged objectIds answer GET /todos/item/:objectId with their content"
check_feed "$work/acked.txt"

listed="$(curl -s --connect-timeout 2 -m 5 "$base/todos/list" | grep -oE '"objectId":"[0-9a-f]{24}"' | wc -l)"
((listed == 100 || listed == acked)) || fail "GET /todos/list shows $listed todos"

for i in 1 2 3; do
    id="$(post "after-restart-$i")" || fail "the restarted server did not take write $i"
    curl -sf --connect-timeout 2 -m 5 "$base/todos/item/$id" | grep -q "\"content\":\"after-restart-$i\"" \
        || fail "write $i after the restart cannot be read back"
done
echo "second: takes writes (3 created and read back)"

health="$(curl -s --connect-timeout 2 -m 5 "$base/health")"
[[ $health == "$healthy" ]] || fail "GET /health answered $health"
echo "second: GET /health answers $health"

# PostgreSQL only: the database server itself killed with SIGKILL in the middle of a
# second run of the writers, then started again; todo-server stays up, recovers by
# itself, and every write it acknowledged is there once.
db_acked=0
db_total=0
if [[ $store == postgres ]]; then
    db_total=$total
    db_kill_after=$((total / 4 + RANDOM % (total / 2)))
    echo "database: writers again ($writers × $creates); the PostgreSQL server gets SIGKILL after $db_kill_after acknowledged"
    writer_pids=()
    for ((n = 1; n <= writers; n++)); do
        writer "$n" database &
        writer_pids+=($!)
    done
    deadline=$((SECONDS + 120))
    while (($(acked_count database) < db_kill_after)); do
        ((SECONDS < deadline)) || fail "only $(acked_count database) writes acknowledged within 120 s"
        sleep 0.02
    done
    postmaster="$(head -1 "$work/pg/data/postmaster.pid")"
    kill -KILL "$postmaster"
    deadline=$((SECONDS + 30))
    while kill -0 "$postmaster" 2> /dev/null; do
        ((SECONDS < deadline)) || fail "the PostgreSQL server outlived SIGKILL for 30 s"
        sleep 0.02
    done
    at_kill=$(acked_count database)
    ((at_kill < db_total)) || fail "the database kill came after every write"
    echo "database: killed with SIGKILL while $at_kill writes were acknowledged"
    # Its backends end once they see it gone; until then its shared memory is in use.
    for ((try = 1; ; try++)); do
        if "${pg_start[@]}" > /dev/null 2>&1; then break; fi
        ((try < 40)) || fail "the PostgreSQL server did not start again: $(tail -5 "$work/pg/server.log")"
        sleep 0.25
    done
    restarted=$SECONDS
    echo "database: started again (crash recovery from its write-ahead log)"
    kill -0 "$server_pid" 2> /dev/null || fail "todo-server ended while its database was down"

    # Recovery, timed while the writers go on: the first GET /health that answers ok.
    deadline=$((SECONDS + 60))
    until [[ "$(curl -s --connect-timeout 2 -m 5 "$base/health")" == "$healthy" ]]; do
        ((SECONDS < deadline)) || fail "GET /health did not answer ok within 60 s of the database's return"
        sleep 0.1
    done
    echo "database: todo-server answers GET /health ok again, within $((SECONDS - restarted)) s of the database's return"

    for pid in "${writer_pids[@]}"; do
        wait "$pid"
    done
    db_acked=$(acked_count database)
    db_unanswered=$({ cat "$work"/database-unanswered-*.txt 2> /dev/null || true; } | wc -l)
    # A write in flight when the database died fails (or is cut off by curl's 5 s);
    # one that waited for a connection meanwhile is served once it is back.
    echo "writers done: $db_acked acknowledged, $db_unanswered not (failed or cut off while the database was down)"
    ((db_acked + db_unanswered == db_total)) || fail "$db_acked + $db_unanswered attempts recorded, not $db_total"
    ((db_acked > at_kill)) || fail "no write was acknowledged after the database's return"

    cat "$work"/database-acked-*.txt | sort > "$work/database-acked.txt"
    duplicates="$(cut -d' ' -f1 "$work/database-acked.txt" | uniq -d | wc -l)"
    ((duplicates == 0)) || fail "$duplicates objectIds were acknowledged twice"
    missing="$(read_back "$work/database-acked.txt")"
    ((missing == 0)) || fail "$missing of $db_acked writes acknowledged around the database's crash are not there"
    missing="$(read_back "$work/acked.txt")"
    ((missing == 0)) || fail "$missing writes acknowledged before the database's crash are gone"
    echo "database: all $db_acked writes acknowledged around its crash, and the $acked before, read back with their content"
    check_feed "$work/acked.txt" "$work/database-acked.txt"
fi

kill -TERM "$server_pid"
set +e
wait "$server_pid"
status=$?
set -e
server_pid=""
[[ $status == 0 ]] || fail "the second server ended with status $status on SIGTERM"
grep -q "todo-server stopped" "$work/second.out" || fail "the second server did not say it stopped"
echo "second: stopped with status 0 on SIGTERM"

# The store itself: intact, no content twice, and at most one row per attempt (an
# unanswered write may or may not have been stored). SQLite's file when the sqlite3
# tool is installed; PostgreSQL's table through psql.
if [[ $store == postgres ]]; then
    twice="$("${psql_todos[@]}" -c 'SELECT count(*) FROM (SELECT content FROM todos GROUP BY content HAVING count(*) > 1) AS repeated')"
    ((twice == 0)) || fail "$twice contents are stored twice"
    ids="$("${psql_todos[@]}" -c 'SELECT count(*) - count(DISTINCT object_id) FROM todos')"
    ((ids == 0)) || fail "$ids objectIds are stored twice"
    rows="$("${psql_todos[@]}" -c 'SELECT count(*) FROM todos')"
    created="$("${psql_todos[@]}" -c "SELECT count(*) FROM todo_changes WHERE kind = 'created'")"
    ((created == rows)) || fail "$rows todos but $created created changes in the feed"
    ((rows >= acked + db_acked + 3 && rows <= total + db_total + 3)) \
        || fail "$rows rows for $((acked + db_acked)) acknowledged of $((total + db_total)) attempts (+3)"
    echo "postgres todos: $rows rows ($((acked + db_acked)) acknowledged + 3 after the restart + $((rows - acked - db_acked - 3)) answered by no one), none twice, each created once in the feed"
elif command -v sqlite3 > /dev/null; then
    db="$data/todos.sqlite"
    check="$(sqlite3 "$db" 'PRAGMA integrity_check')"
    [[ $check == ok ]] || fail "integrity_check: $check"
    twice="$(sqlite3 "$db" 'SELECT count(*) FROM (SELECT content FROM todos GROUP BY content HAVING count(*) > 1)')"
    ((twice == 0)) || fail "$twice contents are stored twice"
    rows="$(sqlite3 "$db" 'SELECT count(*) FROM todos')"
    created="$(sqlite3 "$db" "SELECT count(*) FROM todo_changes WHERE kind = 'created'")"
    ((created == rows)) || fail "$rows todos but $created created changes in the feed"
    ((rows >= acked + 3 && rows <= total + 3)) || fail "$rows rows for $acked acknowledged of $total attempts (+3)"
    echo "todos.sqlite: integrity ok, $rows rows ($acked acknowledged + 3 after the restart + $((rows - acked - 3)) answered by no one), none twice, each created once in the feed"
else
    echo "todos.sqlite: not inspected (no sqlite3 tool on this machine)"
fi
echo "todo-server crash test ($store) passed in $((SECONDS - started)) s"
