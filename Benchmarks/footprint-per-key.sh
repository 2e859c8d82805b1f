#!/bin/bash
# Cache lines a typed key touches, counted by callgrind's cache simulator (exact and repeatable).
#
# Why: a person types a key every 100 ms or so, and in between other programs run. The key then
# finds none of the app's code or data in the caches and waits on memory for every cache line it
# touches: its wall time follows how many distinct lines of code and data it touches, not how
# many instructions it runs (`instructions-per-key.sh`). This counts those lines.
#
# How: `contacts-bench --only typing-cold` types into the sign-in form headless, writing over a
# buffer (TERMFLOW_BENCH_EVICT_MB, 8 MB here) before each key; under callgrind with a 4 MB
# last-level cache that write evicts everything, so each key's last-level misses are the lines it
# touches. The misses of the key's three phases (the app handling it, building the frame,
# diffing it) are read from the calls the benchmark makes, per key, over its 600 keys (the
# eviction's own misses are left out). Swift's hashing is made deterministic so that two runs of
# one binary count the same.
#
#   Benchmarks/footprint-per-key.sh                       # builds contacts-bench (release) first
#   Benchmarks/footprint-per-key.sh OLD/contacts-bench NEW/contacts-bench
#
# It prints a table (instructions, code lines and data lines per key, per phase) and a JSON line
# per binary: {"binary": ..., "handle": {"instructions": N, "code_lines": N, "data_lines": N}, ...}
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  Benchmarks/release-build.sh --product contacts-bench >/dev/null
  set -- "$(Benchmarks/release-build.sh --show-bin-path)/contacts-bench"
fi
command -v valgrind >/dev/null || { echo "footprint-per-key.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo "| binary | phase | instructions per key | code lines per key | data lines per key |"
echo "| --- | --- | --- | --- | --- |"
index=0
for binary in "$@"; do
  index=$((index + 1))
  # Valgrind cannot read Swift's debug information.
  strip -g -o "$WORK/bench-$index" "$binary"
  SWIFT_DETERMINISTIC_HASHING=1 TERMFLOW_BENCH_EVICT_MB=8 valgrind --tool=callgrind --cache-sim=yes \
    --I1=32768,8,64 --D1=49152,12,64 --LL=4194304,16,64 \
    --callgrind-out-file="$WORK/out-$index" "$WORK/bench-$index" --only typing-cold --output "$WORK/json-$index" \
    >"$WORK/log-$index" 2>&1 || { cat "$WORK/log-$index" >&2; exit 1; }
  python3 - "$WORK/out-$index" "$binary" <<'PY'
import json, re, sys

path, binary = sys.argv[1], sys.argv[2]
# The callees of the benchmark's measuring loop, by phase (mangled-name fragments).
phases = {
    "handle": "AppC6handle",       # Navigation.App.handle(_:)
    "build": "C6render4size",      # the app's render(size:)
    "diff": "RendererC6render",    # Renderer.render(_:)
}
names, events = {}, []
caller = callee = None
totals = {phase: [0] * 9 for phase in phases}
expect_cost = False
with open(path, errors="replace") as f:
    for raw in f:
        line = raw.rstrip("\n")
        if line.startswith("events:"):
            events = line.split()[1:]
            continue
        m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if m:
            kind, ident, name = m.groups()
            if name:
                names[ident] = name
            if kind == "fn":
                caller = names.get(ident, "")
            else:
                callee = names.get(ident, "")
            continue
        if line.startswith("calls="):
            expect_cost = True
            continue
        if expect_cost:
            expect_cost = False
            if re.match(r"\$s18ContactsBenchmarks06TypingC0O7measure", caller):
                for phase, fragment in phases.items():
                    if fragment in callee:
                        values = [int(v) for v in line.split()[1:]]
                        values += [0] * (len(events) - len(values))
                        for i, v in enumerate(values[: len(events)]):
                            totals[phase][i] += v
keys = 600
column = {name: i for i, name in enumerate(events)}
result = {"binary": binary}
for phase, values in totals.items():
    row = {
        "instructions": values[column["Ir"]] // keys,
        "code_lines": values[column["ILmr"]] // keys,
        "data_lines": (values[column["DLmr"]] + values[column["DLmw"]]) // keys,
    }
    result[phase] = row
    print(f"| {binary} | {phase} | {row['instructions']:,} | {row['code_lines']:,} | {row['data_lines']:,} |")
total = {k: sum(result[p][k] for p in phases) for k in ("instructions", "code_lines", "data_lines")}
result["total"] = total
print(f"| {binary} | **total** | {total['instructions']:,} | {total['code_lines']:,} | {total['data_lines']:,} |")
print(json.dumps(result), file=sys.stderr)
PY
done
