#!/bin/bash
# Instructions per typed key, counted by callgrind (exact and repeatable, whatever the machine is
# doing): each binary runs in a tmux pane under valgrind on an empty database, its counters are
# zeroed once the sign-in form is up, KEYS letters are typed into the email field one at a time
# (slowly enough that each is its own frame), and the count is written after the last one.
#
#   Benchmarks/instructions-per-key.sh                          # the release `contacts`
#   Benchmarks/instructions-per-key.sh OLD/contacts NEW/contacts # side by side, in one run
#   SIZE=250x70 KEYS=100 Benchmarks/instructions-per-key.sh ...
#   SETTLE=150 Benchmarks/instructions-per-key.sh OLD NEW  # wait for start-up work to end first
#
# SETTLE (seconds, 0 by default) waits after the form is up before zeroing the counters: a binary
# that still works in the background at start-up (before 3c0cc34, `contacts` hashed a sign-in
# decoy with 600,000 PBKDF2 rounds after drawing the form) would otherwise count that work.
#
# Valgrind cannot read Swift's debug information: each binary is copied with it stripped
# (`strip -g`), and SWIFT_BACKTRACE=interactive=no keeps a crash from re-executing it.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYS=${KEYS:-200}
SIZE=${SIZE:-80x24}
WIDTH=${SIZE%x*}
HEIGHT=${SIZE#*x}
if [ $# -eq 0 ]; then
  swift build -c release --product contacts >/dev/null
  set -- "$(swift build -c release --show-bin-path)/contacts"
fi
WORK=$(mktemp -d)
SESSION="ipk-$$"
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true; rm -rf "$WORK"' EXIT

echo "| binary | size | keys | instructions per key |"
echo "| --- | --- | --- | --- |"
index=0
for binary in "$@"; do
  index=$((index + 1))
  copy="$WORK/contacts-$index"
  strip -g -o "$copy" "$binary"
  out="$WORK/callgrind-$index.out"
  tmux new-session -d -s "$SESSION" -x "$WIDTH" -y "$HEIGHT" \
    "SWIFT_BACKTRACE=interactive=no valgrind --tool=callgrind --callgrind-out-file=$out $copy --db $WORK/db-$index.sqlite 2>$WORK/valgrind-$index.log"
  # Up once the form is drawn (valgrind makes start-up take seconds).
  for _ in $(seq 1 600); do tmux capture-pane -t "$SESSION" -p | grep -q "Sign in" && break; sleep 0.1; done
  sleep "${SETTLE:-0}"
  # One program runs under callgrind at a time: the controls address it without a pid.
  callgrind_control -z >/dev/null 2>&1
  for _ in $(seq 1 "$KEYS"); do tmux send-keys -t "$SESSION" -l "a"; sleep 0.15; done
  sleep 1
  callgrind_control -d >/dev/null 2>&1
  tmux kill-session -t "$SESSION"
  sleep 1
  total=$(for dump in "$out".*; do callgrind_annotate "$dump" 2>/dev/null | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p'; done \
    | tr -d , | sort -n | tail -1)
  echo "| $binary | $SIZE | $KEYS | $((total / KEYS)) |"
  rm -f "$out"*
done
