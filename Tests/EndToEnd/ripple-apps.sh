#!/usr/bin/env bash
# End-to-end test of the apps' launcher, as a person would use it: `ripple-apps`
# runs in a real terminal (a detached tmux session of 80 × 24, then one of 120 × 40),
# with the local services in process over a fresh data directory; keys go in with
# `send-keys` (text typed with no pause between keys) and the screen is read back with
# `capture-pane`. It opens each app from the menu and uses it (Twitter Search: a
# search; Todos: todos typed back to back and one ticked off; Registration: a phone
# number, a code into Messages, the form, the confirmation; 500px Gallery: the wall, a
# photo full screen, the next one, its detail, back; Flickr Search: a search, its
# results, back), checks each screen's key
# footer, that focus never lands on the Messages pane, goes back with Esc, resizes
# mid-app, and that q quits with the terminal
# given back. Then it runs the launcher where nobody can type (output to a file) and
# checks the walkthrough it prints. Screens are saved under $E2E_OUT (default
# .build/e2e).
#
#     bash Tests/EndToEnd/ripple-apps.sh     # after `swift build --package-path Apps`
set -euo pipefail
cd "$(dirname "$0")/../.."

binary="$(swift build --package-path Apps --show-bin-path)/ripple-apps"
if [[ ! -x "$binary" ]]; then
    swift build --package-path Apps --product ripple-apps
fi
out="${E2E_OUT:-.build/e2e}"
mkdir -p "$out"
data="$(mktemp -d /tmp/ripple-apps-e2e.XXXXXX)"
source Tests/EndToEnd/tmux-session.sh
trap 'tm kill-server 2>/dev/null || true; rm -rf "$data"' EXIT

echo "== the launcher at 80x24, services in process over a fresh data directory"
start_shell 80 24
send "$(run_then_report "$binary --data-dir '$data'")" Enter
wait_for "Ripple: the seed apps" 60
wait_for "1 Twitter Search"
wait_for "services: http://127."
screen > "$out/apps-menu.txt"
screen | head -1 | grep -qF "Ripple: the seed apps" || fail "the menu's title is not in the bar"
[[ "$(screen | grep -cF "Ripple: the seed apps")" == 1 ]] || fail "the menu's title shows more than once"
screen | grep -qF "│4 500px Gallery (coming)" && fail "the menu still lists 500px Gallery as coming"
screen | grep -qF "│4 500px Gallery" || fail "the menu does not list 500px Gallery"
screen | grep -qF "│1–5 or ↑↓ Enter: open · q: quit" || fail "the menu does not show its keys"
echo "== the status line follows the tweet index's first import until it is ready"
wait_for " tweets" 180
screen | tail -1 | grep -q "^services: http://127\.0\.0\.1:[0-9]* (in process) · tweet index: [0-9,]* tweets" \
    || fail "the status line does not show the services' address and the index"

echo "== 1 opens Twitter Search; typing searches; its keys are in the footer; Esc goes back"
send -l "1"
wait_for "│Search: type more than 3 characters"
expect_line 0 "┌ Twitter Search ─"
wait_for "│Esc: back to the menu"
send -l "build"
wait_for "Execution time:"
screen | grep -q "│Search: build" || fail "the search field does not show the typed text"
screen | grep -qE "@[a-z]" || fail "no tweets were shown"
wait_for "│Tab: results and back · ↑↓: scroll · Esc: back to the menu"
screen | grep -qE "[0-9]+ (s|min|h|d|y)│" || fail "no age reads as people read ages"
screen | grep -q " secs" && fail "an age still reads in seconds"
screen > "$out/apps-twitter-search-80x24.txt"
echo "== resized mid-app to 120x40 and back, the screen follows"
# Waits until the app's top border spans $1 columns.
wait_for_width() {
    for _ in $(seq 1 150); do
        [[ "$(screen | head -1 | wc -m)" == $(($1 + 1)) ]] && return 0
        sleep 0.1
    done
    fail "the screen did not redraw at $1 columns"
}
tm resize-window -t e2e -x 120 -y 40
wait_for_width 120
screen | head -1 | grep -qF "┌ Twitter Search ─" || fail "Twitter Search is not on screen at 120x40"
screen > "$out/apps-twitter-search-120x40.txt"
tm resize-window -t e2e -x 80 -y 24
wait_for_width 80
send Escape
wait_for "│1 Twitter Search"

