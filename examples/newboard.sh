#!/bin/sh
# newboard.sh: two new games, read with jq: who places first on a random board,
# and what red holds at the start of a beginner game.
set -e
catan-newboard --seed 2024 | jq -r '"\(.position.phase) \(.position.current)"'
catan-newboard --beginner --seed 1 |
	jq -r '.position.players.red.hand | to_entries | map(select(.value > 0) | "\(.value) \(.key)") |
	       "beginner: red " + join(" ")'
