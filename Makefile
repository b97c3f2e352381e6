# htl: make demo (build and run on goals-example), make test (the whole suite),
# make bench (release-build timings). Each target installs what a fresh
# Debian machine lacks (libyaml-dev through apt-get).

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
TODAY ?= 2026-11-22
EXAMPLE := goals-example

.PHONY: all deps build release test demo bench fuzz clean

all: build

# libyaml (pkg-config yaml-0.1) is the only system library htl needs.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yaml-0.1; then \
		echo "installing libyaml-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev pkg-config; \
	fi
	@# Debian's chromium renders the HTML report in the browser test (headless).
	@if ! command -v chromium >/dev/null 2>&1; then \
		echo "installing chromium (for the htl report browser test)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; \
	fi

# --explicit-target-dependency-import-check: a layer that imports a module it
# does not declare is a build error (the layers are in Package.swift).
CHECKED := --explicit-target-dependency-import-check error

build: deps
	$(SWIFT) build $(CHECKED)

release: deps
	$(SWIFT) build -c release --product htl

# Unit tests of the library, then end-to-end tests of the built binary.
test: deps
	$(SWIFT) build --build-tests $(CHECKED)
	HTL_BIN=$(CURDIR)/.build/debug/htl $(SWIFT) test --skip-build

demo: release
	.build/release/htl check -C $(EXAMPLE) --today $(TODAY)
	.build/release/htl status -C $(EXAMPLE) --today $(TODAY)

bench: deps
	$(SWIFT) build -c release --product htl
	$(SWIFT) build -c release --product htl-bench
	.build/release/htl-bench --htl .build/release/htl --work .build/bench

# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer,address):
# the log parser, the YAML reader and fmt's round trip, FUZZ_SECONDS each,
# seeded from Fixtures/fuzz. Findings land in .build-fuzz/findings/<target>.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= log yaml fmt
FUZZ := .build-fuzz
fuzz: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ) --product htl-fuzz -Xswiftc -sanitize=fuzzer,address
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
