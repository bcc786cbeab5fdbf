#!/bin/sh
# human-vs-bots.sh: you play red in the terminal against three automatic players (blue, white,
# orange).  You see only what red may see: red's view of the board (catan-render --view red,
# or a jq summary of the view without it), and under it what happened since your last turn:
# the bots' rolls, sevens, robberies, steals and builds as red's view logs them (a card a bot
# bought stays hidden), and the cards you received or lost.
#
# Your moves are offered in steps under letters (a, b, ..., z, aa, ab, ...), so that no mark
# reads as an intersection number.  A summary line always shows what you can do, the builds
# first and end last ("a road (5)  b settlement  c trade (3)  d offer  e buy  f end"); a
# letter opens its choices: the paths of a road, the hexes of the robber and then whom to rob,
# the cards to discard one by one, the players to offer a trade to.  Type a choice's letter,
# or its words ("14-15", "10", "ore"), or a whole move ("build road 14-15"); "-" goes back a
# step, "+" shows more choices when they do not all fit.  A move that is not allowed is
# explained and you try again.  "log" shows the game's moves so far, "board" the board,
# "list" every move at once, "help" the commands, "quit" stops.
#
# On a terminal of 80x24 or more the screen is cleared and the board drawn at its top after
# every move (catan-render --screen), in colour unless NO_COLOR is set, with what changed
# since it was last drawn bold and underlined; the lines under it hold what happened and the
# choices.  On a smaller terminal the board is the labelled text of mail in its width, which
# scrolls, and a line under it says so; elsewhere (a pipe, a file) the board is that text too.  On a
# terminal with rlwrap installed, the prompt has line editing and a history (kept in
# ~/.human-vs-bots_history).
#
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
choices=$game.choices
err=$game.err
view=$game.view
seen_view=$game.seen
trap 'rm -f "$moves" "$choices" "$err" "$err.menu" "$view" "$view.new" "$seen_view"' EXIT

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

