#!/bin/sh
# Re-records radicale/: what Radicale 3.9.0 (vobject 0.9.9) stores of each card of sources/ as
# our writer exports it in 3.0 and 4.0. Run it after changing the writer or the sources, from
# anywhere; it needs python3 and the network once (PyPI), then reuses the virtual environment.
#   VOBJECT_VENV=/tmp/vobj Tests/VCardFormatTests/Fixtures/vobject/record-vobject.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
venv=${VOBJECT_VENV:-/tmp/vobj}
if ! "$venv/bin/python" -c 'import radicale, vobject' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet radicale==3.9.0 vobject==0.9.9
fi
exports=$(mktemp -d)
trap 'rm -rf "$exports"' EXIT
cd "$root"
swift build --build-tests
# The suite writes its exports when asked; its checks may fail until the new recordings exist.
VCARD_VOBJECT_EXPORTS="$exports" swift test --skip-build --filter VobjectInteropTests >/dev/null 2>&1 || true
[ -n "$(ls -A "$exports")" ] || { echo "error: the suite wrote no exports" >&2; exit 1; }
rm -rf "$here/radicale"
"$venv/bin/python" "$here/radicale-put.py" "$exports" "$here/radicale"
swift test --skip-build --filter VobjectInteropTests | grep -E "✔|✘|↳"
