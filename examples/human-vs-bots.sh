#!/bin/sh
# human-vs-bots.sh: you play red in the terminal against three automatic players (blue, white,
# orange).  Between turns the board is drawn (catan-render, or a jq summary without it), the
# other players' moves are shown, and your legal moves are offered: type a move's number, or
# the move itself ("build road 14-15", "red end"); a move that is not allowed is explained and
# you try again.  "list" shows the moves again, "board" the board, "quit" stops.
# Usage: human-vs-bots.sh [SEED [POLICY [GAME-FILE]]]   (POLICY of the bots: greedy or random)
set -e
seed=${1:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
policy=${2:-greedy}
game=${3:-${TMPDIR:-/tmp}/human-vs-bots.$$.json}
moves=$game.moves
err=$game.err
trap 'rm -f "$moves" "$err"' EXIT

catan-newboard --seed "$seed" >"$game"
echo "You are red; the bots play $policy.  The game is kept in $game."

board() {
	if command -v catan-render >/dev/null; then
		catan-render --view red --labels --color never --log 0 "$game"
	else
		jq -r '.position as $p |
			"Turn \($p.turn), " + (if $p.phase == "over" then "game over" else
			 "\($p.current) to \($p.phase)" end) + "; robber on hex \($p.robber)",
			"Bank: \($p.bank | to_entries | map("\(.key) \(.value)") | join(", "))",
			($p.players | to_entries[] |
			 "  \(.key): settlements \(.value.settlements | length), cities \(.value.cities | length), " +
			 "roads \(.value.roads | length), cards \(.value.hand | add)" +
			 (if .key == "red" then " (\(.value.hand | to_entries | map(select(.value > 0) |
			   "\(.key) \(.value)") | join(", ")))" else "" end))' "$game"
	fi
}

offer() {
	catan-move --list --as red <"$game" >"$moves"
	echo "Your moves:"
	awk '{ sub(/^red /, ""); printf "  %3d  %s\n", NR, $0 }' "$moves"
}

seen=0 shown_turn=-1
while :; do
	# The bots move until red must (a turn, a discard, an answer to an offer) or the game ends.
	catan-move -i "$game" --until-end --bots blue,white,orange --policy "$policy"
	n=$(jq '.log | length' "$game")
	if [ "$n" -gt "$seen" ]; then
		jq -r --argjson from "$seen" '.log[$from:][] | select(startswith("red ") | not) | "  " + .' "$game"
		seen=$n
	fi
	phase=$(jq -r .position.phase "$game")
	turn=$(jq -r .position.turn "$game")
	if [ "$phase" = over ]; then
		board
		jq -r '"Game over on turn \(.position.turn): \(.position.current) won."' "$game"
		exit 0
	fi
	if [ "$turn" != "$shown_turn" ]; then
		board
		shown_turn=$turn
	fi
	offer
	printf 'red> '
	if ! read -r line; then
		echo
		echo "No more input: the game is kept in $game."
		exit 0
	fi
	case $line in
	quit | q) echo "The game is kept in $game."; exit 0 ;;
	list | '') continue ;;
	board) board; continue ;;
	*[!0-9]*) case $line in red\ *) move=$line ;; *) move="red $line" ;; esac ;;
	*)
		move=
		[ "$line" -eq 0 ] || move=$(sed -n "${line}p" "$moves")
		if [ -z "$move" ]; then
			echo "There is no move $line: choose 1 to $(wc -l <"$moves")."
			continue
		fi ;;
	esac
	if catan-move -i "$game" --as red "$move" 2>"$err"; then
		seen=$((seen + 1))
		echo "  $(jq -r '.log[-1]' "$game")"
	else
		echo "Not allowed: $(sed 's/^catan-move: move 1 //' "$err")"
	fi
done