# The terminal: its size; the board's layout, the rows left under it for what happened and
# the choices, and their width.  screen_rows is 0 when the board is the text that scrolls.
# small is the line that says so on a terminal too small for the screen, under every board.
screen_rows=0 detail_rows=0 width=80 small=
if [ -t 1 ]; then
	size=$(stty size 2>/dev/null || echo "24 80")
	rows=${size% *} width=${size#* }
	if [ "$rows" -ge 24 ] && [ "$width" -ge 80 ]; then
		screen_rows=$rows
	else
		small="This terminal is ${width}x$rows, smaller than the 80x24 that keeps the board on the screen:"
		small="$small the board is text that scrolls (\"board\" draws it again)."
	fi
fi
[ "$width" -le 80 ] || width=80

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
		detail_rows=$((screen_rows - $(printf '%s\n' "$shown" | wc -l) - 2))
	elif command -v catan-render >/dev/null; then
		catan-render --labels --width "$width" --color never --log 0 "$view"
		[ -z "$small" ] || printf '%s\n' "$small" | fold -s -w "$width" | sed 's/ *$//'
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

# state: what the loop needs of red's view: the length of its log, red's hand, the phase, the
# turn, and how many cards red owes in a discard (0 when none).
state() {
	read -r seen hand phase turn <<EOF
$(jq -r '"\(.log | length) \(.position.players.red.hand | tojson) \(.position | "\(.phase) \(.turn)")"' "$view")
EOF
	owed=$(catan-move --status <"$view" | jq -r '.owes.red | if . != null and .what == "discard" then .cards else 0 end')
}
state
# What happened: since red's last turn (from since_from up to turn_from, where red's turn began,
# with red's hand then) and in red's turn (from turn_from on).
since_from=$seen since_hand=$hand turn_from=$seen turn_hand=$hand turn_seen=

# step MOVE-ARGS...: apply them (red's move, or one bot move) and keep red's view of them.
step() {
	catan-move -i "$game" --view red "$@" >"$view.new" 2>"$err" || return 1
	mv "$view.new" "$view"
	state
}

# news FROM TO HAND HAND-AT-TO HEAD ROWS: the moves from FROM up to TO (none: to the end) as red's
# view logs them, a part a player's turn ("blue rolled 8: road 40-44, a card"; "white rolled 7:
# robber to 10, stole from you (grain)"), red's as "you", then the cards red received and lost
# from HAND to HAND-AT-TO; after HEAD when another player moved, wrapped to the width and cut to
# ROWS lines (0: all).
news() {
	jq -r --argjson n "$1" --argjson to "${2:-null}" --argjson b "$3" --argjson e "$4" '(.log[$n:$to][]),
		"~hand " + ([$e | to_entries[] | select(.value != $b[.key]) | "\(.key) \(.value - $b[.key])"] |
		 join(" "))' "$view" |
		awk -v width="$width" -v rows="$6" -v head="$5" '
		function who(c) { return c == "red" ? "you" : c }
		function add(s) { seg = seg (seg == "" ? "" : ", ") s }
		function flush() { if (seg != "" || rolled) { out[++n] = who_ (seg == "" ? "" : ": " seg); others += cur != "red" }
			seg = ""; cur = ""; rolled = 0 }
		/^~hand/ { got = lost = ""
			for (i = 2; i < NF; i += 2) if ($(i + 1) > 0) got = got (got == "" ? "" : ", ") $i " " $(i + 1)
				else lost = lost (lost == "" ? "" : ", ") $i " " (-$(i + 1))
			next }
		{ if ($1 != cur) { flush(); cur = $1; who_ = who($1) }
		  if ($2 == "roll") { who_ = who($1) " rolled " ($3 + $4); rolled = 1; next }
		  if ($2 == "end" || $2 == "pass") { flush(); next }
		  if ($2 == "build") { add($3 " " $4); next }
		  if ($2 == "buy") { add($3 == "" ? "a card" : "a card (" $3 ")"); next }
		  if ($2 == "robber") { s = "robber to " $3; if ($4 == "steal") s = s ", stole from " who($5) ($6 == "" ? "" : " (" $6 ")"); add(s); next }
		  if ($2 == "steal") { add("stole from " who($3) ($4 == "" ? "" : " (" $4 ")")); next }
		  s = $2; for (i = 3; i <= NF; i++) s = s " " $i
		  add(s) }
		END { flush()
			if (got != "") out[++n] = "you received " got
			if (lost != "") out[++n] = "you lost " lost
			text = others ? head : ""
			for (i = 1; i <= n; i++) text = text (text == "" ? "" : " ") out[i] (i < n ? ";" : "")
			# Wrapped between words, the lines after the first indented.
			nw = split(text, w, " "); line = ""
			for (i = 1; i <= nw; i++) {
				if (line != "" && length(line) + 1 + length(w[i]) > width) { L[++nl] = line; line = "  " w[i] }
				else line = line (line == "" ? "" : " ") w[i]
			}
			if (line != "") L[++nl] = line
			k = rows > 0 && nl > rows ? rows : nl
			for (i = 1; i <= k; i++) {
				if (i == k && k < nl) {
					while (length(L[i]) > width - 16) sub(/ [^ ]*$/, "", L[i])
					L[i] = L[i] " ... (log: all)"
				}
				print L[i]
			}
		}'
}

# The choices: red's legal moves (offers to other players too) in $moves, without the colour.
legal() {
	catan-move --list --offers <"$view" | sed -n 's/^red //p' >"$moves"
}

# menu PREFIX PAGE ROWS: the choices under PREFIX (the words chosen so far; empty: the summary),
# as lines of marked choices within ROWS lines (0: all) and the width, from choice PAGE*per on;
# each mark's meaning goes to $choices as "MARK<tab>go<tab>PREFIX" (a further step) or
# "MARK<tab>move<tab>MOVE", and each choice's words as "WORDS<tab>...".  Prints the lines, and
# last "~more N" when N choices did not fit.
# shellcheck disable=SC2016 # an awk program, not the shell's
menu_awk='
function mark(n,  a) { a = "abcdefghijklmnopqrstuvwxyz"
	if (n < 26) return substr(a, n + 1, 1)
	return substr(a, int(n / 26), 1) substr(a, n % 26 + 1, 1) }
# cat(m): the summary group of move m: the verb, with the piece of a build and the card played.
function cat(m,  w) { split(m, w, " "); return (w[1] == "build" || w[1] == "play") ? w[1] " " w[2] : w[1] }
function rank(g) { sub(/^play .*/, "play", g); return index(" build road build settlement build city trade offer buy play roll robber steal discard accept reject cancel neutral give pass end", " " g) }
{ mv[++n] = $0 }
END {
	np = split(prefix, pw, " ")
	if (np == 0) {		# the summary: a group per verb, the builds first and end last
		for (i = 1; i <= n; i++) { g = cat(mv[i]); if (!(g in cnt)) { grp[++ng] = g }; cnt[g]++; only[g] = mv[i] }
		for (i = 1; i <= ng; i++) for (j = i + 1; j <= ng; j++) {
			ri = rank(grp[i]); rj = rank(grp[j]); if (ri == 0) ri = 500; if (rj == 0) rj = 500
			if (rj < ri) { t = grp[i]; grp[i] = grp[j]; grp[j] = t } }
		line = ""
		for (i = 1; i <= ng; i++) {
			# A group by its name and how many moves it holds; a group of one move by the move.
			g = grp[i]; k = mark(i - 1); label = cnt[g] > 1 ? g " (" cnt[g] ")" : only[g]
			sub(/^build /, "", label)
			word = g; sub(/^build /, "", word)	# the group typed by its name too: "road", "end"
			if (cnt[g] == 1) { print k "\tmove\t" only[g] > out; print word "\tmove\t" only[g] > out }
			else { print k "\tgo\t" g > out; print word "\tgo\t" g > out }
			item = k " " label
			if (length(line) + length(item) + 2 > width && line != "") { print line; line = "" }
			line = line (line == "" ? "" : "  ") item
		}
		print line
		exit
	}
	# A step: the moves under the prefix, each shown by what follows it (its next word, or all
	# of its words when every choice fits), marked; typing those words chooses too.
	for (;;) {	# a word that every move under the prefix shares is no choice: it is taken
		nc = nn = 0; split("", first); split("", many); split("", nx)
		for (i = 1; i <= n; i++) {
			m = mv[i]; if (index(m " ", prefix " ") != 1) continue
			rest = substr(m, length(prefix) + 2); c[++nc] = m; r[nc] = rest
			split(rest, w, " "); if (!(w[1] in first)) { first[w[1]] = nc; nx[++nn] = w[1] }; many[w[1]]++
		}
		if (nn != 1 || nc < 2) break
		prefix = prefix " " nx[1]
	}
	# What the step asks for, after the words chosen.
	hint = prefix == "robber" || prefix ~ /knight$/ ? " (hex)" : prefix ~ /steal$/ ? " (whom)" : \
		prefix == "build road" ? " (path)" : prefix ~ /^build (settlement|city)$/ ? " (intersection)" : \
		prefix == "offer" ? " (to whom)" : prefix ~ /^offer [a-z]+$/ || prefix == "trade" ? " (give)" : \
		prefix ~ / for$/ ? " (get)" : ""
	print "~prefix " prefix hint
	# Whole moves when they all fit on the rows; else their next words, a step further.
	cw = 0
	for (i = 1; i <= nc; i++) if (length(r[i]) > cw) cw = length(r[i])
	per = int(width / (cw + 5)); if (per < 1) per = 1
	step = rows > 0 && nc > rows * per && nn < nc
	tot = step ? nn : nc
	cw = 0
	for (i = 1; i <= tot; i++) { lab[i] = step ? nx[i] (many[nx[i]] > 1 ? " ..." : "") : r[i]; if (length(lab[i]) > cw) cw = length(lab[i]) }
	cw += 4; per = int(width / (cw + 1)); if (per < 1) per = 1
	# A page: all of them when they fit on the rows, else a row less and the line that says so.
	cap = rows > 0 ? rows * per : tot
	if (tot > cap) cap = (rows > 1 ? rows - 1 : 1) * per
	from = page * cap; if (from >= tot) from = 0
	for (i = 1; i <= tot; i++) {	# every choice may be typed, on its page or not
		k = mark(i - 1)
		if (step && many[nx[i]] > 1) { print k "\tgo\t" prefix " " nx[i] > out; print nx[i] "\tgo\t" prefix " " nx[i] > out }
		else { mm = step ? c[first[nx[i]]] : c[i]; print k "\tmove\t" mm > out; print lab[i] "\tmove\t" mm > out }
	}
	line = ""; shown = 0
	for (i = from + 1; i <= tot && shown < cap; i++) {
		item = sprintf("%-" cw "s", mark(i - 1) " " lab[i])
		if (shown % per == 0 && line != "") { sub(/ +$/, "", line); print line; line = "" }
		line = line item " "; shown++
	}
	sub(/ +$/, "", line); if (line != "") print line
	if (i <= tot) print "~more " (tot - i + 1)
}'

# discard_menu: the card-by-card discard: red's cards less those chosen ($chosen, "res n ..."),
# marked, into $choices as "MARK<tab>card<tab>RES"; prints the lines.
discard_menu() {
	jq -r --arg chosen "$chosen" '.position.players.red.hand | to_entries[] | "\(.key) \(.value)"' "$view" |
		awk -v chosen="$chosen" -v out="$choices" -v width="$width" '
		BEGIN { n = split(chosen, w, " "); for (i = 1; i < n; i += 2) took[w[i]] = w[i + 1] }
		{ left = $2 - took[$1]; if (left <= 0) next
		  k = substr("abcde", ++m, 1); print k "\tcard\t" $1 > out; print $1 "\tcard\t" $1 > out
		  line = line (line == "" ? "" : "  ") k " " $1 " (" left ")" }
		END { print line }'
}

help() {
	cat <<'HELP'
Commands (a step's letters and words, or a whole move, at the prompt):
  a, b, ... aa   the choice of that letter: a group of moves, or a move
  WORDS          a choice by its words ("14-15", "10", "ore"), or a whole
                 move: "build road 9-14", "robber 10 steal blue"
  offer          an offer to every player, "offer all ore 1 for brick 1",
                 or to one of them: "offer blue ore 1 for brick 1"
  -  +           back a step; more choices when they do not all fit
  log            every move of the game so far, as you may see it
  list           every move you can make, all at once
  board          the board again
  help           these lines
  quit           stop (the game is kept: give its file to continue it)
HELP
}

# show_log: the game's moves as red's view logs them, numbered; on a terminal the last ones that
# fit on the screen.
show_log() {
	n=$(jq '.log | length' "$view")
	keep=$n
	[ "$screen_rows" -eq 0 ] || keep=$((screen_rows - 3))
	echo "The game's moves, as you may see them (${n} in all):"
	jq -r '.log | to_entries[] | "  \(.key + 1) \(.value)"' "$view" | tail -n "$keep"
}

# show: the screen at a prompt: the board (on a terminal, after every move and every step), then
# what happened or the choices of the step under way, then the summary of what red can do.
show() {
	if [ -n "$fresh" ] || [ "$screen_rows" -gt 0 ]; then
		board
	fi
	fresh=
	legal
	: >"$choices"
	rows=$detail_rows
	[ "$screen_rows" -gt 0 ] || rows=0
	# The summary, always under the rest: what red can do now, marked at the first step; one group
	# of many moves (a placement in the set-up) opens at once, and its choices say it all.
	summary=''
	if [ "$owed" -eq 0 ]; then
		summary=$(awk -v prefix="" -v rows=0 -v width="$width" -v page=0 -v out="$choices" "$menu_awk" "$moves")
		if [ "$(wc -l <"$choices")" -eq 2 ] && grep -q '	go	' "$choices"; then
			[ -n "$prefix" ] || prefix=$(head -n 1 "$choices" | cut -f 3)
			summary=''
		elif [ -n "$prefix" ]; then
			summary=$(printf '%s\n' "$summary" | sed -E 's/(^|  )[a-z][a-z]? /\1/g; 1s/^/You can: /; 2,$s/^/         /')
		fi
		[ -z "$prefix" ] || : >"$choices"
	fi
	[ "$rows" -eq 0 ] || [ -n "$summary" ] || rows=$((rows + 1))
	[ "$rows" -eq 0 ] || [ -z "$summary" ] || rows=$((rows + 1 - $(printf '%s\n' "$summary" | wc -l)))
	# Above it, what happened at the first prompt after a move, else the choices of the step under way.
	if [ "$owed" -gt 0 ]; then
		above=$(echo "Discard $owed of your cards, one at a time${chosen:+ (chosen: $chosen)}:"; discard_menu)
	elif [ -n "$prefix" ]; then
		awk -v prefix="$prefix" -v rows="$((rows > 1 ? rows - 1 : 0))" -v width="$width" -v page="$page" \
			-v out="$choices" "$menu_awk" "$moves" >"$err.menu"
		above=$(sed -n 's/^~prefix \(.*\)/\1:/p' "$err.menu"; sed -n '/^~/!p' "$err.menu"
			sed -n 's/^~more \(.*\)/  ... \1 more: + shows them, or type one/p' "$err.menu")
	else
		# Since red's last turn, then in this one; in another's turn (a discard), all since.
		if [ "$turn_from" -gt "$since_from" ]; then
			own=$(news "$turn_from" "" "$turn_hand" "$hand" "" "$rows")
			n=$(printf '%s' "$own" | grep -c '' || true)
			above=$(news "$since_from" "$turn_from" "$since_hand" "$turn_hand" "Since your last turn:" \
				"$((rows > 0 ? (rows - n > 0 ? rows - n : 1) : 0))")
			above=$(printf '%s\n%s' "$above" "$own" | sed '/^$/d')
		else
			above=$(news "$since_from" "" "$since_hand" "$hand" "Since your last turn:" "$rows")
		fi
	fi
	[ -z "$above" ] || printf '%s\n' "$above"
	# The summary stays on the same row of the screen.
	n=$(printf '%s' "$above" | grep -c '' || true)
	while [ "$rows" -gt 0 ] && [ "$n" -lt "$rows" ]; do echo; n=$((n + 1)); done
	[ -z "$summary" ] || printf '%s\n' "$summary"
}

prefix='' page=0 chosen='' fresh=1 said=
while :; do
	# The bots move, one at a time, until red must (a turn, a discard, an answer to an offer)
	# or the game ends.
	while :; do
		n=$seen
		step --auto 1 --bots blue,white,orange --policy "$policy"
		[ "$seen" -gt "$n" ] || break
		prefix='' page=0 chosen='' fresh=1
	done
	if [ "$phase" = over ]; then
		board
		news "$since_from" "" "$since_hand" "$hand" "Since your last turn:" 0
		jq -r '"Game over on turn \(.position.turn): \(.position.current) won."' "$view"
		exit 0
	fi
	# Red's turn begins: what red does from here on is its own line under the others'.
	if [ "$(jq -r .position.current "$view")" = red ] && [ "$turn" != "$turn_seen" ]; then
		turn_from=$seen turn_hand=$hand turn_seen=$turn
	fi
	# After help, log or list their lines stay on the screen until the next input.
	[ -n "$said" ] || show
	said=
	printf 'red> '
	if ! read -r line; then
		echo
		echo "No more input: the game is kept in $game."
		exit 0
	fi
	case $line in
	quit) echo "The game is kept in $game."; exit 0 ;;
	'') continue ;;
	list) said=1; sed 's/^/  /' "$moves"; continue ;;
	board) fresh=1; continue ;;
	help) said=1; help; continue ;;
	log) said=1; show_log; continue ;;
	-) # Back a step: a word less, and the summary from a group's first step.
		case $prefix in *' '*) prefix=${prefix% *} ;; *) prefix='' ;; esac
		case $prefix in build | play) prefix='' ;; esac
		chosen='' page=0; continue ;;
	+) page=$((page + 1)); continue ;;
	blue\ * | white\ * | orange\ *)
		echo "You play red: '${line%% *}' is another player's colour.  Type your move alone, as \"${line#* }\"."
		said=1; continue ;;
	esac
	# A choice of the step under way, by its mark or its words; else a move in words.
	pick=$(awk -F '\t' -v l="$line" '$1 == l { print $2 " " $3; exit }' "$choices")
	kind=${pick%% *} value=${pick#* }
	if [ -z "$pick" ] && [ -z "$prefix" ] && [ "$owed" -eq 0 ] && grep -q "^$line " "$moves" 2>/dev/null; then
		kind=go value=$line
	fi
	case $kind in
	go) prefix=$value page=0; continue ;;
	card)
		chosen=$(printf '%s\n' "$chosen" | awk -v r="$value" '{ n = split($0, w, " "); s = ""; f = 0
			for (i = 1; i < n; i += 2) { if (w[i] == r) { w[i + 1]++; f = 1 } s = s " " w[i] " " w[i + 1] }
			if (!f) s = s " " r " 1"; sub(/^ /, "", s); print s }')
		if [ "$(printf '%s\n' "$chosen" | awk '{ t = 0; for (i = 2; i <= NF; i += 2) t += $i; print t }')" -lt "$owed" ]; then
			continue
		fi
		move="red discard $chosen" ;;
	move) move="red $value" ;;
	*)
		case $line in
		[a-z] | [a-z][a-z])
			echo "There is no choice '$line' here: type one of the letters shown, or \"help\"."
			said=1; continue ;;
		red\ *) move=$line ;;
		*) move="red $line" ;;
		esac ;;
	esac
	if step --as red "$move"; then
		prefix='' page=0 chosen=''
		# A turn ended: what happens next is since red's last turn.
		case $move in *' end') since_from=$seen since_hand=$hand turn_from=$seen turn_hand=$hand ;; esac
	else
		chosen='' said=1
		echo "Not allowed: $(sed 's/^catan-move: move 1 //' "$err")"
	fi
done
