#!/bin/sh
# dicegame-extra.sh: the Dice Game Extra on our own shared map: one player at the keyboard's moves
# given by hand for the start roads and the first turn, then the automatic players to the end.
# usage: sh examples/dicegame-extra.sh [SEED [SVG-FILE]]   (dicegame-sheet on PATH)
set -eu
seed=${1:-2024}
sheet=$(mktemp)
trap 'rm -f "$sheet"' EXIT

dicegame-sheet new --island 3 --castles --players ann,bob,cy --seed "$seed" >"$sheet"
dicegame-sheet list "$sheet"                  # the coastal roads ann may start from
dicegame-sheet -i "$sheet" move 'start NR2'   # ann's start road, chosen by hand
dicegame-sheet -i "$sheet" auto --turns 2     # bob's and cy's, chosen by the automatic player
dicegame-sheet -i "$sheet" move roll          # ann's first turn: three dice
dicegame-sheet list "$sheet"
dicegame-sheet -i "$sheet" auto --all         # everyone by the automatic player from here
dicegame-sheet validate "$sheet"
dicegame-sheet score "$sheet"
dicegame-sheet render "$sheet"
if [ $# -ge 2 ]; then
	dicegame-sheet render --svg "$sheet" >"$2"
fi
