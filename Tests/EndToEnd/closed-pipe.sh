#!/usr/bin/env bash
# Every command-line program of the three packages, with its output piped into a
# reader that stops early (`| head -1`): each must end quietly, as `cat` does —
# status 0 or 141 (ended by SIGPIPE), and nothing on standard error but its own
# words: no "Fatal error", no crash report, no backtrace.
#
#     bash Tests/EndToEnd/closed-pipe.sh     # after building the programs
set -euo pipefail
cd "$(dirname "$0")/../.."

root_bin="$(swift build --show-bin-path)"
apps_bin="$(swift build --package-path Apps --show-bin-path)"
bench_bin="$(swift build -c release --package-path Benchmarks --show-bin-path)"
out="${E2E_OUT:-.build/e2e}"
mkdir -p "$out"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
failures=0

# check NAME COMMAND…: runs COMMAND | head -1 (bounded in time) and judges the end.
check() {
    local name=$1; shift
    local err="$out/closed-pipe-$name.stderr"
    set +e
    timeout 300 "$@" 2> "$err" | head -1 > /dev/null
    local status=${PIPESTATUS[0]}
    set -e
    if [[ $status != 0 && $status != 141 ]]; then
        echo "FAIL: $name ended with status $status when its reader went away" >&2
        failures=$((failures + 1))
    elif grep -qE "Fatal error|crashed|Backtrace|Broken pipe" "$err"; then
        echo "FAIL: $name printed a crash when its reader went away:" >&2
        head -5 "$err" >&2
        failures=$((failures + 1))
    else
        echo "ok: $name ended quietly (status $status)"
    fi
}

check ripple-tour "$root_bin/ripple-tour"
check ripple-apps env XDG_DATA_HOME="$data" "$apps_bin/ripple-apps" --walkthrough
check ripple-services "$apps_bin/ripple-services" --port 0 --data-dir "$data/services"
check todo-server "$apps_bin/todo-server" --port 0 --data-dir "$data/todo-server"
# The benchmarks' release build (Scripts/check-budgets builds workload-count).
if [[ -x "$bench_bin/workload-count" ]]; then
    check workload-count "$bench_bin/workload-count" --list
fi
# The terminal sample draws full screen: with its output piped it says so and exits
# (status 1) instead of drawing; `script` gives it a terminal for its input.
set +e
script -qec "$root_bin/ripple-terminal-sample | head -1" /dev/null < /dev/null > "$out/closed-pipe-sample.txt" 2>&1
set -e
if grep -qE "Fatal error|crashed|Backtrace" "$out/closed-pipe-sample.txt"; then
    echo "FAIL: ripple-terminal-sample crashed with its output piped" >&2
    failures=$((failures + 1))
elif grep -q "standard output is not a terminal" "$out/closed-pipe-sample.txt"; then
    echo "ok: ripple-terminal-sample says it needs a terminal"
else
    echo "FAIL: ripple-terminal-sample did not say why it cannot draw:" >&2
    cat "$out/closed-pipe-sample.txt" >&2
    failures=$((failures + 1))
fi

if [[ -e "$data/ripple" ]]; then
    echo "FAIL: the walkthrough wrote into the user's data directory: $(find "$data/ripple" | head)" >&2
    failures=$((failures + 1))
fi
[[ $failures == 0 ]] || exit 1
echo "closed pipes: every program ended quietly"
