# TermFlow: `make run` starts the app, `make test` runs every test. See README.md.
SWIFT ?= swift
ARGS ?=
BENCH_OUT ?= .bench
# The example apps under Examples/, each a package of its own that depends on TermFlow by path.
EXAMPLES := Counter Items
SOURCES := Package.swift Sources Tests $(foreach example,$(EXAMPLES),$(addprefix Examples/$(example)/,Package.swift Sources Tests))

.PHONY: run build test examples soak sync-soak sync-kill bench bench-sync docs deps deps-build dav-servers format lint clean \
	release install-files install install-strip uninstall install-check deps-install-check

## run: build and start `contacts` (pass options with ARGS="--db /tmp/x.db").
run: build
	@"$$($(SWIFT) build --show-bin-path)/contacts" $(ARGS)

build: deps-build
	$(SWIFT) build --product contacts

## test: build everything, fail on any warning in our sources, then run every test with
## snapshot recording off, under Tests/watchdog.sh: its output line by line (kept in
## .build/test-output.txt), and a run still going after TEST_TIME_LIMIT seconds (about 7 minutes
## is usual) stopped with what hung named: the unfinished tests and each thread's stack.
TEST_TIME_LIMIT ?= 2400
# Where a failing snapshot test writes the frame it drew (swift-snapshot-testing's
# SNAPSHOT_ARTIFACTS; the system's temporary folder when unset): inside the package, under .build.
export SNAPSHOT_ARTIFACTS ?= $(CURDIR)/.build/snapshot-failures
test: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/build-output.txt
	@if grep -E "^$(CURDIR)/(Sources|Tests|Modules)/.*: warning:" .build/build-output.txt; then \
		echo "error: the build has warnings (see above); TermFlow builds warning-free."; exit 1; fi
	SNAPSHOT_TESTING_RECORD=never Tests/watchdog.sh $(TEST_TIME_LIMIT) .build/test-output.txt -- \
		$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory install-check
	@$(MAKE) --no-print-directory examples

## examples: build and test each example as the outside package it is (warning-free, snapshot
## recording off); `make test` ends with it.
examples: deps
	@set -e; mkdir -p .build; for example in $(EXAMPLES); do \
		echo "examples: Examples/$$example"; output=".build/examples-$$example-build-output.txt"; \
		status=0; $(SWIFT) build --build-tests --package-path "Examples/$$example" > "$$output" 2>&1 || status=$$?; \
		cat "$$output"; [ $$status -eq 0 ] || exit $$status; \
		if grep -E "^$(CURDIR)/(Sources|Tests|Modules|Examples/$$example/(Sources|Tests))/.*: warning:" "$$output"; then \
			echo "error: Examples/$$example has warnings (see above); TermFlow builds warning-free."; exit 1; fi; \
		SNAPSHOT_TESTING_RECORD=never $(SWIFT) test --skip-build --package-path "Examples/$$example"; \
	done

## install: the release `contacts`, its man page and its bash, zsh and fish completions, under
## PREFIX (default /usr/local; `make install PREFIX=$$HOME/.local` needs no root), DESTDIR
## prepended for packagers. Builds first when needed: to install as root, `make release` as
## yourself, then `sudo make install` (which then compiles nothing). The page and the scripts
## are made from the command definitions by the binary itself (`--experimental-dump-help`
## through the argument parser's generate-manual, `--generate-completion-script`), so nothing
## generated is committed; the page's date is the last commit's, so it is the same every time.
## The binary needs the run-time libraries of BUILD_PACKAGES where it runs: libncursesw6,
## libsqlite3-0 and libphonenumber8 on Debian and Ubuntu.
PREFIX ?= /usr/local
prefix = $(PREFIX)
exec_prefix = $(prefix)
bindir = $(exec_prefix)/bin
datarootdir = $(prefix)/share
mandir = $(datarootdir)/man
man1dir = $(mandir)/man1
bashcompletiondir = $(datarootdir)/bash-completion/completions
zshcompletiondir = $(datarootdir)/zsh/site-functions
fishcompletiondir = $(datarootdir)/fish/vendor_completions.d
INSTALL ?= install
# How the binary is installed; install-strip adds -s (GNU's convention).
INSTALL_PROGRAM ?= $(INSTALL)
# release, or debug to install the build `make test` made (install-check does).
CONFIGURATION ?= release
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || echo 2026-01-01)
INSTALL_FILES = .build/install-files/$(CONFIGURATION)
INSTALLED = "$(DESTDIR)$(bindir)/contacts" "$(DESTDIR)$(man1dir)/contacts.1" \
	"$(DESTDIR)$(bashcompletiondir)/contacts" "$(DESTDIR)$(zshcompletiondir)/_contacts" \
	"$(DESTDIR)$(fishcompletiondir)/contacts.fish"

