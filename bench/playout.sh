#!/bin/sh
# playout.sh: random play-outs in one process, and catan-move per call against the floor of a
# program that only reads, parses and writes the same JSON (bench/README.md says more).
# usage: sh bench/playout.sh [BUILD-DIR]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "playout: goal 25000 or more random games per CPU second on one core (issue 29)"
# One run lasts a fraction of a second, so a pause of the machine moves it: five runs, and their median.
"$b/bench/playout" 2000 random >"$tmp/runs"
for i in 2 3 4 5; do "$b/bench/playout" 2000 random | head -n 1 >>"$tmp/runs"; done
head -n 2 "$tmp/runs"
awk '/games per CPU second/ { print $2 }' "$tmp/runs" | sort -n | paste -s -d ' ' - |
	awk '{ printf "playout: five runs of 2000 random games: %s games per CPU second; median %s\n", $0, $3 }'
# Instructions per move (callgrind counts them the same on every run): the distance to the
# limit, some 100 to 160 instructions for the list, the choice and the move (issue 29).
if command -v valgrind >/dev/null 2>&1; then
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b/bench/playout" 60 random >"$tmp/cg.out" 2>"$tmp/cg.err"
	refs=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$tmp/cg.err" | tr -d , | head -n 1)
	awk -v refs="$refs" '/moves and .* turns per game/ { moves = 60 * $7 }
		END { if (moves > 0 && refs > 0)
			printf "playout: %.0f instructions per move (callgrind, playout 60 random: %d instructions, %.0f moves, set-up and new boards included)\n", refs / moves, refs, moves }' "$tmp/cg.out"
else
	echo "playout: instructions per move not counted: valgrind is not installed"
fi
"$b/bench/playout" 500 greedy
"$b/bench/playout" 2000 random two
"$b/bench/playout" 1000 random six

# A late-game state with its log: a random game stopped two turns before its end.
bin=$b/bin
"$bin/catan-newboard" --seed 3 >"$tmp/full.json"
"$bin/catan-move" -i "$tmp/full.json" --until-end
end=$(jq .position.turn "$tmp/full.json")
"$bin/catan-newboard" --seed 3 | "$bin/catan-move" --until-end --turn-limit $((end - 2)) >"$tmp/late.json"
move=$("$bin/catan-move" --list <"$tmp/late.json" | head -n 1)
echo "percall: goal catan-move at most 0.45x of the floor (issue 29); a late-game state of $(wc -c <"$tmp/late.json") bytes," \
	"$(jq '.log | length' "$tmp/late.json") logged moves; 300 runs each, taking turns"
"$b/bench/percall" 300 "$tmp/late.json" \
	"floor (read, parse, write)" -- "$b/bench/floor" -- \
	"catan-move '$move'" -- "$bin/catan-move" "$move" -- \
	"catan-move (rewrite)" -- "$bin/catan-move" -- \
	"catan-move --count" -- "$bin/catan-move" --count -- \
	"catan-move --auto 10" -- "$bin/catan-move" --auto 10 -- \
	"catan-move --version" -- "$bin/catan-move" --version
