# photopager — build, test, benchmark and install.
#   make run      install missing system packages, build (release) and open the bundled photos
#   make test     install what the tests need, build and run every test
#   make bench    time photopager against chafa and img2sixel (and timg for the newer formats),
#                 --unsplash against a loopback fixture API, --immich against a loopback library (needs ../shared/photos/bench and
#                 ../shared/conformance)
#   make check    the tests under ThreadSanitizer (make tsan), then AddressSanitizer (make asan;
#                 CI runs this half); separate build dirs; any report, from the tests or the
#                 binaries they run, fails it
#   make soak     random typing for 20 s per renderer, then the arrow key held for 60 s per
#                 renderer over 1,000 photos: memory, descriptors, the last photo shown
#                 (SOAK_SECONDS=60; not in CI)
#   make fuzz     libFuzzer (with AddressSanitizer) on every parser of untrusted bytes, each for
#                 FUZZ_SECONDS (default 60; FUZZ_TARGETS picks some; not in CI): Fuzz/run.sh

PREFIX  ?= /usr/local
DESTDIR ?=
SWIFT   ?= swift
BINDIR   = $(DESTDIR)$(PREFIX)/bin
DATADIR  = $(DESTDIR)$(PREFIX)/share/photopager
MANDIR   = $(DESTDIR)$(PREFIX)/share/man/man1

# Debian packages: the C libraries we link (libcurl is loaded on first network use, libheif and
# libtiff on the first such photo, libde265 with libheif for its HEVC; ca-certificates for TLS),
# what the tests compare against, the peers we race.
BUILD_PACKAGES = pkg-config libcaca-dev libturbojpeg0-dev libpng-dev libwebp-dev libexif-dev libgif-dev \
                 libcurl4-openssl-dev ca-certificates libheif-dev libde265-dev libavif-dev libtiff-dev libjxl-dev libraw-dev liblcms2-dev
TEST_PACKAGES  = imagemagick icc-profiles-free tmux zsh fish openssl libimage-exiftool-perl xvfb xclip
BENCH_PACKAGES = chafa timg libsixel-bin hyperfine imagemagick python3 libheif-examples libavif-bin libjxl-tools \
                 libimage-exiftool-perl icc-profiles-free

SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# $(call apt-ensure,PACKAGES): install those not yet installed; silent when all are there.
define apt-ensure
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: all deps test-deps bench-deps build release run test check tsan asan bench soak fuzz install uninstall clean

all: build

deps:
	$(call apt-ensure,$(BUILD_PACKAGES))

test-deps: deps
	$(call apt-ensure,$(TEST_PACKAGES))

bench-deps: deps
	$(call apt-ensure,$(BENCH_PACKAGES))

build: deps
	$(SWIFT) build

# The Swift runtime linked statically (by lld, which also keeps libc's link-time notes quiet):
# a one-shot render starts in 3 ms instead of 5.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	./.build/release/photopager

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release bench-deps
	./Tests/bench/run.sh ./.build/release/photopager
	@echo "== the pager in a pseudo-terminal (120x40 cells of 10x20 px, VT340-like), also 100,000 photos and 8 and 20 Mbit/s links; issue 17's goals"
	python3 Tests/bench/pager_bench.py ./.build/release/photopager \
		$${PHOTOPAGER_BENCH_PHOTOS:-$(CURDIR)/../shared/photos/bench} $(CURDIR)/../shared/photos/sample --mbit 8,20
	@echo "== the newer formats: HEIC, AVIF, JPEG XL, TIFF, a DNG's preview against chafa and timg; ICC; 10,000 HEICs"
	python3 Tests/bench/formats_bench.py ./.build/release/photopager \
		$${PHOTOPAGER_BENCH_PHOTOS:-$(CURDIR)/../shared/photos/bench} $(CURDIR)/../shared/conformance
	@echo "== photopager --unsplash against a loopback fixture API (sixel, 120x40 cells)"
	python3 Tests/bench/unsplash_bench.py ./.build/release/photopager \
		$${PHOTOPAGER_BENCH_PHOTOS:-$(CURDIR)/../shared/photos/bench}
	@echo "== photopager --immich against a loopback Immich of 3,000 assets (sixel, 120x40 cells; the pager also kitty)"
	python3 Tests/bench/immich_bench.py ./.build/release/photopager \
		$${PHOTOPAGER_BENCH_PHOTOS:-$(CURDIR)/../shared/photos/bench}

