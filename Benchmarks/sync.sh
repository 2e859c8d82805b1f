#!/bin/bash
# Two-way CardDAV sync against Radicale 3.9.0 on loopback (the venv `make deps` builds), the
# release `contacts` measured from outside as a user runs it: wall time, its own CPU (user +
# system), its peak RSS, and the requests it sent.
#
#   Benchmarks/sync.sh                  # upload 2,000; first download of 10,000 and 100,000,
#                                       # each then a no-op sync; 100 changed on the server of
#                                       # the 100,000 book, then a sync
#   SIZES="10000" Benchmarks/sync.sh    # only the 10,000 download (quicker)
#   PEER=1 Benchmarks/sync.sh           # also vdirsyncer 0.21 on the same server, side by side
#   UPLOADS=1 Benchmarks/sync.sh        # the upload with cards sent one at a time (`sync
#                                       # --uploads N`; default: the app's, 4 at a time)
#   BOOKS=/tmp/books Benchmarks/sync.sh # keep the generated books (and Radicale's cache of them)
#                                       # there for the next run: a 100,000 book takes Radicale
#                                       # many minutes to index the first time
#   BIN=.build/debug/contacts Benchmarks/sync.sh
#                                       # that binary instead of the release build (quick checks;
#                                       # figures for the README come from the release build)
#   SERVER=davical Benchmarks/sync.sh   # against DAViCal 1.1.12 instead (Tests/Servers/davical.sh:
#                                       # a PostgreSQL cluster and PHP web server of its own); its
#                                       # books are loaded by DAViCal's import (BOOKS and PEER are
#                                       # Radicale's only)
#   SERVER=cyrus Benchmarks/sync.sh     # against Cyrus IMAP 3.6 (Tests/Servers/cyrus.sh, as the
#                                       # tests start it: a private instance); its books are PUT
#                                       # eight at a time after it starts, before any measuring
#   SPLIT=3 SIZES=100000 UPLOAD=0 Benchmarks/sync.sh
#                                       # each download's cards spread over 3 address books of
#                                       # the one account (Radicale only), linked from the
#                                       # principal as a user with several books links them
#
# Radicale's time per PUT grows with the collection, so the books to download are written
# straight into its storage folder before it starts (as the test harness does); its first
# listing of a book builds its cache, which is the server's time, not ours. Prints one table row
# per step.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES-"10000 100000"}  # SIZES="" for no download
UPLOAD=${UPLOAD:-2000}
PEER=${PEER:-0}
BOOKS=${BOOKS:-}
SERVER=${SERVER:-radicale}
case "$SERVER" in radicale|davical|cyrus) ;; *) echo "SERVER is radicale, davical or cyrus" >&2; exit 1 ;; esac
UPLOADS=${UPLOADS:-}
SPLIT=${SPLIT:-1}
[ "$SPLIT" -ge 1 ] || { echo "SPLIT is a number of books, 1 or more" >&2; exit 1; }
[ "$SPLIT" = 1 ] || [ "$SERVER" = radicale ] || { echo "SPLIT is Radicale's only" >&2; exit 1; }
[ "$SPLIT" = 1 ] || [ "$UPLOAD" = 0 ] || { echo "SPLIT spreads downloads only: give UPLOAD=0 with it" >&2; exit 1; }

make --no-print-directory dav-servers >/dev/null
VENV="$PWD/.build/dav-servers"
if [ -n "${BIN:-}" ]; then
  [ -x "$BIN" ] || { echo "BIN=$BIN is not a program" >&2; exit 1; }
else
  Benchmarks/release-build.sh --product contacts >/dev/null
  BIN="$(Benchmarks/release-build.sh --show-bin-path)/contacts"
fi
WORK=$(mktemp -d)
chmod 755 "$WORK"  # as root, DAViCal's PostgreSQL runs as the postgres user, inside it
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
PASSWORD=bench-password
USERNAME=bench
URL="http://127.0.0.1:$PORT/bench/book/"
# The folders of the books a download's cards are spread over: "book", or book-1 … book-N.
book_names() { if [ "$SPLIT" = 1 ]; then echo book; else seq -f 'book-%g' 1 "$SPLIT"; fi; }

