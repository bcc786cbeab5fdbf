#!/bin/sh
# catan-referee: a play-by-email referee (catan-referee(1), docs/pbem.md).  Reads one mail on
# standard input, applies the sender's moves to their game in order up to the first refusal,
# and writes the replies, each player's own view, as mail files into an outbox folder.
# The MIME decoding is done by catan-referee-mail (Python's email package), installed in
# LIBEXECDIR/catan-tools beside the programs' BINDIR.
set -u
version=@VERSION@

usage() {
	cat <<'EOF'
usage: catan-referee [--from ADDRESS] [--log FILE] GAME PLAYERS OUTBOX < MESSAGE
       catan-referee [--from ADDRESS] [--log FILE] --games FOLDER OUTBOX < MESSAGE

Reads one mail on standard input as a delivery agent hands it (procmail,
maildrop, a .forward pipe), applies the sender's moves to the game in order up
to the first refusal, and writes the replies, each player's own view of the
game, into OUTBOX as complete mail files for a separate step to send.

  -g, --games FOLDER    several games on one address: FOLDER/NAME.json with its
                        players in FOLDER/NAME.players, chosen by [game:NAME] in
                        the subject
  -f, --from ADDRESS    the replies' From: (default: Catan referee <referee@HOST>)
  -l, --log FILE        one line per mail (default: GAME.log, or
                        FOLDER/referee.log with --games)
  -h, --help            show this help
  -V, --version         show the version

PLAYERS holds one line per player, the colour then the address.  Exit status: 0
the mail was handled (played, refused with a reply, or ignored as automatic or
already seen); 1 the sender plays in no game, or the mail has no sender
(logged, no reply); 2 usage; 4 a system error (the mail should be kept and
delivered again).
EOF
}
die_usage() {
	[ $# -gt 0 ] && echo "catan-referee: $*" >&2
	echo "usage: catan-referee [--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE" >&2
	exit 2
}

# --complete WORD...: the candidates for the last word, for the shell completions.
completions() {
	shift
	prev='' cur=''
	for w in "$@"; do prev=$cur cur=$w; done
	case $prev in
	-g | --games | -l | --log) echo @file; return ;;
	-f | --from) return ;;
	esac
	case $cur in
	-*) printf '%s\n' --games --from --log --help --version ;;
	*) echo @file ;;
	esac
}

host=$(hostname 2>/dev/null || echo localhost)
from="Catan referee <referee@$host>"
games='' log=''
while [ $# -gt 0 ]; do
	case $1 in
	--complete) completions "$@"; exit 0 ;;
	-h | --help) usage; exit 0 ;;
	-V | --version) echo "catan-referee (catan-tools) $version"; exit 0 ;;
	-g | --games | -f | --from | -l | --log)
		[ $# -ge 2 ] || die_usage "option '$1' needs a value"
		case $1 in
		-g | --games) games=$2 ;;
		-f | --from) from=$2 ;;
		*) log=$2 ;;
		esac
		shift 2 ;;
	--games=*) games=${1#*=}; shift ;;
	--from=*) from=${1#*=}; shift ;;
	--log=*) log=${1#*=}; shift ;;
	--) shift; break ;;
	-?*) die_usage "unknown option '$1'" ;;
	*) break ;;
	esac
