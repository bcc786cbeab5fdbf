#!/bin/sh
# pbem-referee.sh: a play-by-email referee.  Reads one mail on stdin, applies the sender's moves
# to the game and writes the replies (each player's view) as mail files in an outbox folder.
#
# Usage: pbem-referee.sh GAME PLAYERS OUTBOX < message
#   GAME     the game file (catan-state(5)), edited in place by catan-move -i under its lock
#   PLAYERS  lines "COLOUR ADDRESS" (# comments allowed), e.g. "red alice@example.org"
#   OUTBOX   the folder the replies are written to, one RFC 5322 file per mail (*.eml)
# Environment: PBEM_LOG (default GAME.log), PBEM_FROM (default "Catan referee <referee@HOST>").
# Exit status: 0 the message was handled (moves applied, or refused with a reply to the
# sender); 1 the sender is not a player (logged, no reply); 2 usage; 4 system error.
# See docs/pbem.md for the mail set-up (procmail, .forward) and the rules of the body.
set -u

usage() {
	echo "usage: pbem-referee.sh GAME PLAYERS OUTBOX < message" >&2
	exit 2
}
[ $# -eq 3 ] || usage
game=$1 players=$2 outbox=$3
log=${PBEM_LOG:-$game.log}
host=$(hostname 2>/dev/null || echo localhost)
from=${PBEM_FROM:-"Catan referee <referee@$host>"}
[ -f "$game" ] && [ -f "$players" ] && [ -d "$outbox" ] || {
	echo "pbem-referee: '$game' and '$players' must be files and '$outbox' a folder" >&2
	exit 2
}

work=$(mktemp -d "${TMPDIR:-/tmp}/pbem.XXXXXX") || exit 4
trap 'rm -rf "$work"' EXIT
stamp=$(date -u +%Y%m%dT%H%M%SZ)
nmail=0

say() {
	printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >>"$log"
}

# The message, with CRs dropped and header lines unfolded: the header to work/head, the body
# to work/body.
tr -d '\r' >"$work/msg" || exit 4
awk -v head="$work/head" -v body="$work/body" '
	inbody { print > body; next }
	/^$/ { if (cur != "") print cur > head; inbody = 1; next }
	/^[ \t]/ { cur = cur " " $0; sub(/^[ \t]+/, "", $0); next }
	{ if (cur != "") print cur > head; cur = $0 }
	END { if (!inbody && cur != "") print cur > head; printf "" > body }
' "$work/msg"
header() {
	awk -v k="$1" 'tolower(substr($0, 1, length(k) + 1)) == tolower(k) ":" {
		v = substr($0, length(k) + 2); sub(/^[ \t]+/, "", v); print v; exit }' "$work/head"
}
sender=$(header From | awk '{
	if (match($0, /<[^>]*>/)) a = substr($0, RSTART + 1, RLENGTH - 2)
	else for (i = 1; i <= NF; i++) if ($i ~ /@/) { a = $i; break }
	gsub(/[<>" \t]/, "", a); print tolower(a) }')
subject=$(header Subject)
msgid=$(header Message-ID)

colour=$(awk -v a="$sender" '!/^[ \t]*(#|$)/ && tolower($2) == a { print tolower($1); exit }' "$players")
if [ -z "$sender" ] || [ -z "$colour" ]; then
	say "refused: mail from unknown sender '${sender:-?}' (subject '$subject'); no reply"
	echo "pbem-referee: '${sender:-?}' is not a player in $players" >&2
	exit 1
fi
address_of() {
	awk -v c="$1" '!/^[ \t]*(#|$)/ && tolower($1) == c { print $2; exit }' "$players"
}

# The moves: one per line; quoted lines (">") skipped; the body ends at a signature ("-- ")
# or a forwarded original.  A line counts when its first word is a colour or a verb; a verb
# alone gets the sender's colour in front.  Other lines (greetings, "On ... wrote:") are prose.
awk -v me="$colour" '
	BEGIN {
		split("red blue white orange", c); for (i in c) colours[c[i]] = 1
		split("build roll discard robber offer accept reject cancel trade buy play end", v)
		for (i in v) verbs[v[i]] = 1
	}
	/^-- ?$/ || /^-----Original Message/ || /^_____+$/ { exit }
	/^[ \t]*>/ { next }
	{
		line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
		w = tolower(line); sub(/[ \t].*/, "", w)
		if (w in colours) print line
		else if (w in verbs) print me " " line
	}
' "$work/body" >"$work/moves"

# write_mail TO SUBJECT FILE [IN-REPLY-TO]: the mail with FILE as its body, in the outbox;
# written aside and renamed, so that a sender never picks up half a file.
write_mail() {
	nmail=$((nmail + 1))
	name=$stamp.$$.$nmail.eml
	{
		printf 'From: %s\n' "$from"
		printf 'To: %s\n' "$1"
		printf 'Subject: %s\n' "$2"
		printf 'Date: %s\n' "$(LC_ALL=C date '+%a, %d %b %Y %H:%M:%S %z')"
		printf 'Message-ID: <%s.%s.%s@%s>\n' "$stamp" "$$" "$nmail" "$host"
		[ -n "${4:-}" ] && printf 'In-Reply-To: %s\nReferences: %s\n' "$4" "$4"
		printf 'Auto-Submitted: auto-replied\nMIME-Version: 1.0\n'
		printf 'Content-Type: text/plain; charset=us-ascii\n\n'
		cat "$3"
	} >"$outbox/.$name.tmp" && mv "$outbox/.$name.tmp" "$outbox/$name" || exit 4
}

re() {
	case $subject in
	[Rr][Ee]:*) printf '%s' "$subject" ;;
	'') printf 'Re: your moves' ;;
	*) printf 'Re: %s' "$subject" ;;
	esac
}

