#!/bin/bash
# Instructions per key, counted by callgrind (exact and repeatable, whatever the machine is doing):
# `contacts` (release, debug information stripped) and the C ncurses peer each run in a tmux pane
# under valgrind with 100,000 contacts and HOME in a temporary folder (so the session recorder
# records, as users run it). The counters are zeroed once the program is idle on its screen, KEYS
# keys are sent one at a time, slowly enough that each is its own frame (checked: the frames,
# calls of ncurses' doupdate in the peer and of the backend's draw in ours, must be at least the
# keys sent), and the count is written after the last one. Two scenarios, at each size:
#   typing  KEYS letters into the sign-in form's email field; the main thread is counted
#   down    KEYS × Down in the list after signing in; every thread is counted (our database
#           reads run on other threads, the peer's on its only one)
#   editor  KEYS letters into the contact editor's name field (a new contact, after signing
#           in); the main thread is counted. Ours alone: the peer has no editor (compare it
#           with typing: the same keys into another form)
#
#   Benchmarks/instructions-per-key.sh                        # both programs, 80x24 and 250x70
#   Benchmarks/instructions-per-key.sh OLD/contacts NEW/contacts   # several binaries side by side
#   SIZES=80x24 SCENARIOS=typing PEER=0 Benchmarks/instructions-per-key.sh   # a quick look
#   SIZES=80x24 SCENARIOS="typing editor" ...                 # the sign-in form beside the editor
#   KEYS=100 CACHE=0 SETTLE=150 Benchmarks/instructions-per-key.sh
#   PAUSE=0.2 PAUSE_DOWN=0.4 ...                              # seconds between keys (a loaded machine: more)
#   KEEP=/tmp/profiles ...                                    # keep each run's callgrind files there
#                                                             # (read them with callgrind_annotate)
#
# It prints a table (instructions and L1 instruction-cache misses per key; ratios to the peer),
# and ends with one JSON line, ratios at 80x24, wide over narrow being the first binary's typing
# at 250x70 over 80x24:
#   {"typing": {"contacts": N, "peer": N, "ratio": R}, "down": {...}, "typing_wide_over_narrow": R,
#    "editor": {"contacts": N, "over_typing": R}}
#
# FOOTPRINT=1 counts, instead of L1 misses, the distinct cache lines of code and of data each key
# touches when it finds the caches cold, as a real keystroke does (its wall time follows them, not
# its instructions): Benchmarks/evict-on-read.c, preloaded, writes over 8 MB after every read from
# the terminal, the simulated last-level cache is 4 MB, and each key's last-level misses, the
# eviction's own left out, are the lines it touched. Typing counts the main thread, Down every thread.
#
# CACHE=0 leaves out the cache simulator (faster; no miss counts). SETTLE (seconds, 3 by default)
# waits before zeroing the counters, so that work started with the screen (loading the last email
# used, the first JSON encoding's type lookups) is not counted as the keys'. The peer's source is the tuibench harness's (BENCH, default ../shared/bench beside
# the clone, may be read-only): it is compiled into a temporary folder. Databases of 100,000
# contacts (COUNT) are made once in DATA (default /tmp/tuibench) and copied for each run.
#
# Valgrind cannot read Swift's debug information: each binary is copied with it stripped
# (`strip -g`), and SWIFT_BACKTRACE=interactive=no keeps a crash from re-executing it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
DATA=${DATA:-/tmp/tuibench}
COUNT=${COUNT:-100000}
KEYS=${KEYS:-200}
SIZES=${SIZES:-"80x24 250x70"}
SCENARIOS=${SCENARIOS:-"typing down"}
PEER=${PEER:-1}
CACHE=${CACHE:-1}
FOOTPRINT=${FOOTPRINT:-0}
if [ $# -eq 0 ]; then
  Benchmarks/release-build.sh --product contacts >/dev/null
  set -- "$(Benchmarks/release-build.sh --show-bin-path)/contacts"
fi
WORK=$(mktemp -d)
SESSION="ipk-$$"
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true; rm -rf "$WORK"' EXIT

mkdir -p "$DATA"
ours_db="$DATA/termflow-$COUNT.sqlite"
peer_db="$DATA/contacts-$COUNT.db"
[ -f "$ours_db" ] || "$1" seed --db "$ours_db" --count "$COUNT" >/dev/null
programs=()
declare -A label=([peer]="C peer")
index=0
for binary in "$@"; do
  index=$((index + 1))
  strip -g -o "$WORK/contacts-$index" "$binary"
  programs+=("contacts-$index")
  label["contacts-$index"]=$binary
done
if [ "$FOOTPRINT" = 1 ]; then
  gcc -O2 -shared -fPIC -o "$WORK/evict-on-read.so" "$ROOT/Benchmarks/evict-on-read.c" -ldl
fi
if [ "$PEER" = 1 ]; then
  [ -f "$peer_db" ] || python3 "$BENCH/seed.py" --db "$peer_db" --count "$COUNT" >/dev/null
  gcc -O2 -o "$WORK/peer" "$BENCH/peers/c/contacts.c" -lncursesw -lsqlite3
  programs+=("peer")
fi

# Reads one callgrind dump per thread: prints "instructions i1-misses doupdate-calls code-lines
# data-lines", summed over the files given (the lines are last-level misses; the preloaded
# eviction's instructions and misses are left out).
count() {
  python3 - "$@" <<'PY'
import re, sys
ir = i1 = frames = code = data = 0
for path in sys.argv[1:]:
    names, events, current, counted = {}, [], None, False
    function, after_call = "", False
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif (line.startswith("summary:") or line.startswith("totals:")) and not counted:
                counted = True
                values = [int(v) for v in line.split()[1:]]
                row = dict(zip(events, values))
                ir += row.get("Ir", 0); i1 += row.get("I1mr", 0)
                code += row.get("ILmr", 0); data += row.get("DLmr", 0) + row.get("DLmw", 0)
            elif line.startswith("fn=") or line.startswith("cfn="):
                # Names are compressed: "(id) name" the first time, "(id)" after, for fn and cfn alike.
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if m and m.group(2):
                    names[m.group(1)] = m.group(2)
                name = names.get(m.group(1), "") if m else line.strip().split("=", 1)[1]
                current = name if line.startswith("cfn=") else None
                if line.startswith("fn="):
                    function = name
            elif line.startswith("calls="):
                # A frame: the peer's ncurses refresh, or our backend's draw (which writes the
                # frame itself; the method, not its protocol thunk).
                if current is not None and (
                    current.split("'")[0] in ("doupdate", "doupdate_sp")
                    or current.startswith("$s10TerminalUI14NcursesBackendC4draw_")
                ):
                    frames += int(line.split("=")[1].split()[0])
                current = None
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                # A cost line: the callee's inclusive cost right after calls=, else the function's own.
                if not after_call and function.startswith("termflow_evict_caches"):
                    values = [int(v) for v in line.split()[1:]]
                    row = dict(zip(events, values))
                    ir -= row.get("Ir", 0); i1 -= row.get("I1mr", 0)
                    code -= row.get("ILmr", 0); data -= row.get("DLmr", 0) + row.get("DLmw", 0)
                after_call = False
print(ir, i1, frames, code, data)
PY
}

# Runs one program in a pane of SIZE under callgrind, drives SCENARIO and prints the count line.
measure() {
  local program=$1 scenario=$2 size=$3
  local width=${size%x*} height=${size#*x}
  local out="$WORK/$program-$scenario-$size.out" db
  rm -rf "$WORK/home" && mkdir -p "$WORK/home"
  if [ "$program" = peer ]; then
    db="$WORK/peer.db" && cp "$peer_db" "$db"
  else
    db="$WORK/ours.sqlite" && cp "$ours_db" "$db"
  fi
  local simulate="" preload=""
  [ "$CACHE" = 1 ] && simulate="--cache-sim=yes"
  if [ "$FOOTPRINT" = 1 ]; then
    simulate="--cache-sim=yes --I1=32768,8,64 --D1=49152,12,64 --LL=4194304,16,64"
    preload="LD_PRELOAD=$WORK/evict-on-read.so TERMFLOW_EVICT_MB=8 SWIFT_DETERMINISTIC_HASHING=1"
  fi
  tmux new-session -d -s "$SESSION" -x "$width" -y "$height" \
    "HOME=$WORK/home SWIFT_BACKTRACE=interactive=no $preload valgrind --tool=callgrind $simulate --separate-threads=yes --callgrind-out-file=$out $WORK/$program --db $db 2>$WORK/valgrind.log"
  wait_for "Sign in"
  # The controls address this run's valgrind by its pid: other programs may run under callgrind.
  local pid
  pid=$(pgrep -f "valgrind.bin.*callgrind-out-file=$out " | head -1)
  if [ "$scenario" = down ] || [ "$scenario" = editor ]; then
    if [ "$program" = peer ]; then
      tmux send-keys -t "$SESSION" -l "ada@example.com"; tmux send-keys -t "$SESSION" Tab
      tmux send-keys -t "$SESSION" -l "correct horse"
    else
      tmux send-keys -t "$SESSION" -l "demo@example.com"; tmux send-keys -t "$SESSION" Tab
      tmux send-keys -t "$SESSION" -l "demo-password"
    fi
    tmux send-keys -t "$SESSION" Enter
    wait_for "Contacts ("
    sleep 3
  fi
  if [ "$scenario" = editor ]; then
    tmux send-keys -t "$SESSION" -l "a"
    wait_for "New contact"
  fi
  # Idle first: work started with the screen (loading the last email used, say) is start-up's.
  sleep "${SETTLE:-3}"
  callgrind_control -z "$pid" >/dev/null 2>&1
  for _ in $(seq 1 "$KEYS"); do
    if [ "$scenario" = down ]; then tmux send-keys -t "$SESSION" Down; else tmux send-keys -t "$SESSION" -l "a"; fi
    if [ "$scenario" = down ]; then sleep "${PAUSE_DOWN:-0.4}"; else sleep "${PAUSE:-0.2}"; fi
  done
  sleep 2
  callgrind_control -d "$pid" >/dev/null 2>&1
  tmux kill-session -t "$SESSION"
  sleep 1
  # The dump asked for is numbered .1; per thread -01 (the main thread), -02, ...
  if [ "$scenario" = down ]; then count "$out".1-*; else count "$out".1-01; fi
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$out".1-* "$KEEP/"; fi
  rm -f "$out"*
}

wait_for() {
  for _ in $(seq 1 900); do tmux capture-pane -t "$SESSION" -p | grep -qF "$1" && return 0; sleep 0.1; done
  echo "timed out waiting for '$1'" >&2
  tmux capture-pane -t "$SESSION" -p >&2 || true
  return 1
}

echo "| program | scenario | size | keys | frames | instructions per key | I1 misses per key | × peer | code lines per key | data lines per key | lines × peer |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
declare -A result lines
for scenario in $SCENARIOS; do
  for size in $SIZES; do
    # The peer first, so that ratios can be printed beside ours.
    ordered=("${programs[@]}")
    [ "$PEER" = 1 ] && ordered=("peer" "${programs[@]:0:${#programs[@]}-1}")
    [ "$PEER" = 1 ] && [ "$scenario" = editor ] && ordered=("${programs[@]:0:${#programs[@]}-1}")
    for program in "${ordered[@]}"; do
      read -r ir i1 frames code data < <(measure "$program" "$scenario" "$size")
      per=$((ir / KEYS))
      result["$program/$scenario/$size"]=$per
      ratio="–"
      if [ "$program" != peer ] && [ -n "${result[peer/$scenario/$size]:-}" ]; then
        ratio=$(python3 -c "print(f'{$per / ${result[peer/$scenario/$size]}:.2f}')")
      fi
      misses="–" code_per="–" data_per="–" lines_ratio="–"
      [ "$CACHE" = 1 ] || [ "$FOOTPRINT" = 1 ] && misses=$((i1 / KEYS))
      if [ "$FOOTPRINT" = 1 ]; then
        code_per=$((code / KEYS)) data_per=$((data / KEYS))
        lines["$program/$scenario/$size"]=$((code_per + data_per))
        if [ "$program" != peer ] && [ -n "${lines[peer/$scenario/$size]:-}" ]; then
          lines_ratio=$(python3 -c "print(f'{($code_per + $data_per) / ${lines[peer/$scenario/$size]}:.2f}')")
        fi
      fi
      echo "| ${label[$program]} | $scenario | $size | $KEYS | $frames | $per | $misses | $ratio | $code_per | $data_per | $lines_ratio |"
      [ "$frames" -ge "$KEYS" ] || echo "  (warning: $frames frames for $KEYS keys: keys were coalesced)" >&2
    done
  done
done

python3 - "${result[contacts-1/typing/80x24]:-0}" "${result[peer/typing/80x24]:-0}" \
  "${result[contacts-1/down/80x24]:-0}" "${result[peer/down/80x24]:-0}" \
  "${result[contacts-1/typing/250x70]:-0}" "${result[contacts-1/editor/80x24]:-0}" <<'PY'
import json, sys
t, tp, d, dp, w, e = (int(v) for v in sys.argv[1:])
ratio = lambda a, b: round(a / b, 2) if a and b else None
print(json.dumps({
    "typing": {"contacts": t, "peer": tp, "ratio": ratio(t, tp)},
    "down": {"contacts": d, "peer": dp, "ratio": ratio(d, dp)},
    "typing_wide_over_narrow": ratio(w, t),
    "editor": {"contacts": e, "over_typing": ratio(e, t)},
}))
PY
