# catan-tools: a Unix toolkit for Catan and the Catan Dice Game.
# Plain make; every libcore/*.c goes into libcore/libcore.a, every cmd/*.c is a binary.


.SUFFIXES:
.SECONDARY:

VERSION    = 0.1.0
PREFIX     = /usr/local
BINDIR     = $(PREFIX)/bin
MANDIR     = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/vendor-completions

CC         = cc
PKG_CONFIG = pkg-config
WARN       = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wvla -Wno-unused-parameter
OPT        = -O2 -g
JANSSON_CFLAGS = `$(PKG_CONFIG) --cflags jansson`
JANSSON_LIBS   = `$(PKG_CONFIG) --libs jansson`
CFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(OPT) \
             -DCATAN_VERSION='"$(VERSION)"' -Ilibcore -Icmd/fe $(JANSSON_CFLAGS) $(CFLAGS)

# Where objects and binaries go; the sanitizer build uses a second tree.
B = build

LIB_SRC  = $(wildcard libcore/*.c)
FE_SRC   = $(wildcard cmd/fe/*.c)
CMD_SRC  = $(wildcard cmd/*.c)
UNIT_SRC = $(wildcard tests/unit/*.c)
HDRS     = $(wildcard libcore/*.h) $(wildcard cmd/fe/*.h) $(B)/geom_tab.h

LIB_OBJ  = $(patsubst %.c,$(B)/%.o,$(LIB_SRC)) $(B)/geom_tab.o
FE_OBJ   = $(patsubst %.c,$(B)/%.o,$(FE_SRC))
BINS     = $(patsubst cmd/%.c,$(B)/bin/%,$(CMD_SRC))
UNITS    = $(patsubst tests/unit/%.c,$(B)/unit/%,$(UNIT_SRC))
NAMES    = $(patsubst cmd/%.c,%,$(CMD_SRC))

all: $(BINS) $(UNITS) libcore/libcore.a

# libcore/libcore.a is the plain build's library, kept where the layout promises it.
libcore/libcore.a: $(B)/libcore.a
	cp $(B)/libcore.a $@

$(B)/libcore.a: $(LIB_OBJ)
	rm -f $@
	ar rc $@ $(LIB_OBJ)
	ranlib $@

$(B)/libfe.a: $(FE_OBJ)
	rm -f $@
	ar rc $@ $(FE_OBJ)
	ranlib $@

# The board's adjacency tables are computed from hex coordinates by a small
# host program, so the geometry has one source.
$(B)/mkgeom: libcore/gen/mkgeom.c
	@mkdir -p $(@D)
	$(CC) -std=c11 $(WARN) -O1 -o $@ libcore/gen/mkgeom.c

$(B)/geom_tab.c: $(B)/mkgeom
	$(B)/mkgeom c > $@.tmp && mv $@.tmp $@
$(B)/geom_tab.h: $(B)/mkgeom
	$(B)/mkgeom h > $@.tmp && mv $@.tmp $@

$(B)/geom_tab.o: $(B)/geom_tab.c $(HDRS)
	$(CC) $(CFLAGS_ALL) -I$(B) -c -o $@ $(B)/geom_tab.c

$(B)/%.o: %.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -I$(B) -c -o $@ $<

$(B)/bin/%: $(B)/cmd/%.o $(B)/libfe.a $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $< $(B)/libfe.a $(B)/libcore.a $(JANSSON_LIBS) -lm

$(B)/unit/%: $(B)/tests/unit/%.o $(B)/libfe.a $(B)/libcore.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $< $(B)/libfe.a $(B)/libcore.a $(JANSSON_LIBS) -lm

# The sanitizer build: same sources, its own tree.
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
san:
	$(MAKE) B=build-san OPT='-O1 -g' CFLAGS='$(SAN_FLAGS)' LDFLAGS='$(SAN_FLAGS)' \
	    build-san/libcore.a $(patsubst cmd/%.c,build-san/bin/%,$(CMD_SRC)) \
	    $(patsubst tests/unit/%.c,build-san/unit/%,$(UNIT_SRC))

# The whole suite, plainly and under ASan+UBSan (leaks fail), then one summary line.
check: deps
	@$(MAKE) -s all san
	@tests/run-suite $(B) build-san

test: all
	@tests/run-suite $(B)

bench: all
	@bench/run $(B)

deps:
	@sh .ci/deps

demo: deps
	@$(MAKE) -s all
	@sh examples/demo.sh $(B)/bin

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	for n in $(NAMES); do cp $(B)/bin/$$n $(DESTDIR)$(BINDIR)/$$n; chmod 755 $(DESTDIR)$(BINDIR)/$$n; done
	for m in man/*.1; do cp $$m $(DESTDIR)$(MANDIR)/man1/; done
	for m in man/*.5; do cp $$m $(DESTDIR)$(MANDIR)/man5/; done
	for c in completions/bash/*; do cp $$c $(DESTDIR)$(BASHCOMPDIR)/; done
	for c in completions/zsh/*; do cp $$c $(DESTDIR)$(ZSHCOMPDIR)/; done

uninstall:
	for n in $(NAMES); do rm -f $(DESTDIR)$(BINDIR)/$$n; done
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$${m#man/}; done
	for m in man/*.5; do rm -f $(DESTDIR)$(MANDIR)/man5/$${m#man/}; done
	for c in completions/bash/*; do rm -f $(DESTDIR)$(BASHCOMPDIR)/$${c#completions/bash/}; done
	for c in completions/zsh/*; do rm -f $(DESTDIR)$(ZSHCOMPDIR)/$${c#completions/zsh/}; done

clean:
	rm -rf build build-san libcore/libcore.a

.PHONY: all san check test bench deps demo install uninstall clean
