#!/bin/sh
# validate.sh: catan-validate's replay rate in moves per second on a corpus of generated games,
# next to the time of only reading and parsing the same files.  Goal (issue 29): the whole
# validation, one file at a time, costs at most 0.5 times the parse-only time (jansson's parse of
# the same files; issue 14's goal was 1.5 times).  The library reads a document with a parser of
# its own (libcore/jv.c), so it may cost less than that floor.
# usage: sh bench/validate.sh [BUILD-DIR] [GAMES]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
games=${2:-500}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The corpus: four-player games from random boards, played from the set-up by random legal
# moves (builds first) until someone wins or 1000 moves; dice and cards from the generator.
mkdir "$tmp/games"
"$b/bench/gen-games" 1 "$games" 1000 "$tmp/games" >"$tmp/gen.out"
moves=$(sed 's/.* games, \([0-9]*\) moves/\1/' "$tmp/gen.out")
bytes=$(cat "$tmp"/games/*.json | wc -c)

# best FIELD CMD...: the least of five runs, in nanoseconds: FIELD 1 is processor time (what
# the program costs, whatever else the machine runs), 2 the wall clock.
best() {
	field=$1
	shift
	least=""
	for i in 1 2 3 4 5; do
		"$b/bench/cputime" "$@" >/dev/null 2>"$tmp/t" || { echo "validate.sh: '$*' failed" >&2; exit 1; }
		t=$(tail -n 1 "$tmp/t" | cut -d' ' -f"$field")
		if [ -z "$least" ] || [ "$t" -lt "$least" ]; then least=$t; fi
	done
	echo "$least"
}

parse=$(best 1 "$b/bench/parse-only" json "$tmp"/games/*.json)
read=$(best 1 "$b/bench/parse-only" read "$tmp"/games/*.json)
one=$(best 1 "$b/bin/catan-validate" -q -j 1 "$tmp"/games/*.json)
all=$(best 2 "$b/bin/catan-validate" -q "$tmp"/games/*.json)

awk -v games="$games" -v moves="$moves" -v bytes="$bytes" -v parse="$parse" -v read="$read" \
	-v one="$one" -v all="$all" -v cores="$(nproc 2>/dev/null || echo '?')" 'BEGIN {
	printf "validate: goal: catan-validate -j 1 at most 0.5x the parse-only time of the same files\n"
	printf "  corpus: %d games, %d moves, %.1f MB of JSON (processor time, best of 5)\n",
		games, moves, bytes / 1e6
	printf "  parse only (jansson):          %7.3f s\n", parse / 1e9
	printf "  read (parse + game structs):   %7.3f s   %.2fx parse-only\n", read / 1e9, read / parse
	printf "  catan-validate -j 1:           %7.3f s   %.2fx parse-only   %.0f moves/s\n",
		one / 1e9, one / parse, moves / (one / 1e9)
	printf "  catan-validate, %s cores:       %7.3f s wall   %.0f moves/s\n", cores, all / 1e9,
		moves / (all / 1e9)
	printf "  ratio (validate -j 1 / parse-only): %.2f  %s\n", one / parse,
		one <= 0.5 * parse ? "(goal met)" : "(goal missed)"
}'
