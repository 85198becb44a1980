# Sourced by the end-to-end tests: a detached tmux session of a fixed size on a tmux
# server of the test's own, keys in with `send-keys`, the screen out with
# `capture-pane`, and waits on what the screen shows.
#
#     source Tests/EndToEnd/tmux-session.sh
#     start_shell 100 30
#     send "$binary" Enter
#     wait_for "Ripple: the seed apps"

server="ripple-e2e-$$"
tm() { tmux -L "$server" "$@"; }
trap 'tm kill-server 2>/dev/null || true' EXIT
# One tmux server per run; a second run starts a server of its own.
next_server() {
    tm kill-server 2>/dev/null || true
    server="$server-next"
}

screen() { tm capture-pane -p -t e2e; }
fail() {
    echo "FAIL: $*" >&2
    echo "--- the screen:" >&2
    screen >&2 || true
    exit 1
}
# Waits (up to $2 seconds, default 15) until the screen shows the fixed string $1.
wait_for() {
    local tenths=$(( ${2:-15} * 10 ))
    for _ in $(seq 1 "$tenths"); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
}
# Waits (up to 15 s) until the screen no longer shows $1.
wait_gone() {
    for _ in $(seq 1 150); do
        if ! screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen still shows '$1'"
}
expect_line() {   # row (from 0), text the row must start with
    local line
    line="$(screen | sed -n "$(($1 + 1))p")"
    [[ "$line" == "$2"* ]] || fail "row $1 is '$line', expected it to start with '$2'"
}
send() { tm send-keys -t e2e "$@"; }

start_shell() {   # columns rows
    tm new-session -d -s e2e -x "$1" -y "$2" \
        "env -i PATH='$PATH' HOME='$HOME' TERM=xterm-256color LANG=C.UTF-8 bash --norc --noprofile"
    tm set-option -t e2e window-size manual
    send "PS1='$ '" Enter
    send "clear" Enter
}

# After an app quit: the shell's line editing and echo are back, and the app's
# screen is gone (the alternate screen was left). Needs the app to have been run as
# `APP; echo "exit status $?"; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon -e echo -e -echo; echo "end of" "report"`
# (see `run_then_report`). It waits for the last line, so that the modes are read only
# once `stty` has printed them.
expect_terminal_restored() {   # text of the app's screen that must be gone
    wait_for "end of report"   # the command line shows it as "end of" "report"
    screen | grep -qF "exit status 0" || fail "the app did not exit with status 0"
    screen | grep -qx "icanon" || fail "line editing (icanon) is not back on"
    screen | grep -qx "echo" || fail "echo is not back on"
    if screen | grep -qF -- "$1"; then fail "the app's screen is still showing after it quit"; fi
}
# The command line that runs $1 and then reports its exit status and the terminal modes.
run_then_report() {
    printf '%s; echo "exit status $?"; stty -a | tr %s %s | grep -x -e icanon -e -icanon -e echo -e -echo; echo "end of" "report"' \
        "$1" "' ;'" "'\\n\\n'"
}
