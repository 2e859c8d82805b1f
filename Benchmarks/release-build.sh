#!/bin/bash
# The release build that every release binary here is made with (`make release`, `make install`
# and the benchmarks): `swift build -c release`, with the functions a keystroke runs laid out
# together in the binary.
#
# Why: a person types a key every 100 ms or so, and in between other programs run, so a key
# finds the app's code out of the caches and waits on memory for every cache line of code it
# touches (Benchmarks/README.md). Each function is compiled into a section of its own
# (`-function-sections`) and the linker, lld, puts first the functions that
# Benchmarks/hot-functions.order names, hottest first: those a typed key and a step down the
# list run. Their code then shares cache lines and pages instead of being spread over the
# whole binary. A function the list does not name (code changed since it was made) is placed as
# usual; `Benchmarks/order-functions.sh` makes the list again. Without lld beside the Swift
# compiler, the build is the usual one.
#
# A release build folder made before these flags keeps its object files without the sections
# until their sources change (seen here: after the flags came in, only changed files were
# compiled again, the rest kept one `.text` section per file): remove `.build/release` once
# (`rm -rf .build/release`) for the whole layout. A fresh clone has it.
#
#   Benchmarks/release-build.sh --product contacts
#   Benchmarks/release-build.sh --show-bin-path
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
flags=()
swiftc=$(command -v swiftc || true)
if [ -n "$swiftc" ] && [ -x "$(dirname "$(readlink -f "$swiftc")")/ld.lld" ]; then
  flags=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
    -Xlinker "--symbol-ordering-file=$(pwd)/Benchmarks/hot-functions.order" -Xlinker --no-warn-symbol-ordering)
fi
exec $SWIFT build -c release "${flags[@]}" "$@"