done
if [ -n "$games" ]; then
	[ $# -eq 1 ] || die_usage
	outbox=$1
	[ -d "$games" ] && [ -d "$outbox" ] || die_usage "'$games' and '$outbox' must be folders"
	: "${log:=$games/referee.log}"
else
	[ $# -eq 3 ] || die_usage
	game=$1 players=$2 outbox=$3
	[ -f "$game" ] && [ -f "$players" ] && [ -d "$outbox" ] ||
		die_usage "'$game' and '$players' must be files and '$outbox' a folder"
	: "${log:=$game.log}"
fi

self=$(readlink -f "$0" 2>/dev/null) || self=$0
decode=${self%/*}/../libexec/catan-tools/catan-referee-mail
[ -x "$decode" ] || { echo "catan-referee: cannot find $decode" >&2; exit 4; }

work=$(mktemp -d "${TMPDIR:-/tmp}/catan-referee.XXXXXX") || exit 4
trap 'rm -rf "$work"' EXIT
trap 'exit 4' HUP INT TERM
stamp=$(date -u +%Y%m%dT%H%M%SZ)
nmail=0

say() {
	printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >>"$log" || exit 4
}
fail() {
	echo "catan-referee: $*" >&2
	exit 4
}

"$decode" "$work"
case $? in
0) ;;
3) say "refused: a mail that cannot be read; no reply"; exit 1 ;;
*) exit 4 ;;
esac
sender=$(cat "$work/from") subject=$(cat "$work/subject") msgid=$(cat "$work/msgid")
tag=$(cat "$work/tag") auto=$(cat "$work/auto")
sent_tag=$tag

# Automatic mail (an out-of-office, a bounce, a list's mail) is never answered.
if [ -n "$auto" ]; then
	say "ignored: automatic mail from '${sender:-?}' ($auto); no reply"
	exit 0
fi

# colour_in PLAYERS ADDRESS: the colour that ADDRESS plays in PLAYERS.
colour_in() {
	awk -v a="$2" '!/^[ \t]*(#|$)/ && tolower($2) == a { print tolower($1); exit }' "$1"
}
address_of() {
	awk -v c="$1" '!/^[ \t]*(#|$)/ && tolower($1) == c { print $2; exit }' "$players"
}

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
		printf 'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n'
		cat "$3"
	} >"$outbox/.$name.tmp" && mv "$outbox/.$name.tmp" "$outbox/$name" || fail "cannot write to $outbox"
}

# The subject of a reply to the sender: theirs, as sent, after "Re:", with the game's tag.
re() {
	s=$(cat "$work/resubject")
	case $s in
	[Rr][Ee]:*) ;;
	'') s="Re: your moves" ;;
	*) s="Re: $s" ;;
	esac
	[ -n "$name_tag" ] && [ -z "$sent_tag" ] && s="$s $name_tag"
	printf '%s' "$s"
}
reply_only() { # reply_only TEXT...: a short reply to the sender alone
	printf '%s\n' "$@" >"$work/reply"
	write_mail "$sender" "$(re)" "$work/reply" "$msgid"
}

# The game: the one given, or the one of the folder that the subject's tag names.
name_tag=
if [ -n "$games" ]; then
	mine=
	for p in "$games"/*.players; do
		[ -f "$p" ] && [ -n "$(colour_in "$p" "$sender")" ] || continue
		n=${p##*/}
		mine="$mine ${n%.players}"
	done
	mine=${mine# }
	if [ -z "$sender" ] || [ -z "$mine" ]; then
		say "refused: mail from unknown sender '${sender:-?}' (subject '$subject'); no reply"
		echo "catan-referee: '${sender:-?}' plays in no game of $games" >&2
		exit 1
	fi
	if [ -z "$tag" ]; then
		case $mine in
		*' '*)
			say "$sender: no game tag in '$subject'; asked for one"
			reply_only "You play in several games here: $mine." "" \
				"Please put the game's tag in the subject of your mail, for example [game:${mine%% *}]," \
				"and send your moves again; nothing was played."
			exit 0 ;;
		esac
		tag=$mine
	fi
	case " $mine " in
	*" $tag "*) ;;
	*)
		say "$sender: not a player of game '$tag'; told so"
		reply_only "You play in no game called '$tag' here; your games: $mine." "" \
			"Nothing was played."
		exit 0 ;;
	esac
	game=$games/$tag.json players=$games/$tag.players name_tag="[game:$tag]"
	[ -f "$game" ] || fail "no game file $game for $players"
	gname=$tag