# DAViCal: one server for the run (Tests/Servers/davical.sh), a principal of its own for each
# book, named after the folder $1, the cards of $1's book loaded into it by DAViCal's import.
DAVICAL="$PWD/Tests/Servers/davical.sh"
DAVICAL_USERS=0
start_davical() {
  if [ -z "$SERVER_PID" ]; then
    "$DAVICAL" serve "$WORK/davical" "$PORT" > "$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    until grep -q "DAViCal ready" "$WORK/server.log"; do
      kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }; sleep 0.1; done
  fi
  DAVICAL_USERS=$((DAVICAL_USERS + 1))
  local user="bench$DAVICAL_USERS"
  "$DAVICAL" add-user "$WORK/davical" "$user" "$PASSWORD"
  USERNAME=$user
  URL="http://127.0.0.1:$PORT/caldav.php/$user/book/"
  local cards="$1/collection-root/bench/book"
  if [ -d "$cards" ]; then
    find "$cards" -name '*.vcf' -exec cat {} + > "$WORK/load.vcf"
    if [ -s "$WORK/load.vcf" ]; then "$DAVICAL" load "$WORK/davical" "$user" "$WORK/load.vcf"; fi
  fi
}

# Starts Radicale on $PORT over storage $1 and waits for its "ready" line.
# Cyrus: a private instance per book (Tests/Servers/cyrus.sh serves until its input ends), the
# cards of $1's book PUT into its book `Default/`, eight at a time.
start_cyrus() {
  coproc CYRUS { Tests/Servers/cyrus.sh serve "$WORK/cyrus" "$PORT" "$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" "$USERNAME:$PASSWORD" 2>&1; }
  SERVER_PID=$CYRUS_PID
  local line=""
  read -r line <&"${CYRUS[0]}" || true
  case "$line" in "cyrus.sh: ready"*) ;; *) echo "Cyrus did not start: $line" >&2; exit 1 ;; esac
  URL="http://127.0.0.1:$PORT/dav/addressbooks/user/$USERNAME/Default/"
  python3 - "$URL" "$USERNAME" "$PASSWORD" "$1/collection-root/bench/book" <<'PY'
import base64, glob, os, sys, urllib.request
from concurrent.futures import ThreadPoolExecutor
url, user, password, book = sys.argv[1:5]
auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
def put(path):
    with open(path, "rb") as card:
        request = urllib.request.Request(url + os.path.basename(path), data=card.read(), method="PUT",
                                         headers={"Authorization": auth, "Content-Type": "text/vcard"})
    urllib.request.urlopen(request).read()
with ThreadPoolExecutor(8) as pool:
    list(pool.map(put, glob.glob(os.path.join(book, "*.vcf"))))
PY
}

start_server() {
  if [ "$SERVER" = davical ]; then start_davical "$1"; return; fi
  if [ "$SERVER" = cyrus ]; then start_cyrus "$1"; return; fi
  # Radicale builds its cache of a book on the first listing (a minute for 10,000 cold): the
  # server's time, paid here once (--verify-storage fills it) so no client measured pays it.
  if [ ! -e "$1/.verified" ]; then
    "$VENV/bin/python3" -m radicale --config --storage-filesystem-folder "$1" --verify-storage > /dev/null 2>&1 || true
    touch "$1/.verified"
  fi
  printf 'bench:%s\n' "$PASSWORD" > "$WORK/users"
  "$VENV/bin/python3" -m radicale --config --server-hosts "127.0.0.1:$PORT" \
    --storage-filesystem-folder "$1" --auth-type htpasswd --auth-htpasswd-filename "$WORK/users" \
    --auth-htpasswd-encryption plain --auth-delay 0 --logging-level info > "$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 600); do grep -q "Radicale server ready" "$WORK/server.log" && break; \
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }; sleep 0.1; done
  grep -q "Radicale server ready" "$WORK/server.log" || { echo "Radicale did not start"; exit 1; }
  # Radicale answers its first sync-collection of a book by writing a history file per card,
  # each fsynced (storage/multifilesystem/history.py): 583 s for 100,000 here. Every
  # client that keeps sync tokens pays it once per book (vdirsyncer, which lists by PROPFIND,
  # never does), so it is paid here once too and reported as the server's row.
  if [ ! -e "$1/.history" ] && [ -d "$1/collection-root/bench/$(book_names | head -n 1)" ]; then
    "$VENV/bin/python3" - "http://127.0.0.1:$PORT/bench/" "$PASSWORD" "$1/.history" $(book_names) <<'PY'
import base64, sys, time, urllib.request
home, password, marker, books = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
body = (b'<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token/>'
        b'<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>')
started = time.monotonic()
for book in books:
    request = urllib.request.Request(home + book + "/", data=body, method="REPORT", headers={
        "Authorization": "Basic " + base64.b64encode(f"bench:{password}".encode()).decode(),
        "Content-Type": "application/xml", "Depth": "1"})
    urllib.request.urlopen(request, timeout=3600).read()
with open(marker, "w") as f:
    f.write(f"{time.monotonic() - started:.1f}\n")
PY
    HISTORY_BUILT=$(cat "$1/.history")
  fi
}
stop_server() {
  [ "$SERVER" = davical ] && return  # one DAViCal for the run, stopped at the end
  if [ "$SERVER" = cyrus ]; then
    exec {CYRUS[1]}>&-
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
    return
  fi
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

# An address book folder with $2 generated cards in storage $1. Each card's UID (and so its
# href) is a name-based UUID of its number: random-looking, as a phone's or a server's are, so a
# server's listing brings the cards in no particular order of their names. (Sequential UIDs,
# used before, brought them nearly in list order, which flatters a client that files each new
# card between its neighbours.) The same function picks the cards the 100-changes step edits.
make_book() {
  python3 - "$1" "$2" $(book_names) <<'PY'
import os, sys, uuid
storage, count, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
books = [os.path.join(storage, "collection-root", "bench", name) for name in names]
for book, name in zip(books, names):
    os.makedirs(book, exist_ok=True)
    with open(os.path.join(book, ".Radicale.props"), "w") as props:
        props.write('{"D:displayname": "%s", "tag": "VADDRESSBOOK"}' % name.capitalize())
for i in range(count):
    uid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"termflow-sync-bench/{i}"))
    book = books[i % len(books)]
    with open(os.path.join(book, uid + ".vcf"), "w", newline="") as card:
        card.write(f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nN:Person;Number {i};;;\r\nFN:Number {i} Person\r\n"
                   f"EMAIL;TYPE=INTERNET:person{i}@example.com\r\nTEL;TYPE=CELL:+1 555 {i:07d}\r\n"
                   f"ORG:Company {i % 977}\r\nNOTE:Generated for the sync benchmark\\, card {i}\r\nEND:VCARD\r\n")
