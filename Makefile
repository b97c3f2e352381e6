# htl: make install (the release binary, completions and man page under
# PREFIX), make demo (build and run on goals-example), make test (the whole
# suite), make bench (release-build timings). Each target installs what a
# fresh Debian machine lacks (libyaml-dev through apt-get).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
TODAY ?= 2026-11-22
EXAMPLE := goals-example

.PHONY: all deps test-deps build release install test lint format demo bench fuzz clean
PREFIX ?= /usr/local
CONFIG ?= release

all: build

# libyaml (pkg-config yaml-0.1) is the system library htl reads YAML with;
# libcurl's development files are what a static build (make install) links
# Foundation's networking part against (the MCP Swift SDK imports Foundation).
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yaml-0.1 || ! pkg-config --exists libcurl; then \
		echo "installing libyaml-dev, libcurl4-openssl-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev libcurl4-openssl-dev pkg-config; \
	fi

# What the tests use as real clients: Chromium renders the HTML report, zsh
# and fish complete on a terminal, man renders the manual, Neovim's LSP
# client drives `htl lsp`, the pre-commit framework (PyPI) runs the hooks,
# axe-core (PyPI) audits the report's accessibility, icalendar (PyPI) reads
# what htl calendar writes, strace slows a writer down to race another against it,
# curl is the HTTP client that drives `htl serve`, and chromedriver the
# browser that logs an action through its form; zbarimg (zbar-tools) reads
# back the QR code htl serve prints.
TEST_PACKAGES := chromium chromium-driver zsh fish man-db groff-base neovim strace curl zbar-tools
# axe-core 4.x, the accessibility audit the browser test runs in Chromium.
AXE_WHEEL_VERSION := 0.1.8
AXE := .build/axe/axe.min.js
test-deps: deps
	@missing=""; for p in chromium chromedriver zsh fish man groff nvim strace curl zbarimg; do command -v $$p >/dev/null 2>&1 || missing=yes; done; \
	if [ -n "$$missing" ]; then \
		echo "installing $(TEST_PACKAGES) (real clients for the tests)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(TEST_PACKAGES); \
	fi
	@if ! python3 -c "import pre_commit" >/dev/null 2>&1; then \
		echo "installing pre-commit (PyPI, for the pre-commit framework test)"; \
		python3 -m pip install -q pre-commit || python3 -m pip install -q --break-system-packages pre-commit; \
	fi
	@if ! python3 -c "import icalendar" >/dev/null 2>&1; then \
		echo "installing icalendar (PyPI, an independent parser for htl calendar)"; \
		python3 -m pip install -q icalendar || python3 -m pip install -q --break-system-packages icalendar; \
	fi
	@if [ ! -s $(AXE) ]; then \
		echo "fetching axe-core (inside axe-playwright-python on PyPI, for the accessibility audit)"; \
		rm -rf .build/axe && mkdir -p .build/axe && \
		python3 -m pip download -q --no-deps -d .build/axe axe-playwright-python==$(AXE_WHEEL_VERSION) && \
		python3 -m zipfile -e .build/axe/axe_playwright_python-$(AXE_WHEEL_VERSION)-py3-none-any.whl .build/axe/wheel && \
		cp .build/axe/wheel/axe_playwright_python/axe.min.js $(AXE); \
	fi

# --explicit-target-dependency-import-check: a layer that imports a module it
# does not declare is a build error (the layers are in Package.swift).
CHECKED := --explicit-target-dependency-import-check error

build: deps
	$(SWIFT) build $(CHECKED)

# The binaries make install installs, built once for demo, install and
# bench alike: CONFIG (release), its link-time optimization, the Swift
# standard library linked in, in $(STATIC). make demo, then make install,
# builds htl once.
BUILD_INSTALLED = $(SWIFT) build -c $(CONFIG) $(LTO) --static-swift-stdlib --scratch-path $(STATIC)

release: deps
	$(BUILD_INSTALLED) --product htl

# Unit tests of the library, then end-to-end tests of the built binary,
# then make install into a temporary prefix (a debug build: the same recipe).
# A build that warns in htl's own files fails: a warning is fixed where it
# starts (one test line, an exit test's expansion, once gave 96 of them).
# The packages' own warnings (a file swift-distributed-tracing leaves
# undeclared) are theirs.
TEST_BUILD_LOG := .build/test-build.log
test: test-deps lint
	@mkdir -p .build
	bash -o pipefail -c '$(SWIFT) build --build-tests $(CHECKED) 2>&1 | tee $(TEST_BUILD_LOG)'
	@if grep -E "^$(CURDIR)/(Sources|Tests)/[^ ]*: warning:" $(TEST_BUILD_LOG); then echo "make test: the build above warns; fix each warning"; exit 1; fi
	HTL_BIN=$(CURDIR)/.build/debug/htl $(SWIFT) test --skip-build
	CONFIG=debug Tests/install-check.sh

