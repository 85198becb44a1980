#!/usr/bin/env bash
# The offline-first Todo app end to end, as two people would use it: ONE todo-server
# (SQLite, a free loopback port it prints) and TWO `ripple-apps` launches pointed at
# it with `--server`, each with a data directory of its own (so each keeps its own
# local copy: two clients), side by side in two detached tmux sessions of 80 × 24.
#
#   1. A todo added in the first app appears in the second.
#   2. The server is stopped (SIGTERM); a todo added in the first app shows at once,
#      and the first app says "offline — 1 change waiting".
#   3. The server starts again on the same port and data directory: the waiting
#      todo reaches it, and appears in the second app; the offline status goes.
#
# Every wait is bounded; the server, the tmux server and the temporary directory are
# removed at the end, whatever happens. Screens are saved under $E2E_OUT (default
# .build/e2e).
#
#     bash Tests/EndToEnd/todos-two-clients.sh   # after `swift build --package-path Apps`
set -euo pipefail
cd "$(dirname "$0")/../.."

bin="$(swift build --package-path Apps --show-bin-path)"
if [[ ! -x "$bin/ripple-apps" || ! -x "$bin/todo-server" ]]; then
    swift build --package-path Apps --product ripple-apps
    swift build --package-path Apps --product todo-server
fi
out="${E2E_OUT:-.build/e2e}"
mkdir -p "$out"
work="$(mktemp -d /tmp/todos-two-clients.XXXXXX)"
tmux_server="todos-two-clients-$$"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    tmux -L "$tmux_server" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

tm() { tmux -L "$tmux_server" "$@"; }
screen_of() { tm capture-pane -p -t "$1"; }
fail() {
    echo "FAIL: $*" >&2
    for app in first second; do
        echo "--- the $app app's screen:" >&2
        screen_of "$app" >&2 || true
    done
    echo "--- the server's log:" >&2
    cat "$work"/server-*.log >&2 2>/dev/null || true
    exit 1
}
# Waits (up to $3 seconds, default 15) until the app $1's screen shows the fixed string $2.
wait_on() {
    local tenths=$(( ${3:-15} * 10 ))
    for _ in $(seq 1 "$tenths"); do
        if screen_of "$1" | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    fail "the $1 app's screen never showed '$2'"
}
# Waits (up to $3 seconds, default 15) until the app $1's screen no longer shows $2.
wait_gone_on() {
    local tenths=$(( ${3:-15} * 10 ))
    for _ in $(seq 1 "$tenths"); do
        if ! screen_of "$1" | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    fail "the $1 app's screen still shows '$2'"
}

# Starts todo-server on port $1 (0: a free one) over $work/server; sets $port.
start_server() {
    local log="$work/server-$RANDOM.log"
    "$bin/todo-server" --port "$1" --data-dir "$work/server" > "$log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 300); do
        if grep -q "listening on" "$log"; then
            port="$(grep -o "listening on http://127.0.0.1:[0-9]*" "$log" | grep -o "[0-9]*$")"
            return 0
        fi
        kill -0 "$server_pid" 2>/dev/null || fail "todo-server exited: $(cat "$log")"
        sleep 0.1
    done
    fail "todo-server did not say where it listens within 30 s"
}
stop_server() {
    kill -TERM "$server_pid"
    for _ in $(seq 1 150); do
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -0 "$server_pid" 2>/dev/null && fail "todo-server did not stop within 15 s of SIGTERM"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

echo "== one todo-server on a free loopback port"
start_server 0
url="http://127.0.0.1:$port"
echo "   $url"

echo "== two apps on it, each with a data directory (a local copy) of its own, Todos open"
for app in first second; do
    tm new-session -d -s "$app" -x 80 -y 24 \
        "env -i PATH='$PATH' HOME='$HOME' TERM=xterm-256color LANG=C.UTF-8 '$bin/ripple-apps' --server '$url' --data-dir '$work/$app'"
    tm set-option -t "$app" window-size manual
done
for app in first second; do
    wait_on "$app" "Ripple: the seed apps" 60
    tm send-keys -t "$app" -l "2"
    wait_on "$app" "│New: Type todo here..."
    wait_on "$app" "│Finished"
done

echo "== a todo added in the first app appears in the second"
shared="shared todo $$"
tm send-keys -t first "$shared" Enter
wait_on first "│[ ] $shared"
wait_on second "│[ ] $shared" 10
wait_gone_on first "$shared …"
screen_of second > "$out/todos-two-clients-second-80x24.txt"

echo "== the server stops: a todo added in the first app shows at once, with the changes waiting"
stop_server
offline="written while away $$"
tm send-keys -t first "$offline" Enter
wait_on first "│[ ] $offline …" 5
wait_on first "offline — 1 change waiting" 20
screen_of first > "$out/todos-two-clients-offline-80x24.txt"
screen_of second | grep -qF "$offline" && fail "the second app shows a todo the server never had"

echo "== the server starts again on the same port and data: the todo reaches the second app"
start_server "$port"
wait_on second "│[ ] $offline" 45
wait_gone_on first "offline" 45
wait_gone_on first "$offline …" 10
screen_of first | grep -qF "│[ ] $shared" || fail "the first app lost the shared todo"
[[ "$(screen_of second | grep -cF "$offline")" == 1 ]] || fail "the waiting todo does not show exactly once in the second app"
screen_of second > "$out/todos-two-clients-after-80x24.txt"

echo "== q quits both"
for app in first second; do
    tm send-keys -t "$app" Escape
    wait_on "$app" "│1 Twitter Search"
    tm send-keys -t "$app" -l "q"
done
for app in first second; do
    for _ in $(seq 1 100); do
        tm has-session -t "$app" 2>/dev/null || break
        sleep 0.1
    done
    tm has-session -t "$app" 2>/dev/null && fail "the $app app did not quit"
done
echo "todos with two clients end-to-end: passed (screens in $out)"
