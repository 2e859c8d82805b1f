#!/bin/bash
# Search latency at N contacts: `contacts bench-search` (release) on a seeded database, p50/p95
# per query of a fixed list, at the app's limit (500) and at 50, or per keystroke (--typed).
#
#   Benchmarks/search-latency.sh                        # 10M contacts, 20 runs per query
#   COUNT=1000000 REPEAT=5 Benchmarks/search-latency.sh
#   FROM=/tmp/tuibench/termflow-10000000.sqlite Benchmarks/search-latency.sh   # migrate a copy of an older database
#   Benchmarks/search-latency.sh --writes               # also time inserts and renames (on a copy)
#   Benchmarks/search-latency.sh --typed                # every keystroke of typing whole queries
#
# The seeded database is kept in $DATA and reused (seeding 10M takes ~210 s and 3.7 GB). With FROM,
# a copy of that database is opened instead: the first open migrates it, and says how long.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-10000000}
DATA=${DATA:-/tmp/tuibench}
REPEAT=${REPEAT:-20}

Benchmarks/release-build.sh --product contacts
BIN="$(Benchmarks/release-build.sh --show-bin-path)/contacts"
mkdir -p "$DATA"
if [ -n "${FROM:-}" ]; then
  DB="$DATA/search-migrated.sqlite"
  rm -f "$DB" "$DB-wal" "$DB-shm"
  cp "$FROM" "$DB"
else
  DB="$DATA/search-$COUNT.sqlite"
  [ -f "$DB" ] || "$BIN" seed --db "$DB" --count "$COUNT"
fi
if [[ " $* " == *" --writes "* ]]; then
  cp "$DB" "$DB.writes"
  DB="$DB.writes"
  trap 'rm -f "$DB" "$DB-wal" "$DB-shm"' EXIT
fi
"$BIN" bench-search --db "$DB" --repeat "$REPEAT" "$@"