echo "== 2 opens Todos: todos typed back to back stay apart; Tab selects the first, Space ticks it"
send -l "2"
wait_for "│New: Type todo here..."
wait_for "│Finished"
wait_for "Esc: menu"
first="tmux todo A$$"
second="tmux todo B$$"
send "$first" Enter "$second" Enter
wait_for "│[ ] $first"
wait_for "│[ ] $second"
screen | grep -qF "$first$second" && fail "two todos typed back to back were merged"
[[ "$(screen | grep -cF "tmux todo")" == 2 ]] || fail "the todos typed back to back are not exactly two rows"
wait_for "│New: Type todo here..."
send Tab
send Space
# The ticked row moves to "Finished" at once, as "[x] <todo> …" until the server acknowledged it.
wait_for "│[x] tmux todo"
wait_gone "$first …"
wait_gone "$second …"
awk 'index($0, "│Finished") { finished = 1 } index($0, "[x] tmux todo") { exit !finished }' <(screen) \
    || fail "the ticked todo is not under Finished"
screen > "$out/apps-todos-80x24.txt"
send Escape
wait_for "│1 Twitter Search"

echo "== 3 opens Registration: a valid phone, a code in Messages, the form, the confirmation"
send -l "3"
wait_for "│Phone"
wait_for "Esc: menu"
phone="139$(printf '%08d' $(( $(date +%s) % 100000000 )))"
send -l "12345"
wait_for "Invalid phone number"
send BSpace BSpace BSpace BSpace BSpace
send -l "$phone"
wait_for "No messages to $phone"
send Tab Tab Tab Tab Enter
wait_for "Your verification" 30
wait_for "s ]"
# The SMS wraps in the Messages pane; its code is the six digits before a full stop.
code="$(screen | grep -o '\b[0-9]\{6\}\.' | head -1 | tr -d .)"
[[ -n "$code" ]] || fail "no code in Messages"
send BTab BTab BTab
send -l "abc123"
send Tab
send -l "abc123"
send Tab
send -l "$code"
send Tab Enter
wait_for "Account: $phone" 60
screen > "$out/apps-registration-80x24.txt"
send Escape
wait_for "│Phone"
send Escape
wait_for "│1 Twitter Search"

echo "== 4 opens 500px Gallery: the wall, a photo full screen, the next one, back"
send -l "4"
wait_for "Popular on 500px"
# The first start imports the photos (the wall asks again until they are ready), then
# the status line counts them: "20 of 42 photos".
for _ in $(seq 1 3000); do
    screen | grep -qE "^[0-9]+ (of [0-9]+ )?photos" && break
    sleep 0.1
done
screen | grep -qE "^[0-9]+ (of [0-9]+ )?photos" || fail "the wall never counted its photos"
wait_for "Enter: open · l: log in · Esc: menu"
wait_for "▀" 60
screen > "$out/apps-gallery-wall-80x24.txt"
send Enter
wait_for "· 1 of " 30
wait_for "→: next · i: details · Esc: back to the wall"
screen | grep -qE "^by .* · rating [0-9]+\.[0-9]{2} · [0-9]+ votes? · 1 of [0-9]+" || fail "the pager shows no caption"
screen > "$out/apps-gallery-pager-80x24.txt"
send Right
wait_for "· 2 of " 30
wait_for "←: previous"
send -l "i"
wait_for "Rating " 30
wait_for "v: vote · Esc: done"
screen | head -1 | grep -qE "^Done +[^ ]" || fail "the detail has no bar with its title and Done"
screen > "$out/apps-gallery-detail-80x24.txt"
send Escape
wait_for "· 2 of "
send Escape
wait_for "Enter: open · l: log in · Esc: menu"
send Escape
wait_for "│1 Twitter Search"

