#!/bin/sh
# six-players.sh: a game of the 5-6 player extension on the thirty-hex board: six colours seat
# six players, green and brown beside the four; red places its first settlement by hand, then
# automatic players finish the game.  After every turn comes the Special Building Phase, in
# which each other player builds or passes; the first phases and the score are printed.
# Usage: six-players.sh [SEED [GAME-FILE]]
#   GAME-FILE: where the final game is kept (default: a temporary file, removed)
set -e
seed=${1:-4}
game=${2:-${TMPDIR:-/tmp}/six-players.$$.json}
[ -n "$2" ] || trap 'rm -f "$game"' EXIT

catan-newboard --seed "$seed" --players red,blue,white,orange,green,brown >"$game"
catan-move -i "$game" 'red build settlement 25' 'red build road 25-31'
catan-move -i "$game" --until-end --policy greedy

# The first turn after the set-up (24 placements): red's turn, then the five others build or pass.
jq -r '.log[24:] | .[:10][]' "$game"
catan-score "$game"
