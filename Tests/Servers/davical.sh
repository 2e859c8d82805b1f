#!/bin/bash
# A DAViCal CardDAV server of its own for the tests and the benchmarks, never the system's: a
# PostgreSQL cluster made with initdb in DIR (its socket in DIR, no TCP), DAViCal's schema made
# by Debian's create-database.sh, and PHP's built-in web server on 127.0.0.1:PORT running
# DAViCal's htdocs. Needs Debian's davical, postgresql, php-cli, php-pgsql and php-xml
# (`make deps` installs them).
#
#   davical.sh serve DIR PORT            # make DIR (absent or empty), start, print the ready
#                                        # line, run until SIGTERM/SIGINT, until the process that
#                                        # started it is gone, or until PostgreSQL or PHP stops;
#                                        # then stop both and remove DIR (started detached, its
#                                        # parent already init, it runs until told to stop)
#   davical.sh add-user DIR NAME PASSWORD [BOOK]
#                                        # a principal NAME with an empty address book
#                                        # /caldav.php/NAME/BOOK/ (default "book")
#   davical.sh forget-tokens DIR NAME [BOOK]
#                                        # a week passes and DAViCal's own clean-up runs: the
#                                        # book's old sync tokens (and their changes) are gone
#   davical.sh remove-user DIR NAME      # the principal, its books and its cards gone
#   davical.sh load DIR NAME FILE [BOOK] # the cards in FILE (vCards one after the other) into
#                                        # the book in one request, each at UID.vcf: DAViCal's
#                                        # import (a PUT of the collection)
#   davical.sh sql DIR STATEMENTS        # psql on DAViCal's database
#
# DAViCal reads its configuration from /etc/davical/SERVER_NAME-conf.php (else
# /etc/davical/config.php). Nothing is written to /etc: the router gives DAViCal a SERVER_NAME
# that leads from /etc/davical to DIR's own configuration (/etc/davical/../..DIR/davical-conf.php),
# and that configuration names the real host again (SERVER_NAME and `$c->domain_name`). PostgreSQL refuses to run as root: as root the cluster belongs to the postgres
# user and its programs run through runuser.
set -euo pipefail

die() { echo "davical.sh: $*" >&2; exit 1; }

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
DAVICAL=/usr/share/davical
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || die "PostgreSQL is not installed (apt-get install postgresql; or make deps)"
[ -d "$DAVICAL/htdocs" ] || die "DAViCal is not installed (apt-get install davical; or make deps)"
command -v php >/dev/null || die "php is not installed (apt-get install php-cli php-pgsql php-xml; or make deps)"

# As root, PostgreSQL's programs run as the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# psql on DIR's cluster as its superuser (trust over the socket), the output unaligned.
sql() {
  local dir=$1; shift
  PGOPTIONS='--client-min-messages=warning' "$PG_BIN/psql" -qXAt -v ON_ERROR_STOP=1 \
    -h "$dir/socket" -U "$(cat "$dir/superuser")" "$@"
}

# Makes the cluster in DIR/cluster (socket in DIR/socket), starts it in the background, and
# waits until it takes connections. Sets POSTGRES_PID.
start_postgres() {
  local dir=$1
  mkdir -p "$dir/cluster" "$dir/socket"
  if [ "$(id -u)" -eq 0 ]; then
    chmod 755 "$dir"
    runuser -u postgres -- test -x "$dir" \
      || die "the postgres user cannot reach $dir (a folder above it is private): use a folder it can reach"
    chown postgres "$dir/cluster" "$dir/socket"
    echo postgres > "$dir/superuser"
  else
    id -un > "$dir/superuser"
  fi
  as_owner "$PG_BIN/initdb" --no-sync --auth=trust --encoding=UTF8 --locale=C.UTF-8 -U "$(cat "$dir/superuser")" \
    -D "$dir/cluster" > "$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  # A test's server: no TCP, no durability (its data lives as long as the run).
  as_owner "$PG_BIN/postgres" -D "$dir/cluster" -k "$dir/socket" -c listen_addresses= \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off > "$dir/postgres.log" 2>&1 &
  POSTGRES_PID=$!
  until "$PG_BIN/pg_isready" -q -h "$dir/socket"; do
    running "$POSTGRES_PID" || { cat "$dir/postgres.log" >&2; die "PostgreSQL did not start"; }
    sleep 0.05
  done
}

