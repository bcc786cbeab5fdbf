# catan-tools: a Unix toolkit for Catan and the Catan Dice Game.
# Plain make.  Every libcore/**/*.c goes into $(B)/libcore.a, every cmd/*.c is
# a program, every bench/*.c a benchmark program.  DEVELOPER=1 (make check and
# CI set it) adds -Werror, and builds in build-dev/ rather than build/, so that
# switching between the two rebuilds nothing; a user's newer compiler only warns.

.SUFFIXES:
.SECONDARY:

VERSION    = 0.1.0
PREFIX     = /usr/local
BINDIR     = $(PREFIX)/bin
MANDIR     = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/vendor-completions
LIBEXECDIR = $(PREFIX)/libexec
# The play-by-email referee's deployment (examples/pbem/: docs/pbem.md), with the paths of
# this installation put in place of @BINDIR@ and @PBEMDIR@.
PBEMDIR    = $(PREFIX)/share/catan-tools/pbem

CC         = cc
HOSTCC     = $(CC)
AR         = ar
RANLIB     = ranlib
HOST_CFLAGS = -std=c11 -O1
PKG_CONFIG = pkg-config
WARN       = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wvla -Wformat=2 -Wno-unused-parameter
DEVELOPER  =
ifneq ($(DEVELOPER),)
WARN      += -Werror
endif
# Link-time optimization: a move crosses many of the rules' files, and inlining
# across them makes play-outs about 15% faster (bench/README.md).  On by default
# with gcc; clang's bitcode would need llvm-ar for the archives, so it is off
# there.  Off in DEVELOPER=1's build-dev/, which make check builds and tests:
# its thirty links would each optimize the whole program again, 160 s of CPU
# against 20 s for the whole tree without.  LTO= turns it off, LTO=-flto=auto
# on.  -O3: 6% fewer instructions in a play-out than -O2, the same games
# (bench/README.md).
IS_GCC    := $(shell $(CC) -v 2>&1 | grep '^gcc version')
LTO       := $(if $(DEVELOPER),,$(if $(IS_GCC),-flto=auto))
OPT        = -O3 -g $(LTO)
# The programs are linked statically (libc6-dev, libjansson-dev and libsodium-dev
# ship the archives): a call is mostly process start, and a static program
# starts without the dynamic linker (bench/README.md).  PROG_LDFLAGS= links
# them dynamically; the sanitizer build does.
PROG_LDFLAGS = -static
# Asked once per run of make, not once per compile.
JANSSON_CFLAGS := $(shell $(PKG_CONFIG) --cflags jansson 2>/dev/null)
JANSSON_LIBS   := $(shell $(PKG_CONFIG) --libs jansson 2>/dev/null || echo -ljansson)
# libsodium: the keyed stream a refereed game's hidden outcomes come from (libcore/rng.c).
SODIUM_CFLAGS  := $(shell $(PKG_CONFIG) --cflags libsodium 2>/dev/null)
SODIUM_LIBS    := $(shell $(PKG_CONFIG) --libs libsodium 2>/dev/null || echo -lsodium)
INCLUDES   = -Ilibcore -Ilibcore/catan -Ilibcore/dice -Icmd/fe -I$(B)
CFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(OPT) \
             $(INCLUDES) $(JANSSON_CFLAGS) $(SODIUM_CFLAGS) $(CPPFLAGS) $(CFLAGS)

# Where objects and binaries go: build/, or build-dev/ with DEVELOPER=1 (the
# same objects with -Werror); the sanitizer and fuzz builds use trees of their own.
B = $(if $(DEVELOPER),build-dev,build)

