#!/bin/bash
# Makes Benchmarks/hot-functions.order again: the functions of `contacts` that a typed key and a
# step down the list run, hottest first, for the linker to lay out together
# (Benchmarks/release-build.sh). Run it when the key path has changed much; a stale list only
# costs cache lines, never correctness (functions it does not name are placed as usual).
#
# How: Benchmarks/instructions-per-key.sh runs the release binary under callgrind (50 keys typed
# into the sign-in form, 50 Downs in the list, 80x24) and keeps the profiles; every function of
# the binary with instructions of its own in them is listed, the typing's first, each by its
# instructions.
#
#   Benchmarks/order-functions.sh                  # builds the release binary first
#   Benchmarks/order-functions.sh PATH/contacts    # profiles that binary (same sources)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  binary=$1
else
  Benchmarks/release-build.sh --product contacts >/dev/null
  binary="$(Benchmarks/release-build.sh --show-bin-path)/contacts"
fi
KEEP=$(mktemp -d)
trap 'rm -rf "$KEEP"' EXIT
for scenario in typing down; do
  SIZES=80x24 SCENARIOS=$scenario KEYS=50 PEER=0 CACHE=0 KEEP="$KEEP/$scenario" \
    Benchmarks/instructions-per-key.sh "$binary" >/dev/null
done
python3 - "$KEEP/typing" "$KEEP/down" > Benchmarks/hot-functions.order <<'PY'
import collections, os, re, sys
seen = set()
for folder in sys.argv[1:]:
    own = collections.Counter()
    for file in sorted(os.listdir(folder)):
        names, objects, obj, function, after_call, column = {}, {}, None, None, False, 0
        for line in open(os.path.join(folder, file), errors="replace"):
            if line.startswith("events:"):
                column = line.split()[1:].index("Ir") + 1
            elif line.startswith(("ob=", "cob=")):
                m = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.strip())
                if m.group(2): objects[m.group(1)] = m.group(2)
                if line.startswith("ob="): obj = objects[m.group(1)]
            elif line.startswith(("fn=", "cfn=")):
                m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if m.group(2): names[m.group(1)] = m.group(2)
                if line.startswith("fn="): function = names[m.group(1)]
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                parts = line.split()
                # The program's own code (instructions-per-key.sh names its copy contacts-1).
                if not after_call and obj and obj.endswith("/contacts-1") and len(parts) > column:
                    own[function] += int(parts[column])
                after_call = False
    for function, count in own.most_common():
        if count > 0 and not function.startswith("0x") and function not in seen:
            seen.add(function)
            print(function)
PY
echo "Benchmarks/hot-functions.order: $(wc -l < Benchmarks/hot-functions.order) functions"