if [ ! -s "$work/moves" ]; then
	say "$colour <$sender>: no moves in the mail"
	printf 'No moves were found in your mail, so nothing was played.\n\nWrite one move per line, for example:\n\n  roll\n  build road 12-17\n  end\n\nQuoted lines (">") and everything after a signature line ("-- ") are skipped.\n' >"$work/reply"
	write_mail "$sender" "$(re)" "$work/reply" "$msgid"
	exit 0
fi

# One referee at a time from the moves to the replies, so that each reply tells exactly the
# moves of its mail; catan-move -i holds its own lock on the game as well, so even without
# flock(1) no move is lost.
if command -v flock >/dev/null 2>&1; then
	exec 9>>"$game.lock" && flock 9
fi

before=$(jq '.log | length' "$game") || exit 4
catan-move --as "$colour" -i "$game" -f - <"$work/moves" 2>"$work/err"
status=$?
if [ "$status" -ne 0 ]; then
	msg=$(sed 's/^catan-move: //' "$work/err")
	say "$colour <$sender>: refused ($status): $msg"
	[ "$status" -eq 1 ] || { cat "$work/err" >&2; exit 4; }
	{
		printf 'Your moves were refused, and the game is unchanged:\n\n  %s\n\n' "$msg"
		printf 'The moves you sent:\n\n'
		sed 's/^/  /' "$work/moves"
		printf '\nPlease send all of your moves again, corrected.\n'
	} >"$work/reply"
	write_mail "$sender" "$(re)" "$work/reply" "$msgid"
	exit 0
fi
count=$(wc -l <"$work/moves" | tr -d ' ')
say "$colour <$sender>: applied $count move(s)"

# A reply to every player: the moves as that player may read them, whose turn it is, the view.
now=$(jq -r '.position | if .phase == "over" then "\(.current) has won the game"
	else "\(.current) to play (\(.phase))" end' "$game") || exit 4
for c in $(jq -r '.players[]' "$game"); do
	to=$(address_of "$c")
	[ -n "$to" ] || { say "no address for $c in $players: no reply"; continue; }
	catan-move --view "$c" <"$game" >"$work/view.json" || exit 4
	{
		printf '%s played:\n\n' "$colour"
		jq -r --argjson n "$before" '.log[$n:][] | "  " + .' "$work/view.json"
		printf '\nNow: %s.\n\n' "$now"
		catan-render --color never --log 0 "$work/view.json"
	} >"$work/reply" || exit 4
	if [ "$c" = "$colour" ]; then
		write_mail "$to" "$(re)" "$work/reply" "$msgid"
	else
		write_mail "$to" "Catan: $colour played; $now" "$work/reply"
	fi
done
exit 0
