#!/bin/sh
# dicegame-solo.sh: a whole 15-turn solo game of Island One played by the automatic policy, then the sheet drawn.
# usage: sh examples/dicegame-solo.sh [SEED [SVG-FILE]]   (dicegame-sheet on PATH)
set -eu
seed=${1:-2024}
sheet=$(mktemp)
trap 'rm -f "$sheet"' EXIT

dicegame-sheet new --seed "$seed" >"$sheet"
dicegame-sheet -i "$sheet" auto --all
dicegame-sheet validate "$sheet"
dicegame-sheet render "$sheet"
if [ $# -ge 2 ]; then
	dicegame-sheet render --svg "$sheet" >"$2"
fi
