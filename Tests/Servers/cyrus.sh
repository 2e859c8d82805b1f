#!/bin/bash
# A private Cyrus IMAP with CardDAV (Debian's cyrus-imapd, cyrus-caldav and sasl2-bin; `make deps`
# installs them) for one test or benchmark: its own imapd.conf and cyrus.conf, its own config,
# spool and sasldb in FOLDER, its own loopback ports. Never the system's service.
#
#   Tests/Servers/cyrus.sh serve FOLDER HTTP_PORT IMAP_PORT USER:PASSWORD...
#
# FOLDER must not exist yet (its parent must); it is made, used and removed. Each USER gets a
# sasldb password and a mailbox (IMAP `CREATE user/USER` by the private admin), so the DAV home
# `/dav/addressbooks/user/USER/` answers and Cyrus makes the book `Default/` in it on the first
# request. Prints `cyrus.sh: ready http://127.0.0.1:HTTP_PORT/` once the users exist, then
# serves until its standard input ends: the caller stops it by closing the pipe it writes to,
# and a caller that dies (even by SIGKILL) closes it too, so Cyrus never outlives what started
# it. Then Cyrus is killed and FOLDER removed. Exit status 3 when a port was taken (try other
# ports), 1 for anything else, with what went wrong on standard error.
#
# Run as root (tests and CI), Cyrus drops to the `cyrus` user the package made, so FOLDER is
# given to it; run as anyone else, Cyrus runs as that user (`cyrus_user` in imapd.conf).
set -euo pipefail

CYRUS=/usr/lib/cyrus/bin
fail() { echo "cyrus.sh: $*" >&2; exit "${status:-1}"; }

[ "${1:-}" = serve ] && [ $# -ge 5 ] || fail "usage: cyrus.sh serve FOLDER HTTP_PORT IMAP_PORT USER:PASSWORD..."
folder=$2 http_port=$3 imap_port=$4
shift 4
[ -x "$CYRUS/master" ] && command -v saslpasswd2 >/dev/null \
  || fail "Cyrus is not installed: run \`make deps\` (Debian's cyrus-imapd, cyrus-caldav and sasl2-bin)."
mkdir "$folder" || fail "cannot make $folder"
folder=$(cd "$folder" && pwd)

master=""
stop() {
  # Cyrus leads a process group of its own (setsid below): the master and every service it forked
  # go together. SIGKILL, because a caller's blocked signals are inherited and nothing here is
  # kept.
  if [ -n "$master" ]; then kill -KILL -- "-$master" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$folder"
}
trap stop EXIT
trap "exit 1" TERM INT HUP

mkdir -p "$folder"/{config,spool,sieve,socket}
# The realm of every sasldb user is the server name Cyrus is given.
realm=127.0.0.1
if [ "$(id -u)" -eq 0 ]; then
  getent passwd cyrus >/dev/null || fail "no \`cyrus\` user: is cyrus-common installed?"
  user_line=""
else
  user_line="cyrus_user: $(id -un)"
fi
admin_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
cat > "$folder/imapd.conf" <<EOF
configdirectory: $folder/config
partition-default: $folder/spool
sievedir: $folder/sieve
lmtpsocket: $folder/socket/lmtp
idlesocket: $folder/socket/idle
notifysocket: $folder/socket/notify
servername: $realm
unixhierarchysep: yes
admins: admin
sasl_pwcheck_method: auxprop
sasl_auxprop_plugin: sasldb
sasl_sasldb_path: $folder/sasldb2
sasl_mech_list: PLAIN
allowplaintext: yes
httpmodules: carddav
httpallowcompress: no
syslog_prefix: termflow-cyrus
$user_line
EOF
# The event runs once when the master has bound its ports and entered its loop: it says so
# through a FIFO this script holds open for reading and writing (so no writer ever blocks).
mkfifo "$folder/events"
cat > "$folder/ready.sh" <<EOF
#!/bin/sh
echo ready > "$folder/events"
EOF
chmod 755 "$folder/ready.sh"
cat > "$folder/cyrus.conf" <<EOF
START {
  recover cmd="$CYRUS/ctl_cyrusdb -C $folder/imapd.conf -r"
}
SERVICES {
  imap cmd="$CYRUS/imapd -C $folder/imapd.conf" listen="127.0.0.1:$imap_port" prefork=0
  http cmd="$CYRUS/httpd -C $folder/imapd.conf" listen="127.0.0.1:$http_port" prefork=0
}
EVENTS {
  ready cmd="$folder/ready.sh" period=100000
}
EOF
users=()
for entry in "$@"; do
  name=${entry%%:*} password=${entry#*:}
  [[ "$name" =~ ^[a-z][a-z0-9_-]*$ ]] && [ "$name" != admin ] || fail "“$name” is not a plain user name"
  printf '%s' "$password" | saslpasswd2 -p -c -f "$folder/sasldb2" -u "$realm" "$name"
  users+=("$name")
done
printf '%s' "$admin_password" | saslpasswd2 -p -c -f "$folder/sasldb2" -u "$realm" admin
[ "$(id -u)" -eq 0 ] && chown -R cyrus: "$folder"

exec 7<>"$folder/events"
{
  setsid "$CYRUS/master" -C "$folder/imapd.conf" -M "$folder/cyrus.conf" -p "$folder/master.pid" -D \
    </dev/null >"$folder/master.log" 2>&1 || true
  echo exited >&7
} 2>/dev/null &
read -r event <&7
[ "$event" = ready ] || { cat "$folder/master.log" >&2; fail "Cyrus did not start"; }
master=$(cat "$folder/master.pid")

# A port another process holds: the master starts without that service, and a connection
# there would reach the other process (another test's server that took the port after the
# caller found it free). So the port is the master's only when one of its own descriptors is
# the socket listening there (in /proc/net/tcp: 127.0.0.1 and the port in hex, state 0A).
master_listens_on() {
  local address inode fd
  address=$(printf '0100007F:%04X' "$1")
  for inode in $(awk -v address="$address" '$2 == address && $4 == "0A" { print $10 }' /proc/net/tcp); do
    for fd in /proc/"$master"/fd/*; do
      [ "$(readlink "$fd" 2>/dev/null)" = "socket:[$inode]" ] && return 0
    done
  done
  return 1
}
for port in "$http_port" "$imap_port"; do
  master_listens_on "$port" || status=3 fail "address already in use: 127.0.0.1:$port"
done

# Each user's mailbox, made by the admin over IMAP: the DAV home answers only once it exists.
imap_command() {
  local tag=$1 line
  printf '%s %s\r\n' "$tag" "$2" >&8
  while IFS= read -r line <&8; do
    line=${line%$'\r'}
    case "$line" in
      "$tag OK"*) return 0 ;;
      "$tag "*) fail "IMAP $tag: $line" ;;
    esac
  done
  fail "IMAP $tag: the connection closed"
}
exec 8<>"/dev/tcp/127.0.0.1/$imap_port"
IFS= read -r greeting <&8
imap_command a "LOGIN admin $admin_password"
index=0
for name in "${users[@]}"; do
  index=$((index + 1))
  imap_command "c$index" "CREATE user/$name"
done
imap_command z LOGOUT
exec 8<&-

echo "cyrus.sh: ready http://127.0.0.1:$http_port/"
# Serve until the caller closes our standard input.
cat >/dev/null || true
