#!/bin/sh
# human-vs-bots.sh: you play red in the terminal against three automatic players (blue, white,
# orange).  You see only what red may see: red's view of the board (catan-render --view red,
# or a jq summary of the view without it), the other players' moves as red's view logs them
# (a card a bot bought stays hidden), and after each roll the cards red received.  Your legal
# moves are offered in a short menu under letters (a, b, ..., z, aa, ab, ...), so that no mark
# reads as an intersection number: type a move's letters, or the move itself ("build road 14-15",
# "red end"); a move that is not allowed is explained and you try again.  "list" shows the
# moves again, "board" the board, "help" the commands, "quit" stops.  The board is drawn
# again at each of your turns and, in the set-up, after the bots' placements.  On a terminal
# the screen is cleared and the board drawn at its top after every move, in the screen
# layout of 80 by 24 (catan-render --screen), in colour unless NO_COLOR is set, with what
# changed since it was last drawn bold and underlined; the menu is cut to the lines left under
# it ("list" shows it whole).  Elsewhere (a pipe, a file) the board is the plain text of mail.  On a
# terminal with rlwrap installed, the prompt has line editing and a history (kept in
# ~/.human-vs-bots_history).
# Usage: human-vs-bots.sh [SEED [POLICY [GAME-FILE]]]   (POLICY of the bots: greedy or random)
# A GAME-FILE that exists is resumed where it stands (SEED does not apply), never replaced; a
# file that is not a game red plays in is left as it is, and the script stops.
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
seen_view=$game.seen
trap 'rm -f "$moves" "$err" "$view" "$seen_view"' EXIT

if [ -e "$game" ]; then
	# A game given back is resumed, never replaced; anything else is left alone.
	if ! catan-move --status <"$game" >/dev/null 2>"$err" ||
		! jq -e '.players | index("red") != null' "$game" >/dev/null 2>&1; then
		echo "human-vs-bots: $game is not a game that red plays in: it is left as it is" >&2
		sed 's/^/  /' "$err" >&2
		exit 1
	fi
	echo "Resuming the game in $game (turn $(jq -r .position.turn "$game")); the bots play $policy."
else
	catan-newboard --seed "$seed" >"$game"
	echo "You are red; the bots play $policy.  The game is kept in $game."
fi
catan-move --view red <"$game" >"$view"

# On a terminal: its number of rows, and the rows the menu may take under the board.
screen_rows=0 menu_rows=0
if [ -t 1 ]; then
	screen_rows=$(stty size 2>/dev/null | cut -d' ' -f1)
	screen_rows=${screen_rows:-24}
fi

