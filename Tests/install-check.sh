#!/usr/bin/env bash
# `make install-check` (the end of `make test`): installs the debug build `make test` made into a
# temporary DESTDIR with PREFIX=/usr and uses what it put there as a user would: the binary, the
# man page through `man -l`, Tab completion in bash through bash-completion's own loader, and in
# fish and zsh (in tmux) when those shells are installed, account emails offered for --account,
# and `make uninstall` leaving nothing behind. Any failure exits non-zero.
set -euo pipefail
make_command="${1:-make}"
started=$(date +%s)
root="$(mktemp -d "${TMPDIR:-/tmp}/contacts-install-check.XXXXXX")"
trap 'rm -rf "$root"' EXIT
destdir="$root/destdir"
share="$destdir/usr/share"
fail() {
  echo "install-check: $*" >&2
  exit 1
}

"$make_command" --no-print-directory install CONFIGURATION=debug DESTDIR="$destdir" PREFIX=/usr >"$root/install.log" 2>&1 ||
  { cat "$root/install.log"; fail "make install failed"; }

# Exactly the five files, where each shell looks.
expected="usr/bin/contacts
usr/share/bash-completion/completions/contacts
usr/share/fish/vendor_completions.d/contacts.fish
usr/share/man/man1/contacts.1
usr/share/zsh/site-functions/_contacts"
installed="$(cd "$destdir" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)"
[ "$installed" = "$expected" ] || fail "installed files differ from the expected ones:
$installed"
[ -x "$destdir/usr/bin/contacts" ] || fail "the binary is not executable"

# The installed binary runs.
PATH="$destdir/usr/bin:$PATH"
export PATH
contacts --version >/dev/null || fail "contacts --version failed"
contacts --help | grep -q "USAGE: contacts" || fail "contacts --help has no usage line"

# The man page renders without a warning and documents the subcommands and their options.
page="$share/man/man1/contacts.1"
MANWIDTH=80 man --warnings -l "$page" >"$root/man.txt" 2>"$root/man-warnings.txt" || fail "man -l failed"
[ ! -s "$root/man-warnings.txt" ] || { cat "$root/man-warnings.txt"; fail "man -l warned"; }
for text in "A keyboard-driven address book" "Import vCard files" "Link the account to an address book" \
  "--account account" "EXIT STATUS"; do
  grep -qF -- "$text" "$root/man.txt" || fail "the man page lacks \"$text\""
done
! grep -q "bench-search" "$root/man.txt" || fail "the man page lists the hidden bench-search"
grep -q '^\.Dd ' "$page" || fail "the man page has no date line"

# An account to complete (the password comes on standard input when it is not a terminal).
database="$root/contacts.sqlite"
printf 'analytical-engine\n' | contacts user add --db "$database" ada@example.com >/dev/null
printf 'flow-matic-1959\n' | contacts user add --db "$database" grace@example.com >/dev/null

