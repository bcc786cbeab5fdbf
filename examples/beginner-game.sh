#!/bin/sh
# beginner-game.sh: plays a whole scripted three-player game on the beginner board and
# prints how it ended.  Usage: beginner-game.sh [GAME-FILE] (the final game is kept there).
set -e
here=$(dirname "$0")
game=${1:-${TMPDIR:-/tmp}/beginner-game.$$.json}
catan-newboard --beginner --seed 7 --players red,blue,white --rules outcomes=external >"$game"
catan-move -i "$game" -f "$here/beginner-game.moves"
jq -r '"\(.log | length) moves; \(.position.current) \(if .position.phase == "over" then "won" else "to play" end) on turn \(.position.turn)",
       "last move: \(.log[-1])",
       (.position.players | to_entries[] |
        "\(.key): settlements \(.value.settlements), cities \(.value.cities), \(.value.roads | length) roads, knights \(.value.played.knight)"),
       "awards: longest road \(.position.awards.longest_road), largest army \(.position.awards.largest_army // "nobody")"' "$game"
[ -n "$1" ] || rm -f "$game"