board() {
	if command -v catan-render >/dev/null && [ "$screen_rows" -gt 0 ]; then
		since='' colour=always
		[ -s "$seen_view" ] && since="--since $seen_view"
		# The board is caught in a variable: colour as catan-render --color auto would on the terminal.
		[ -z "${NO_COLOR:-}" ] && [ "${TERM:-}" != dumb ] || colour=never
		# shellcheck disable=SC2086 # $since is an option and its file, or nothing
		shown=$(catan-render --screen --color $colour $since "$view")
		cp "$view" "$seen_view"
		printf '\033[H\033[2J%s\n' "$shown"
		menu_rows=$((screen_rows - $(printf '%s\n' "$shown" | wc -l) - 2))
	elif command -v catan-render >/dev/null; then
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

# The menu: red's moves, each under a mark (a..z, then aa..zz) so that no mark reads as an
# intersection number, and short: the moves that differ only in their last word share a line
# ("build settlement  a 1  b 2 ..."), or, when that still makes too many lines, the moves of a
# verb do.  Up to 10 moves are listed one a line.  The moves go to $moves in the order of their
# marks.  offer [all]: with a number of rows for the menu, a longer menu is cut to them and
# ends with a line that says so, unless all is asked.
offer() {
	echo "Your moves:"
	rows=$menu_rows
	[ "${1:-}" = all ] && rows=0
	catan-move --list <"$view" | sed -n 's/^red //p' |
		awk -v few=10 -v lines=12 -v width="${COLUMNS:-80}" -v out="$moves" -v rows="$rows" "$menu"
}
# shellcheck disable=SC2016 # an awk program, not the shell's
menu='
function mark(n,  a) { a = "abcdefghijklmnopqrstuvwxyz"
	if (n < 26) return substr(a, n + 1, 1)
	return substr(a, int(n / 26), 1) substr(a, n % 26 + 1, 1) }
# key(i, k): the first k words of move i, and never its last word unless it has only one.
function key(i, k,  n, w, s, j) { n = split(mv[i], w, " ")
	if (k > n - 1) k = n - 1
	if (k < 1) return mv[i]
	s = w[1]; for (j = 2; j <= k; j++) s = s " " w[j]
	return s }
{ mv[NR] = $0 }
END {
	if (NR <= few) {
		for (i = 1; i <= NR; i++) { L[++nl] = sprintf("  %3s  %s", mark(i - 1), mv[i]); print mv[i] > out }
		show()
		exit
	}
	# A line for each move but its last word ("build road", "trade wool 4 for"), or, when
	# that makes too many lines, a line for each verb.
	k = 99; ng = 0
	for (i = 1; i <= NR; i++) if (!(key(i, k) in seen)) { seen[key(i, k)] = 1; ng++ }
	if (ng > lines) k = 1
	ng = 0; kw = 0; cw = 0
	for (i = 1; i <= NR; i++) {
		g = key(i, k)
		if (!(g in gi)) { gi[g] = ++ng; gname[ng] = g; if (length(g) > kw) kw = length(g) }
		rest = substr(mv[i], length(g) + 2)
		gm[gi[g], ++gn[gi[g]]] = i; mrest[i] = rest
	}
	n = 0
	for (j = 1; j <= ng; j++) for (m = 1; m <= gn[j]; m++) {
		i = gm[j, m]; mk[i] = mark(n++); print mv[i] > out
		c = length(mk[i]) + (mrest[i] == "" ? 0 : 1 + length(mrest[i]))
		if (c > cw) cw = c
	}
	per = int((width - kw - 4) / (cw + 2)); if (per < 1) per = 1
	for (j = 1; j <= ng; j++) {
		line = sprintf("  %-" kw "s  ", gname[j])
		for (m = 1; m <= gn[j]; m++) {
			i = gm[j, m]
			if (m > 1 && (m - 1) % per == 0) { sub(/ +$/, "", line); L[++nl] = line; line = sprintf("  %-" kw "s  ", "") }
			line = line sprintf("%-" (cw + 2) "s", mk[i] (mrest[i] == "" ? "" : " " mrest[i]))
		}
		sub(/ +$/, "", line); L[++nl] = line
	}
	show()
}
# show: the lines of the menu, or as many as the rows allow and a line that says what is left.
function show(  n, i) {
	n = rows > 1 && nl > rows ? rows - 1 : nl
	for (i = 1; i <= n; i++) print L[i]
	if (n < nl) print "  ... " (nl - n) " more line" (nl - n > 1 ? "s" : "") ": list shows them all"
}
'
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
  list               the moves again, all of them
  board              the board again
  help               these lines
  quit               stop (the game is kept: give its file to continue it)
HELP
}

shown_turn=-1 shown_seen=-1 whole=
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
	# The board at each new turn, and in the set-up whenever the bots placed since; on a
	# terminal, after every move.
	case $phase in
	setup-*) [ "$seen" = "$shown_seen" ] || shown_turn=-1 ;;
	*) [ "$screen_rows" -eq 0 ] || [ "$seen" = "$shown_seen" ] || shown_turn=-1 ;;
	esac
	if [ "$turn" != "$shown_turn" ]; then
		board
		shown_turn=$turn shown_seen=$seen
	fi
	offer $whole
	whole=
	printf 'red> '
	if ! read -r line; then
		echo
		echo "No more input: the game is kept in $game."
		exit 0
	fi
	case $line in
	quit) echo "The game is kept in $game."; exit 0 ;;
	'') continue ;;
	list) whole=all; continue ;;
	board) board; continue ;;
	help) help; continue ;;
	[a-z] | [a-z][a-z])
		move=$(sed -n "$(number "$line")p" "$moves")
		if [ -z "$move" ]; then
			echo "There is no move '$line': choose one of the marks a to $(awk 'END {
				a = "abcdefghijklmnopqrstuvwxyz"; n = NR - 1
				print n < 26 ? substr(a, n + 1, 1) : substr(a, int(n / 26), 1) substr(a, n % 26 + 1, 1) }' "$moves")."
			continue
		fi
		move="red $move" ;;
	red\ *) move=$line ;;
	*) move="red $line" ;;
	esac
	step --as red "$move" || echo "Not allowed: $(sed 's/^catan-move: move 1 //' "$err")"
done