# The board game's library stands in floors, a folder each (docs/library.md).
CATAN_FLOORS = model rules doc import play render
LIB_SRC  = $(wildcard libcore/*.c $(CATAN_FLOORS:%=libcore/catan/%/*.c) libcore/dice/*.c)
FE_SRC   = $(wildcard cmd/fe/*.c)
CMD_SRC  = $(wildcard cmd/*.c)
UNIT_SRC = $(wildcard tests/unit/*.c)
BENCH_SRC = $(wildcard bench/*.c)
FUZZ_SRC = $(wildcard fuzz/fuzz_*.c)
HDRS     = $(wildcard libcore/*.h $(CATAN_FLOORS:%=libcore/catan/%/*.h) libcore/dice/*.h cmd/fe/*.h fuzz/*.h) \
           $(B)/geom_tab.h $(B)/FLAGS

LIB_OBJ  = $(patsubst %.c,$(B)/%.o,$(LIB_SRC)) $(B)/geom_tab.o
FE_OBJ   = $(patsubst %.c,$(B)/%.o,$(FE_SRC))
BINS     = $(patsubst cmd/%.c,$(B)/bin/%,$(CMD_SRC))
# The same programs linked dynamically, for valgrind (which cannot follow a
# static program's malloc): the tests run valgrind on these.
DYNS     = $(patsubst cmd/%.c,$(B)/bin-dyn/%,$(CMD_SRC))
UNITS    = $(patsubst tests/unit/%.c,$(B)/unit/%,$(UNIT_SRC))
BENCHES  = $(patsubst bench/%.c,$(B)/bench/%,$(BENCH_SRC))
NAMES    = $(patsubst cmd/%.c,%,$(CMD_SRC))
# Programs written in shell (cmd/NAME.sh), and the helpers they run from
# LIBEXECDIR/catan-tools (cmd/NAME.py), found beside BINDIR.
SH_SRC   = $(wildcard cmd/*.sh)
PY_SRC   = $(wildcard cmd/*.py)
SH_NAMES = $(patsubst cmd/%.sh,%,$(SH_SRC))
PY_NAMES = $(patsubst cmd/%.py,%,$(PY_SRC))
SCRIPTS  = $(patsubst %,$(B)/bin/%,$(SH_NAMES)) $(patsubst %,$(B)/libexec/catan-tools/%,$(PY_NAMES))

all: $(BINS) $(DYNS) $(UNITS) $(SCRIPTS)

# The flags and the version, each kept in a file that changes only when they
# do, so that a build with other flags or another VERSION rebuilds what they
# touch and nothing else (git's GIT-CFLAGS).
$(B)/FLAGS: FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(CFLAGS_ALL) $(PROG_LDFLAGS) $(LDFLAGS)' > $@.new; \
	if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
$(B)/version.h: FORCE
	@mkdir -p $(@D)
	@echo '#define CATAN_VERSION "$(VERSION)"' > $@.new; \
	if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

$(B)/libcore.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rc $@ $(LIB_OBJ)
	$(RANLIB) $@

$(B)/libfe.a: $(FE_OBJ)
	rm -f $@
	$(AR) rc $@ $(FE_OBJ)
	$(RANLIB) $@

# The board's adjacency tables are computed from hex coordinates by a small
# program run on the build machine, so the geometry has one source.
$(B)/mkgeom: libcore/catan/gen/mkgeom.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ libcore/catan/gen/mkgeom.c

$(B)/geom_tab.c: $(B)/mkgeom
	$(B)/mkgeom c > $@.tmp && mv $@.tmp $@
$(B)/geom_tab.h: $(B)/mkgeom
	$(B)/mkgeom h > $@.tmp && mv $@.tmp $@

# make demo's progress, which it sets: COMPILED for each object compiled (a dot),
# LINKED for each program linked (its name).  Nothing otherwise.
COMPILED = @:
LINKED   = @:

$(B)/geom_tab.o: $(B)/geom_tab.c $(HDRS)
	$(CC) $(CFLAGS_ALL) -c -o $@ $(B)/geom_tab.c
	$(COMPILED)

$(B)/cmd/%.o: cmd/%.c $(HDRS) $(B)/version.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c -o $@ $<
	$(COMPILED)

$(B)/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c -o $@ $<
	$(COMPILED)

$(B)/bin/%: $(B)/cmd/%.o $(B)/libfe.a $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(PROG_LDFLAGS) $(LDFLAGS) -o $@ $< $(B)/libfe.a $(B)/libcore.a $(JANSSON_LIBS) $(SODIUM_LIBS) -lm
	$(LINKED) $(@F)

$(B)/bin-dyn/%: $(B)/cmd/%.o $(B)/libfe.a $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $< $(B)/libfe.a $(B)/libcore.a $(JANSSON_LIBS) $(SODIUM_LIBS) -lm

$(B)/bin/%: cmd/%.sh Makefile
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/' $< > $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@

$(B)/libexec/catan-tools/%: cmd/%.py
	@mkdir -p $(@D)
	cp $< $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@

# autoplay_test compiles autoplay.c in whole, to reach its static helpers.
$(B)/tests/unit/autoplay_test.o: libcore/catan/play/autoplay.c
# A unit test may add link flags of its own (UNIT_LDFLAGS_name).
UNIT_LDFLAGS_dice_test = -Wl,--wrap=realloc
UNIT_LDFLAGS_buf_test = -Wl,--wrap=realloc
$(B)/unit/%: $(B)/tests/unit/%.o $(B)/libfe.a $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) $(UNIT_LDFLAGS_$*) -o $@ $< $(B)/libfe.a $(B)/libcore.a $(JANSSON_LIBS) $(SODIUM_LIBS) -lm

$(B)/bench/%: $(B)/bench/%.o $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $< $(B)/libcore.a $(JANSSON_LIBS) $(SODIUM_LIBS) -lm

# The sanitizer build: same sources, its own tree; a checked build (CATAN_CHECKED:
# rules_apply checks what its callers promise, libcore/catan/rules/rules.h).
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# gcc's sanitizer libraries linked in: a program then starts without resolving
# their symbols, a fifth less CPU a call (the suite makes thousands of calls).
SAN_LINK  = $(if $(IS_GCC),-static-libasan -static-libubsan)
san:
	$(MAKE) B=build-san OPT='-O1 -g' CFLAGS='$(SAN_FLAGS) -DCATAN_CHECKED' LDFLAGS='$(SAN_FLAGS) $(SAN_LINK)' PROG_LDFLAGS= \
	    build-san/libcore.a $(patsubst cmd/%.c,build-san/bin/%,$(CMD_SRC)) \
	    $(patsubst tests/unit/%.c,build-san/unit/%,$(UNIT_SRC)) \
	    $(patsubst $(B)/%,build-san/%,$(SCRIPTS))

# The fuzz targets: clang's libFuzzer with ASan and UBSan, over their own libcore.
FUZZ_CC = clang
FUZZ_FLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -DCATAN_CHECKED
FUZZ_SECONDS = 300
FUZZ_CHECK_SECONDS = 4
fuzz-build:
	$(MAKE) B=build-fuzz CC=$(FUZZ_CC) HOSTCC=cc OPT='-O1 -g' CFLAGS='$(FUZZ_FLAGS)' \
	    $(patsubst fuzz/%.c,build-fuzz/fuzz/%,$(FUZZ_SRC))

$(B)/fuzz/%: $(B)/fuzz/%.o $(B)/fuzz/positions.o $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -fsanitize=fuzzer,address,undefined -o $@ $< $(B)/fuzz/positions.o \
	    $(B)/libcore.a $(JANSSON_LIBS) $(SODIUM_LIBS) -lm

# Each target for FUZZ_SECONDS (fuzz/README.md says how to run them longer).
fuzz: all fuzz-build
	@fuzz/run build-fuzz $(B)/bin $(FUZZ_SECONDS)

# The whole suite, plainly and under ASan+UBSan (leaks fail), then one summary
# line; then every fuzz target for a short time over its seeds and saved corpus.
# The three trees are built at once, a job per processor.
NPROC := $(shell nproc 2>/dev/null || echo 2)
check: deps
	@echo "== building build-dev, build-san and build-fuzz (-Werror), $(NPROC) jobs at once"
	@$(MAKE) -s -j$(NPROC) DEVELOPER=1 all san fuzz-build
	@tests/run-suite build-dev build-san
	@echo "== fuzz targets, $(FUZZ_CHECK_SECONDS)s each"
	@fuzz/run build-fuzz build-dev/bin $(FUZZ_CHECK_SECONDS)

# The quick tier, while working: build-dev alone, every unit test program and the first
# QUICK_TESTS tests (2) of each bats file (tests/run-quick), in under two minutes on two cores.
check-quick: deps
	@$(MAKE) -s -j$(NPROC) DEVELOPER=1 all
	@tests/run-quick build-dev

test: all
	@tests/run-suite $(B)

bench: all $(BENCHES)
	@bench/run $(B)

# Issue 29's ten million games on this machine (bench/ten-million; minutes).
bench-ten-million: all $(B)/bench/cputime
	@sh bench/ten-million $(B)

# The Extra's fairness: each seat's share of the wins of automatic players on the built-in shared
# map, 2 to 4 players, without and with castles, with 95% intervals (docs/decisions.md).
DICE_SEAT_GAMES = 10000
bench-dice-seats: $(B)/bench/dicegame
	@for n in 2 3 4; do $(B)/bench/dicegame 3 $$n $(DICE_SEAT_GAMES) && \
	    $(B)/bench/dicegame 3 $$n $(DICE_SEAT_GAMES) castles || exit 1; done

# The search player against greedy ones, with 95% intervals (bench/README.md):
# the two figures of issue 26 over SEARCH_GAMES games each, then the win rate
# against the budget over SEARCH_CURVE_GAMES games a budget.  A benchmark that
# takes a long while, never a test.
SEARCH_GAMES = 500
SEARCH_CURVE_GAMES = 200
SEARCH_CURVE = 10 30 100 300 1000 3000
# Each run is a target of its own, one line of output each, so that make -j N
# runs them at once: CPU time is measured per process, so the figures do not
# depend on how many run together.
bench-search: bench-search-base bench-search-two $(addprefix bench-search-curve-,$(SEARCH_CURVE))
bench-search-base: $(B)/bench/strength
	@$(B)/bench/strength $(SEARCH_GAMES) search:1000 greedy
bench-search-two: $(B)/bench/strength
	@$(B)/bench/strength $(SEARCH_GAMES) search:500 greedy two
bench-search-curve-%: $(B)/bench/strength
	@$(B)/bench/strength $(SEARCH_CURVE_GAMES) search:$* greedy

# The best player's ladder (issue 44, bench/README.md): one best player against
# three search:1000 players over STRENGTH_GAMES games, against three greedy ones,
# against search:500 in Catan for Two, and against greedy ones with five and six
# players, over STRENGTH_SIDE_GAMES each; STRENGTH_JOBS processes at once
# (bench/ladder).  Hours of CPU, never a test.
STRENGTH_GAMES = 1000
STRENGTH_SIDE_GAMES = 400
STRENGTH_JOBS = 2
bench-strength: $(addprefix bench-strength-,search greedy two five six)
bench-strength-search: $(B)/bench/strength
	@sh bench/ladder $(B) $(STRENGTH_JOBS) $(STRENGTH_GAMES) best search:1000 base
bench-strength-greedy: $(B)/bench/strength
	@sh bench/ladder $(B) $(STRENGTH_JOBS) $(STRENGTH_SIDE_GAMES) best greedy base
bench-strength-two: $(B)/bench/strength
	@sh bench/ladder $(B) $(STRENGTH_JOBS) $(STRENGTH_SIDE_GAMES) best search:500 two
bench-strength-five bench-strength-six: bench-strength-%: $(B)/bench/strength
	@sh bench/ladder $(B) $(STRENGTH_JOBS) $(STRENGTH_SIDE_GAMES) best greedy $*

# The best player's value networks (libcore/catan/play/value.h), fitted by
# bench/train.c to TRAIN_GAMES self-play games of each rule set family from
# seed TRAIN_SEED (minutes): rewrites libcore/catan/play/value_weights.c, which
# is committed; the games are never kept.
TRAIN_GAMES = 200000
TRAIN_SEED = 1
train: $(B)/bench/train
	$(B)/bench/train libcore/catan/play/value_weights.c $(TRAIN_GAMES) $(TRAIN_SEED)

deps:
	@sh .ci/deps

# The demo needs only what the build needs; make check installs the rest.  It
# builds only the programs, in two steps that say what they do (a dot for each
# file compiled, the name of each program linked), then plays.
DEMO_OBJ = $(LIB_OBJ) $(FE_OBJ) $(patsubst cmd/%.c,$(B)/cmd/%.o,$(CMD_SRC))
demo:
	@sh .ci/deps build
	@printf 'demo: building the programs in %s/ (a minute or two; longer on a busy machine)\n' '$(B)'
	@printf 'demo: compiling %s files ' '$(words $(DEMO_OBJ))'
	@$(MAKE) -s COMPILED='@printf .' $(DEMO_OBJ)
	@printf '\ndemo: linking:'
	@$(MAKE) -s LINKED='@printf " %s"' $(B)/libcore.a $(B)/libfe.a $(BINS) $(SCRIPTS)
	@printf '\ndemo: playing a game\n'
	@sh examples/demo.sh $(B)/bin

# Installs only the programs and the files beside them; builds nothing else.
# NOBUILD=1 installs what the tree $(B) holds without building it first (the
# tests install the tree under test, which another make may be building).
install: $(if $(NOBUILD),,$(BINS) $(SCRIPTS))
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(LIBEXECDIR)/catan-tools \
	    $(DESTDIR)$(PBEMDIR)
	for n in $(NAMES) $(SH_NAMES); do cp $(B)/bin/$$n $(DESTDIR)$(BINDIR)/$$n; chmod 755 $(DESTDIR)$(BINDIR)/$$n; done
	for n in $(PY_NAMES); do cp $(B)/libexec/catan-tools/$$n $(DESTDIR)$(LIBEXECDIR)/catan-tools/$$n; \
	    chmod 755 $(DESTDIR)$(LIBEXECDIR)/catan-tools/$$n; done
	for m in man/*.1; do cp $$m $(DESTDIR)$(MANDIR)/man1/; done
	for m in man/*.5; do cp $$m $(DESTDIR)$(MANDIR)/man5/; done
	for c in completions/bash/*; do cp $$c $(DESTDIR)$(BASHCOMPDIR)/; done
	for c in completions/zsh/*; do cp $$c $(DESTDIR)$(ZSHCOMPDIR)/; done
	for f in examples/pbem/*; do t=$(DESTDIR)$(PBEMDIR)/$${f#examples/pbem/}; \
	    sed 's|@BINDIR@|$(BINDIR)|g; s|@PBEMDIR@|$(PBEMDIR)|g' $$f >$$t; \
	    if [ -x $$f ]; then chmod 755 $$t; else chmod 644 $$t; fi; done

uninstall:
	for n in $(NAMES) $(SH_NAMES); do rm -f $(DESTDIR)$(BINDIR)/$$n; done
	for n in $(PY_NAMES); do rm -f $(DESTDIR)$(LIBEXECDIR)/catan-tools/$$n; done
	rmdir $(DESTDIR)$(LIBEXECDIR)/catan-tools 2>/dev/null || true
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$${m#man/}; done
	for m in man/*.5; do rm -f $(DESTDIR)$(MANDIR)/man5/$${m#man/}; done
	for c in completions/bash/*; do rm -f $(DESTDIR)$(BASHCOMPDIR)/$${c#completions/bash/}; done
	for c in completions/zsh/*; do rm -f $(DESTDIR)$(ZSHCOMPDIR)/$${c#completions/zsh/}; done
	for f in examples/pbem/*; do rm -f $(DESTDIR)$(PBEMDIR)/$${f#examples/pbem/}; done
	rmdir $(DESTDIR)$(PBEMDIR) $(DESTDIR)$(PREFIX)/share/catan-tools 2>/dev/null || true

clean:
	rm -rf build build-dev build-san build-fuzz

FORCE:
.PHONY: all san check check-quick test bench bench-search bench-search-base bench-search-two bench-strength bench-strength-search bench-strength-greedy bench-strength-two bench-strength-five bench-strength-six train bench-dice-seats bench-ten-million deps demo install uninstall clean fuzz fuzz-build FORCE