# DAViCal's database as Debian's create-database.sh makes it, then its own configuration and
# the web server's router.
make_davical() {
  local dir=$1
  PGHOST="$dir/socket" PGUSER="$(cat "$dir/superuser")" PSQLOPTS="-h $dir/socket" DBAOPTS="--dbhost $dir/socket" \
    "$DAVICAL/dba/create-database.sh" davical "admin-$RANDOM$RANDOM" > "$dir/create-database.log" 2>&1 \
    || { cat "$dir/create-database.log" >&2; die "create-database.sh failed"; }
  cat > "$dir/davical-conf.php" <<PHP
<?php
  // This run's DAViCal: its database on the socket in $dir, nothing else.
  \$c->domain_name = '127.0.0.1';
  \$c->pg_connect[] = 'dbname=davical user=davical_app host=$dir/socket';
  \$c->default_collections = array();
  \$c->admin_email = 'admin@127.0.0.1';
  \$c->system_name = 'TermFlow test DAViCal';
  // A PUT of a whole book imports its cards (davical.sh load).
  \$c->readonly_webdav_collections = false;
  // The host again, for the URLs DAViCal writes (the router's SERVER_NAME only found this file).
  \$_SERVER['SERVER_NAME'] = '127.0.0.1';
PHP
  cat > "$dir/router.php" <<PHP
<?php
  // Every request goes to caldav.php (the web UI is not served); DAViCal reads its
  // configuration through a SERVER_NAME that leads from /etc/davical to this run's file.
  \$_SERVER['SERVER_NAME'] = '../..$dir/davical';
  \$path = parse_url(\$_SERVER['REQUEST_URI'], PHP_URL_PATH);
  if (strncmp(\$path, '/caldav.php', 11) == 0) {
    \$_SERVER['PATH_INFO'] = substr(\$path, 11) === '' ? '/' : substr(\$path, 11);
  } else {
    \$_SERVER['PATH_INFO'] = \$path;
  }
  \$_SERVER['SCRIPT_NAME'] = '/caldav.php';
  \$_SERVER['SCRIPT_FILENAME'] = '$DAVICAL/htdocs/caldav.php';
  chdir('$DAVICAL/htdocs');
  require '$DAVICAL/htdocs/caldav.php';
PHP
}

# What `serve` started, for `stop` (the EXIT trap runs after `serve` has returned).
SERVE_DIR=""
PHP_PID=""
POSTGRES_PID=""
STOPPING=0

# Whether process $1 is still there.
running() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

stop() {
  [ "$STOPPING" -eq 1 ] && return
  STOPPING=1
  # PHP's master and its workers (its own process group); the postmaster itself (runuser's
  # child as root), with a fast shutdown.
  running "$PHP_PID" && kill -TERM -- "-$PHP_PID" 2>/dev/null
  if running "$POSTGRES_PID"; then
    kill -INT "$(head -1 "$SERVE_DIR/cluster/postmaster.pid" 2>/dev/null || echo "$POSTGRES_PID")" 2>/dev/null
  fi
  while running "$PHP_PID" || running "$POSTGRES_PID"; do sleep 0.05; done
  [ -n "$SERVE_DIR" ] && rm -rf "$SERVE_DIR"
}

serve() {
  local port=$2 parent=$PPID
  [ -d /etc/davical ] || die "/etc/davical is missing (DAViCal looks for its configuration there; reinstall davical)"
  if [ -e "$1" ] && [ -n "$(ls -A "$1")" ]; then die "$1 is not empty"; fi
  mkdir -p "$1"
  SERVE_DIR=$(cd "$1" && pwd)
  trap 'exit 0' TERM INT HUP
  trap stop EXIT
  start_postgres "$SERVE_DIR"
  make_davical "$SERVE_DIR"
  # A few workers, so tests running side by side are served side by side; in a process group
  # of its own (setsid), so that its workers stop with it.
  PHP_CLI_SERVER_WORKERS=${DAVICAL_WORKERS:-4} setsid php -d variables_order=EGPCS -d display_errors=stderr \
    -S "127.0.0.1:$port" "$SERVE_DIR/router.php" > "$SERVE_DIR/php.log" 2>&1 &
  PHP_PID=$!
  until grep -q "Development Server (http://127.0.0.1:$port) started" "$SERVE_DIR/php.log" 2>/dev/null; do
    running "$PHP_PID" || { cat "$SERVE_DIR/php.log" >&2; die "php -S did not start on port $port"; }
    sleep 0.05
  done
  echo "$port" > "$SERVE_DIR/port"
  echo "DAViCal ready on http://127.0.0.1:$port/caldav.php/ (data in $SERVE_DIR)"
  # Until told to stop, or until the process that started it is gone (a test process killed
  # before it could stop it), or until either server stops.
  while running "$parent" && running "$PHP_PID" && running "$POSTGRES_PID"; do
    sleep 1 &
    wait $! || true
  done
}

# A name fit for SQL and a URL: letters, digits, - and _.
check_name() { [[ $1 =~ ^[A-Za-z0-9_-]+$ ]] || die "“$1” is not a plain name"; }