PY
}

# A fresh database with an account linked to the book; prints nothing.
linked_database() {
  printf '%s\n' "$PASSWORD" | "$BIN" user add --db "$1" bench@example.com >/dev/null
  local url=$URL
  [ "$SPLIT" = 1 ] || url="http://127.0.0.1:$PORT/bench/"  # the principal: set-up links every book
  "$BIN" sync setup --db "$1" "$url" --username "$USERNAME" --password-command "printf '%s\n' $PASSWORD" >/dev/null
}

# The CPU seconds the server has used so far: the process sync.sh started, every process whose
# command line names this run's folder (DAViCal's PostgreSQL, which pg_ctl detaches), and their
# descendants, each with the children it has reaped (a Cyrus httpd or a PostgreSQL backend that
# served one connection and ended).
server_cpu() {
  python3 - "${SERVER_PID:-0}" "$WORK" "${BOOKS:-$WORK}" <<'PY'
import os, sys
root, folders = int(sys.argv[1]), sys.argv[2:]
tick = os.sysconf("SC_CLK_TCK")
parent, usage, named = {}, {}, set()
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        cmdline = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
    except OSError:
        continue
    parent[int(pid)] = int(stat[1])
    usage[int(pid)] = sum(int(x) for x in stat[11:15])  # utime stime cutime cstime
    if int(pid) != os.getpid() and any(folder in cmdline for folder in folders):
        named.add(int(pid))
def counted(pid):
    while pid > 1:
        if pid == root or pid in named:
            return True
        pid = parent.get(pid, 0)
    return False
print(f"{sum(t for pid, t in usage.items() if counted(pid)) / tick:.2f}")
PY
}

# Runs `contacts sync` under /usr/bin/time; prints "wall cpu rss-MB requests server-cpu".
measure_sync() {
  local before; before=$(server_cpu)
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$BIN" sync --db "$1" ${UPLOADS:+--uploads "$UPLOADS"} \
    > "$WORK/out" || true
  local after; after=$(server_cpu)
  read -r wall user system rss < <(tail -n 1 "$WORK/time")
  requests=$(sed -n 's/.*(\([0-9]*\) requests\{0,1\})\..*/\1/p' "$WORK/out")
  echo "$wall $(python3 -c "print(f'{$user + $system:.2f}')") $((rss / 1024)) ${requests:-?} $(python3 -c "print(f'{$after - $before:.2f}')")"
}

echo "| step | cards | wall s | our CPU s | peak RSS | requests | server CPU s |"
echo "| --- | --- | --- | --- | --- | --- | --- |"