# How a configuration is built: release through Benchmarks/release-build.sh, which lays out the
# functions a keystroke runs together (the same flags for every release build, or each switch
# would rebuild everything).
BUILD = $(if $(filter release,$(CONFIGURATION)),SWIFT="$(SWIFT)" Benchmarks/release-build.sh,$(SWIFT) build -c $(CONFIGURATION))

## release: the optimised `contacts` and the argument parser's generate-manual, one build.
release: deps-build
	$(BUILD) --product contacts
	$(BUILD) --product generate-manual

# Commands --help leaves out (`shouldDisplay: false`), which generate-manual 1.8.2 still lists:
# the awk program drops each one's `.It Em NAME` item up to the next item or the end of its list.
HIDDEN_COMMANDS := bench-search
define without_hidden_commands
/^\.It Em / { name = $$3; if (index(hidden, " " name " ")) { skipping = 1; depth = 0; next } }
skipping && /^\.Bl/ { depth++; next }
skipping && /^\.El/ { if (depth-- > 0) next; skipping = 0 }
skipping && /^\.It Em / && depth == 0 { skipping = 0 }
!skipping { print }
endef
export WITHOUT_HIDDEN_COMMANDS = $(without_hidden_commands)

## install-files: the man page and completion scripts, made by the built binary.
install-files: release
	@set -e; bin="$$($(BUILD) --show-bin-path)"; out="$(INSTALL_FILES)"; \
	rm -rf "$$out"; mkdir -p "$$out"; \
	"$$bin/generate-manual" "$$bin/contacts" --date "$(MAN_DATE)" --section 1 --output-directory - \
		| awk -v hidden=" $(HIDDEN_COMMANDS) " "$$WITHOUT_HIDDEN_COMMANDS" > "$$out/contacts.1"; \
	for shell in bash zsh fish; do "$$bin/contacts" --generate-completion-script $$shell > "$$out/contacts.$$shell"; done

install: install-files
	@bin="$$($(BUILD) --show-bin-path)"; \
	$(INSTALL_PROGRAM) -Dm755 "$$bin/contacts" "$(DESTDIR)$(bindir)/contacts"
	$(INSTALL) -Dm644 "$(INSTALL_FILES)/contacts.1" "$(DESTDIR)$(man1dir)/contacts.1"
	$(INSTALL) -Dm644 "$(INSTALL_FILES)/contacts.bash" "$(DESTDIR)$(bashcompletiondir)/contacts"
	$(INSTALL) -Dm644 "$(INSTALL_FILES)/contacts.zsh" "$(DESTDIR)$(zshcompletiondir)/_contacts"
	$(INSTALL) -Dm644 "$(INSTALL_FILES)/contacts.fish" "$(DESTDIR)$(fishcompletiondir)/contacts.fish"
	@echo "installed contacts in $(DESTDIR)$(bindir), its man page and bash, zsh and fish completions"

## install-strip: install, with the binary's symbol tables stripped (a fifth of its size; a
## crash's backtrace then shows addresses instead of function names). What packagers use.
install-strip:
	@$(MAKE) --no-print-directory install INSTALL_PROGRAM='$(INSTALL_PROGRAM) -s'

## uninstall: removes exactly the files install put there.
uninstall:
	rm -f $(INSTALLED)

