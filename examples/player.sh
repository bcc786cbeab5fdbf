#!/bin/sh
# player.sh: a player for catan-match in plain shell, speaking catan-player(5).
# It builds what it can, rolls, buys, and otherwise ends its turn; in every
# other decision (set-up, discards, the robber, answers) it takes the first
# legal move.  Run it in a match:
#   catan-match --seeds 1-4 'exec:sh examples/player.sh' random
pick=
while IFS= read -r line; do
	case $line in
	"legal "*)
		n=${line#legal }
		first= good= end=
		while [ "$n" -gt 0 ] && IFS= read -r move; do
			n=$((n - 1))
			[ -n "$first" ] || first=$move
			case $move in
			*" build "* | *" roll" | *" buy" | *" accept") [ -n "$good" ] || good=$move ;;
			*" end") end=$move ;;
			esac
		done
		pick=${good:-${end:-$first}}
		;;
	go) printf '%s\n' "$pick" ;;
	"over "*) exit 0 ;;
	esac
done
