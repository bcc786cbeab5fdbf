#!/usr/bin/env bats
# meta: every program ships whole (the C binaries and the shell ones, cmd/*.sh):
# --help, --version, a man page naming its options, bash and zsh completion, a line
# in README.md.

load test_helper

binaries() {
	for f in "$ROOT"/cmd/*.c "$ROOT"/cmd/*.sh; do b=${f##*/}; echo "${b%.*}"; done
}

@test "every binary answers --version with its name and the version" {
	for b in $(binaries); do
		run -0 --separate-stderr "$b" --version
		[[ "$output" =~ ^$b\ \(catan-tools\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "$b: $output"; false; }
		assert_eq "" "$stderr"
	done
}

@test "every binary answers --help with its usage on stdout" {
	for b in $(binaries); do
		run -0 --separate-stderr "$b" --help
		[[ "${lines[0]}" == "usage: $b"* ]] || { echo "$b: ${lines[0]}"; false; }
		assert_eq "" "$stderr"
	done
}

@test "every C binary's usage error is its one line and the pointer to --help, without the usage lines" {
	for f in "$ROOT"/cmd/*.c; do
		b=${f##*/} b=${b%.c}
		run -2 --separate-stderr "$b" --no-such-option </dev/null
		assert_eq "$b: unknown option '--no-such-option'"$'\n'"Try '$b --help' for more information." "$stderr"
		assert_eq "" "$output"
	done
}

@test "every binary has a man page that names every option of its usage" {
	for b in $(binaries); do
		[ -f "$ROOT/man/$b.1" ] || { echo "no man/$b.1"; false; }
		for opt in $("$b" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
			grep -qF -- "${opt//-/\\-}" "$ROOT/man/$b.1" || { echo "man/$b.1 does not name $opt"; false; }
		done
	done
}

@test "every man page is well-formed roff" {
	for m in "$ROOT"/man/*.[15]; do
		run -0 --separate-stderr env MANWIDTH=80 man --warnings -E UTF-8 -l "$m"
		assert_eq "" "$stderr"
	done
}

@test "every binary has bash and zsh completion and a line in README.md" {
	for b in $(binaries); do
		[ -f "$ROOT/completions/bash/$b" ] || { echo "no bash completion for $b"; false; }
		[ -f "$ROOT/completions/zsh/_$b" ] || { echo "no zsh completion for $b"; false; }
		grep -q -- "$b" "$ROOT/README.md" || { echo "$b not in README.md"; false; }
		run -0 bash -n "$ROOT/completions/bash/$b"
	done
}

@test "bash completion offers the options of catan-newboard" {
	run -0 bash -c "source '$ROOT/completions/bash/catan-newboard'; COMP_WORDS=(catan-newboard --pl); COMP_CWORD=1; _catan_newboard; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq "--players" "$output"
	run -0 bash -c "source '$ROOT/completions/bash/catan-newboard'; COMP_WORDS=(catan-newboard --numbers ''); COMP_CWORD=2; _catan_newboard; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq $'spiral\nrandom' "$output"
	run -0 bash -c "source '$ROOT/completions/bash/catan-newboard'; COMP_WORDS=(catan-newboard --harbours ''); COMP_CWORD=2; _catan_newboard; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq $'shuffled\nfixed' "$output"
}

@test "every binary's completion offers exactly the options its --help names" {
	for b in $(binaries); do
		help=$("$b" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u)
		comp=$("$b" --complete -- | sort -u)
		assert_eq "$help" "$comp"
		grep -q -- "$b --complete" "$ROOT/completions/bash/$b" || { echo "$b: bash"; false; }
		grep -q -- "$b --complete" "$ROOT/completions/zsh/_$b" || { echo "$b: zsh"; false; }
	done
}

@test "dicegame-sheet's subcommands complete only options its --help names" {
	help=$(dicegame-sheet --help | grep -oE -- '--[a-z][a-z-]+' | sort -u)
	for sub in new move list score render validate view auto map; do
		run -0 dicegame-sheet --complete "$sub" --
		for opt in $output; do
			[[ $help == *"$opt"* ]] || { echo "$sub: $opt not in --help"; false; }
		done
	done
}

@test "--help is printed from the option table: every option with help has its entry and text; no usage is written by hand" {
	for f in "$ROOT"/cmd/*.c "$ROOT"/cmd/*.py; do
		b=$(basename "${f%.*}")
		help=$("$b" --help)
		# The table's options with help, as --complete-describe gives them: "--name:help"; an
		# entry names its value as " VALUE", " [VALUE]" or, given only after "=", "[=VALUE]".
		while IFS=: read -r opt _; do
			line=$(grep -E -- "^  (-., |    )$opt( |\[=|\$)" <<<"$help") || { echo "$b: no entry for $opt"; false; }
			text=$(sed -E "s/^  (-., |    )$opt( [^ ]+|\[=[^ ]+\])? *//" <<<"$line")
			[ -n "$text" ] || { echo "$b: $opt has no text"; false; }
		done < <("$b" --complete-describe --)
	done
	# A subcommand's help lists the options it takes, and only those.
	for sub in $(dicegame-sheet --complete ''); do
		shown=$(dicegame-sheet "$sub" --help | grep -oE -- '^  (-., |    )--[a-z-]+' | grep -oE -- '--[a-z-]+' | sort)
		assert_eq "$(dicegame-sheet --complete "$sub" -- | sort)" "$shown"
	done
	# The usage lines and the texts live in the tables (struct fe_cmd, struct fe_opt), not in strings of their own.
	run grep -lE 'usage_(text|short)' "$ROOT"/cmd/*.c "$ROOT"/cmd/fe/*.[ch]
	assert_eq "" "$output"
	run grep -lF '"usage: ' "$ROOT"/cmd/*.c
	assert_eq "" "$output"
	# The Python programs' too: no string that starts "usage: NAME".
	run grep -lE '"usage: [a-z]' "$ROOT"/cmd/*.py
	assert_eq "" "$output"
}

@test "catan-newboard's help gives the defaults a new game has" {
	rules=$(catan-newboard --beginner | jq -c .rules)
	help=$(catan-newboard --help)
	[[ $help == *"points_to_win ($(jq .points_to_win <<<"$rules"))"* ]]
	[[ $help == *"discard_limit ($(jq .discard_limit <<<"$rules"))"* ]]
	[[ $help == *"trade_build ($(jq -r .trade_build <<<"$rules")|"* ]]
	[[ $help == *"outcomes ($(jq -r .outcomes <<<"$rules")|"* ]]
}

@test "catan-newboard completes --rules from the rule set's options" {
	run -0 catan-newboard --complete --rules ''
	assert_eq $'variant=base\nvariant=two\nvariant=five_six\npoints_to_win=\ndiscard_limit=\ntrade_build=combined\ntrade_build=strict\noutcomes=internal\noutcomes=external\nopen_hands=off\nopen_hands=on\ndev_after_roll=off\ndev_after_roll=on\nreroll_sevens=off\nreroll_sevens=on\nkeep_settlement=off\nkeep_settlement=on\nfriendly_robber=off\nfriendly_robber=on\nroad_tie=keep\nroad_tie=aside\nvp_cards=held\nvp_cards=played\nignore_seven=off\nignore_seven=on\nknight_interrupt=off\nknight_interrupt=on\npaired_players=off\npaired_players=on' "$output"
	run -0 catan-newboard --complete --rules tr
	assert_eq $'trade_build=combined\ntrade_build=strict' "$output"
}

@test "a list option completes its next element, leaving out those given" {
	run -0 catan-newboard --complete --players red,
	assert_eq $'red,blue\nred,white\nred,orange\nred,green\nred,brown' "$output"
	run -0 catan-newboard --complete -p blue,white,o
	assert_eq "blue,white,orange" "$output"
	run -0 catan-render --complete --view ''
	assert_eq $'red\nblue\nwhite\norange\ngreen\nbrown' "$output"
	run -0 catan-render --complete --colo
	assert_eq "--color" "$output"
}

# Pairs "file header" for every quoted include among libcore's sources,
# a file and its own header counting as one module.
libcore_includes() {
	local f m h
	for f in $(cd "$ROOT/libcore" && find . -name '*.[ch]' ! -path './catan/gen/*'); do
		m=$(basename "$f"); m=${m%.*}
		echo "$m $m"
		sed -n 's/^#include "\([^"]*\)\.h".*/\1/p' "$ROOT/libcore/$f" |
		while read -r h; do
			h=${h##*/}	# "model/state" is the module state
			[ "$h" = "$m" ] || echo "$m $h"
		done
	done
}

@test "libcore's modules include each other without a circle" {
	libcore_includes > "$BATS_TEST_TMPDIR/pairs"
	[ -s "$BATS_TEST_TMPDIR/pairs" ]
	run -0 --separate-stderr tsort "$BATS_TEST_TMPDIR/pairs"
	assert_eq "" "$stderr"
}

# The floors of libcore/catan (docs/library.md), low to high: a file includes
# only its own floor's headers and lower ones'.  Prints each include that
# climbs; "$1" is the folder to look in.
floor_climbs() {
	local rank f g
	rank() { case $1 in model) echo 1 ;; rules) echo 2 ;; doc) echo 3 ;; import | play | render) echo 4 ;; *) echo 9 ;; esac; }
	for f in "$1"/*/*.[ch]; do
		case $f in */gen/*) continue ;; esac
		for g in $(sed -n 's|^#include "\([a-z]*\)/.*|\1|p' "$f"); do
			[ "$(rank "$g")" -le "$(rank "$(basename "$(dirname "$f")")")" ] || echo "$f includes $g/"
		done
	done
}

@test "libcore/catan's floors: model, rules, doc, then import, play and render; no file includes a floor above its own" {
	run -0 floor_climbs "$ROOT/libcore/catan"
	assert_eq "" "$output"
	# Each floor is a folder the Makefile builds, and every source stands on one.
	assert_eq "model rules doc import play render" "$(sed -n 's/^CATAN_FLOORS = //p' "$ROOT/Makefile")"
	run -0 find "$ROOT/libcore/catan" -maxdepth 1 -name '*.[ch]'
	assert_eq "" "$output"
}

@test "the floor check finds an include that climbs" {
	mkdir -p "$BATS_TEST_TMPDIR/c/model" "$BATS_TEST_TMPDIR/c/play"
	printf '#include "play/autoplay.h"\n' >"$BATS_TEST_TMPDIR/c/model/state.c"
	printf '#include "model/state.h"\n' >"$BATS_TEST_TMPDIR/c/play/autoplay.c"
	run -0 floor_climbs "$BATS_TEST_TMPDIR/c"
	assert_eq "$BATS_TEST_TMPDIR/c/model/state.c includes play/" "$output"
}

@test "jansson stays behind jv.c: the library writes with jw and reads with jv; only the checks against jansson see it" {
	cd "$ROOT"
	run -0 bash -c "grep -rlE '#include <jansson.h>|#include \"jv_jansson.h\"' libcore cmd fuzz tests/unit bench | sort"
	assert_eq "bench/floor.c
bench/parse-only.c
fuzz/fuzz_jv.c
libcore/jv.c
libcore/jv_jansson.h
tests/unit/jr_test.c
tests/unit/jv_test.c" "$output"
}

@test "every reader of a document refuses the same broken JSON in the same words, status 3" {
	f=$BATS_TEST_TMPDIR/bad.json
	printf '{"a": tru}' >"$f"
	want="not a JSON document: line 1, column 9: invalid token near 'tru'"
	for c in "catan-score" "catan-render" "dicegame-sheet score" "catan-import --format catanatron"; do
		# shellcheck disable=SC2086
		run -3 --separate-stderr $c "$f"
		assert_eq "${c%% *}: $f: $want" "$stderr"
	done
	run -3 --separate-stderr catan-move <"$f"
	assert_eq "catan-move: stdin: $want" "$stderr"
	run -3 --separate-stderr dicegame-sheet new --map "$f"
	assert_eq "dicegame-sheet: $f: $want" "$stderr"
	# catan-validate reports on standard output, a line a file.
	run -3 catan-validate "$f"
	assert_eq "$f: $want" "$output"
}

@test "every program's --help fits 80 columns" {
	for c in $(binaries); do
		run -0 "$c" --help
		printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/help"
		assert_eq "" "$(awk -v c="$c" 'length > 80 { print c ": " $0 }' "$BATS_TEST_TMPDIR/help")"
	done
}

@test "the circle check finds a circle when there is one" {
	printf 'a b\nb c\nc a\n' > "$BATS_TEST_TMPDIR/pairs"
	run -1 --separate-stderr tsort "$BATS_TEST_TMPDIR/pairs"
	[[ "$stderr" == *loop* ]]
}

@test "fuzz/run runs every fuzz target, and each has a dictionary it names" {
	in_tree=$(cd "$ROOT/fuzz" && ls fuzz_*.c | sed 's/\.c$//' | sort)
	in_run=$(sed -n '/^\[ ${#targets\[@\]} -gt 0 \]/,/)$/p' "$ROOT/fuzz/run" | grep -oE 'fuzz_[a-z_]+' | sort)
	assert_eq "$in_tree" "$in_run"
	for d in $(grep -oE 'fuzz/dict/[a-z]+\.dict' "$ROOT/fuzz/run" | sort -u); do
		[ -s "$ROOT/$d" ] || { echo "no $d"; false; }
	done
}

@test "a command that reads a game from a terminal says what it expects instead of waiting" {
	command -v script >/dev/null || skip "no script(1)"
	for cmd in catan-render catan-score "dicegame-sheet score"; do
		run -2 script -qec "$cmd" /dev/null </dev/null
		assert_eq "${cmd%% *}: no game given: name a FILE or pipe a game in (standard input is a terminal; see --help)" "${output//$'\r'/}"
	done
	# catan-move names no FILE: its game comes on standard input or with -i FILE.
	run -2 script -qec catan-move /dev/null </dev/null
	assert_eq "catan-move: no game given: pipe a game in, or edit a file with -i FILE (standard input is a terminal; see --help)" "${output//$'\r'/}"
	run -2 script -qec "catan-validate -q" /dev/null </dev/null
	assert_eq "stdin: no game given: name a FILE or pipe a game in (standard input is a terminal; see --help)" "${output//$'\r'/}"
	# A pipe is read as always.
	run -0 bash -c "catan-newboard --seed 1 | catan-score"
}

@test "deps: the demo asks only for what the build and the programs need, and a package awaiting triggers counts as installed" {
	mkdir "$BATS_TEST_TMPDIR/bin"
	# A dpkg that knows make (its triggers pending) and gcc (installed), and an unprivileged user.
	cat >"$BATS_TEST_TMPDIR/bin/dpkg-query" <<'SH'
#!/bin/sh
for last; do :; done
case $last in make) printf 'it ' ;; gcc) printf 'ii ' ;; *) printf 'un ' ;; esac
SH
	printf '#!/bin/sh\necho 1000\n' >"$BATS_TEST_TMPDIR/bin/id"
	chmod +x "$BATS_TEST_TMPDIR/bin/dpkg-query" "$BATS_TEST_TMPDIR/bin/id"
	run -1 env PATH="$BATS_TEST_TMPDIR/bin:$PATH" sh "$ROOT/.ci/deps" build
	assert_eq "  apt-get install -y libc6-dev pkg-config libjansson-dev libsodium-dev jq python3 librsvg2-bin pngquant" "${lines[1]}"
	run -1 env PATH="$BATS_TEST_TMPDIR/bin:$PATH" sh "$ROOT/.ci/deps"
	# The tests' own: the browser test drives Chromium through chromedriver with Selenium; the
	# match recipe's test runs GNU parallel over ssh; the referee's mail set-up runs behind Exim.
	[[ "${lines[1]}" == *" jq python3 librsvg2-bin pngquant bats bash-completion man-db libxml2-utils time valgrind tmux zsh rlwrap chromium chromium-driver python3-selenium clang libclang-rt-14-dev parallel openssh-server openssh-client exim4-daemon-light procmail maildrop" ]]
	grep -q '^demo:$' "$ROOT/Makefile"
	grep -A1 '^demo:$' "$ROOT/Makefile" | grep -q 'sh .ci/deps build'
	# As root it says what it installs before it does (an apt-get that only shows its arguments).
	printf '#!/bin/sh
echo 0
' >"$BATS_TEST_TMPDIR/bin/id"
	printf '#!/bin/sh
echo "apt-get $*"
' >"$BATS_TEST_TMPDIR/bin/apt-get"
	chmod +x "$BATS_TEST_TMPDIR/bin/id" "$BATS_TEST_TMPDIR/bin/apt-get"
	run -0 env PATH="$BATS_TEST_TMPDIR/bin:$PATH" sh "$ROOT/.ci/deps" build
	assert_eq "deps: installing: libc6-dev pkg-config libjansson-dev libsodium-dev jq python3 librsvg2-bin pngquant
apt-get update -qq
apt-get install -y -qq --no-install-recommends libc6-dev pkg-config libjansson-dev libsodium-dev jq python3 librsvg2-bin pngquant" "$output"
}

@test "make demo says what it does: building, with a dot a file compiled and each program's name linked, then playing" {
	# Its builds left out (MAKE=true), and dpkg saying every package is there.
	mkdir "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\nprintf "ii "\n' >"$BATS_TEST_TMPDIR/bin/dpkg-query"
	chmod +x "$BATS_TEST_TMPDIR/bin/dpkg-query"
	b=$BATS_TEST_TMPDIR/b
	run -0 env PATH="$BATS_TEST_TMPDIR/bin:$PATH" make -s -C "$ROOT" demo B="$b" MAKE=true
	assert_eq "deps: all packages present" "${lines[0]}"
	assert_eq "demo: building the programs in $b/ (a minute or two; longer on a busy machine)" "${lines[1]}"
	floors=$(sed -n 's/^CATAN_FLOORS = //p' "$ROOT/Makefile")
	n=$(cd "$ROOT" && ls libcore/*.c $(printf 'libcore/catan/%s/*.c ' $floors) libcore/dice/*.c cmd/fe/*.c cmd/*.c | wc -l)
	assert_eq "demo: compiling $((n + 1)) files " "${lines[2]}"
	assert_eq "demo: linking:" "${lines[3]}"
	assert_eq "demo: playing a game" "${lines[4]}"
	assert_eq "== A beginner game (catan-newboard --beginner --seed 1):" "${lines[5]}"
	# The builds it runs: the objects with a dot each, then the programs, each named.
	run -0 make -n -s -C "$ROOT" demo B="$b"
	[[ "$output" == *"COMPILED='@printf .' $b/libcore/buf.o "* ]]
	[[ "$output" == *"LINKED='@printf \" %s\"' $b/libcore.a $b/libfe.a $b/bin/catan-import "* ]]
	[[ "$output" != *bin-dyn* && "$output" != *"$b/unit/"* ]]
	run -0 make -s -C "$ROOT" B="$b" COMPILED='@printf .' "$b/libcore/err.o"
	assert_eq "." "$output"
}

@test "README says where the programs are after the build and how to put them on PATH" {
	sed -n '/^## Two commands/,/^## The programs/p' "$ROOT/README.md" >"$BATS_TEST_TMPDIR/two"
	grep -q 'build/bin' "$BATS_TEST_TMPDIR/two"
	grep -q 'make install PREFIX=\$HOME/.local' "$BATS_TEST_TMPDIR/two"
}

@test "every road the manual, README and docs name is a path of the board" {
	# (Lines that show the refusal of a path that does not exist are left out.)
	paths=$(cat "$ROOT"/man/*.[15] "$ROOT/README.md" "$ROOT"/docs/*.md | grep -v 'is not a path' |
		grep -oE "build road [0-9]+-[0-9]+" | awk '{ print $3 }' | sort -u)
	[ -n "$paths" ]
	catan-newboard --beginner --seed 1 >"$BATS_TEST_TMPDIR/g.json"
	for p in $paths; do
		run --separate-stderr catan-move "red build road $p" <"$BATS_TEST_TMPDIR/g.json"
		[[ "$stderr" != *"is not a path"* ]] || { echo "$p: $stderr"; false; }
	done
}

@test "catan-state(5) renders its views paragraph with its words apart" {
	run -0 bash -c "MANWIDTH=200 man -l '$ROOT/man/catan-state.5' 2>/dev/null | tr -s ' \n' '  '"
	[[ "$output" == *"after dev); the deck is a number; log lines keep hidden outcomes hidden"* ]]
}

@test "loops run over the game's own board: the base board's size is named only where arrays are sized" {
	# Loops are bounded by struct geometry (g->rs->geom), arrays by the MAX_ macros (the
	# largest board's, GEOM_MAX_); GEOM_BASE_ sizes only the beginner board's fixed layout.
	run grep -rlE 'GEOM_BASE_' "$ROOT/libcore" "$ROOT/cmd" --include='*.c' --include='*.h'
	assert_eq "$ROOT/libcore/catan/model/board.c" "$(printf '%s\n' "$output" | grep -v '/gen/' | sort)"
	run grep -rlE 'GEOM_MAX_' "$ROOT/libcore" "$ROOT/cmd" --include='*.c' --include='*.h'
	assert_eq "$ROOT/libcore/catan/model/types.h" "$(printf '%s\n' "$output" | grep -v '/gen/' | sort)"
	run grep -rnE '<=? *MAX_(HEX|NODE|EDGE|COAST|HARBOUR)\b' "$ROOT/libcore" "$ROOT/cmd"
	assert_eq "" "$output"
}

# catan_sources EXCEPT...: every source of libcore/catan's floors (gen/ runs at build time), as
# paths under libcore/catan, but those that start with an EXCEPT (a file, or a folder "render/"):
# a lint over them holds a new file to it at once; each caller says why it lets a file be.
catan_sources() {
	local f e
	(cd "$ROOT/libcore/catan" && for f in */*.[ch]; do
		case $f in gen/*) continue ;; esac
		for e in "$@"; do case $f in "$e"*) continue 2 ;; esac; done
		echo "$f"
	done)
}

@test "catan_sources lists every source of the floors but those let be" {
	run -0 catan_sources
	assert_eq "$(cd "$ROOT/libcore/catan" && ls */*.[ch] | grep -v '^gen/')" "$output"
	run -0 catan_sources render/ model/ruleset.c
	[[ $output == *"model/ruleset.h"* && $output == *"rules/rules.c"* && $output == *"import/import.c"* ]]
	[[ $output != *render/* && $output != *model/ruleset.c* ]]
}

@test "the base game's numbers (bank 19, deck 25 and 14 knights, 15 roads) are written only in its rule set" {
	cd "$ROOT/libcore/catan"
	# Every source, but: the rule sets' tables (ruleset.c, its option count in ruleset.h); the
	# beginner board's fixed layout (board.c); the pictures' coordinates and sizes (render/); the
	# other systems' records and encodings, all of the base game (import/); the reports' formats
	# (verdict_report.c: TAP's version, a URL's escapes).
	run grep -nwE '19|25|15|14' $(catan_sources model/ruleset. model/board.c render/ import/ doc/verdict_report.c)
	# Comments may name them; code may not.
	assert_eq "" "$(printf '%s\n' "$output" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/\*|\*)' || true)"
	run grep -cwE '19|25|15|14' model/ruleset.c
	[ "$output" -ge 4 ]
}

@test "the Makefile takes CPPFLAGS, AR and RANLIB from the command line, as make's conventions say" {
	run -0 make -n -C "$ROOT" B="$BATS_TEST_TMPDIR/b" CPPFLAGS=-DCATAN_CPP_SEEN AR=our-ar RANLIB=our-ranlib "$BATS_TEST_TMPDIR/b/libcore.a"
	grep -q -- '-c -o .*/libcore/rng.o .*' <<<"$output"
	grep -- ' -c -o ' <<<"$output" | grep -vq -- '-DCATAN_CPP_SEEN' && { echo "a compile without CPPFLAGS"; false; }
	grep -q '^our-ar rc ' <<<"$output"
	grep -q '^our-ranlib ' <<<"$output"
}

@test "the board's composition (terrains, tokens, harbours) is read from the rule set, never from a literal table" {
	cd "$ROOT/libcore/catan"
	# A list of three numbers or more in code is a composition written again outside its table.
	# Every source, but the tables themselves (ruleset.c), the pictures' own coordinates and
	# scales (render/) and the other systems' encodings (import/).
	run grep -nE '\{ *[0-9]+ *, *[0-9]+ *, *[0-9]+' $(catan_sources model/ruleset.c render/ import/)
	assert_eq "" "$(printf '%s\n' "$output" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/\*|\*)' || true)"
}

@test "what a rule set has beyond the base game is asked by name (rs_has_trade_cards...), never from a count" {
	# ruleset.h names each capability; a test of its count elsewhere hides which one a check is about.
	run grep -rnE '(!|if \(|&& |\|\| )[a-z>.-]*rs->(trade_cards|neutral_seats|neutral_builds|rolls_per_turn) *(\)|&&|\|\||[<>=!]=? *[01]\b)' \
		"$ROOT/libcore" "$ROOT/cmd" --include='*.c' --include='*.h'
	assert_eq "" "$output"
}

@test "the dice are the rule set's (dice_sides, NDICE): no six-sided die, 2 to 12 or red 6 and 8 written in code" {
	cd "$ROOT/libcore/catan"
	# (A shift by 6, ">> 6", is a bit set's word, not a die.)  Every source, but the other
	# systems' records, whose dice are six-sided (import/), and render_html.c, whose roll_of
	# still reads a die of 1 to 6 from a log line (render/ is changed elsewhere: to mend there).
	run grep -nE "abs\( *7 *-|tok(en)? *== *[68]\b|'6'|(dice|die|[ab]) *<= *6\b|(^|[^>])> *6\b|, *12, *&|<= *12\b" \
		$(catan_sources import/ render/render_html.c)
	assert_eq "" "$output"
}

@test "no bats assertion that cannot fail: tests/bats-lint finds none in the suite, and finds a planted one" {
	run -0 "$ROOT/tests/bats-lint" "$ROOT"/tests/*.bats "$ROOT"/tests/*.bash
	assert_eq "" "$output"
	printf 'h() {\n\t! grep -q y "$1" &&\n\ttrue\n}\n@test "planted" {\n\t! grep -q x "$f"\n\t[ -e a ] && [[ -e b ]]\n\t[ -e a ] && [ -e b ] || x\n\ttrue\n' >"$BATS_TEST_TMPDIR/planted.bats"
	printf '\tcatan-move "red end" <g.json >/dev/null 2>&1 || true\n\tcatan-move "red end" <g.json &>/dev/null || :\n' >>"$BATS_TEST_TMPDIR/planted.bats"
	printf '\tcatan-move "red end" <g.json 2>/dev/null || true\n\tcatan-move "red end" <g.json >out || true\n' >>"$BATS_TEST_TMPDIR/planted.bats"
	printf '\tkill "$pid" >/dev/null 2>&1 || true\n}\n' >>"$BATS_TEST_TMPDIR/planted.bats"
	run -1 "$ROOT/tests/bats-lint" "$BATS_TEST_TMPDIR/planted.bats"
	assert_eq "$BATS_TEST_TMPDIR/planted.bats:6: a negated command cannot fail a test: ! grep -q x \"\$f\"
$BATS_TEST_TMPDIR/planted.bats:7: only the last test of a chain joined by && can fail a test: [ -e a ] && [[ -e b ]]
$BATS_TEST_TMPDIR/planted.bats:10: a command whose output goes to /dev/null and whose status || drops cannot fail a test: catan-move \"red end\" <g.json >/dev/null 2>&1 || true
$BATS_TEST_TMPDIR/planted.bats:11: a command whose output goes to /dev/null and whose status || drops cannot fail a test: catan-move \"red end\" <g.json &>/dev/null || :" "$output"
}

@test "make check-quick's sample of a bats file is its first tests, picked by their exact names" {
	f=$BATS_TEST_TMPDIR/names.bats
	printf '@test "a (b) [c] d.e *f* g|h" {\n\ttrue\n}\n@test "say \\"=\\" a^b $ x+y? {z}" {\n\ttrue\n}\n' >"$f"
	printf '@test "a (b) [c] d.e *f* g|h and more" {\n\ttrue\n}\n@test "third" {\n\ttrue\n}\n' >>"$f"
	run -0 "$ROOT/tests/run-quick" --sample "$f"
	run -0 bats --tap -f "$output" "$f"
	assert_eq '1..2
ok 1 a (b) [c] d.e *f* g|h
ok 2 say "=" a^b $ x+y? {z}' "$output"
	run -0 env QUICK_TESTS=3 "$ROOT/tests/run-quick" --sample "$f"
	run -0 bats --count -f "$output" "$f"
	assert_eq 3 "$output"
	grep -q '^check-quick: ' "$ROOT/Makefile"
	grep -q 'make check-quick' "$ROOT/README.md"
}
