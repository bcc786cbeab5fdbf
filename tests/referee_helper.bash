# referee_helper.bash: what the referee's bats files share (catan-referee.bats, catan-referee-games.bats):
# the test players' passwords and codes, a game and an outbox for each test, mails built and sent.

MAIL=$ROOT/tests/fixtures/mail

# The test players' passwords (any text is a password; the referee draws random ones).
pw_of() {
	case $1 in
	*@example.*) echo "${1%%@*}-pw" ;;
	*) echo none ;;
	esac
}

# The test seats' first codes (catan-referee draws random ones): the fixtures' mails carry them.
declare -gA FIRST_CODE=([red]=red222 [blue]=bue222 [white]=wht222 [orange]=rng222 [green]=grn222 [brown]=brn222)

# passwords GAME [PLAYERS]: GAME.passwords holding the hashes of the test players' passwords, as
# catan-referee --passwords keeps them (catan-referee(1)), and GAME.codes the seats' first
# codes, as the mails that told the passwords would give them.
passwords() {
	local c a
	while read -r c a; do
		[[ $c == \#* || -z $c ]] && continue
		printf '%s %s\n' "$c" "$(printf 'catan-referee password\0%s' "$(pw_of "$a" | tr -d -)" | sha256sum | cut -c1-64)" >&4
		printf '%s %s\n' "$c" "${FIRST_CODE[$c]}"
	done <"${2:-$MAIL/players}" >"$1.codes" 4>"$1.passwords"
}

# code_of ADDRESS: the current code of ADDRESS's seat in $CODES_OF (default: $G), as the
# referee's newest mail to that player shows it; none for an address of no seat.
code_of() {
	local c
	c=$(awk -v a="${1,,}" 'tolower($2) == a { print $1 }' "${PLAYERS_OF:-$MAIL/players}")
	[ -n "$c" ] || return 0
	awk -v c="$c" '$1 == c { print $2 }' "${CODES_OF:-$G}.codes" 2>/dev/null
}

setup() {
	G=$BATS_TEST_TMPDIR/game.json
	OUT=$BATS_TEST_TMPDIR/outbox
	mkdir "$OUT"
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before.json"
	passwords "$G"
	# referee and send write the replies in text alone (a picture takes its time), but in the
	# tests of the HTML part.
	OPTS=--text-only
	# The game's dice and cards are named in the moves (outcomes=external), so that the tests
	# know them: a game the referee takes for tests only.
	SEEDED=--allow-seeded
}

referee() {
	catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$MAIL/$1"
}

# signed FROM: standard input, then the line with the password of FROM's address and the line
# with its seat's current code.
signed() {
	local a=${1,,}
	[[ $a == *\<* ]] && a=${a#*<} a=${a%>*}
	cat
	printf 'password %s\n' "$(pw_of "$a")"
	printf 'code %s\n' "$(code_of "$a")"
}

# mkmail STYLE FROM SUBJECT ID [HEADER=VALUE...] < text: the mail, with the sender's password.
mkmail() {
	signed "$2" | "$MAIL/mkmail.py" "$@"
}

# send STYLE FROM SUBJECT ID [HEADER=VALUE...] < text: a mail built by mkmail.py with the
# sender's password, kept in $BATS_TEST_TMPDIR/sent.eml, handed to the referee of $G.
send() {
	mkmail "$@" >"$BATS_TEST_TMPDIR/sent.eml"
	catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
}

# mail_to ADDRESS: the one outbox file addressed to ADDRESS.
mail_to() {
	grep -l "^To: $1\$" "$OUT"/*.eml
}

# plain_to ADDRESS: the text/plain part of that mail.
plain_to() {
	"$MAIL/part.py" "$(mail_to "$1")" plain
}

# text_to ADDRESS: the text/plain part of that mail up to the board drawn under its text (the
# board's first line starts with six blanks) or its code, without the blank lines before it.
text_to() {
	prose_to "$1" | awk '/^      |^Your code for your next mail: / { exit } /^$/ { blank++; next } { while (blank) { print ""; blank-- } print }'
}

# prose_to ADDRESS: the text/plain part of that mail with each paragraph and each move that
# the reply wrapped at 78 columns on one line again (a line joins the one before it when
# neither is blank nor starts with a blank, or when it starts with four blanks, the rest of
# a move, and the one before with two).
prose_to() {
	plain_to "$1" | awk '
		NR > 1 && prev != "" && prev !~ /^ / && $0 != "" && $0 !~ /^ / { line = line " " $0; prev = $0; next }
		NR > 1 && prev ~ /^  [^ ]/ && $0 ~ /^    [^ ]/ { sub(/^ */, ""); line = line " " $0; next }
		NR > 1 { print line } { line = $0; prev = $0 } END { print line }'
}

# log_is LOG [GAME]: the game's log (of $G by default), as compact JSON.
log_is() {
	run -0 jq -c '.log' "${2:-$G}"
	assert_eq "$1" "$output"
}

outbox_count() {
	run -0 ls "$OUT"
	assert_eq "$1" "${#lines[@]}"
}
