#!/bin/sh
# match.sh: catan-match's games per second: built-in players in process, on one thread and on
# two (issues 26 and 29), and a program that plays by the player protocol (bench/README.md).
# usage: sh bench/match.sh [BUILD-DIR]   (after make bench; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run LABEL GAMES ARG...: catan-match over seeds 1..GAMES; its CPU and wall time from cputime.
run() {
	label=$1 games=$2
	shift 2
	"$b/bench/cputime" "$b/bin/catan-match" -q --seeds "1-$games" "$@" >"$tmp/lines" 2>"$tmp/time"
	tail -n 1 "$tmp/time" | awk -v l="$label" -v g="$games" -v m="$(jq -s 'map(.moves) | add' "$tmp/lines")" \
		'{ printf "match: %s: %d games, %.0f games per CPU second, %.0f per second of wall time, %.0f moves per CPU second\n",
		   l, g, g / ($1 / 1e9), g / ($2 / 1e9), m / ($1 / 1e9) }'
}
run "random x4, -j 1" 20000 random random random random
run "random x4, -j 2" 20000 -j 2 random random random random
run "greedy against 3 random, -j 1" 5000 greedy random random random
run "Catan for Two, random x2, -j 1" 20000 --rules variant=two random random
run "examples/player.sh against greedy (a process a game, a view a decision)" 20 \
	'exec:sh examples/player.sh' greedy