else
	gname=${game##*/}
	gname=$(printf '%s' "${gname%.json}" | tr '[:upper:]' '[:lower:]')
fi
colour=$(colour_in "$players" "$sender")
if [ -z "$sender" ] || [ -z "$colour" ]; then
	say "refused: mail from unknown sender '${sender:-?}' (subject '$subject'); no reply"
	echo "catan-referee: '${sender:-?}' is not a player in $players" >&2
	exit 1
fi
if [ -n "$tag" ] && [ "$tag" != "$gname" ]; then
	say "$colour <$sender>: mail for game '$tag', not '$gname'; told so"
	reply_only "This referee keeps the game '$gname', not '$tag'; nothing was played."
	exit 0
fi
sender=$(address_of "$colour")

# The moves: one per line; quoted lines (">") skipped; the body ends at a signature ("-- ")
# or a forwarded original.  A line counts when its first word is a colour or a verb; a verb
# alone gets the sender's colour in front.  Other lines (greetings, "On ... wrote:") are prose.
awk -v me="$colour" -v out="$work/moves" -v cmd="$work/command" '
	BEGIN {
		split("red blue white orange", c); for (i in c) colours[c[i]] = 1
		split("build roll discard robber offer accept reject cancel trade buy play end " \
		      "pass steal neutral action give return", v)
		for (i in v) verbs[v[i]] = 1
	}
	/^-- ?$/ || /^-----Original Message/ || /^_____+$/ { exit }
	/^[ \t]*>/ { next }
	{
		line = $0; gsub(/[ \t]+/, " ", line); sub(/^ /, "", line); sub(/ $/, "", line)
		w = tolower(line); sub(/ .*/, "", w)
		if (w in colours) print line > out
		else if (w in verbs) print me " " line > out
		else if (tolower(line) == "list" || tolower(line) == "moves") print "list" > cmd
	}
	END { printf "" > out; printf "" > cmd }
' "$work/body" || exit 4

# The sender's legal moves, from their own view.
legal() {
	catan-move --view "$colour" <"$game" >"$work/myview.json" || exit 4
	catan-move --list <"$work/myview.json" >"$work/legal" || exit 4
}

# One referee at a time on a game, from the moves to the replies, so that each reply tells
# exactly the moves of its mail and a mail delivered twice is seen as such; catan-move -i
# holds its own lock on the game as well, so even without flock(1) no move is lost.
if command -v flock >/dev/null 2>&1; then
	exec 9>>"$game.lock" && flock 9 || fail "cannot lock $game.lock"
fi

# A mail already handled (the same Message-ID) is not played again.  GAME.seen holds
# "MESSAGE-ID N" after the mail's N-th move stood and "MESSAGE-ID handled" at its end,
# so a mail delivered again after a system error goes on after its last move that stood.
seen=$game.seen
done_before=0
if [ -n "$msgid" ] && [ -f "$seen" ]; then
	if awk -v m="$msgid" '$1 == m && $2 == "handled" { f = 1 } END { exit !f }' "$seen"; then
		say "$colour <$sender>: ignored: mail $msgid was handled already"
		exit 0
	fi
	done_before=$(awk -v m="$msgid" '$1 == m { n = $2 } END { print n + 0 }' "$seen")
fi
mark() {
	[ -z "$msgid" ] || printf '%s %s\n' "$msgid" "$1" >>"$seen" || fail "cannot write $seen"
}

if [ ! -s "$work/moves" ]; then
	if [ -s "$work/command" ]; then
		legal
		say "$colour <$sender>: asked for the legal moves"
		{
			printf 'Your legal moves now (%s):\n\n' "$(wc -l <"$work/legal" | tr -d ' ')"
			sed 's/^/  /' "$work/legal"
		} >"$work/reply"
		write_mail "$sender" "$(re)" "$work/reply" "$msgid"
		mark handled
		exit 0
	fi
	say "$colour <$sender>: no moves in the mail"
	reply_only 'No moves were found in your mail, so nothing was played.' '' \
		'Write one move per line, for example:' '' '  roll' '  build road 12-17' '  end' '' \
		'Quoted lines (">") and everything after a signature line ("-- ") are skipped.' \
		'The single line "list" asks for your legal moves.'
	mark handled
	exit 0
fi

# The moves in order, each on its own, up to the first refusal: a move that stood stays
# (luck is final: a roll or a card drawn is never taken back), the refused one and those
# after it are not played.
before=$(jq '.log | length' "$game") || fail "cannot read $game"
total=$(wc -l <"$work/moves" | tr -d ' ')
i=0 stood=$done_before refused=
while IFS= read -r move; do
	i=$((i + 1))
	[ "$i" -gt "$done_before" ] || continue
	catan-move --as "$colour" -i "$game" "$move" 2>"$work/err" </dev/null
	status=$?
	case $status in
	0) stood=$i; mark "$i" ;;
	1) refused=$i; break ;;
	*) cat "$work/err" >&2; say "$colour <$sender>: system error ($status) at move $i"; exit 4 ;;
	esac
