#!/bin/sh
# demo.sh: the toolkit at work on its embedded default, the beginner board.
# Usage: demo.sh BINDIR (make demo passes the build's bin folder).
set -e
bin=${1:-build/bin}
PATH="$bin:$PATH"
export PATH

# rows: the hexes of a game document, row by row, as terrain and token.
rows() {
	jq -r '.board.hexes | [.[0:3], .[3:7], .[7:12], .[12:16], .[16:19]] | .[] |
	       map("\(.terrain)\(if .token then " " + (.token | tostring) else "" end)") |
	       "    " + join(", ")'
}

echo "== A beginner game (catan-newboard --beginner --seed 1):"
catan-newboard --beginner --seed 1 >"${TMPDIR:-/tmp}/catan-demo.$$"
rows <"${TMPDIR:-/tmp}/catan-demo.$$"
jq -r '.position.players | to_entries[] |
       "  \(.key): settlements \(.value.settlements), roads \(.value.roads), hand " +
       (.value.hand | to_entries | map(select(.value > 0) | "\(.value) \(.key)") | join(", "))' \
	"${TMPDIR:-/tmp}/catan-demo.$$"
jq -r '"  \(.position.current) to \(.position.phase), turn \(.position.turn)"' "${TMPDIR:-/tmp}/catan-demo.$$"
rm -f "${TMPDIR:-/tmp}/catan-demo.$$"
echo
echo "== A random board (catan-newboard --seed 2024):"
catan-newboard --seed 2024 | rows
catan-newboard --seed 2024 | jq -r '"  harbours: " + (.board.harbours | join(", "))'

echo
echo "== A whole scripted game on the beginner board (examples/beginner-game.moves):"
game=${TMPDIR:-/tmp}/catan-demo-game.$$.json
sh "$(dirname "$0")/beginner-game.sh" "$game"
if command -v catan-score >/dev/null 2>&1; then
	echo
	catan-score "$game"
fi
if command -v catan-render >/dev/null 2>&1; then
	echo
	echo "== The final position:"
	catan-render --color never "$game"
fi
rm -f "$game"

# What to try next: the programs on PATH for this shell, then a game of your own.
echo
echo "== Next: put the programs on your PATH for this shell, then play or follow README.md:"
echo "  export PATH=$(cd "$bin" && pwd):\$PATH"
echo "  sh examples/human-vs-bots.sh            # you play red against three bots"
echo "  catan-newboard --seed 42 | catan-render --labels   # a board with its numbers"
echo "  man -l man/catan-move.1                 # moves, views, automatic players"
echo "  README.md, \"The programs\": examples that run in order from this folder"
