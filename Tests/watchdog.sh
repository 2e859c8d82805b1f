#!/usr/bin/env bash
# Runs a test command under a time limit, and when the limit passes, says what was still
# running before stopping it: the tests that started and never finished, the processes under
# the command, and each thread's stack in the test processes (through gdb, when there is one).
# `make test` runs `swift test` through it, so a hang fails in minutes with its place named,
# instead of using up CI's whole time with nothing to show.
#
#   Tests/watchdog.sh SECONDS LOG -- COMMAND [ARGUMENTS...]
#
# The command's output is line-buffered (stdbuf: Swift Testing's console output is otherwise
# written in 4 KB blocks when it goes to a pipe, so the last lines before a hang never show),
# shown as it comes and kept in LOG. Exits with the command's status, or 124 after the limit.
set -uo pipefail

if [ $# -lt 4 ] || [ "$3" != "--" ]; then
  echo "usage: $0 SECONDS LOG -- COMMAND [ARGUMENTS...]" >&2
  exit 64
fi
limit=$1 log=$2
shift 3
mkdir -p "$(dirname "$log")"
: > "$log"

( stdbuf -oL -eL "$@" 2>&1 | tee -a "$log" ) &
runner=$!

# Swift's mangled names made readable, when the toolchain is on PATH.
demangle() {
  if command -v swift >/dev/null 2>&1; then swift demangle --simplified; else cat; fi
}

# Every process under $1, one pid a line (children before grandchildren).
descendants() {
  local children
  children=$(ps -o pid= --ppid "$1" 2>/dev/null)
  for child in $children; do
    echo "$child"
    descendants "$child"
  done
}

started=$(date +%s)
while kill -0 "$runner" 2>/dev/null; do
  if [ $(( $(date +%s) - started )) -ge "$limit" ]; then
    {
      echo
      echo "watchdog: still running after ${limit}s; what was under way:"
      ps -o pid,ppid,etimes,stat,args --forest -g "$runner" 2>/dev/null | cut -c1-220
      if command -v gdb >/dev/null 2>&1; then
        for pid in $(descendants "$runner"); do
          case "$(readlink "/proc/$pid/exe" 2>/dev/null)" in
            *.xctest | *-test-runner | *PackageTests*) ;;
            *) continue ;;
          esac
          echo "watchdog: the threads of $pid ($(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-160)):"
          # Each thread's frames, without the runtime's, the C library's and NIO's idle event
          # loops, 12 at most, names demangled when the toolchain is there.
          timeout 120 gdb -p "$pid" -batch -ex "set pagination off" -ex "thread apply all bt 40" 2>/dev/null \
            | grep -E "^Thread |^#" \
            | grep -vE " in (__|_dispatch|swift_task_|swift::|std::|pthread_|start_thread|clone|epoll_wait)" \
            | awk '/^Thread /{ idle = ($0 ~ /"NIO-/); if (!idle) print; shown = 0; next }
                   !idle && shown < 12 { print; shown++ }' \
            | demangle | sed -E 's/ \(.{120,}\) at / (...) at /' | cut -c1-240
        done
      fi
      echo "watchdog: tests that started and did not finish:"
      # "◇ Test NAME started." against "✔ Test NAME passed after …", "✘ … failed after …" or
      # "━ … passed after … with 1 known issue."; a name can belong to two suites, so each start
      # is matched by one end.
      grep -aE "^[◇✔✘━] Test " "$log" | grep -avE "^◇ Test (case passing|run started)" | sed -E \
        -e 's/^◇ Test (.*) started\.$/+ \1/' \
        -e 's/^[✔✘━] Test (.*) (passed|failed) after .*/- \1/' \
        | grep -aE "^[+-] " | sed -E 's/^- (.*) with [0-9]+ test cases?$/- \1/' \
        | awk '$1 == "+" { sub(/^\+ /, ""); open[$0]++ } $1 == "-" { sub(/^- /, ""); if (open[$0] > 0) open[$0]-- }
               END { for (name in open) if (open[name] > 0) print "  " name }'
      echo "watchdog: stopped the tests after ${limit}s (Tests/watchdog.sh); the lines above name the hang."
    } 2>&1 | tee -a "$log"
    # The test process is in a process group of its own (Foundation spawns so): each
    # process under the command is stopped by its pid.
    # The tmux servers of the pty tests are daemons, no longer under it: they are found by
    # the socket name TmuxPane gives them (termflow-test-PID-…).
    everything="$(descendants "$runner") $runner"
    for pid in $everything; do
      pkill -KILL -f "tmux -L termflow-test-$pid-" 2>/dev/null
    done
    kill -TERM $everything 2>/dev/null
    sleep 5
    kill -KILL $everything 2>/dev/null
    wait "$runner" 2>/dev/null
    exit 124
  fi
  sleep 5
done
wait "$runner"