echo "== 5 opens Flickr Search: \"flower\" and Enter push the results; Esc goes back to the search, \"flower\" on top of the recent searches"
send -l "5"
wait_for "│Search: type more than 3 characters"
wait_for "│Tab: next · Esc: back to the menu"
screen | head -1 | grep -qF "Flickr Search" || fail "Flickr Search's title is not in its bar"
send -l "flower"
send Enter
# On a first start the photo service answers "not ready" until its import ends: the
# app says so in an alert; OK, and search again.
for _ in $(seq 1 90); do
    if screen | grep -qF "‹ Back"; then break; fi
    if screen | grep -qF "Flickr Is Busy"; then send Enter; sleep 2; send Enter; fi
    sleep 1
done
wait_for "‹ Back"
screen | head -1 | grep -qF "flower" || fail "the results' title is not the text searched"
screen | grep -qE "│(No photos|1 photo|[0-9,]+ photos)" || fail "the results do not say how many photos matched"
wait_for "Esc: back to the search"
screen > "$out/apps-flickr-search-results-80x24.txt"
send Escape
wait_for "│Recent searches"
wait_for " flower"
screen | grep -qF "↑↓ Enter: search again" || fail "the search screen does not offer the recent searches"
screen > "$out/apps-flickr-search-80x24.txt"
send Escape
wait_for "│1 Twitter Search"

echo "== ↑↓ and Enter open the selected app"
send Up Up Up Up
send Enter
wait_for "┌ Twitter Search ─"
send Escape
wait_for "│1 Twitter Search"

echo "== at 120x40: the menu and every app fit, with their keys"
tm resize-window -t e2e -x 120 -y 40
wait_for "│1–5 or ↑↓ Enter: open · q: quit"
screen > "$out/apps-menu-120x40.txt"
send -l "1"
wait_for "│Search: type more than 3 characters"
send -l "zlib"
wait_for "Execution time:"
wait_for "│Tab: results and back · ↑↓: scroll · Esc: back to the menu"
screen > "$out/apps-twitter-search-120x40-search.txt"
send Escape
wait_for "│1 Twitter Search"
send -l "2"
wait_for "│[x] tmux todo"
wait_for "Esc: menu"
screen > "$out/apps-todos-120x40.txt"
send Escape
wait_for "│1 Twitter Search"
send -l "3"
wait_for "│Phone"
wait_for "Esc: menu"
screen > "$out/apps-registration-120x40.txt"
send Escape
wait_for "│1 Twitter Search"

echo "== q quits and gives the terminal back"
send -l "q"
expect_terminal_restored "Ripple: the seed apps"
screen > "$out/apps-after-quit.txt"
next_server

echo "== where nobody can type: the walkthrough, on a temporary data directory, not the user's"
status=0
user_data="$(mktemp -d /tmp/ripple-apps-user.XXXXXX)"
XDG_DATA_HOME="$user_data" "$binary" < /dev/null > "$out/apps-walkthrough.txt" 2>&1 || status=$?
# The user's data is $XDG_DATA_HOME/ripple (Foundation's URLSession may keep an empty
# cookie folder of its own beside it).
if [[ -e "$user_data/ripple" ]]; then
    echo "FAIL: the walkthrough wrote into the user's data directory: $(find "$user_data/ripple" | head)" >&2
    exit 1
fi
rm -rf "$user_data"
if [[ $status -ne 0 ]]; then
    cat "$out/apps-walkthrough.txt" >&2
    echo "FAIL: the walkthrough exited with status $status" >&2
    exit 1
fi
grep -qF "── The menu ─" "$out/apps-walkthrough.txt" || { echo "FAIL: no menu in the walkthrough" >&2; exit 1; }
for step in "── 1 Twitter Search · Type “build”" "── 2 Todos · Type a todo" "── 3 Registration · Press “Register”" \
    "── 4 500px Gallery · Enter: the first photo full screen" "── 5 Flickr Search · Type “flower”"; do
    grep -qF "$step" "$out/apps-walkthrough.txt" || { echo "FAIL: no step '$step' in the walkthrough" >&2; exit 1; }
done
grep -qF "│Registered successfully" "$out/apps-walkthrough.txt" \
    || { echo "FAIL: the walkthrough's registration did not end on the confirmation" >&2; exit 1; }
grep -qF "ripple-apps: walkthrough done:" "$out/apps-walkthrough.txt" \
    || { echo "FAIL: the walkthrough did not finish" >&2; exit 1; }

echo "launcher end-to-end: passed (screens in $out)"
