#!/bin/sh
# selfplay.sh: four automatic players play a whole game from a random board, then the final
# score is printed.  Usage: selfplay.sh [SEED [POLICY [GAME-FILE]]]
#   POLICY: greedy (default), random, or per colour: greedy,red=random (catan-move(1))
#   GAME-FILE: where the final game is kept (default: a temporary file, removed)
set -e
seed=${1:-1}
policy=${2:-greedy}
game=${3:-${TMPDIR:-/tmp}/selfplay.$$.json}
[ -n "$3" ] || trap 'rm -f "$game"' EXIT

catan-newboard --seed "$seed" >"$game"
catan-move -i "$game" --until-end --policy "$policy"

# Points: 1 a settlement, 2 a city, 2 an award, 1 a victory point card (catan-move(1)).
jq -r --arg seed "$seed" --arg policy "$policy" '
	.position as $p |
	"seed \($seed), policy \($policy): \(.log | length) moves, \($p.turn) turns, " +
	(if $p.phase == "over" then "\($p.current) won" else "stopped by the turn limit" end),
	($p.players | to_entries[] | .key as $c | .value as $v |
	 ($v.settlements | length) as $s | ($v.cities | length) as $k |
	 ($v.dev["victory-point"] + $v.dev_new["victory-point"]) as $vp |
	 [($s + 2 * $k + $vp
	   + (if $p.awards.longest_road == $c then 2 else 0 end)
	   + (if $p.awards.largest_army == $c then 2 else 0 end)),
	  "settlements \($s), cities \($k)",
	  (if $p.awards.longest_road == $c then "longest road" else empty end),
	  (if $p.awards.largest_army == $c then "largest army" else empty end),
	  (if $vp > 0 then "victory points \($vp)" else empty end)] as $row |
	 "\($c)\t\($row[0]) points\t\($row[1:] | join(", "))")' "$game"