done <"$work/moves"
mark handled

if [ -n "$refused" ]; then
	msg=$(sed 's/^catan-move: move 1 //' "$work/err")
	say "$colour <$sender>: $stood of $total move(s) played; move $refused refused: $msg"
else
	say "$colour <$sender>: applied $total move(s)"
fi

now=$(jq -r '.position | if .phase == "over" then "\(.current) has won the game"
	else "\(.current) to play (\(.phase))" end' "$game") || fail "cannot read $game"
played=$((stood - done_before))

# The refusal, for the sender: what stood, what was refused and why, what was not played,
# and the sender's legal moves now.
refusal() {
	[ -n "$refused" ] || return 0
	printf 'Move %s of your mail was refused:\n\n' "$refused"
	printf '  %s\n\n' "$msg"
	if [ "$refused" -lt "$total" ]; then
		printf 'Not played, after it:\n\n'
		sed -n "$((refused + 1)),\$s/^/  /p" "$work/moves"
		printf '\n'
	fi
	printf 'Send the refused move again, corrected, with the moves after it that still hold.\n\n'
	legal
	n=$(wc -l <"$work/legal" | tr -d ' ')
	if [ "$n" -le 60 ]; then
		printf 'Your legal moves now (%s):\n\n' "$n"
		sed 's/^/  /' "$work/legal"
	else
		printf 'You have %s legal moves now; a mail with the single line "list" gets them all.\n' "$n"
	fi
	printf '\n'
}

if [ "$played" -eq 0 ]; then
	# Nothing stood: the game is as it was, and only the sender hears of it.
	{
		printf 'Nothing was played; the game is as it was.\n\n'
		refusal
		printf 'Now: %s.\n\n' "$now"
		catan-render --labels --view "$colour" --color never --log 0 "$game"
	} >"$work/reply" || exit 4
	write_mail "$sender" "$(re)" "$work/reply" "$msgid"
	exit 0
fi

# A mail to every player: the moves that stood as that player may read them, whose turn it
# is, and the board as that player may see it, with the numbers people type.
for c in $(jq -r '.players[]' "$game"); do
	to=$(address_of "$c")
	[ -n "$to" ] || { say "no address for $c in $players: no reply"; continue; }
	catan-move --view "$c" <"$game" >"$work/view.json" || exit 4
	{
		printf '%s played:\n\n' "$colour"
		jq -r --argjson n "$before" '.log[$n:][] | "  " + .' "$work/view.json"
		printf '\n'
		[ "$c" = "$colour" ] && refusal
		printf 'Now: %s.\n\n' "$now"
		catan-render --labels --view "$c" --color never --log 0 "$game"
	} >"$work/reply" || exit 4
	if [ "$c" = "$colour" ]; then
		write_mail "$to" "$(re)" "$work/reply" "$msgid"
	else
		write_mail "$to" "Catan${name_tag:+ $name_tag}: $colour played; $now" "$work/reply"
	fi
done
exit 0