# bash: bash-completion's loader finds the script under XDG_DATA_DIRS (as under /usr/share), and
# a real completion function, called as `complete -F` calls it, offers subcommands and accounts.
bash_completion_loader=/usr/share/bash-completion/bash_completion
[ -r "$bash_completion_loader" ] || fail "bash-completion is not installed ($bash_completion_loader)"
bash_complete() { # the words of a command line ending at the cursor; prints COMPREPLY, a line each
  XDG_DATA_DIRS="$share" BASH_COMPLETION_USER_DIR="$root/none" bash --norc --noprofile -c '
    source "$0"
    __load_completion contacts || { echo "bash-completion did not find the script" >&2; exit 1; }
    function=$(complete -p contacts | sed -E "s/.* -F ([^ ]+) .*/\1/")
    COMP_WORDS=("${@}")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    previous=""
    [ "$COMP_CWORD" -gt 0 ] && previous="${COMP_WORDS[COMP_CWORD - 1]}"
    "$function" contacts "${COMP_WORDS[COMP_CWORD]}" "$previous"
    printf "%s\n" "${COMPREPLY[@]}"
  ' "$bash_completion_loader" "$@"
}
bash_complete contacts im | grep -qx "import" || fail "bash does not complete \"contacts im\" to import"
accounts="$(bash_complete contacts export --db "$database" --account "")"
[ "$(printf '%s\n' "$accounts" | LC_ALL=C sort)" = "ada@example.com
grace@example.com" ] || fail "bash offers for --account: [$accounts]"
bash_complete contacts export --db "$database" --account gr | grep -qx "grace@example.com" ||
  fail "bash does not complete --account gr to grace@example.com"

# Tab pressed in a real interactive shell in a tmux pane: types `line`, presses Tab, and waits
# (up to a minute, polling) for the pane to show `expected`.
tab_in_tmux() { # shell-command line expected
  tmux_sessions=$((${tmux_sessions:-0} + 1))
  local socket="contacts-install-check-$$-$tmux_sessions" pane=""
  tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 20 "$1"
  tmux -L "$socket" send-keys -l "$2"
  tmux -L "$socket" send-keys Tab
  for _ in $(seq 600); do
    pane="$(tmux -L "$socket" capture-pane -p 2>&1)" || break
    if grep -qF -- "$3" <<<"$pane"; then
      tmux -L "$socket" kill-server
      return 0
    fi
    sleep 0.1
  done
  tmux -L "$socket" kill-server 2>/dev/null || true
  echo "$pane" >&2
  return 1
}
shell_environment="env PATH=$PATH XDG_DATA_DIRS=$share XDG_CONFIG_HOME=$root/config XDG_DATA_HOME=$root/data HOME=$root"

# fish, when installed: it finds the script under XDG_DATA_DIRS by itself; `complete -C` for the
# subcommands, and Tab in an interactive fish for an account (fish 3.6 cannot run the script's
# `commandline` outside one).
if command -v fish >/dev/null 2>&1; then
  $shell_environment fish -c "complete -C 'contacts im'" | cut -f1 | grep -qx "import" ||
    fail "fish does not complete \"contacts im\""
  tab_in_tmux "$shell_environment fish" "contacts export --db $database --account gr" \
    "--account grace@example.com" || fail "fish does not complete --account gr to grace@example.com"
  echo "install-check: fish completes"
else
  echo "install-check: fish is not installed; its script is installed but not tried"
fi

# zsh, when installed: compinit finds _contacts on $fpath, and Tab completes an account.
if command -v zsh >/dev/null 2>&1; then
  head -1 "$share/zsh/site-functions/_contacts" | grep -qx "#compdef contacts" || fail "_contacts lacks #compdef"
  mkdir -p "$root/zsh"
  printf '%s\n' "fpath=('$share/zsh/site-functions' \$fpath)" "autoload -Uz compinit" \
    "compinit -u -d '$root/zsh/zcompdump'" "PS1='zsh> '" >"$root/zsh/.zshrc"
  tab_in_tmux "$shell_environment ZDOTDIR=$root/zsh zsh" "contacts export --db $database --account gr" \
    "--account grace@example.com" || fail "zsh does not complete --account gr to grace@example.com"
  tab_in_tmux "$shell_environment ZDOTDIR=$root/zsh zsh" "contacts dupl" "contacts duplicates" ||
    fail "zsh does not complete \"contacts dupl\""
  echo "install-check: zsh completes"
else
  echo "install-check: zsh is not installed; its script is installed but not tried"
fi

# uninstall takes away exactly what install put there.
"$make_command" --no-print-directory uninstall DESTDIR="$destdir" PREFIX=/usr >/dev/null
left="$(find "$destdir" -type f)"
[ -z "$left" ] || fail "uninstall left: $left"

# install-strip: the same files, the binary without its symbol table and smaller, still running.
stripped="$root/stripped"
"$make_command" --no-print-directory install-strip CONFIGURATION=debug DESTDIR="$stripped" PREFIX=/usr \
  >"$root/install-strip.log" 2>&1 || { cat "$root/install-strip.log"; fail "make install-strip failed"; }
[ "$(cd "$stripped" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)" = "$expected" ] ||
  fail "install-strip installed other files"
bin_path="$("${SWIFT:-swift}" build --show-bin-path 2>/dev/null)"
! readelf -S "$stripped/usr/bin/contacts" | grep -q '\.symtab' || fail "install-strip left the symbol table"
readelf -S "$bin_path/contacts" | grep -q '\.symtab' || fail "the build has no symbol table to strip"
[ "$(stat -c %s "$stripped/usr/bin/contacts")" -lt "$(stat -c %s "$bin_path/contacts")" ] ||
  fail "the stripped binary is not smaller"
"$stripped/usr/bin/contacts" --version >/dev/null || fail "the stripped contacts does not run"
"$make_command" --no-print-directory uninstall DESTDIR="$stripped" PREFIX=/usr >/dev/null

echo "install-check: installed, used and uninstalled in $(($(date +%s) - started))s"
