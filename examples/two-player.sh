#!/bin/sh
# two-player.sh: a game of Catan for Two (the 2020 edition's two-player rules): red and blue
# place their pieces by hand next to the neutral white and orange settlements, then automatic
# players finish the game; the two-player moves of the first turns and the score are printed.
# Usage: two-player.sh [SEED [GAME-FILE]]
#   GAME-FILE: where the final game is kept (default: a temporary file, removed)
set -e
seed=${1:-2}
game=${2:-${TMPDIR:-/tmp}/two-player.$$.json}
[ -n "$2" ] || trap 'rm -f "$game"' EXIT

catan-newboard --seed "$seed" --rules variant=two >"$game"
# The neutral settlements stand on 14 and 41; the set-up goes red, blue, blue, red.  A settlement
# on the coast or next to the desert earns trade cards (seed 2 puts the desert on hex 1).
catan-move -i "$game" 'red build settlement 1' 'red build road 1-4' \
	'blue build settlement 13' 'blue build road 13-18' \
	'blue build settlement 3' 'blue build road 3-7' \
	'red build settlement 28' 'red build road 28-34'
jq -r '.position.players | "trade cards after the set-up: red \(.red.trade_cards), blue \(.blue.trade_cards)"' "$game"

catan-move -i "$game" --until-end --policy greedy

# The first two-player moves: the free neutral pieces, the trade-card actions, knights given back.
jq -r '[.log[] | select(test("^[a-z]+ (neutral|action|give|return) "))] | .[:12][]' "$game"
catan-score "$game"
