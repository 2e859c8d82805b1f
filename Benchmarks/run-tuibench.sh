#!/bin/bash
# Side-by-side terminal benchmarks: `contacts` (release) against the C ncurses peer, through
# the tuibench harness's tuibench.py, with the contacts_scroll and typing scenarios. The harness
# is not part of this repository: BENCH names it (default: ../shared/bench beside the clone).
# See Benchmarks/README.md.
#
#   Benchmarks/run-tuibench.sh                      # 1k, 100k, 1M and 10M contacts, 3 runs each
#   SIZES="1000 100000" REPEAT=1 Benchmarks/run-tuibench.sh
#   APP_BIN=/path/to/contacts SCENARIOS=typing ...   # a release binary built before (no build)
#
# Each app reads its own database of N contacts: the C peer the one `seed.py` makes, ours the
# one `contacts seed --count N` makes (its own schema; same N). Databases are kept in $DATA
# and reused. Results: Benchmarks/results/*.json, and the ratio table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
DATA=${DATA:-/tmp/tuibench}
OUT=${OUT:-$ROOT/Benchmarks/results}
REPEAT=${REPEAT:-3}
SIZES=${SIZES:-"1000 100000 1000000 10000000"}
SCENARIOS=${SCENARIOS:-"contacts_scroll typing"}
BUDGET=${BUDGET:-150}
NICE=${NICE:-0}

python3 -c 'import pyte' 2>/dev/null || pip install --quiet pyte==0.8.2
[ -x "$BENCH/peers/c/contacts" ] || gcc -O2 -Wall -o "$BENCH/peers/c/contacts" "$BENCH/peers/c/contacts.c" -lncursesw -lsqlite3
if [ -z "${APP_BIN:-}" ]; then
  Benchmarks/release-build.sh --product contacts
  APP_BIN="$(Benchmarks/release-build.sh --show-bin-path)/contacts"
fi

mkdir -p "$DATA" "$OUT"
for n in $SIZES; do
  [ -f "$DATA/contacts-$n.db" ] || python3 "$BENCH/seed.py" --db "$DATA/contacts-$n.db" --count "$n"
  [ -f "$DATA/termflow-$n.sqlite" ] || "$APP_BIN" seed --db "$DATA/termflow-$n.sqlite" --count "$n"
done

files=()
for scenario in $SCENARIOS; do
  for n in $SIZES; do
    for app in c-ncurses termflow-contacts; do
      profile="$BENCH/apps/$app.json"
      [ "$app" = termflow-contacts ] && profile="$ROOT/Benchmarks/tuibench/termflow-contacts.json"
      out="$OUT/$app-$scenario-$n.json"
      python3 "$BENCH/tuibench.py" run --scenario "$BENCH/scenarios/$scenario.json" --app "$profile" \
        --var "db=$DATA/contacts-$n.db" --var "count=$n" \
        --var "app_bin=$APP_BIN" --var "app_db=$DATA/termflow-$n.sqlite" \
        --repeat "$REPEAT" --max-run-seconds "$BUDGET" --nice "$NICE" --stop-if-no-start \
        --json-out "$out" > /dev/null
      files+=("$out")
    done
  done
done
python3 "$BENCH/tuibench.py" table --by-label --baseline c-ncurses "${files[@]}"
