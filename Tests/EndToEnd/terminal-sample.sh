#!/usr/bin/env bash
# End-to-end test of RippleTerminal, as a person would use it: the sample app runs in
# a real terminal (a detached tmux session of a fixed size, on a tmux server of its
# own), keys go in with `send-keys`, and the screen is read back with
# `capture-pane`. It checks the first screen, typing into the search field, moving
# through the list, a resize, Esc, and that after Ctrl-C the shell's screen and
# terminal settings are back. Then it shows the app at a wide size on the machine's
# own package database. The screens are saved under $E2E_OUT (default
# .build/e2e) for a person to read.
#
#     bash Tests/EndToEnd/terminal-sample.sh     # after `swift build`
set -euo pipefail
cd "$(dirname "$0")/../.."

binary="$(swift build --show-bin-path)/ripple-terminal-sample"
if [[ ! -x "$binary" ]]; then
    swift build --product ripple-terminal-sample
fi
fixture="$PWD/Tests/EndToEnd/fixtures/dpkg-status"   # 40 packages of a Debian machine
out="${E2E_OUT:-.build/e2e}"
mkdir -p "$out"

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
# Waits (up to 15 s) until the screen shows the fixed string $1.
wait_for() {
    for _ in $(seq 1 150); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
}
# Waits until the screen no longer shows $1.
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

echo "== the sample at 80x24 on a fixture of 40 packages"
start_shell 80 24
send "$binary --status '$fixture'; echo \"exit status \$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo" Enter
wait_for "40 packages"
screen > "$out/sample-80x24.txt"
expect_line 0 "┌ Packages on this machine ─"
expect_line 1 "│Search: type to search"
expect_line 2 "│40 packages"
expect_line 3 "│bash "
screen | sed -n 1p | grep -q "┐$" || fail "the border's top right corner is not at column 80"
screen | sed -n 24p | grep -q "^└─*┘$" || fail "the bottom border is not on row 24"
screen | grep -qF "Tab: next" || fail "no help line"

echo "== typing filters the list, live"
send -l "lib"
wait_for "20 of 40 packages"
expect_line 1 "│Search: lib "
expect_line 3 "│libbz2-1.0 "
send -l "ssl"
wait_for "1 of 40 packages"
expect_line 3 "│libssl3 "
screen > "$out/sample-80x24-search.txt"
send BSpace BSpace BSpace
wait_for "20 of 40 packages"

echo "== Tab to the list, arrows select, the details follow"
send Tab Tab     # the field → Reload → the list
send Down Down
wait_for "libc6 2.36"
screen | grep -qF "│libc6 2.36-9+deb12u14 · " || fail "the details line does not show libc6"
screen > "$out/sample-80x24-select.txt"

echo "== a resize lays the screen out again"
tm resize-window -t e2e -x 100 -y 30
for _ in $(seq 1 150); do
    [[ "$(screen | sed -n 30p)" == └*┘ ]] && break
    sleep 0.1
done
screen | sed -n 1p | grep -q "┐$" || fail "after the resize, the border does not end at column 100"
[[ "$(screen | sed -n 1p | wc -m)" -eq 101 ]] || fail "after the resize, the top line is not 100 columns wide"
[[ "$(screen | sed -n 30p)" == └*┘ ]] || fail "after the resize, the bottom border is not on row 30"

echo "== Esc clears the search"
send Escape
wait_for "│40 packages"

echo "== Ctrl-C quits and gives the terminal back"
send C-c
wait_for "exit status 0"
screen > "$out/sample-after-quit.txt"
screen | grep -qx "icanon" || fail "line editing (icanon) is not back on"
screen | grep -qx "echo" || fail "echo is not back on"
if screen | grep -qF "Packages on this machine"; then fail "the app's screen is still showing after it quit"; fi
next_server

echo "== the sample at 160x40 on this machine's own packages"
if [[ -r /var/lib/dpkg/status ]]; then
    start_shell 160 40
    send "$binary; echo \"exit status \$?\"" Enter
    wait_for " packages"
    wait_gone "Loading…"
    screen > "$out/sample-160x40.txt"
    send -l "python"
    wait_for "Search: python"
    screen > "$out/sample-160x40-search.txt"
    send C-c
    wait_for "exit status 0"
else
    echo "(no dpkg database on this machine: skipped the wide run on real data)"
fi

echo "terminal sample end-to-end: passed (screens in $out)"
