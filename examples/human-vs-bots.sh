#!/bin/sh
# human-vs-bots.sh: you play red in the terminal against three automatic players (blue, white,
# orange).  You see only what red may see: red's view of the board (catan-render --view red,
# or a jq summary of the view without it), the other players' moves as red's view logs them
# (a card a bot bought stays hidden), and after each roll the cards red received.  Your legal
# moves are offered under letters (a, b, ..., z, aa, ab, ...), so that no menu mark reads as an
# intersection number: type a move's letters, or the move itself ("build road 14-15",
# "red end"); a move that is not allowed is explained and you try again.  "list" shows the
# moves again, "board" the board, "help" the commands, "quit" stops.  The board is drawn
# again at each of your turns and, in the set-up, after the bots' placements.  On a terminal
# with rlwrap installed, the prompt has line editing and a history (kept in
# ~/.human-vs-bots_history).
# Usage: human-vs-bots.sh [SEED [POLICY [GAME-FILE]]]   (POLICY of the bots: greedy or random)
set -e
if [ -t 0 ] && [ -z "${HUMAN_VS_BOTS_WRAPPED:-}" ] && command -v rlwrap >/dev/null; then
	HUMAN_VS_BOTS_WRAPPED=1 exec rlwrap -H "$HOME/.human-vs-bots_history" sh "$0" "$@"
fi
seed=${1:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
policy=${2:-greedy}
game=${3:-${TMPDIR:-/tmp}/human-vs-bots.$$.json}
moves=$game.moves
err=$game.err
view=$game.view
trap 'rm -f "$moves" "$err" "$view"' EXIT

catan-newboard --seed "$seed" >"$game"
echo "You are red; the bots play $policy.  The game is kept in $game."
catan-move --view red <"$game" >"$view"

board() {
	if command -v catan-render >/dev/null; then
		catan-render --labels --color never --log 0 "$view"
	else
		jq -r '.position as $p |
			"Turn \($p.turn), " + (if $p.phase == "over" then "game over" else
			 "\($p.current) to \($p.phase)" end) + "; robber on hex \($p.robber)",
			"Bank: \($p.bank | to_entries | map("\(.key) \(.value)") | join(", "))",
			($p.players | to_entries[] |
			 "  \(.key): settlements \(.value.settlements | length), cities \(.value.cities | length), " +
			 "roads \(.value.roads | length), cards " +
			 (if .key == "red" then "\(.value.hand | add) (\(.value.hand | to_entries |
			   map(select(.value > 0) | "\(.key) \(.value)") | join(", ")))"
			  else "\(.value.hand)" end))' "$view"
	fi
}

# The menu's mark of move N (from 0): a..z, then aa..zz.
offer() {
	catan-move --list <"$view" >"$moves"
	echo "Your moves:"
	awk '{ sub(/^red /, ""); printf "  %3s  %s\n", mark(NR - 1), $0 }
	     function mark(n,  a) { a = "abcdefghijklmnopqrstuvwxyz"
	         if (n < 26) return substr(a, n + 1, 1)
	         return substr(a, int(n / 26), 1) substr(a, n % 26 + 1, 1) }' "$moves"
}
# number MARK: the line of the move that MARK names.
number() {
	awk -v m="$1" 'BEGIN { a = "abcdefghijklmnopqrstuvwxyz"
		if (length(m) == 1) print index(a, m)
		else print index(a, substr(m, 1, 1)) * 26 + index(a, substr(m, 2, 1)) }'
}

# state: what the loop needs of red's view: the length of its log, red's hand, the phase and
# the turn.
state() {
	read -r seen hand phase turn <<EOF
$(jq -r '"\(.log | length) \(.position.players.red.hand | tojson) \(.position | "\(.phase) \(.turn)")"' "$view")
EOF
}
state

# step MOVE-ARGS...: apply them (red's move, or one bot move) and print what red sees of them,
# a roll followed by the cards it gave red.
step() {
	catan-move -i "$game" --view red "$@" >"$view.new" 2>"$err" || return 1
	mv "$view.new" "$view"
	jq -r --argjson n "$seen" --argjson b "$hand" '(.log[$n:][] | "  " + .),
		(select((.log | length) > $n and (.log[-1] | test(" roll( |$)"))) |
		 [.position.players.red.hand | to_entries[] | select(.value > $b[.key]) |
		  "\(.key) \(.value - $b[.key])"] | select(length > 0) |
		 "    red receives " + join(", "))' "$view"
	state
}

help() {
	cat <<'HELP'
Commands:
  a, b, ... aa, ab   the move of that mark in the list
  MOVE               a move in words, as "build road 9-14" or "trade wool 4 for ore"
  list               the moves again
  board              the board again
  help               these lines
  quit               stop (the game is kept and can be continued with catan-move)
HELP
}

shown_turn=-1 shown_seen=-1
while :; do
	# The bots move, one at a time, until red must (a turn, a discard, an answer to an offer)
	# or the game ends.
	while :; do
		n=$seen
		step --auto 1 --bots blue,white,orange --policy "$policy"
		[ "$seen" -gt "$n" ] || break
	done
	if [ "$phase" = over ]; then
		board
		jq -r '"Game over on turn \(.position.turn): \(.position.current) won."' "$view"
		exit 0
	fi
	# The board at each new turn, and in the set-up whenever the bots placed since.
	case $phase in
	setup-*) [ "$seen" = "$shown_seen" ] || shown_turn=-1 ;;
	esac
	if [ "$turn" != "$shown_turn" ]; then
		board
		shown_turn=$turn shown_seen=$seen
	fi
	offer
	printf 'red> '
	if ! read -r line; then
		echo
		echo "No more input: the game is kept in $game."
		exit 0
	fi
	case $line in
	quit) echo "The game is kept in $game."; exit 0 ;;
	list | '') continue ;;
	board) board; continue ;;
	help) help; continue ;;
	[a-z] | [a-z][a-z])
		move=$(sed -n "$(number "$line")p" "$moves")
		if [ -z "$move" ]; then
			echo "There is no move '$line': choose one of the marks a to $(offer | awk 'END { print $1 }')."
			continue
		fi ;;
	red\ *) move=$line ;;
	*) move="red $line" ;;
	esac
	step --as red "$move" || echo "Not allowed: $(sed 's/^catan-move: move 1 //' "$err")"
done