## install-check: installs the debug build `make test` made into a temporary DESTDIR and uses
## it as a user would: the binary, `man -l` on its page, Tab in bash (and zsh and fish when they
## are there), `uninstall` leaving nothing behind. `make test` ends with it.
install-check: deps-install-check
	@Tests/install-check.sh "$(MAKE)"

# man and groff for `man -l`, bash-completion's loader, and the other two shells.
INSTALL_CHECK_PACKAGES := man-db groff-base bash-completion zsh fish
deps-install-check:
	$(call install_missing,$(INSTALL_CHECK_PACKAGES))

## soak: the monkey test with 1,000,000 keys (TERMFLOW_MONKEY_KEYS to change); a failure is
## shrunk and written to $TMPDIR/termflow-monkey/monkey-seed-N.jsonl for `contacts replay`.
soak: deps-build
	$(SWIFT) build --build-tests
	TERMFLOW_MONKEY_KEYS=$${TERMFLOW_MONKEY_KEYS:-1000000} SNAPSHOT_TESTING_RECORD=never \
		$(SWIFT) test --skip-build --filter MonkeyTests.theAppSurvivesASeededStreamOfInput

## sync-soak: the randomized sync convergence test, long: 2,000 steps for each of seeds 1-10
## against every server (TERMFLOW_SYNC_STEPS, SEEDS to change).
SEEDS ?= 1 2 3 4 5 6 7 8 9 10
sync-soak: deps
	$(SWIFT) build --build-tests
	@set -e; for seed in $(SEEDS); do echo "sync-soak: seed $$seed"; \
		TERMFLOW_SYNC_SEED=$$seed TERMFLOW_SYNC_STEPS=$${TERMFLOW_SYNC_STEPS:-2000} \
		$(SWIFT) test --skip-build --filter RandomizedConvergenceTests; done

## sync-kill: `contacts sync` killed with SIGKILL at 50 points of a first download of 10,000
## cards, of an upload of 1,000 and of a move of 1,000 between two books, each resumed; the
## last run must converge.
sync-kill: deps
	$(SWIFT) build --build-tests
	TERMFLOW_SYNC_KILL_CARDS=10000 TERMFLOW_SYNC_KILL_UPLOADS=1000 TERMFLOW_SYNC_KILL_MOVES=1000 \
		TERMFLOW_SYNC_KILL_POINTS=50 $(SWIFT) test --skip-build --filter 'SyncKillTests|MoveKillTests'

## bench: release-built benchmarks, the framework's (termflow-bench) and the app's
## (contacts-bench); results as JSON under $(BENCH_OUT)/.
bench: deps-build
	SWIFT="$(SWIFT)" Benchmarks/release-build.sh --product termflow-bench
	SWIFT="$(SWIFT)" Benchmarks/release-build.sh --product contacts-bench
	"$$(SWIFT="$(SWIFT)" Benchmarks/release-build.sh --show-bin-path)/termflow-bench" --output $(BENCH_OUT)
	"$$(SWIFT="$(SWIFT)" Benchmarks/release-build.sh --show-bin-path)/contacts-bench" --output $(BENCH_OUT)

## docs: the DocC catalogs of the framework modules (Sources/TermFlow/MODULE/MODULE.docc), built with the
## toolchain's docc into $(DOCS_OUT)/MODULE.doccarchive. Symbol graphs come from the debug build's
## modules, so after `make test` nothing is compiled. Any warning fails, a broken symbol link too.
DOCC ?= docc
DOCS_OUT ?= .build/docs
DOC_MODULES := Flow TerminalUI Navigation
docs: deps-build
	$(SWIFT) build --target Navigation
	@set -e; mkdir -p "$(DOCS_OUT)"; modules="$$($(SWIFT) build --show-bin-path)/Modules"; \
	for module in $(DOC_MODULES); do \
		graphs=".build/symbol-graphs/$$module"; rm -rf "$$graphs"; mkdir -p "$$graphs"; \
		$(SWIFT) symbolgraph-extract -module-name "$$module" -target "$$(uname -m)-unknown-linux-gnu" \
			-I "$$modules" -I Modules/CNcursesw -minimum-access-level public -skip-synthesized-members \
			-output-dir "$$graphs"; \
		$(DOCC) convert "Sources/TermFlow/$$module/$$module.docc" --additional-symbol-graph-dir "$$graphs" \
			--fallback-display-name "$$module" --fallback-bundle-identifier "termflow.$$module" \
			--warnings-as-errors --output-dir "$(DOCS_OUT)/$$module.doccarchive" > "$$graphs.log" 2>&1 \
			|| { cat "$$graphs.log"; echo "error: docc failed on $$module (a warning fails the build; see above)"; exit 1; }; \
		echo "docs: $(DOCS_OUT)/$$module.doccarchive"; \
	done

