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

source Tests/EndToEnd/tmux-session.sh

echo "== the sample at 80x24 on a fixture of 40 packages"
start_shell 80 24
send "$(run_then_report "$binary --status '$fixture'")" Enter
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
send Tab Tab     # the field → Reload → the list, which selects its first row
wait_for "libbz2-1.0 1.0.8-5+b1 · "
send Down
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
expect_terminal_restored "Packages on this machine"
screen > "$out/sample-after-quit.txt"
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
