#!/bin/bash
# What a cold line of code costs a keystroke, measured on the C peer: tuibench's typing scenario
# runs the plain C ncurses peer with a preloaded read() that, after each key is read, calls K
# extra one-line functions 64 bytes apart, in a shuffled order (so that no prefetcher guesses the
# next one). Between two keystrokes other programs run and evict them, as they evict the app's own
# code: the slope of key latency over K is the price of each cache line of code a key touches
# (`FOOTPRINT=1 Benchmarks/instructions-per-key.sh` counts ours and the peer's).
#
#   Benchmarks/cold-code-latency.sh                 # K = 0 1200 2400, 3 runs each, interleaved
#   LINES="0 800 1600 2400" REPEAT=5 Benchmarks/cold-code-latency.sh
#
# Needs ../shared/bench (tuibench) and gcc; the peer and its 1,000-contact database are made as
# Benchmarks/run-tuibench.sh makes them. Prints each run's p50 and the median per K.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
DATA=${DATA:-/tmp/tuibench}
LINES=${LINES:-"0 1200 2400"}
REPEAT=${REPEAT:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

mkdir -p "$DATA"
db="$DATA/contacts-1000.db"
[ -f "$db" ] || python3 "$BENCH/seed.py" --db "$db" --count 1000 >/dev/null
gcc -O2 -o "$WORK/peer" "$BENCH/peers/c/contacts.c" -lncursesw -lsqlite3

python3 - "$WORK/cold-code.c" <<'PY'
import random, sys
count = 4096
order = list(range(count))
random.Random(7).shuffle(order)
lines = ["#define _GNU_SOURCE", "#include <dlfcn.h>", "#include <stdlib.h>", "#include <sys/types.h>",
         "volatile unsigned long sink;"]
lines += [f"__attribute__((noinline, aligned(64))) void cold_{i}(void) {{ sink += {i}; }}" for i in range(count)]
lines.append("static void (*const table[%d])(void) = {%s};" % (count, ", ".join(f"cold_{i}" for i in order)))
lines.append("""
ssize_t read(int descriptor, void *bytes, size_t count) {
  static ssize_t (*next)(int, void *, size_t);
  static int calls = -1;
  if (next == NULL) next = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
  if (calls < 0) {
    const char *value = getenv("COLD_CODE_LINES");
    calls = value ? atoi(value) : 0;
    if (calls > %d) calls = %d;
  }
  ssize_t result = next(descriptor, bytes, count);
  if (descriptor == 0 && result > 0)
    for (int i = 0; i < calls; i++) table[i]();
  return result;
}""" % (count, count))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
gcc -O2 -shared -fPIC -o "$WORK/cold-code.so" "$WORK/cold-code.c" -ldl

for k in $LINES; do
  cat >"$WORK/peer-$k.json" <<JSON
{"label": "peer+$k", "cmd": ["$WORK/peer", "--db", "$db"], "env": {"LD_PRELOAD": "$WORK/cold-code.so", "COLD_CODE_LINES": "$k"}}
JSON
done
declare -A runs
for r in $(seq 1 "$REPEAT"); do
  for k in $LINES; do
    python3 "$BENCH/tuibench.py" run --scenario "$BENCH/scenarios/typing.json" --app "$WORK/peer-$k.json" \
      --var count=1000 --repeat 1 --nice -10 --json-out "$WORK/run-$k-$r.json" >/dev/null 2>&1
    p50=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['aggregate']['key_latency_ms_median'])" "$WORK/run-$k-$r.json")
    echo "extra code lines $k, run $r: key p50 $p50 ms"
    runs[$k]="${runs[$k]:-} $p50"
  done
done
for k in $LINES; do
  python3 -c "import statistics,sys; v=[float(x) for x in sys.argv[2:]]; print(f'extra code lines {sys.argv[1]}: median key p50 {statistics.median(v):.3f} ms over {len(v)} runs')" "$k" ${runs[$k]}
done