if [ "$UPLOAD" -gt 0 ]; then
  mkdir -p "$WORK/up"
  make_book "$WORK/up" 0
  start_server "$WORK/up"
  "$BIN" seed --db "$WORK/up.sqlite" --count "$UPLOAD" >/dev/null
  "$BIN" sync setup --db "$WORK/up.sqlite" --account demo@example.com "$URL" --username "$USERNAME" \
    --password-command "printf '%s\n' $PASSWORD" >/dev/null
  read -r wall cpu rss requests server < <(measure_sync "$WORK/up.sqlite")
  echo "| upload${UPLOADS:+, $UPLOADS at a time} | $UPLOAD | $wall | $cpu | $rss MB | $requests | $server |"
  stop_server
fi

for size in $SIZES; do
  storage="${BOOKS:-$WORK}/book-uuid5-$size"  # the UIDs' scheme in the name: a kept book of the old scheme is not reused
  [ "$SPLIT" = 1 ] || storage="$storage-in-$SPLIT"
  [ -e "$storage/.verified" ] || { rm -rf "$storage"; make_book "$storage" "$size"; }
  HISTORY_BUILT=""
  start_server "$storage"
  [ -z "$HISTORY_BUILT" ] || echo "| Radicale's first sync-collection (server, once per book) | $size | $HISTORY_BUILT | | | $SPLIT |"
  linked_database "$WORK/down-$size.sqlite"
  read -r wall cpu rss requests server < <(measure_sync "$WORK/down-$size.sqlite")
  echo "| first download | $size | $wall | $cpu | $rss MB | $requests | $server |"
  read -r wall cpu rss requests server < <(measure_sync "$WORK/down-$size.sqlite")
  echo "| no-op sync | $size | $wall | $cpu | $rss MB | $requests | $server |"
  if [ "$size" -ge 100000 ]; then
    python3 - "$URL" "$USERNAME" "$PASSWORD" $(book_names) <<'PY'
import base64, sys, time, urllib.request, uuid
url, user, password, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
run = int(time.time())  # new content in every run, also over a kept book (BOOKS)
for i in range(100):
    uid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"termflow-sync-bench/{i * 997}"))
    if len(names) > 1:  # the book make_book filed card i * 997 in
        url = url.rsplit("/", 2)[0] + "/" + names[(i * 997) % len(names)] + "/"
    body = (f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nN:Person;Changed {i};;;\r\nFN:Changed {i} Person\r\n"
            f"EMAIL:changed{i}@example.com\r\nNOTE:run {run}\r\nEND:VCARD\r\n").encode()
    request = urllib.request.Request(url + uid + ".vcf", data=body, method="PUT",
                                     headers={"Authorization": auth, "Content-Type": "text/vcard"})
    urllib.request.urlopen(request).read()
PY
    read -r wall cpu rss requests server < <(measure_sync "$WORK/down-$size.sqlite")
    echo "| 100 changed on the server | $size | $wall | $cpu | $rss MB | $requests | $server |"
  fi
  if [ "$PEER" = 1 ] && [ "$SERVER" = radicale ]; then
    [ -x "$WORK/peer/bin/vdirsyncer" ] || { python3 -m venv "$WORK/peer" && "$WORK/peer/bin/pip" install --quiet vdirsyncer==0.21.0; }
    mkdir -p "$WORK/vdir-$size" "$WORK/status-$size"
    cat > "$WORK/vdirsyncer-$size.conf" <<CONF
[general]
status_path = "$WORK/status-$size/"
[pair book]
a = "local"
b = "server"
collections = null
conflict_resolution = "a wins"
[storage local]
type = "filesystem"
path = "$WORK/vdir-$size/"
fileext = ".vcf"
[storage server]
type = "carddav"
url = "$URL"
username = "bench"
password = "$PASSWORD"
CONF
    "$WORK/peer/bin/vdirsyncer" -c "$WORK/vdirsyncer-$size.conf" discover > /dev/null 2>&1
    for step in "first download" "no-op sync"; do
      /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$WORK/peer/bin/vdirsyncer" -c "$WORK/vdirsyncer-$size.conf" sync \
        > /dev/null 2>&1 || true
      read -r wall user system rss < <(tail -n 1 "$WORK/time")
      echo "| vdirsyncer 0.21: $step | $size | $wall | $(python3 -c "print(f'{$user + $system:.2f}')") | $((rss / 1024)) MB | |"
    done
  fi
  stop_server
done
