#!/usr/bin/env bats
# catan-referee: the play-by-email referee on mail as people send it: sample messages (a
# legal move, an illegal one, a move by the wrong player, an unknown sender, a quoted reply,
# two at once) and mails built by Python's email package the way common mail programs send
# them (multipart/alternative, quoted-printable, base64, Latin-1, HTML only, Outlook's
# replies, auto-replies, a mail delivered twice, two games on one address).

load test_helper

MAIL=$ROOT/tests/fixtures/mail

setup() {
	G=$BATS_TEST_TMPDIR/game.json
	OUT=$BATS_TEST_TMPDIR/outbox
	mkdir "$OUT"
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before.json"
}

referee() {
	catan-referee "$G" "$MAIL/players" "$OUT" <"$MAIL/$1"
}

# send STYLE FROM SUBJECT ID [HEADER=VALUE...] < text: a mail built by mkmail.py, kept in
# $BATS_TEST_TMPDIR/sent.eml, handed to the referee of $G.
send() {
	"$MAIL/mkmail.py" "$@" >"$BATS_TEST_TMPDIR/sent.eml"
	catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
}

# mail_to ADDRESS: the one outbox file addressed to ADDRESS.
mail_to() {
	grep -l "^To: $1\$" "$OUT"/*.eml
}

# text_to ADDRESS: the body of that mail up to its "Now:" line.
text_to() {
	sed '1,/^$/d; /^Now: /q' "$(mail_to "$1")"
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

@test "a legal move is applied and every player gets a mail with their own view" {
	run -0 --separate-stderr referee legal.eml
	assert_eq "" "$stderr"
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	outbox_count 4
	for a in alice@example.org bob@example.net carol@example.com dave@example.org; do
		f=$(mail_to "$a")
		grep -q '^  red build road 14-19$' "$f"
		grep -q '^Now: blue to play (roll)\.$' "$f"
		grep -q '^Turn 2: blue to roll the dice$' "$f"
		# The board carries the numbers people type: intersections and paths.
		grep -q ' 10-14 ' "$f"
	done
	# The sender's reply threads to the mail; it and only it lists red's cards.
	grep -q '^In-Reply-To: <legal.1@example.org>$' "$(mail_to alice@example.org)"
	grep -q '^Subject: Re: My turn$' "$(mail_to alice@example.org)"
	grep -q '^  cards: [0-9]* (' "$(mail_to alice@example.org)"
	run -0 grep -c '^  cards: [0-9]* (' "$(mail_to bob@example.net)"
	assert_eq 1 "$output"
	grep -q '^blue (b/B)' "$(mail_to bob@example.net)"
	! grep -q 'In-Reply-To' "$(mail_to bob@example.net)"
	grep -q '^Subject: Catan: red played; blue to play (roll)$' "$(mail_to bob@example.net)"
	grep -q 'red <alice@example.org>: applied 3 move(s)' "$G.log"
}

@test "the moves stand up to the first refusal; the reply says which stood, which was refused, and the legal moves" {
	run -0 referee illegal.eml
	log_is '["red roll 3 3"]'
	outbox_count 4
	run -0 text_to alice@example.org
	assert_eq "red played:

  red roll 3 3

Move 2 of your mail was refused:

  'red build city 9': not enough resources: a city costs 2 grain and 3 ore

Not played, after it:

  red end

Send the refused move again, corrected, with the moves after it that still hold.

Your legal moves now (9):

  red end
  red build road 5-9
  red build road 9-13
  red build road 10-14
  red build road 14-19
  red build road 23-29
  red build road 29-34
  red build road 30-35
  red build road 35-40

Now: red to play (main)." "$output"
	grep -q '^In-Reply-To: <illegal.1@example.org>$' "$(mail_to alice@example.org)"
	# The others hear what stood, not what was refused.
	run -0 text_to bob@example.net
	assert_eq $'red played:\n\n  red roll 3 3\n\nNow: red to play (main).' "$output"
	grep -q '1 of 3 move(s) played; move 2 refused' "$G.log"
}

@test "a move by the wrong player is refused to the sender only and the game is unchanged" {
	run -0 referee wrong-player.eml
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	outbox_count 1
	run -0 text_to bob@example.net
	assert_eq "Nothing was played; the game is as it was.

Move 1 of your mail was refused:

  'red roll 3 3': the move is red's to make, not blue's

Send the refused move again, corrected, with the moves after it that still hold.

Your legal moves now (0):


Now: red to play (roll)." "$output"
	# The sender's own view: blue's cards, the others' counts.
	grep -q '^What blue may see' "$(mail_to bob@example.net)"
}

@test "mail from an unknown sender is refused and logged, with no reply" {
	run -1 --separate-stderr referee unknown.eml
	assert_eq "catan-referee: 'mallory@evil.example' is not a player in $MAIL/players" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	grep -q "refused: mail from unknown sender 'mallory@evil.example' (subject 'let me play'); no reply" "$G.log"
}

@test "a message that is no one's mail (empty, garbage, several senders) is logged with no reply" {
	for m in '' '\0\377\376 garbage\n\n\200' 'From: a@b, alice@example.org\n\nroll 3 3\n' \
		'From: "Alice <alice@example.org\n\nroll 3 3\n'; do
		printf "$m" >"$BATS_TEST_TMPDIR/m"
		run -1 --separate-stderr catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
		assert_eq "catan-referee: '?' is not a player in $MAIL/players" "$stderr"
	done
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	run -0 grep -c "refused: mail from unknown sender '?'" "$G.log"
	assert_eq 4 "$output"
}

@test "a quoted reply plays only the new lines: quotes, prose and the signature are skipped" {
	run -0 referee legal.eml
	rm "$OUT"/*.eml
	run -0 referee quoted.eml
	run -0 jq -c '.log[3:]' "$G"
	assert_eq '["blue roll 5 5","blue end"]' "$output"
	grep -q '^Subject: Re: Catan: red played; blue to play (roll)$' "$(mail_to bob@example.net)"
	grep -q '^Now: white to play (roll)\.$' "$(mail_to carol@example.com)"
}

@test "a mail with no moves gets a reply saying so; the single line 'list' gets the legal moves" {
	printf 'From: alice@example.org\nSubject: hello\n\nHow is everyone?\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	grep -q '^No moves were found in your mail' "$(mail_to alice@example.org)"
	rm "$OUT"/*.eml
	printf 'From: alice@example.org\nSubject: what now\n\nlist\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 sed '1,/^$/d' "$(mail_to alice@example.org)"
	assert_eq 37 "${#lines[@]}"
	assert_eq "Your legal moves now (36):" "${lines[0]}"
	assert_eq "  red roll 1 1" "${lines[1]}"
	assert_eq "  red roll 6 6" "${lines[36]}"
}

@test "multipart/alternative: the text part is read once, the HTML part not at all" {
	printf 'Hi!\nroll 3 3\nbuild road 14-19\nend\n' |
		run -0 send alternative 'Alice <alice@example.org>' 'My turn' '<alt.1@example.org>'
	grep -q '^Content-Type: multipart/alternative' "$BATS_TEST_TMPDIR/sent.eml"
	grep -q '^Content-Type: text/html' "$BATS_TEST_TMPDIR/sent.eml"
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	outbox_count 4
}

@test "HTML only: the HTML is read as text, without the blockquote of a reply" {
	run -0 referee legal.eml
	rm "$OUT"/*.eml
	printf 'Rolling.\nroll 5 5\nend\n> blue roll 2 2\n> red (r/R): 2 points\n' |
		run -0 send html 'Bob <bob@example.net>' 'Re: Catan: red played; blue to play (roll)' '<html.1@example.net>'
	! grep -q '^Content-Type: text/plain' "$BATS_TEST_TMPDIR/sent.eml"
	run -0 jq -c '.log[3:]' "$G"
	assert_eq '["blue roll 5 5","blue end"]' "$output"
}

@test "quoted-printable with soft line breaks and =20, and Latin-1, are decoded" {
	{
		printf 'Hello everyone, these are the moves of my first turn of this game, with greetings\n'
		printf 'roll 3 3  \nbuild road 14-19\nend\n\nGrüße, Alice\n'
	} >"$BATS_TEST_TMPDIR/text"
	run -0 send qp 'Alice <alice@example.org>' 'My turn' '<qp.1@example.org>' <"$BATS_TEST_TMPDIR/text"
	grep -q '^Content-Transfer-Encoding: quoted-printable' "$BATS_TEST_TMPDIR/sent.eml"
	grep -q '=$' "$BATS_TEST_TMPDIR/sent.eml"
	grep -q '^roll 3 3 =20$' "$BATS_TEST_TMPDIR/sent.eml"
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	rm "$OUT"/*.eml
	printf 'roll 2 4\nend\n\nGrüße, Bob\n' |
		run -0 send latin1 'Bob <bob@example.net>' 'Zug' '<l1.1@example.net>'
	grep -q '^Content-Type: text/plain; charset="iso-8859-1"' "$BATS_TEST_TMPDIR/sent.eml"
	grep -q '^Gr=FC=DFe, Bob$' "$BATS_TEST_TMPDIR/sent.eml"
	run -0 jq -c '.log[3:]' "$G"
	assert_eq '["blue roll 2 4","blue end"]' "$output"
}

@test "base64 is decoded, and a typographic dash in a path is a hyphen" {
	printf 'roll 3 3\nbuild road 14\u201319\nend\n' |
		run -0 send base64 'Alice <alice@example.org>' 'My turn' '<b64.1@example.org>'
	grep -q '^Content-Transfer-Encoding: base64' "$BATS_TEST_TMPDIR/sent.eml"
	! grep -q '^end$' "$BATS_TEST_TMPDIR/sent.eml"
	log_is '["red roll 3 3","red build road 14-19","red end"]'
}

@test "a reply quoting the referee's whole mail, board included, plays only the new lines" {
	run -0 referee legal.eml
	{
		printf 'roll 5 5\nend\n\nOn Sat, 21 Nov 2026, Catan referee wrote:\n'
		sed '1,/^$/d; s/^/> /' "$(mail_to bob@example.net)"
	} >"$BATS_TEST_TMPDIR/text"
	rm "$OUT"/*.eml
	# The quote holds lines that would be moves: "red build road 14-19", "blue (b/B)".
	grep -q '^>   red build road 14-19$' "$BATS_TEST_TMPDIR/text"
	for style in plain alternative; do
		cp "$BATS_TEST_TMPDIR/before.json" "$G"
		catan-move -i "$G" 'red roll 3 3' 'red build road 14-19' 'red end'
		run -0 send "$style" 'Bob <bob@example.net>' 'Re: Catan: red played' "<q.$style@example.net>" \
			<"$BATS_TEST_TMPDIR/text"
		run -0 jq -c '.log[3:]' "$G"
		assert_eq '["blue roll 5 5","blue end"]' "$output"
	done
}

@test "Outlook's reply: the original below the rule is not read, in the text nor the HTML" {
	run -0 referee legal.eml
	printf 'roll 5 5\nend\n> blue roll 1 1\n> blue build road 1-2\n' |
		run -0 send outlook 'Bob <bob@example.net>' 'RE: Catan' '<ol.1@example.net>'
	grep -q $'^________________________________\r$' "$BATS_TEST_TMPDIR/sent.eml"
	run -0 jq -c '.log[3:]' "$G"
	assert_eq '["blue roll 5 5","blue end"]' "$output"
}

@test "auto-replies are ignored without a reply and nothing is played" {
	n=0
	for h in Auto-Submitted=auto-replied Precedence=bulk Precedence=junk Precedence=list \
		Precedence=auto_reply X-Autoreply=yes; do
		n=$((n + 1))
		printf 'roll 3 3\nend\n' | run -0 send plain alice@example.org 'Re: My turn' "<auto.$n@x>" "$h"
	done
	for s in 'Out of Office: My turn' 'Automatic reply: Catan' 'Auto: Catan' 'AutoReply: away'; do
		n=$((n + 1))
		printf 'roll 3 3\nend\n' | run -0 send plain alice@example.org "$s" "<auto.$n@x>"
	done
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	run -0 grep -c "ignored: automatic mail from 'alice@example.org'" "$G.log"
	assert_eq "$n" "$output"
	grep -q '(Precedence: bulk); no reply$' "$G.log"
	grep -q "(subject 'Out of Office: My turn'); no reply$" "$G.log"
	# Auto-Submitted: no is a person's mail.
	printf 'roll 3 3\nend\n' | run -0 send plain alice@example.org 'My turn' '<person@x>' Auto-Submitted=no
	log_is '["red roll 3 3","red end"]'
}

@test "a mail delivered twice is played once and answered once" {
	printf 'roll 3 3\nbuild road 14-19\n' >"$BATS_TEST_TMPDIR/text"
	run -0 send plain alice@example.org 'My turn' '<twice@example.org>' <"$BATS_TEST_TMPDIR/text"
	outbox_count 4
	run -0 catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
	log_is '["red roll 3 3","red build road 14-19"]'
	outbox_count 4
	grep -q 'ignored: mail <twice@example.org> was handled already$' "$G.log"
	# A mail stopped by a system error after its first move goes on after it when delivered again.
	printf 'end\nroll 1 2\nend\n' | "$MAIL/mkmail.py" plain bob@example.net x '<again@x>' >"$BATS_TEST_TMPDIR/again.eml"
	catan-move -i "$G" 'red end'
	echo '<again@x> 1' >>"$G.seen"
	run -0 catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/again.eml"
	log_is '["red roll 3 3","red build road 14-19","red end","blue roll 1 2","blue end"]'
}

@test "the sender's address is matched in any case" {
	printf 'roll 3 3\nend\n' | run -0 send plain 'ALICE <ALICE@EXAMPLE.ORG>' 'MY TURN' '<UP@X>'
	log_is '["red roll 3 3","red end"]'
	mail_to alice@example.org
}

@test "several games on one address are told apart by [game:NAME] in the subject" {
	D=$BATS_TEST_TMPDIR/games
	mkdir "$D"
	cp "$G" "$D/friday.json"
	cp "$G" "$D/monday.json"
	cp "$MAIL/players" "$D/friday.players"
	sed 's/^red .*/red     erin@example.org/' "$MAIL/players" >"$D/monday.players"
	games() { "$MAIL/mkmail.py" "$@" >"$BATS_TEST_TMPDIR/m"; catan-referee --games "$D" "$OUT" <"$BATS_TEST_TMPDIR/m"; }
	printf 'roll 3 3\nend\n' | run -0 games plain bob@example.net 'x' '<g0@x>'
	grep -q '^You play in several games here: friday monday\.$' "$(mail_to bob@example.net)"
	rm "$OUT"/*.eml
	printf 'roll 3 3\nend\n' | run -0 games plain alice@example.org 'My turn [Game:Friday]' '<g1@x>'
	log_is '["red roll 3 3","red end"]' "$D/friday.json"
	assert_file_eq "$G" "$D/monday.json"
	grep -q '^Subject: Catan \[game:friday\]: red played; blue to play (roll)$' "$(mail_to bob@example.net)"
	rm "$OUT"/*.eml
	# Erin plays only on monday: no tag is needed, and the replies carry it.
	printf 'roll 2 2\nend\n' | run -0 games plain erin@example.org 'Monday' '<g2@x>'
	log_is '["red roll 2 2","red end"]' "$D/monday.json"
	grep -q '^Subject: Re: Monday \[game:monday\]$' "$(mail_to erin@example.org)"
	rm "$OUT"/*.eml
	printf 'roll 1 1\n' | run -0 games plain erin@example.org 'Re: [game:friday]' '<g3@x>'
	grep -q "^You play in no game called 'friday' here; your games: monday\.$" "$(mail_to erin@example.org)"
	printf 'roll 1 1\n' | run -1 games plain mallory@evil.example '[game:friday]' '<g4@x>'
	log_is '["red roll 3 3","red end"]' "$D/friday.json"
	grep -q "unknown sender 'mallory@evil.example'" "$D/referee.log"
	# One game given: a mail tagged for another game is not played.
	rm "$OUT"/*.eml
	printf 'roll 1 1\n' | run -0 send plain alice@example.org '[game:monday]' '<g5@x>'
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	grep -q "^This referee keeps the game 'game', not 'monday'; nothing was played\.$" "$(mail_to alice@example.org)"
}

@test "two messages at once never lose a move" {
	for i in 1 2 3 4 5; do
		sh "$ROOT/tests/fixtures/render/positions.sh" "$BATS_TEST_TMPDIR"
		cp "$BATS_TEST_TMPDIR/seven.json" "$G"
		rm -f "$OUT"/*.eml "$G.seen"
		referee discard-white.eml &
		a=$!
		referee discard-orange.eml &
		b=$!
		wait $a
		wait $b
		run -0 jq -c '[.position.phase, (.log[-2:] | sort)]' "$G"
		assert_eq '["robber",["orange discard brick 2 grain 2","white discard lumber 1 wool 1 ore 2"]]' "$output"
		outbox_count 8
		# Each mail tells the moves of its own message only.
		run -0 grep -h -A3 ' played:$' "$OUT"/*.eml
		run -0 grep -c '^  white discard' <<<"$output"
		assert_eq 4 "$output"
	done
}

@test "the referee needs a game, a players file and an outbox folder" {
	run -2 --separate-stderr catan-referee "$G" "$MAIL/players" </dev/null
	assert_eq "usage: catan-referee [--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE" "$stderr"
	run -2 --separate-stderr catan-referee "$G" "$MAIL/players" "$BATS_TEST_TMPDIR/none" </dev/null
	assert_eq "catan-referee: '$G' and '$MAIL/players' must be files and '$BATS_TEST_TMPDIR/none' a folder" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-referee --bogus </dev/null
	assert_eq "catan-referee: unknown option '--bogus'" "${stderr_lines[0]}"
	run -2 catan-referee --games </dev/null
}

@test "--from sets the replies' From: and --log the log" {
	run -0 catan-referee --from 'Game master <gm@example.org>' --log "$BATS_TEST_TMPDIR/l" \
		"$G" "$MAIL/players" "$OUT" <"$MAIL/legal.eml"
	run -0 grep -c '^From: Game master <gm@example.org>$' "$OUT"/*.eml
	grep -q 'applied 3 move(s)' "$BATS_TEST_TMPDIR/l"
	[ ! -e "$G.log" ]
}

@test "docs/pbem.md's first game runs as written, the mail on stdin as a delivery agent hands it" {
	export HOME=$BATS_TEST_TMPDIR/home
	mkdir "$HOME"
	# The steps of the walk-through; the game pinned to a seed so that the dice are known.
	sed -n '/^## A first game/,/^## /p' "$ROOT/docs/pbem.md" |
		awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on' |
		sed 's/^catan-newboard --beginner /&--seed 4 /' >"$BATS_TEST_TMPDIR/walk.sh"
	grep -q -- '--seed 4' "$BATS_TEST_TMPDIR/walk.sh"
	run -0 --separate-stderr bash -e "$BATS_TEST_TMPDIR/walk.sh"
	assert_eq "" "$stderr"
	assert_eq "exit status 0
4
red <alice@example.org>: applied 2 move(s)
exit status 0
4
red <alice@example.org>: ignored: mail <first-turn.1@example.org> was handled already
exit status 0
blue <bob@example.net>: 1 of 3 move(s) played; move 2 refused: 'blue build city 40': not enough resources: a city costs 2 grain and 3 ore" "$(sed 's/^[0-9TZ:-]* //' <<<"$output")"
	run -0 jq -c .log "$HOME/catan/game.json"
	assert_eq '["red roll 3 1","red end","blue roll 4 4"]' "$output"
	# Bob's reply says what the guide shows.
	f=$(grep -l '^To: bob@example.net$' "$HOME"/catan/outbox/*.eml | xargs grep -l '^In-Reply-To: <bob.1@example.net>$')
	sed -n '/^    Move 2 of your mail/,/^      \.\.\.$/p' "$ROOT/docs/pbem.md" | sed 's/^    //; /^  \.\.\.$/d' >"$BATS_TEST_TMPDIR/want"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/want")" -gt 10 ]
	sed '1,/^$/d' "$f" | sed -n '/^Move 2 of your mail/,$p' | head -n "$(wc -l <"$BATS_TEST_TMPDIR/want")" >"$BATS_TEST_TMPDIR/got"
	assert_file_eq "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got"
}

# leaks MAIL COLOUR: fails when the mail to COLOUR shows another player's hidden card: a
# card another bought, a card stolen between two others, another's hand or development cards
# (a winner's victory point cards are shown to all).
leaks() {
	! grep -E "^  [a-z]+ buy [a-z-]+$" "$1" | grep -v "^  $2 buy " &&
	! grep -E "^  [a-z]+ robber [0-9]+ steal [a-z]+ [a-z]+$" "$1" | grep -vE "^  ($2 .*|.* steal $2 [a-z]+)$" &&
	awk -v me="$2" '/^[a-z]+ \([a-z]\/[A-Z]\)/ { who = $1 }
		/^  (cards|development cards): [0-9]+ \(/ && who != me && !/\(victory-point [0-9]+ revealed\)$/ { bad = 1 }
		END { exit bad }' "$1"
}

@test "a whole game played by mail: every shape of mail, probes and retries; nothing lost, nothing twice, nothing hidden shown" {
	# About a minute of mail: played on the plain build; the sanitizer build runs every other referee test.
	case $CATAN_BIN in
	*build-san*) skip "the whole game by mail runs on the plain build" ;;
	esac
	# A whole refereed game (its luck from a secret key) between greedy players, from its
	# first set-up placement to its end, by mail.
	catan-newboard --seed 11 --secret >"$G"
	O=$BATS_TEST_TMPDIR/oracle.json
	cp "$G" "$O"
	styles=(plain qp alternative base64 html outlook latin1)
	declare -A addr=([red]=alice@example.org [blue]=bob@example.net [white]=carol@example.com [orange]=dave@example.org)
	declare -A colour=([alice@example.org]=red [bob@example.net]=blue [carol@example.com]=white [dave@example.org]=orange)
	n=0 probes=0 dups=0 autos=0
	while [ "$(jq -r .position.phase "$O")" != over ]; do
		n=$((n + 1))
		# What the next player to move mails: their next moves by the greedy policy, up to 6,
		# written as a player writes them, without outcomes or their colour.
		start=$(jq '.log | length' "$O")
		catan-move -i "$O" --auto 1 --policy greedy
		who=$(jq -r '.log[-1] | split(" ")[0]' "$O")
		while [ $(($(jq '.log | length' "$O") - start)) -lt 6 ] && [ "$(jq -r .position.phase "$O")" != over ]; do
			catan-move --auto 1 --policy greedy <"$O" >"$O.try"
			[ "$(jq -r '.log[-1] | split(" ")[0]' "$O.try")" = "$who" ] || break
			mv "$O.try" "$O"
		done
		jq -r --argjson s "$start" '.log[$s:][]' "$O" |
			sed -E 's/^[a-z]+ //; s/^roll [1-6] [1-6]$/roll/; s/^buy [a-z-]+$/buy/; s/^(robber [0-9]+ steal [a-z]+) [a-z]+$/\1/' \
				>"$BATS_TEST_TMPDIR/text"
		# Every third mail probes with a move after its last: never legal, and it must cost
		# the moves before it nothing.
		if [ $((n % 3)) -eq 0 ]; then
			echo 'build road 1-3' >>"$BATS_TEST_TMPDIR/text"
			probes=$((probes + 1))
		fi
		# Every fourth player first goes on holiday: an out-of-office answering the referee.
		rm -f "$OUT"/*.eml
		if [ $((n % 4)) -eq 0 ]; then
			sed 's/^/> /' "$BATS_TEST_TMPDIR/text" |
				run -0 send plain "${addr[$who]}" "Out of Office: Catan" "<auto.$n@x>"
			autos=$((autos + 1))
			run -0 ls -A "$OUT"
			assert_eq "" "$output"
		fi
		style=${styles[$((n % ${#styles[@]}))]}
		run -0 send "$style" "${addr[$who]^^}" "Catan move $n" "<mail.$n@x>" <"$BATS_TEST_TMPDIR/text"
		# Every fifth mail is delivered twice: played and answered once.
		if [ $((n % 5)) -eq 0 ]; then
			run -0 catan-referee "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
			dups=$((dups + 1))
		fi
		# The referee's game is the game itself, byte for byte: no move lost or played twice.
		assert_file_eq "$O" "$G"
		run -0 ls "$OUT"
		assert_eq 4 "${#lines[@]}"
		for f in "$OUT"/*.eml; do
			to=$(sed -n 's/^To: //p' "$f")
			leaks "$f" "${colour[$to]}" || { echo "mail $n to $to shows hidden cards:"; cat "$f"; false; }
		done
		f=$(grep -l '^In-Reply-To: <mail.'"$n"'@x>$' "$OUT"/*.eml)
		grep -q "^To: ${addr[$who]}$" "$f"
		if [ $((n % 3)) -eq 0 ]; then
			grep -q "^  '$who build road 1-3': '1-3' is not a path" "$f" || { cat "$f"; false; }
			grep -q '^Your legal moves now (' "$f"
		else
			! grep -q 'refused' "$f"
		fi
	done
	[ "$n" -gt 10 ] && [ "$probes" -gt 3 ] && [ "$dups" -gt 2 ] && [ "$autos" -gt 2 ]
	run -0 jq -r '.position.phase' "$G"
	assert_eq over "$output"
	run -0 catan-validate "$G"
}

@test "examples/referee.sh referees two mails of a refereed game: a roll answered to all, a move out of turn to its sender" {
	run -0 --separate-stderr sh "$ROOT/examples/referee.sh" "$BATS_TEST_TMPDIR/ex"
	assert_eq "" "$stderr"
	[[ "${lines[0]}" =~ ^after\ Alice\'s\ mail:\ 4\ replies,\ the\ game\'s\ log:\ \[\"red\ roll\ [1-6]\ [1-6]\"\]$ ]]
	assert_eq $'  to alice@example.org\n  to bob@example.net\n  to carol@example.com\n  to dave@example.org' \
		"$(printf '%s\n' "${lines[@]:1:4}")"
	assert_eq "after Bob's mail: 1 reply, the game's log: ${lines[0]##*log: }" "${lines[5]}"
	assert_eq "Move 1 of your mail was refused:" "${lines[6]}"
	# The game is a refereed one: its luck comes from a key only its file holds.
	run -0 jq -r '.secret | length' "$BATS_TEST_TMPDIR/ex/game.json"
	assert_eq 64 "$output"
}