# One style, checked: swift-format with the repository's .swift-format
# (four spaces, 120 columns). `make format` rewrites the files in place.
FORMATTED := Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format --in-place --recursive --parallel $(FORMATTED)

# A binary that runs without the Swift toolchain (a release htl is linked
# fully statically, Package.swift says so; htl-mcp has the standard library
# linked in, libyaml, libc and libcurl from the system), shell completions
# where bash, zsh and fish look, and a man page. DESTDIR for packagers.
# The installed binaries are stripped (install -s: no symbol table, no
# debug information; release: htl 23.9 -> 11.7 MB, htl-mcp 89.7 -> 64.0
# MB); the ones in $(STATIC) keep both, for profiling.
STATIC := .build/static
# A release build is optimized across modules when it is linked (LLVM's full
# link-time optimization): a call from one module into another's small
# function (an action's initializer, a unit's look-up, the C byte scan) is
# inlined like one inside a module. A check of 100,000 lines runs 14.5 %
# fewer instructions (491 -> 419 M), status 12.6 %, export 10.1 %,
# fmt --check 14.4 %; the build of htl takes about 4 minutes instead of 2.5.
# Debug builds (make test) are not affected.
RELEASE_LTO := --experimental-lto-mode=full
LTO := $(if $(filter release,$(CONFIG)),$(RELEASE_LTO))
BIN := $(DESTDIR)$(PREFIX)/bin
SHARE := $(DESTDIR)$(PREFIX)/share
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || echo 2026-11-23)
install: deps
	$(BUILD_INSTALLED) --product htl
	$(BUILD_INSTALLED) --product htl-mcp
	$(BUILD_INSTALLED) --product htl-serve
	install -d $(BIN) $(SHARE)/man/man1 $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -s -m 755 $(STATIC)/$(CONFIG)/htl $(BIN)/htl
	install -s -m 755 $(STATIC)/$(CONFIG)/htl-mcp $(BIN)/htl-mcp
	install -s -m 755 $(STATIC)/$(CONFIG)/htl-serve $(BIN)/htl-serve
	$(BIN)/htl __manual --date $(MAN_DATE) > $(SHARE)/man/man1/htl.1
	chmod 644 $(SHARE)/man/man1/htl.1
	$(BIN)/htl completions bash > $(SHARE)/bash-completion/completions/htl
	$(BIN)/htl completions zsh > $(SHARE)/zsh/site-functions/_htl
	$(BIN)/htl completions fish > $(SHARE)/fish/vendor_completions.d/htl.fish
	@echo "installed $(BIN)/htl, its man page and completions for bash, zsh and fish"

demo: release
	$(STATIC)/$(CONFIG)/htl check -C $(EXAMPLE) --today $(TODAY)
	$(STATIC)/$(CONFIG)/htl status -C $(EXAMPLE) --today $(TODAY)

# ledger-cli (Debian's ledger) runs side by side on an equivalent journal.
# The binary timed is the one make install installs (linked fully
# statically: no dynamic loader at start-up).
# The ledgers are generated outside any git work tree (BENCH_WORK), so the
# plain rows time htl alone; the rows marked "in git" use repositories of their own.
BENCH_WORK ?= /tmp/htl-bench
bench: deps
	@command -v ledger >/dev/null 2>&1 || { echo "installing ledger (ledger-cli, timed side by side)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq ledger; }
	$(MAKE) release CONFIG=release
	$(BUILD_INSTALLED) --product htl-serve
	$(SWIFT) build -c release --product htl-bench
	.build/release/htl-bench --htl $(STATIC)/release/htl --work $(BENCH_WORK)

# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer,address;
# the C targets built with AddressSanitizer and coverage too, so a vector
# load past a buffer is a finding): the log parser, the YAML reader and
# fmt's round trip, FUZZ_SECONDS each, seeded from Fixtures/fuzz. Findings
# land in .build-fuzz/findings/<target>.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= log yaml fmt
FUZZ := .build-fuzz
fuzz: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ) --product htl-fuzz -Xswiftc -sanitize=fuzzer,address \
		-Xcc -fsanitize=address,fuzzer-no-link
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ)/corpus/$$target $(FUZZ)/findings/$$target; \
		echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no HTL_FUZZ_TARGET=$$target $(FUZZ)/release/htl-fuzz \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
			-dict=Fixtures/fuzz/htl.dict -artifact_prefix=$(FUZZ)/findings/$$target/ \
			$(FUZZ)/corpus/$$target Fixtures/fuzz/$$target 2>&1 | grep -E '^(Done|stat::|htl-fuzz|==[0-9]+==ERROR|SUMMARY)|INITED' \
			|| true; \
		if ls $(FUZZ)/findings/$$target/* >/dev/null 2>&1; then echo "findings in $(FUZZ)/findings/$$target"; exit 1; fi; \
	done

clean:
	rm -rf .build $(FUZZ)