SANITIZER_LOGS = $(CURDIR)/.build/sanitizer-logs
# The crash tests send SIGSEGV/SIGABRT/SIGILL to check our own restore: the sanitizers' handlers
# stay out of the way. Leak checking is off: LeakSanitizer only finds XCTest's own empty runner.
OWN_SIGNALS    = handle_segv=0:handle_sigill=0:handle_abort=0:handle_sigbus=0

check: tsan asan

# Each sanitizer in a build directory of its own; its logs start empty, and any report fails it.
tsan: test-deps
	rm -rf $(SANITIZER_LOGS)/tsan.* && mkdir -p $(SANITIZER_LOGS)
	TSAN_OPTIONS=log_path=$(SANITIZER_LOGS)/tsan:$(OWN_SIGNALS) SWIFT_BACKTRACE=enable=no \
		PHOTOPAGER_TEST_TIME_SCALE=4 \
		$(SWIFT) test --sanitize=thread --scratch-path .build/tsan
	@$(call sanitizer-verdict,tsan)

asan: test-deps
	rm -rf $(SANITIZER_LOGS)/asan.* && mkdir -p $(SANITIZER_LOGS)
	ASAN_OPTIONS=log_path=$(SANITIZER_LOGS)/asan:detect_leaks=0:$(OWN_SIGNALS) SWIFT_BACKTRACE=enable=no \
		PHOTOPAGER_TEST_TIME_SCALE=4 \
		$(SWIFT) test --sanitize=address --scratch-path .build/asan
	@$(call sanitizer-verdict,asan)

# $(call sanitizer-verdict,NAME): print NAME's reports and fail when there are any (a report from
# a child the tests ran does not fail the test run itself).
define sanitizer-verdict
	if ls $(SANITIZER_LOGS)/$(1).* >/dev/null 2>&1; then cat $(SANITIZER_LOGS)/$(1).*; echo "$(1) reports above"; exit 1; fi
endef

soak: release bench-deps
	$(SWIFT) build --build-tests
	PHOTOPAGER_TYPING_SECONDS=20 $(SWIFT) test --skip-build --filter randomTypingNeitherCrashesNorWedges
	python3 Tests/bench/soak.py ./.build/release/photopager --seconds $${SOAK_SECONDS:-60} \
		$${PHOTOPAGER_BENCH_PHOTOS:-$(CURDIR)/../shared/photos/bench} $(CURDIR)/../shared/photos/sample

fuzz: deps
	./Fuzz/run.sh

# Each shell's completions go where it looks for them.
COMPLETIONS = $(DESTDIR)$(PREFIX)/share

install: release
	install -d $(BINDIR) $(DATADIR)/sample $(MANDIR)
	install -m 755 .build/release/photopager $(BINDIR)/photopager
	install -m 644 Resources/sample/* $(DATADIR)/sample/
	install -m 644 Resources/photopager.1 $(MANDIR)/photopager.1
	install -d $(COMPLETIONS)/bash-completion/completions $(COMPLETIONS)/zsh/site-functions $(COMPLETIONS)/fish/vendor_completions.d
	./.build/release/photopager completions bash > $(COMPLETIONS)/bash-completion/completions/photopager
	./.build/release/photopager completions zsh > $(COMPLETIONS)/zsh/site-functions/_photopager
	./.build/release/photopager completions fish > $(COMPLETIONS)/fish/vendor_completions.d/photopager.fish

uninstall:
	rm -f $(BINDIR)/photopager $(MANDIR)/photopager.1
	rm -f $(COMPLETIONS)/bash-completion/completions/photopager $(COMPLETIONS)/zsh/site-functions/_photopager \
		$(COMPLETIONS)/fish/vendor_completions.d/photopager.fish
	rm -rf $(DATADIR)

clean:
	rm -rf .build