add_user() {
  local dir=$1 name=$2 password=$3 book=${4:-book}
  check_name "$name"; check_name "$book"
  [[ $password =~ ^[^\'\\]+$ ]] || die "the password may not hold quotes or backslashes"
  sql "$dir" davical <<SQL
BEGIN;
INSERT INTO usr (active, email_ok, updated, username, password, fullname, email)
  VALUES (TRUE, current_date, current_date, '$name', '**$password', '$name', '$name@127.0.0.1');
INSERT INTO principal (type_id, user_no, displayname, default_privileges)
  SELECT 1, user_no, '$name', privilege_to_bits(ARRAY['read-free-busy','schedule-deliver'])
  FROM usr WHERE username = '$name';
INSERT INTO collection (user_no, parent_container, dav_name, dav_etag, dav_displayname, is_calendar,
    is_addressbook, resourcetypes, created, modified)
  SELECT user_no, '/$name/', '/$name/$book/', '-1', 'Book', FALSE, TRUE,
    '<DAV::collection/><urn:ietf:params:xml:ns:carddav:addressbook/>', current_timestamp, current_timestamp
  FROM usr WHERE username = '$name';
COMMIT;
SQL
}

remove_user() {
  local dir=$1 name=$2
  check_name "$name"
  sql "$dir" davical -c "DELETE FROM usr WHERE username = '$name'"
}

load() {
  local dir=$1 name=$2 file=$3 book=${4:-book}
  check_name "$name"; check_name "$book"
  local password
  password=$(sql "$dir" davical -c "SELECT substr(password, 3) FROM usr WHERE username = '$name'")
  [ -n "$password" ] || die "no principal $name"
  php -r '
    [, $url, $user, $password, $file] = $argv;
    $context = stream_context_create(["http" => ["method" => "PUT", "ignore_errors" => true, "timeout" => 3600,
      "header" => "Authorization: Basic " . base64_encode("$user:$password") . "\r\nContent-Type: text/vcard",
      "content" => file_get_contents($file)]]);
    $answer = @file_get_contents($url, false, $context);
    $status = $http_response_header[0] ?? "no answer";
    if (!preg_match("{^HTTP/\S+ 2}", $status)) {
      fwrite(STDERR, "davical.sh: the import was refused: $status\n$answer\n");
      exit(1);
    }' "http://127.0.0.1:$(cat "$dir/port")/caldav.php/$name/$book/" "$name" "$password" "$file"
  # The import makes a sync token first and records its cards' changes in the same transaction,
  # at the token's instant, and sync-collection lists the changes from a token's instant on
  # (>=): a client that kept that token would be told of every imported card again with the next
  # change. Cards PUT one by one before it would not, so the changes are moved a second earlier.
  sql "$dir" davical -c "UPDATE sync_changes SET sync_time = sync_time - interval '1 second'
    WHERE collection_id = (SELECT collection_id FROM collection WHERE dav_name = '/$name/$book/')"
}

# What new_sync_token() in DAViCal's caldav_functions.sql does when another client's sync
# issues a token a week after this one: every token older than the latest one older than seven
# days is deleted, with the changes recorded before it. Here another client's sync issues a
# token for the changes since (new_sync_token), then the week passes (every token and change of
# the book 8 days older), then the same clean-up runs.
forget_tokens() {
  local dir=$1 name=$2 book=${3:-book}
  check_name "$name"; check_name "$book"
  sql "$dir" davical <<SQL
BEGIN;
CREATE TEMPORARY TABLE book AS SELECT collection_id FROM collection WHERE dav_name = '/$name/$book/';
SELECT new_sync_token(0, collection_id) FROM book;
UPDATE sync_tokens SET modification_time = modification_time - interval '8 days'
  WHERE collection_id IN (SELECT collection_id FROM book);
UPDATE sync_changes SET sync_time = sync_time - interval '8 days'
  WHERE collection_id IN (SELECT collection_id FROM book);
CREATE TEMPORARY TABLE kept AS
  SELECT DISTINCT ON (collection_id) collection_id, modification_time, sync_token FROM sync_tokens
  WHERE collection_id IN (SELECT collection_id FROM book) AND modification_time < current_timestamp - interval '7 days'
  ORDER BY collection_id, modification_time DESC;
DELETE FROM sync_changes c USING kept k WHERE c.collection_id = k.collection_id AND c.sync_time < k.modification_time;
DELETE FROM sync_tokens t USING kept k WHERE t.collection_id = k.collection_id AND t.sync_token < k.sync_token;
COMMIT;
SQL
}

command=${1:-}
shift || true
case "$command" in
  serve) [ $# -eq 2 ] || die "usage: davical.sh serve DIR PORT"; serve "$@" ;;
  add-user) [ $# -ge 3 ] || die "usage: davical.sh add-user DIR NAME PASSWORD [BOOK]"; add_user "$@" ;;
  forget-tokens) [ $# -ge 2 ] || die "usage: davical.sh forget-tokens DIR NAME [BOOK]"; forget_tokens "$@" ;;
  remove-user) [ $# -eq 2 ] || die "usage: davical.sh remove-user DIR NAME"; remove_user "$@" ;;
  load) [ $# -ge 3 ] || die "usage: davical.sh load DIR NAME FILE [BOOK]"; load "$@" ;;
  sql) [ $# -eq 2 ] || die "usage: davical.sh sql DIR STATEMENTS"; sql "$1" davical -c "$2" ;;
  *) die "usage: davical.sh serve|add-user|remove-user|load|forget-tokens|sql ... (see the comment at its top)" ;;
esac