## deps: the system packages the build (BUILD_PACKAGES) and the tests (TEST_PACKAGES) need,
## installed only when missing: run, build and test depend on it, so a fresh Debian or Ubuntu
## machine needs nothing but `make run` and `make test`. When everything is there it checks with
## dpkg-query and prints nothing. Not root: uses sudo when there is one, else prints the exact
## apt-get line and fails. Without dpkg it cannot check, says what is needed and goes on.
BUILD_PACKAGES := libncurses-dev libsqlite3-dev libphonenumber-dev
# DAViCal for the CardDAV tests: Tests/Servers/davical.sh runs it on a PostgreSQL cluster and a
# PHP web server of the test run's own (the system's services are never started).
DAVICAL_PACKAGES := davical postgresql php-cli php-pgsql php-xml
# Cyrus IMAP's CardDAV for the CardDAV tests (Tests/Servers/cyrus.sh starts a private one).
CYRUS_PACKAGES := cyrus-imapd cyrus-caldav sasl2-bin
TEST_PACKAGES := $(BUILD_PACKAGES) tmux openssl $(DAVICAL_PACKAGES) $(CYRUS_PACKAGES)
define install_missing
	@missing=""; \
	if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "note: cannot check system packages without dpkg; TermFlow needs: $(1)"; exit 0; fi; \
	for package in $(1); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q " installed$$" || missing="$$missing $$package"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	if [ "$$(id -u)" -eq 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	else echo "error: missing system packages:$$missing. Install them as root with:"; \
		echo "  apt-get update && apt-get install -y$$missing"; exit 1; fi; \
	echo "installing:$$missing"; \
	$$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing
endef

deps: dav-servers
	$(call install_missing,$(TEST_PACKAGES))

## dav-servers: the real CardDAV servers the CardDAV tests start (CardDAVTesting), Radicale and
## Xandikos from PyPI at pinned versions, in a virtual environment of the project's own. The
## marker file names the versions, so when they are there this costs one file check; a new pin
## builds the environment again. Without venv support in python3, Debian's python3-venv is
## installed like the other system packages.
RADICALE_VERSION := 3.9.0
XANDIKOS_VERSION := 0.4.10
DAV_SERVERS := .build/dav-servers
DAV_SERVERS_MARKER := $(DAV_SERVERS)/installed-radicale-$(RADICALE_VERSION)-xandikos-$(XANDIKOS_VERSION)
DAV_SERVERS_SYSTEM_PACKAGES = $(shell python3 -c "import ensurepip, venv" >/dev/null 2>&1 || echo python3 python3-venv)

dav-servers: $(DAV_SERVERS_MARKER)

$(DAV_SERVERS_MARKER):
	$(call install_missing,$(DAV_SERVERS_SYSTEM_PACKAGES))
	@rm -rf "$(DAV_SERVERS)"
	python3 -m venv "$(DAV_SERVERS)"
	"$(DAV_SERVERS)/bin/pip" install --quiet --disable-pip-version-check \
		radicale==$(RADICALE_VERSION) xandikos==$(XANDIKOS_VERSION)
	@touch "$@"

deps-build:
	$(call install_missing,$(BUILD_PACKAGES))

format:
	$(SWIFT) format format --in-place --recursive $(SOURCES)

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

clean:
	$(SWIFT) package clean
