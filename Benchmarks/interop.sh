#!/bin/bash
# vCard import and export rates, export memory, and mail-client query latency, on the release
# build, outside the process (as a user runs them).
#
#   Benchmarks/interop.sh                         # 100k contacts: export, import, re-import, query
#   COUNT=10000000 Benchmarks/interop.sh --export # export only (to /dev/null: peak RSS at 10M)
#   COUNT=10000000 Benchmarks/interop.sh --query  # query latency only, process start included
#   DB=/tmp/tuibench/up-10M.sqlite COUNT=10000000 Benchmarks/interop.sh --query   # on a given database
#
# Databases are kept in $DATA (seeding 10M takes minutes). Each figure is printed as a table
# row; quote medians measured side by side in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-100000}
DATA=${DATA:-/tmp/tuibench}
QUERIES=${QUERIES:-50}
MODE=${1:-all}

Benchmarks/release-build.sh --product contacts >/dev/null
BIN="$(Benchmarks/release-build.sh --show-bin-path)/contacts"
mkdir -p "$DATA"
DB=${DB:-"$DATA/interop-$COUNT.sqlite"}
[ -f "$DB" ] || "$BIN" seed --db "$DB" --count "$COUNT" >/dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Runs a command under /usr/bin/time; prints "seconds peak-RSS-kB".
measure() { /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" > /dev/null && cat "$WORK/time"; }
rate() { python3 -c "import sys; n, s = int(sys.argv[1]), float(sys.argv[2]); print(f'{n / s:,.0f}' if s > 0 else 'inf')" "$1" "$2"; }

echo "| step | contacts | seconds | cards/s | peak RSS |"
echo "| --- | --- | --- | --- | --- |"
if [ "$MODE" = all ]; then
  read -r seconds rss < <(measure "$BIN" export --db "$DB" --output "$WORK/all.vcf")
  echo "| export (vCard 4.0, to a file) | $COUNT | $seconds | $(rate "$COUNT" "$seconds") | $((rss / 1024)) MB |"
fi
if [ "$MODE" = --export ]; then
  /usr/bin/time -f "%e %M" -o "$WORK/time" "$BIN" export --db "$DB" > /dev/null
  read -r seconds rss < "$WORK/time"
  echo "| export (vCard 4.0, to /dev/null) | $COUNT | $seconds | $(rate "$COUNT" "$seconds") | $((rss / 1024)) MB |"
fi
if [ "$MODE" = all ]; then
  IMPORT_DB="$WORK/import.sqlite"
  printf 'bench-password\n' | "$BIN" user add --db "$IMPORT_DB" bench@example.com >/dev/null
  read -r seconds rss < <(measure "$BIN" import --db "$IMPORT_DB" "$WORK/all.vcf")
  echo "| import (new contacts) | $COUNT | $seconds | $(rate "$COUNT" "$seconds") | $((rss / 1024)) MB |"
  read -r seconds rss < <(measure "$BIN" import --db "$IMPORT_DB" "$WORK/all.vcf")
  echo "| import again (all unchanged) | $COUNT | $seconds | $(rate "$COUNT" "$seconds") | $((rss / 1024)) MB |"
  read -r seconds rss < <(measure "$BIN" export --db "$IMPORT_DB" --output "$WORK/again.vcf")
  echo "| export of imported cards | $COUNT | $seconds | $(rate "$COUNT" "$seconds") | $((rss / 1024)) MB |"
  cmp -s "$WORK/all.vcf" "$WORK/again.vcf" && echo "(the re-export is byte-identical to the first export)"
fi
if [ "$MODE" = all ] || [ "$MODE" = --query ]; then
  python3 - "$BIN" "$DB" "$QUERIES" <<'PY'
import statistics, subprocess, sys, time
binary, db, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
queries = ["ada", "smith", "johnson17", "example.com", "maria garcia", "zoë", "李", "+44 20", "nowak", "xyzzy"]
samples = []
for run in range(runs):
    for query in queries:
        started = time.perf_counter()
        subprocess.run([binary, "query", "--db", db, query], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append((time.perf_counter() - started) * 1000)
samples.sort()
p95 = samples[int(len(samples) * 0.95) - 1]
print(f"\n`contacts query` wall time, process start included: {len(samples)} runs of {len(queries)} queries, "
      f"p50 {statistics.median(samples):.1f} ms, p95 {p95:.1f} ms, max {samples[-1]:.1f} ms")
PY
fi
