#!/usr/bin/env bats
# catan-referee: the play-by-email referee on mail as people send it: sample messages (a
# legal move, an illegal one, a move by the wrong player, an unknown sender, a quoted reply,
# two at once) and mails built by Python's email package the way common mail programs send
# them (multipart/alternative, quoted-printable, base64, Latin-1, HTML only, Outlook's
# replies, auto-replies, a mail delivered twice, two games on one address).  The long runs of
# mail, a referee killed at any moment and a league game, stand in catan-referee-games.bats.

load test_helper
load referee_helper

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
	plain_to alice@example.org | grep -q '^  cards: [0-9]* ('
	run -0 grep -c '^  cards: [0-9]* (' <(plain_to bob@example.net)
	assert_eq 1 "$output"
	grep -q '^blue (b/B)' "$(mail_to bob@example.net)"
	run -1 grep -q 'In-Reply-To' "$(mail_to bob@example.net)"
	grep -q '^Subject: Catan: red played; blue to play (roll)$' "$(mail_to bob@example.net)"
	grep -q 'red <alice@example.org>: applied 3 move(s)' "$G.log"
}

@test "the moves stand up to the first refusal; the reply says which stood, which was refused, and the legal moves" {
	run -0 referee illegal.eml
	log_is '["red roll 3 3"]'
	outbox_count 4
	run -0 text_to alice@example.org
	assert_eq "Now: red to play (main).

red played:

  red roll 3 3

Move 2 of your mail (line 2) was refused:

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
  red build road 35-40" "$output"
	grep -q '^In-Reply-To: <illegal.1@example.org>$' "$(mail_to alice@example.org)"
	# The others hear what stood, not what was refused.
	run -0 text_to bob@example.net
	assert_eq $'Now: red to play (main).\n\nred played:\n\n  red roll 3 3' "$output"
	grep -q '1 of 3 move(s) played; move 2 refused' "$G.log"
}

@test "a move by the wrong player is refused to the sender only and the game is unchanged" {
	run -0 referee wrong-player.eml
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	outbox_count 1
	run -0 text_to bob@example.net
	assert_eq "Now: red to play (roll).

Nothing was played; the game is as it was.

Move 1 of your mail (line 1) was refused:

  'red roll 3 3': the move is red's to make, not blue's

Send the refused move again, corrected, with the moves after it that still hold.

You have no move to make now: the game waits for red (to roll).  You will get a mail when it waits for you." "$output"
	# The sender's own view: blue's cards, the others' counts.
	grep -q '^What blue may see' "$(mail_to bob@example.net)"
}

@test "run by hand on a terminal, the referee says in one line what became of the mail; in a pipe, nothing" {
	command -v script >/dev/null || skip "no script(1) (bsdutils) for a terminal"
	tty() { script -qec "catan-referee $SEEDED $OPTS '$G' '$MAIL/players' '$OUT' <'$MAIL/$1'" /dev/null; }
	run -0 tty illegal.eml
	assert_eq $'catan-referee: red <alice@example.org>: 1 of 3 move(s) played; move 2 refused: \'red build city 9\': not enough resources: a city costs 2 grain and 3 ore\r' "$output"
	run -0 tty illegal.eml
	assert_eq $'catan-referee: red <alice@example.org>: ignored: mail <illegal.1@example.org> was handled already\r' "$output"
	run -1 tty unknown.eml
	assert_eq $'catan-referee: \'mallory@evil.example\' is not a player in '"$MAIL/players"$'\r' "$output"
	# In a pipe (a mail system's), standard error stays empty.
	cp "$BATS_TEST_TMPDIR/before.json" "$G"
	passwords "$G"  # the codes as they were, too
	rm "$G.seen"
	run -0 --separate-stderr referee illegal.eml
	assert_eq "" "$stderr"
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
	for m in '' '\0\377\376 garbage\n\n\200' 'From: "Alice <alice@example.org\n\nroll 3 3\n'; do
		printf "$m" >"$BATS_TEST_TMPDIR/m"
		run -1 --separate-stderr catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
		assert_eq "catan-referee: '?' is not a player in $MAIL/players" "$stderr"
	done
	printf 'From: a@b, alice@example.org\nSubject: s\n\nroll 3 3\npassword alice-pw\n' >"$BATS_TEST_TMPDIR/m"
	run -1 --separate-stderr catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_eq "catan-referee: 'a@b, alice@example.org' is several senders, not one" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	run -0 grep -c "refused: mail from unknown sender '?'" "$G.log"
	assert_eq 3 "$output"
	grep -q "refused: mail from several senders 'a@b, alice@example.org' (subject 's'); no reply$" "$G.log"
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
	printf 'From: alice@example.org\nSubject: hello\n\nHow is everyone?\npassword alice-pw\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	grep -q '^No moves were found in your mail' "$(mail_to alice@example.org)"
	rm "$OUT"/*.eml
	printf 'From: alice@example.org\nSubject: what now\n\nlist\npassword alice-pw\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 sed '1,/^$/d' "$(mail_to alice@example.org)"
	assert_eq 40 "${#lines[@]}"
	assert_eq "Your code for your next mail: red222.  A reply to this mail carries it;" "${lines[38]}"
	assert_eq "Now: red to play (roll)." "${lines[0]}"
	assert_eq "Your legal moves now (36):" "${lines[1]}"
	assert_eq "  red roll 1 1" "${lines[2]}"
	assert_eq "  red roll 6 6" "${lines[37]}"
}

@test "a mistyped move is a refused move: nothing from it on is played, and the reply quotes its line with catan-move's 'did you mean'" {
	# The issue's mail: roll, a typo of build, end.  The roll stands; the road and the end
	# are not played, and the turn is not lost.
	printf 'Hi all,\nroll 3 3\nbuld road 14-19\nend\n' | run -0 send plain alice@example.org 'my turn' '<t1@x>'
	log_is '["red roll 3 3"]'
	run -0 text_to alice@example.org
	assert_eq "Now: red to play (main).

red played:

  red roll 3 3

Move 2 of your mail (line 3) was refused:

  'red buld road 14-19': unknown verb 'buld': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)

Not played, after it:

  red end

Send the refused move again, corrected, with the moves after it that still hold.

Your legal moves now (9):" "$(sed '/^Your legal moves/q' <<<"$output")"
	assert_eq "  red build road 35-40

Not read as moves (the lines of your mail that are no move, command or password):

  line 1: Hi all," "$(sed -n '/^  red build road 35-40$/,$p' <<<"$output")"
	# A mail of a typo alone says which line it is; a colour mistyped is the same.
	for typo in "Sorry, the robber:|rober 4|3|'red rober 4': unknown verb 'rober': did you mean 'robber'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" \
		"rde end|end|1|'rde end': unknown colour 'rde': did you mean 'red'?"; do
		IFS='|' read -r first second line want <<<"$typo"
		rm "$OUT"/*.eml
		printf '%s\n\n%s\n' "$first" "$second" | run -0 send plain alice@example.org 'typo' "<t.$line@x>"
		log_is '["red roll 3 3"]'
		run -0 text_to alice@example.org
		assert_eq "Move 1 of your mail (line $line) was refused:" "${lines[2]}"
		assert_eq "  $want" "${lines[3]}"
	done
	# Not played, after it.
	assert_eq "  red end" "${lines[5]}"
	# Writing that is near no move is not played and is quoted back, line by line: a word with
	# a mark after it ("Blue,"), greetings; at most ten lines, each cut at sixty characters.
	rm "$OUT"/*.eml
	{
		printf 'Blue, shall we trade later?\nend\n'
		for i in $(seq 11); do printf 'Note %d: %s\n' "$i" "$(head -c 80 /dev/zero | tr '\0' z)"; done
	} | run -0 send plain alice@example.org 'end' '<t4@x>'
	log_is '["red roll 3 3","red end"]'
	run -0 sed -n '/^Not read as moves/,/^  and/p' <(prose_to alice@example.org)
	assert_eq "Not read as moves (the lines of your mail that are no move, command or password):" "${lines[0]}"
	assert_eq "  line 1: Blue, shall we trade later?" "${lines[1]}"
	assert_eq "  line 3: Note 1: $(head -c 52 /dev/zero | tr '\0' z)..." "${lines[2]}"
	assert_eq "  line 11: Note 9: $(head -c 52 /dev/zero | tr '\0' z)..." "${lines[10]}"
	assert_eq "  and 2 line(s) more" "${lines[11]}"
	# The others hear the move, not the writing.
	run -1 grep -q 'Blue, shall' <(plain_to bob@example.net)
}

@test "'list' from a player who is not to move says whose move it is, or lists the answers the player may give" {
	printf 'list\n' | run -0 send plain bob@example.net 'list' '<l1@x>'
	run -0 text_to bob@example.net
	assert_eq $'Now: red to play (roll).\n\nYou have no move to make now: the game waits for red (to roll).  You will get a mail when it waits for you.' "$output"
	# An offer to blue: blue may answer it.
	catan-move -i "$G" 'red roll 3 3' 'red offer blue brick 1 for wool 1'
	rm "$OUT"/*.eml
	printf 'list\n' | run -0 send plain bob@example.net 'list' '<l2@x>'
	run -0 text_to bob@example.net
	assert_eq $'Now: red\'s turn; the game waits for red (to play) and blue (to answer an offer).\n\nYour legal moves now (1):\n\n  blue reject' "$output"
}

@test "the commands list, moves, board, status and help are answered without touching the game" {
	run -0 referee legal.eml
	cp "$G" "$BATS_TEST_TMPDIR/played.json"
	rm "$OUT"/*.eml
	printf 'Status.\nhelp\n' | run -0 send plain bob@example.net 'where are we' '<c1@x>'
	assert_file_eq "$BATS_TEST_TMPDIR/played.json" "$G"
	outbox_count 1
	run -0 plain_to bob@example.net
	assert_eq "Now: blue to play (roll).

The last moves (3 in all):

  red roll 3 3
  red build road 14-19
  red end

Write one move per line, for example:

  roll
  build road 12-17
  end

and your seat's password on a line of its own, as the mail that gave it shows:

  password xxxx-xxxx-xxxx-xxxx-xxxx

Answer the referee's newest mail to you: its code, which a reply carries,
tells your mail from an old one sent again (a mail written anew needs the
line \"code xxxxxx\" that the newest mail shows).
Quoted lines (\">\") and everything after a signature line (\"-- \") are skipped.
A mail without moves may ask, one word a line:

  list     your legal moves now (or: moves)
  board    the board and the game as you may see them
  status   whose turn it is and the last moves
  help     this text
  away     you are away: your clock stops until you write 'back' (or send a
           move)
  back     you are back: your clock runs again
  standing pass   pass whenever you are asked to answer a robber with a
                  knight, until you write 'standing off'
  building on     be asked in every special building phase (games of five or
                  six), until you write 'building off'; without it the referee
                  passes for you

The last four may come with moves too.

Your code for your next mail: bue222.  A reply to this mail carries it;
a mail written anew needs the line \"code bue222\"." "$output"
	grep -q 'blue <bob@example.net>: asked for status, help$' "$G.log"
	rm "$OUT"/*.eml
	printf 'board\n' | run -0 send plain bob@example.net 'the board' '<c2@x>'
	run -0 plain_to bob@example.net
	assert_eq "Now: blue to play (roll)." "${lines[0]}"
	grep -q '^What blue may see' <(plain_to bob@example.net)
	assert_file_eq "$BATS_TEST_TMPDIR/played.json" "$G"
}

@test "ordinary writing: a full stop ends a move, and a forwarded original is not read" {
	printf 'Roll 3 3.\nEnd.\n\n---------- Forwarded message ---------\nFrom: Bob\nroll 5 5\nend\n' |
		run -0 send plain alice@example.org 'my turn' '<w1@x>'
	log_is '["red roll 3 3","red end"]'
	printf 'roll 2 2\nend\n\nBegin forwarded message:\n\nroll 1 1\n' |
		run -0 send plain bob@example.net 'fw' '<w2@x>'
	log_is '["red roll 3 3","red end","blue roll 2 2","blue end"]'
}

@test "a game that is over is told as over to a player who sends moves" {
	catan-newboard --seed 11 --secret | catan-move --until-end --policy greedy >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/over.json"
	winner=$(jq -r .position.current "$G")
	printf 'roll\n' | run -0 send plain alice@example.org 'more' '<o1@x>'
	assert_file_eq "$BATS_TEST_TMPDIR/over.json" "$G"
	run -0 plain_to alice@example.org
	assert_eq "Now: $winner has won the game." "${lines[0]}"
	assert_eq "The game is over; nothing was played." "${lines[1]}"
	grep -q 'red <alice@example.org>: the game is over; told so$' "$G.log"
}

@test "--tick with a clock: a reminder after --remind hours, the automatic player after --deadline, a clock that stops while away" {
	catan-newboard --beginner --secret >"$G"
	passwords "$G"
	tick() { catan-referee --tick --text-only --remind 24 --deadline 72 --now "$1" "$G" "$MAIL/players" "$OUT"; }
	t0=1790000000
	run -0 tick $t0
	assert_eq "" "$output"
	outbox_count 0
	run -0 tick $((t0 + 23 * 3600))
	assert_eq "" "$output"
	run -0 tick $((t0 + 24 * 3600))
	assert_eq "red: reminded" "$output"
	outbox_count 1
	run -0 plain_to alice@example.org
	assert_eq "Now: red to play (roll)." "${lines[0]}"
	assert_eq "The game waits for your move since 2026-09-21 14:13 UTC." "${lines[1]}"
	assert_eq "Without a move from you by 2026-09-24 14:13 UTC, an automatic player (random) moves for you," "${lines[2]}"
	run -0 tick $((t0 + 30 * 3600))
	assert_eq "" "$output"
	outbox_count 1
	rm "$OUT"/*.eml
	run -0 tick $((t0 + 72 * 3600))
	[[ $output =~ ^red:\ deadline\ passed\;\ [0-9]+\ move\(s\)\ by\ the\ automatic\ player\ \(random\)$ ]]
	outbox_count 4
	run -0 jq -r '[.log[] | split(" ")[0]] | unique | join(",")' "$G"
	assert_eq red "$output"
	run -0 jq -r '.position.current' "$G"
	assert_eq blue "$output"
	grep -q '^red let the deadline pass (2026-09-24 14:13 UTC); the automatic player (random) moved for them:$' <(prose_to carol@example.com)
	grep -q 'tick: red: deadline passed' "$G.log"
	# Blue is away: the clock stands still, however long; back, it runs from then.
	rm "$OUT"/*.eml
	printf 'away\n' | run -0 send plain bob@example.net 'holiday' '<away@x>'
	grep -q "^You are away: your clock stops" <(plain_to bob@example.net)
	rm "$OUT"/*.eml
	run -0 tick $((t0 + 500 * 3600))
	assert_eq "" "$output"
	outbox_count 0
	printf 'back\n' | run -0 send plain bob@example.net 'home' '<back@x>'
	rm "$OUT"/*.eml
	run -0 tick $((t0 + 523 * 3600))
	assert_eq "" "$output"
	run -0 tick $((t0 + 524 * 3600))
	assert_eq "blue: reminded" "$output"
	# A move of blue's starts blue's clock anew.
	rm "$OUT"/*.eml
	printf 'roll\n' | run -0 send plain bob@example.net 'go' '<go@x>'
	run -0 tick $((t0 + 540 * 3600))
	assert_eq "" "$output"
	# The automatic player of a game is the players file's "auto" line.
	{ cat "$MAIL/players"; echo 'auto greedy'; } >"$BATS_TEST_TMPDIR/players"
	run -0 catan-referee --tick --text-only --now $((t0 + 700 * 3600)) "$G" "$BATS_TEST_TMPDIR/players" "$OUT"
	[[ $output =~ ^blue:\ deadline\ passed\;\ [0-9]+\ move\(s\)\ by\ the\ automatic\ player\ \(greedy\)$ ]]
	run -2 --separate-stderr catan-referee --tick --remind soon "$G" "$MAIL/players" "$OUT"
	assert_eq "catan-referee: option '--remind' needs a number, not 'soon'" "${stderr_lines[0]}"
	# A number of hours or seconds is finite and not negative.
	for v in inf nan -1; do
		run -2 --separate-stderr catan-referee --tick --deadline "$v" "$G" "$MAIL/players" "$OUT"
		assert_eq "catan-referee: option '--deadline' needs a number, not '$v'" "${stderr_lines[0]}"
	done
	run -2 --separate-stderr catan-referee --tick --now=inf "$G" "$MAIL/players" "$OUT"
	assert_eq "catan-referee: option '--now' needs a number, not 'inf'" "${stderr_lines[0]}"
}

@test "after a knight played against the robber, the game waits for the knight's player, not for the player whose turn it is: the library says so, and the clock, the reminder and the automatic player follow it" {
	# White rolled a seven and moved the robber; orange answered with a knight and must move it.
	catan-newboard --seed 5 --rules knight_interrupt=on | catan-move --auto 434 | catan-move 'orange play knight' >"$G"
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"robber","current":"white","turn":143,"waiting":["orange"],"owes":{"orange":{"what":"robber"}},"winner":null}' "$output"
	passwords "$G"
	tick() { catan-referee $SEEDED --tick --text-only --now "$1" "$G" "$MAIL/players" "$OUT"; }
	t0=1790000000
	run -0 tick $t0
	run -0 tick $((t0 + 24 * 3600))
	assert_eq "orange: reminded" "$output"
	outbox_count 1
	run -0 text_to dave@example.org
	assert_eq "Now: white's turn; the game waits for orange (to move the robber)." "${lines[0]}"
	rm "$OUT"/*.eml
	run -0 tick $((t0 + 72 * 3600))
	[[ $output =~ ^orange:\ deadline\ passed\;\ [0-9]+\ move\(s\)\ by\ the\ automatic\ player\ \(random\)$ ]]
	run -0 jq -r '.log[435] | split(" ")[0:2] | join(" ")' "$G"
	assert_eq "orange robber" "$output"
	# A mail from white, whose turn it is, says whom the game waits for.
	rm "$OUT"/*.eml
	catan-newboard --seed 5 --rules knight_interrupt=on | catan-move --auto 434 | catan-move 'orange play knight' >"$G"
	printf 'list\n' | run -0 send plain carol@example.com 'list' '<k1@x>'
	run -0 text_to carol@example.com
	assert_eq $'Now: white\'s turn; the game waits for orange (to move the robber).\n\nYou have no move to make now: the game waits for orange (to move the robber). You will get a mail when it waits for you.' "$output"
}

@test "a standing pass answers the robber for its player until cancelled" {
	# A game with knight_interrupt, one automatic move at a time up to the robber's move that
	# asks a player to answer: the game just before it.
	catan-newboard --seed 5 --secret --rules knight_interrupt=on >"$G"
	for i in $(seq 400); do
		catan-move --auto 1 --policy greedy <"$G" >"$G.next"
		[ "$(jq -r .position.phase "$G.next")" = interrupt ] && break
		mv "$G.next" "$G"
	done
	[ "$(jq -r .position.phase "$G.next")" = interrupt ]
	mover=$(jq -r '.log[-1] | split(" ")[0]' "$G.next")
	move=$(jq -r '.log[-1] | split(" ")[1:] | join(" ")' "$G.next")
	who=$(jq -r .position.answering "$G.next")
	addr() { awk -v c="$1" '$1 == c { print $2 }' "$MAIL/players"; }
	passwords "$G"
	printf 'standing pass\n' | run -0 send plain "$(addr "$who")" 'pass' '<sp@x>'
	grep -q "^Standing order: you pass whenever you are asked to answer a robber" <(plain_to "$(addr "$who")")
	cp "$G" "$BATS_TEST_TMPDIR/at.json"
	cp "$G.clock" "$BATS_TEST_TMPDIR/at.clock"
	rm "$OUT"/*.eml
	printf '%s\n' "$move" | run -0 send plain "$(addr "$mover")" 'robber' '<rb@x>'
	run -0 jq -r '.log[-2:] | join(",")' "$G"
	[[ $output == "$mover $move,$who pass" ]]
	grep -q "^  $who pass\$" <(plain_to "$(addr "$mover")")
	# Cancelled: the player answers again.
	cp "$BATS_TEST_TMPDIR/at.json" "$G"
	cp "$BATS_TEST_TMPDIR/at.clock" "$G.clock"
	printf 'standing off\n' | run -0 send plain "$(addr "$who")" 'off' '<so@x>'
	printf '%s\n' "$move" | run -0 send plain "$(addr "$mover")" 'robber' '<rb2@x>'
	run -0 jq -r '.position.phase + " " + .position.answering' "$G"
	assert_eq "interrupt $who" "$output"
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
	run -1 grep -q '^Content-Type: text/plain' "$BATS_TEST_TMPDIR/sent.eml"
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
	run -1 grep -q '^end$' "$BATS_TEST_TMPDIR/sent.eml"
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
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
	log_is '["red roll 3 3","red build road 14-19"]'
	outbox_count 4
	grep -q 'ignored: mail <twice@example.org> was handled already$' "$G.log"
}

@test "the replies are text and HTML: the HTML part shows the board's picture and every line of the text in a headless Chromium" {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	command -v rsvg-convert >/dev/null || skip "no rsvg-convert (librsvg2-bin) for the picture"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	OPTS=
	run -0 referee illegal.eml
	for a in alice@example.org bob@example.net; do
		grep -q '^Content-Type: multipart/alternative' "$(mail_to "$a")"
		run -0 timeout 120 "$py" "$ROOT/tests/mail-html.py" "$(mail_to "$a")"
		assert_eq "mail-html: 1 picture(s) drawn, 640x606, shown 640 px wide; $([ "$a" = alice@example.org ] && echo 19 || echo 3) lines of the text shown; no sideways scroll at 1000 px" "$output"
	done
	# The picture is what the addressee may see: the board alone in large print, 640 pixels
	# wide, in 64 colours where pngquant is installed.
	mkdir "$BATS_TEST_TMPDIR/p"
	run -0 timeout 120 "$py" "$ROOT/tests/mail-html.py" "$(mail_to bob@example.net)" "$BATS_TEST_TMPDIR/p"
	grep -q 'alt="The game as you may see it"' "$BATS_TEST_TMPDIR/p/page.html"
	catan-render --svg --large-print --labels --view blue "$G" | rsvg-convert --format png --width 640 >"$BATS_TEST_TMPDIR/want.png"
	if command -v pngquant >/dev/null; then
		pngquant --strip 64 - <"$BATS_TEST_TMPDIR/want.png" >"$BATS_TEST_TMPDIR/want-64.png"
		mv "$BATS_TEST_TMPDIR/want-64.png" "$BATS_TEST_TMPDIR/want.png"
	fi
	assert_file_eq "$BATS_TEST_TMPDIR/want.png" "$BATS_TEST_TMPDIR/p/"image-*.png
	# --text-only: the text alone.
	rm "$OUT"/*.eml
	cp "$BATS_TEST_TMPDIR/before.json" "$G"
	passwords "$G"  # the codes as they were, too
	rm "$G.seen"
	run -0 catan-referee $SEEDED --text-only "$G" "$MAIL/players" "$OUT" <"$MAIL/illegal.eml"
	grep -q '^Content-Type: text/plain; charset="utf-8"$' "$(mail_to bob@example.net)"
	run -1 grep -q 'multipart' "$OUT"/*.eml
}

# six_seats FILE: the players file of a six-player game (every player asked in the building phase).
six_seats() {
	printf '%s\n' 'red alice@example.org' 'blue bob@example.net' 'white carol@example.com' \
		'orange dave@example.org' 'green erin@example.org' 'brown frank@example.net' \
		'building all' >"$1"
}

# board_mails: the base game's replies to a mail with a refusal and the legal moves, each
# player's; a six-player game's to a move of red's in the set-up, in $BATS_TEST_TMPDIR/six
# (its game, players and outbox); Catan for Two's to red's 'board' and 'help', in
# $BATS_TEST_TMPDIR/two.
board_mails() {
	local d g m
	run -0 referee illegal.eml
	d=$BATS_TEST_TMPDIR/six
	mkdir "$d" "$d/out"
	six_seats "$d/players"
	newgame "$d/game.json" --seed 4 --secret --players red,blue,white,orange,green,brown
	passwords "$d/game.json" "$d/players"
	m=$(catan-move --view red <"$d/game.json" | catan-move --list | head -1)
	printf '%s\n' "${m#red }" | CODES_OF=$d/game.json mkmail plain 'Alice <alice@example.org>' 'my turn' '<s1@x>' >"$d/m"
	run -0 catan-referee $OPTS "$d/game.json" "$d/players" "$d/out" <"$d/m"
	run -0 ls "$d/out"
	assert_eq 6 "${#lines[@]}"
	d=$BATS_TEST_TMPDIR/two
	mkdir "$d" "$d/out"
	printf '%s\n' 'red alice@example.org' 'blue bob@example.net' >"$d/players"
	newgame "$d/game.json" --seed 3 --secret --rules variant=two --players red,blue
	passwords "$d/game.json" "$d/players"
	printf 'board\nhelp\n' | CODES_OF=$d/game.json mkmail plain 'Alice <alice@example.org>' 'the board' '<t1@x>' >"$d/m"
	run -0 catan-referee $OPTS "$d/game.json" "$d/players" "$d/out" <"$d/m"
	run -0 ls "$d/out"
	assert_eq 1 "${#lines[@]}"
}

@test "every line of a reply's text part fits 78 columns, the board included: the base game, six players, Catan for Two, the help" {
	board_mails
	n=0
	for f in "$OUT"/*.eml "$BATS_TEST_TMPDIR"/six/out/*.eml "$BATS_TEST_TMPDIR"/two/out/*.eml; do
		"$MAIL/part.py" "$f" plain >"$f.txt"
		awk -v f="$f" 'length > 78 { print f ": " length " columns: " $0; bad = 1 } END { exit bad }' "$f.txt"
		# The board is there, with the numbers players type.
		grep -q ' #19 ' "$f.txt"
		grep -q ' 17 ' "$f.txt"
		n=$((n + 1))
	done
	assert_eq 11 "$n"
	# The base board and Catan for Two name their paths; the help's list wraps under its text.
	grep -q ' 10-14 ' "$(mail_to alice@example.org)"
	grep -q ' 10-14 ' "$BATS_TEST_TMPDIR"/two/out/*.eml.txt
	grep -q "^  standing pass   pass whenever you are asked to answer a robber with a$" "$BATS_TEST_TMPDIR"/two/out/*.eml.txt
	grep -q "^                  knight, until you write 'standing off'$" "$BATS_TEST_TMPDIR"/two/out/*.eml.txt
}

@test "a reply and its picture take less than 100 kB; at 400 px it needs no sideways scroll, its board's text is 9 px or more and every line of its text is shown; at 1200 px the picture keeps its own size" {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	command -v rsvg-convert >/dev/null || skip "no rsvg-convert (librsvg2-bin) for the picture"
	command -v pngquant >/dev/null || skip "no pngquant (Debian package pngquant) for the picture's 64 colours"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	OPTS=
	board_mails
	# Every reply, the six players' (the largest board and panel) too.
	for f in "$OUT"/*.eml "$BATS_TEST_TMPDIR"/six/out/*.eml "$BATS_TEST_TMPDIR"/two/out/*.eml; do
		size=$(wc -c <"$f")
		[ "$size" -lt 100000 ] || { echo "$f: $size bytes"; false; }
		grep -q '^Content-Type: image/png' "$f"
	done
	# In Chromium: the richest reply of each game (the refusal and the legal moves; the six
	# players' board and panel; the help), on a phone's screen; the first on a wide one too.
	# The picture measured against the SVG it is drawn from; the text's board given, as it is
	# in the text part: every other line of the text is shown.
	for g in base six two; do
		case $g in
		base) f=$(mail_to alice@example.org) game=$G ;;
		six) f=$(grep -l '^To: alice@example.org$' "$BATS_TEST_TMPDIR"/six/out/*.eml) game=$BATS_TEST_TMPDIR/six/game.json ;;
		two) f=$(echo "$BATS_TEST_TMPDIR"/two/out/*.eml) game=$BATS_TEST_TMPDIR/two/game.json ;;
		esac
		catan-render --labels --width 78 --board-only --view red --color never --log 0 "$game" >"$BATS_TEST_TMPDIR/$g.board"
		catan-render --svg --large-print --labels --view red "$game" >"$BATS_TEST_TMPDIR/$g.svg"
		for w in 400 1200; do
			[ "$w" = 400 ] || [ "$g" = base ] || continue
			run -0 timeout 120 "$py" "$ROOT/tests/mail-html.py" --width "$w" --board "$BATS_TEST_TMPDIR/$g.board" \
				--svg "$BATS_TEST_TMPDIR/$g.svg" "$f"
			case $g/$w in
			base/400) want="640x606, shown 384 px wide, its smallest text 9.8 px; 42 lines" ;;
			base/1200) want="640x606, shown 640 px wide, its smallest text 16.3 px; 42 lines" ;;
			six/400) want="640x669, shown 384 px wide, its smallest text 9.6 px; 34 lines" ;;
			two/400) want="640x606, shown 384 px wide, its smallest text 9.8 px; 47 lines" ;;
			esac
			assert_eq "mail-html: 1 picture(s) drawn, $want of the text shown; no sideways scroll at $w px" "$output"
		done
	done
}

@test "the mail reader, fuzzed: 2,000 broken and mutated mails are read without a failure or a control character" {
	case $CATAN_BIN in
	*build-san*) skip "the referee's Python is the same in both builds" ;;
	esac
	for style in plain qp alternative base64 html outlook latin1; do
		printf 'roll 3 3\nbuild road 14-19\nend\n> red roll 1 1\n' |
			mkmail "$style" 'Alice <alice@example.org>' 'My turn' "<$style@x>" >"$BATS_TEST_TMPDIR/$style.eml"
	done
	cd "$BATS_TEST_TMPDIR"
	run -0 python3 "$ROOT/tests/fuzz-mail.py" "$CATAN_BIN/../libexec/catan-tools/catan-referee" 2000 \
		"$MAIL"/*.eml "$BATS_TEST_TMPDIR"/*.eml
	assert_eq "fuzz-mail: 2000 mails read" "$output"
}

@test "the referee's unit tests: every header shape a server delivers, codes, replies, the guard, a transaction killed at each of its steps, files" {
	case $CATAN_BIN in
	*build-san*) skip "the referee's Python is the same in both builds" ;;
	esac
	run -0 python3 "$ROOT/tests/referee_test.py"
	[[ ${lines[-1]} == OK* ]]
}

@test "an unencoded 8-bit subject and Message-ID (UTF-8, Latin-1) are played once and answered in the sender's words" {
	printf 'From: Alice <alice@example.org>\nSubject: Gr\303\274\303\237e f\374r dich\nMessage-ID: <zug\303\251@example.org>\n\nroll 3 3\npassword alice-pw\ncode red222\n' >"$BATS_TEST_TMPDIR/m"
	for i in 1 2; do
		run -0 --separate-stderr catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
		assert_eq "" "$stderr"
		log_is '["red roll 3 3"]'
		outbox_count 4
	done
	grep -q 'red <alice@example.org>: ignored: mail <zugé@example.org> was handled already$' "$G.log"
	f=$(mail_to alice@example.org)
	run -0 python3 -c 'import email, email.policy, sys; print(email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)["Subject"])' "$f"
	assert_eq "Re: Grüße für dich" "$output"
	# An ID that is not plain ASCII is not repeated in a reply: nothing threads to it.
	run -1 grep -q '^In-Reply-To' "$f"
}

@test "a run that fails for a while (a file it cannot write) leaves nothing behind and is done whole when the mail comes again" {
	command -v rsvg-convert >/dev/null || skip "no rsvg-convert (librsvg2-bin) for a reply larger than the game"
	# Files of at most 8 KiB: the game (7 KiB) is written aside, a reply with its picture is not.
	[ "$(wc -c <"$G")" -lt 8192 ]
	run -75 --separate-stderr bash -c 'ulimit -f 8; exec catan-referee "$@" <"$0"' "$MAIL/legal.eml" $SEEDED "$G" "$MAIL/players" "$OUT"
	assert_eq "catan-referee: [Errno 27] File too large" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	[ ! -e "$G.work" ]
	[ ! -e "$G.draw" ]
	[ ! -e "$G.txn" ]
	outbox_count 0
	run -0 referee legal.eml
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	outbox_count 4
}

@test "a mark or a log line cut short by a full disk (a file size limit here) never has a mail played twice" {
	# fill FILE: FILE of 64 KiB less 30 bytes, in whole lines, so that the next line appended
	# to it stops after 30 bytes under a limit of 64 KiB.
	fill() {
		{
			for i in $(seq 800); do printf '%064d handled\n' "$i"; done
			printf '#%*s\n' $((65536 - 30 - 800 * 73 - 2)) '' | tr ' ' x
		} >"$1"
		[ "$(wc -c <"$1")" -eq $((65536 - 30)) ]
	}
	limited() { bash -c 'ulimit -f 64; exec catan-referee "$@" <"$0"' "$MAIL/legal.eml" $SEEDED $OPTS "$G" "$MAIL/players" "$OUT"; }
	for torn in seen log; do
		cp "$BATS_TEST_TMPDIR/before.json" "$G"
		passwords "$G"  # the codes as they were, too
		rm -f "$G.seen" "$G.log" "$OUT"/*.eml
		fill "$G.$torn"
		run -75 --separate-stderr limited
		assert_eq "catan-referee: [Errno 27] File too large" "$stderr"
		# The moves stood (the transaction was committed), the line was cut.
		log_is '["red roll 3 3","red build road 14-19","red end"]'
		[ "$(wc -c <"$G.$torn")" -eq 65536 ]
		# The mail system delivers the mail again, and again: the moves stand once, the players
		# are told once, and the mark and the log line are whole.
		run -0 referee legal.eml
		run -0 referee legal.eml
		log_is '["red roll 3 3","red build road 14-19","red end"]'
		outbox_count 4
		run -0 grep -c ' applied 3 move(s)$' "$G.log"
		assert_eq 1 "$output"
		run -0 grep -c 'handled already$' "$G.log"
		assert_eq 2 "$output"
		run -0 grep -cE '^[0-9a-f]{64} handled$' "$G.seen"
		assert_eq $([ $torn = seen ] && echo 801 || echo 1) "$output"
	done
}

@test "every file the referee writes is readable by its user alone, whatever the umask; a game made readable by others is made private" {
	umask 022
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$G"
	passwords "$G"
	run -0 stat -c %a "$G" "$G.passwords"
	assert_eq $'644\n644' "$output"
	run -0 referee legal.eml
	run -0 catan-referee --passwords=blue "$G" "$MAIL/players" "$OUT"
	printf 'standing pass\n' | run -0 send plain carol@example.com 'x' '<s@x>'
	outbox_count 6
	run -0 stat -c '%a %n' "$G" "$G".{passwords,seen,log,clock,lock} "$OUT"/*.eml
	[ "${#lines[@]}" -eq 12 ]
	run -1 grep -v '^600 ' <<<"$output"
	run -0 find "$OUT" "$BATS_TEST_TMPDIR" -maxdepth 1 -type f -name '*game.json*' -perm /077
	assert_eq "" "$output"
}

@test "a mail without the seat's password, or with a wrong one, plays nothing and is answered to the seat's own address only" {
	for pw in '' 'password bob-pw' 'password alice-pw-not'; do
		rm -f "$OUT"/*.eml
		printf 'From: Alice <alice@example.org>\nReply-To: mallory@evil.example\nSubject: my turn\nMessage-ID: <forged.%s@x>\n\nroll 3 3\nend\n%s\n' \
			"${#pw}" "$pw" >"$BATS_TEST_TMPDIR/m"
		run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
		assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
		outbox_count 1
		f=$(mail_to alice@example.org)
		grep -q "^A mail in your name was not played: it carries $([ -n "$pw" ] && echo 'a wrong' || echo no) password\.$" "$f"
		# The reply's subject is the referee's: nothing of the sender's words, no thread to it.
		grep -q '^Subject: Catan: a mail in your name was not played$' "$f"
		run -1 grep -q '^In-Reply-To' "$f"
		run -1 grep -qi 'mallory' "$f"
		# The reply never shows a password, the seat's nor the one tried.
		run -1 grep -qE 'alice-?pw|bob-?pw' "$f"
	done
	run -0 grep -c 'red <alice@example.org>: refused: no password; told the seat.s owner$' "$G.log"
	assert_eq 1 "$output"
	run -0 grep -c 'red <alice@example.org>: refused: a wrong password; told the seat.s owner$' "$G.log"
	assert_eq 2 "$output"
	# A forged mail delivered again is answered once; one that takes the Message-ID of a mail
	# the seat's owner sends later does not have that mail ignored.
	# (An hour later: the referee answers only a few such mails an hour.)
	rm "$OUT"/*.eml
	printf 'From: alice@example.org\nSubject: x\nMessage-ID: <next@alice>\n\nend\npassword guess\n' >"$BATS_TEST_TMPDIR/m"
	SEEDED="--allow-seeded --now $(($(date +%s) + 3600))"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	outbox_count 1
	printf 'From: alice@example.org\nSubject: x\nMessage-ID: <next@alice>\n\nroll 3 3\npassword alice-pw\ncode %s\n' "$(code_of alice@example.org)" >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	log_is '["red roll 3 3"]'
	cp "$BATS_TEST_TMPDIR/before.json" "$G"
	# The password counts in any case, with or without its dashes, anywhere the text is not quoted.
	printf 'From: alice@example.org\nSubject: t\nMessage-ID: <ok@x>\n\n> password nothing\nroll 3 3\nPassword: ALICEPW\nCode: %s\n-- \nAlice\n' "$(code_of alice@example.org)" >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	log_is '["red roll 3 3"]'
	# Without a passwords file nobody plays.
	rm "$G.passwords" "$OUT"/*.eml
	run -0 referee legal.eml
	grep -q "^A mail in your name was not played: it carries a wrong password\.$" "$(mail_to alice@example.org)"
	log_is '["red roll 3 3"]'
}

@test "a mail sent again under a new Message-ID, or without one on another day, plays nothing: it carries an old code; a reply to the newest mail plays" {
	# id_to ADDRESS: the Message-ID of the newest mail to ADDRESS, which a reply to it names.
	id_to() { sed -n 's/^Message-ID: //p' "$(ls -t $(mail_to "$1") | head -n 1)"; }
	# answer FROM ID IN-REPLY-TO TEXT: FROM's mail with TEXT and the password, no code line.
	answer() {
		printf 'From: %s\nSubject: Re: Catan\n%s%s\n%b\npassword %s\n' "$1" \
			"${2:+Message-ID: $2$'\n'}" "${3:+In-Reply-To: $3$'\n'}" "$4" "$(pw_of "$1")" >"$BATS_TEST_TMPDIR/m"
		catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	}
	run -0 referee legal.eml
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	# Blue answers the mail the move brought: its In-Reply-To carries blue's code.
	reply=$(id_to bob@example.net)
	[[ $reply == "<catan.bue222."*"@"*">" ]]
	rm "$OUT"/*.eml
	run -0 answer bob@example.net '<b.1@x>' "$reply" 'roll 3 3\nend'
	run -0 jq -c '.log[3:]' "$G"
	assert_eq '["blue roll 3 3","blue end"]' "$output"
	outbox_count 4
	# Blue's code is new; the others' are as they were.
	run -0 code_of bob@example.net
	[[ $output =~ ^[a-km-np-z2-9]{6}$ ]]
	[ "$output" != bue222 ]
	assert_eq wht222 "$(code_of carol@example.com)"
	grep -q "^Your code for your next mail: $(code_of bob@example.net)\.  A reply to this mail carries it;$" <(plain_to bob@example.net)
	# The same mail again under another Message-ID, and without one: nothing is played, and
	# blue hears of it with the current code, under the referee's subject.
	cp "$G" "$BATS_TEST_TMPDIR/played.json"
	for id in '<b.2@x>' ''; do
		rm "$OUT"/*.eml
		run -0 answer bob@example.net "$id" "$reply" 'roll 3 3\nend'
		assert_file_eq "$BATS_TEST_TMPDIR/played.json" "$G"
		outbox_count 1
		grep -q '^Subject: Catan: a mail of yours was not played$' "$(mail_to bob@example.net)"
		run -0 text_to bob@example.net
		assert_eq "Now: white to play (roll).

Nothing was played: your mail does not answer the referee's newest mail to you, so it may be an old mail sent again.  Answer this mail, or put the line \"code $(code_of bob@example.net)\" in yours, and send again what still holds:

  blue roll 3 3
  blue end" "$output"
	done
	run -0 grep -c "blue <bob@example.net>: refused: the mail carries no current code (an old mail sent again?); told the seat's owner$" "$G.log"
	assert_eq 2 "$output"
	# A refused mail moves the code on too: sent again when it would be legal, it plays nothing.
	rm "$OUT"/*.eml
	run -0 answer carol@example.com '<w.1@x>' '' 'code wht222\nend'
	grep -q "^  'white end': " <(plain_to carol@example.com)
	run -0 answer carol@example.com '<w.2@x>' '' "code $(code_of carol@example.com)\nroll 3 3"
	run -0 answer carol@example.com '<w.3@x>' '' 'code wht222\nend'
	run -0 jq -c '.log[5:]' "$G"
	assert_eq '["white roll 3 3"]' "$output"
	# A mail that changes nothing needs no code, and is answered with the current one.
	rm "$OUT"/*.eml
	printf 'From: dave@example.org\nSubject: ?\n\nlist\npassword dave-pw\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	grep -q '^Your code for your next mail: rng222\.' "$(mail_to dave@example.org)"
	# A standing order changes something: without the code it is refused.
	rm "$OUT"/*.eml
	printf 'From: dave@example.org\nSubject: away\n\naway\npassword dave-pw\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	[ ! -e "$G.clock" ]
	grep -q '^  away$' "$(mail_to dave@example.org)"
}

@test "password guesses: a few an hour are answered to the seat's owner, then one notice, then silence; the right password still plays" {
	t0=1790000000
	# guess N T: a forger's mail in alice's name, the Nth, at time T, with a subject of theirs.
	guess() {
		printf 'From: alice@example.org\nSubject: URGENT: verify your account at evil.example\nMessage-ID: <guess.%s@evil>\n\nroll 3 3\npassword guess-%s\n' "$1" "$1" >"$BATS_TEST_TMPDIR/m"
		catan-referee $SEEDED $OPTS --now "$2" "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	}
	for i in $(seq 1 30); do
		run -0 guess "$i" $((t0 + i))
	done
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	# Three answered, then one notice; all to the seat's owner, none with the forger's words.
	outbox_count 4
	run -0 grep -l '^To: alice@example.org$' "$OUT"/*.eml
	assert_eq 4 "${#lines[@]}"
	run -1 grep -il 'evil\|urgent\|verify' "$OUT"/*.eml
	run -0 grep -h '^Subject: ' "$OUT"/*.eml
	assert_eq $'Subject: Catan: a mail in your name was not played\nSubject: Catan: a mail in your name was not played\nSubject: Catan: a mail in your name was not played\nSubject: Catan: mails in your name' "$(sort <<<"$output")"
	run -0 "$MAIL/part.py" "$(grep -l '^Subject: Catan: mails in your name$' "$OUT"/*.eml)" plain
	assert_eq "Since 2026-09-21 14:13 UTC, 4 mails came to the referee in your name that it did not" "${lines[0]}"
	assert_eq "The referee answers no more of them until 2026-09-21 15:13 UTC, and tells you of them" "${lines[2]}"
	# Nothing grows with the flood: four lines in the log, three marks.
	run -0 wc -l <"$G.log"
	assert_eq 4 "$output"
	grep -q "red <alice@example.org>: 4 mails not played since 2026-09-21 14:13 UTC (no password, or no current code); no more answered until 2026-09-21 15:13 UTC; told the seat's owner$" "$G.log"
	run -0 wc -l <"$G.seen"
	assert_eq 3 "$output"
	# The owner's own mail plays all the same.
	run -0 catan-referee $SEEDED $OPTS --now $((t0 + 300)) "$G" "$MAIL/players" "$OUT" <"$MAIL/legal.eml"
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	# Other seats are counted apart: bob's first is answered.
	rm "$OUT"/*.eml
	printf 'From: bob@example.net\nSubject: x\nMessage-ID: <b1@evil>\n\nroll 1 1\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS --now $((t0 + 400)) "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	outbox_count 1
	mail_to bob@example.net
	# An hour after the first, the window starts again: answered.
	rm "$OUT"/*.eml
	run -0 guess 31 $((t0 + 3601))
	outbox_count 1
	grep -q '^Subject: Catan: a mail in your name was not played$' "$(mail_to alice@example.org)"
}

@test "--passwords draws a password for each seat, mails it to its player alone and keeps only its hash" {
	rm "$G.passwords"
	run -0 --separate-stderr catan-referee --passwords "$G" "$MAIL/players" "$OUT"
	assert_eq $'red\nblue\nwhite\norange' "$output"
	outbox_count 4
	run -0 stat -c %a "$G.passwords"
	assert_eq 600 "$output"
	run -0 awk '{ print $1, length($2) }' "$G.passwords"
	assert_eq $'red 64\nblue 64\nwhite 64\norange 64' "$output"
	declare -A got
	for a in alice@example.org bob@example.net carol@example.com dave@example.org; do
		f=$(mail_to "$a")
		run -0 grep -c '^  password [a-km-z2-9]\{4\}\(-[a-km-z2-9]\{4\}\)\{4\}$' <(plain_to "$a")
		assert_eq 1 "$output"
		got[$a]=$(plain_to "$a" | sed -n 's/^  password //p')
		run -1 grep -qF "${got[$a]}" "$G.passwords"
		# The mail says whose turn it is, first, and shows the board as its player may see it.
		run -0 plain_to "$a"
		assert_eq "Now: red to play (roll)." "${lines[0]}"
		grep -q "^What $(awk -v a="$a" '$2 == a { print $1 }' "$MAIL/players") may see" <<<"$output"
	done
	run -0 sh -c 'sed -n "s/^  password //p" "$1"/*.eml | sort -u | wc -l' - "$OUT"
	assert_eq 4 "$output"
	# Seats that have one get none; a seat named gets a new one, and the old one stops working.
	rm "$OUT"/*.eml
	run -0 catan-referee --passwords "$G" "$MAIL/players" "$OUT"
	assert_eq "" "$output"
	outbox_count 0
	run -0 catan-referee --passwords=red "$G" "$MAIL/players" "$OUT"
	assert_eq red "$output"
	new=$(plain_to alice@example.org | sed -n 's/^  password //p')
	[ "$new" != "${got[alice@example.org]}" ]
	rm "$OUT"/*.eml
	printf 'From: alice@example.org\nSubject: t\nMessage-ID: <old@x>\n\nroll 2 2\npassword %s\ncode %s\n' "${got[alice@example.org]}" "$(code_of alice@example.org)" |
		run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	printf 'From: alice@example.org\nSubject: t\nMessage-ID: <new@x>\n\nroll 2 2\npassword %s\ncode %s\n' "$new" "$(code_of alice@example.org)" |
		run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT"
	log_is '["red roll 2 2"]'
	run -2 --separate-stderr catan-referee --passwords=green "$G" "$MAIL/players" "$OUT"
	assert_eq "catan-referee: green plays no seat of $G" "$stderr"
}

@test "duplicates are told by the sender and the whole Message-ID, or by the mail itself when it has none" {
	# An ID with a blank is one ID, not its first word.
	m() { printf 'From: %s\nSubject: s\n%s\n%s\npassword %s\ncode %s\n' "$1" "$2" "$3" "$4" "$(code_of "$1")" >"$BATS_TEST_TMPDIR/m"; }
	m alice@example.org 'Message-ID: <20261121 100000.1@alice-pc>' $'\nroll 3 3\nend' alice-pw
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	m bob@example.net 'Message-ID: <20261121 100000.2@alice-pc>' $'\nroll 2 2\nend' bob-pw
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	log_is '["red roll 3 3","red end","blue roll 2 2","blue end"]'
	# One player's ID does not silence another's mail.
	m carol@example.com 'Message-ID: <20261121 100000.1@alice-pc>' $'\nroll 4 4\nend' carol-pw
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	log_is '["red roll 3 3","red end","blue roll 2 2","blue end","white roll 4 4","white end"]'
	# A mail without an ID, delivered twice, is played once; the same text on another day is new.
	rm "$OUT"/*.eml
	m dave@example.org 'Date: Sat, 21 Nov 2026 10:00:00 +0000' $'\nroll 5 5' dave-pw
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	outbox_count 4
	grep -q 'orange <dave@example.org>: ignored: mail (no Message-ID) was handled already$' "$G.log"
	catan-move -i "$G" 'orange end' 'red roll 1 1' 'red end' 'blue roll 1 1' 'blue end' 'white roll 1 1' 'white end'
	m dave@example.org 'Date: Sun, 22 Nov 2026 10:00:00 +0000' $'\nroll 5 5' dave-pw
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -r '.log[-1]' "$G"
	assert_eq "orange roll 5 5" "$output"
}

@test "a game whose outcomes the players name (outcomes=external) is not refereed: a thief's guess would tell a hand" {
	SEEDED=
	# The steal a thief names is refused when the victim holds no such card: mail after mail,
	# that would tell the victim's hand.  The referee takes no such game.
	run -1 --separate-stderr referee legal.eml
	assert_eq "catan-referee: $G takes its dice and cards from the players (outcomes=external): by mail nobody can be trusted to name an outcome, and a steal named by the thief tells the victim's hand (make the game without outcomes=external, or give --allow-seeded for a test)" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	grep -q "refused: $G takes its outcomes from the players (outcomes=external), which no mail can be trusted to name; no reply$" "$G.log"
	# Its secret key changes nothing: the players still name the outcomes.
	catan-newboard --beginner --secret --rules outcomes=external >"$G"
	run -1 referee legal.eml
	# A game that draws its outcomes from its secret key is refereed.
	catan-newboard --beginner --secret >"$G"
	printf 'From: alice@example.org\nSubject: t\n\nroll\npassword alice-pw\ncode red222\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -r '.log[0]' "$G"
	[[ $output == "red roll "[1-6]" "[1-6] ]]
}

@test "a game whose luck comes from its seed is refereed only when asked for; a players file must name every seat" {
	SEEDED=
	catan-newboard --beginner --seed 3 >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before.json"
	run -1 --separate-stderr referee legal.eml
	assert_eq "catan-referee: $G has no secret key: its dice can be worked out from its seed (make it with catan-newboard --secret, or give --allow-seeded for a test)" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	printf 'From: alice@example.org\nSubject: t\n\nroll\npassword alice-pw\ncode red222\n' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee --allow-seeded "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -r '.log[0]' "$G"
	[[ $output == "red roll "[1-6]" "[1-6] ]]
	# A seat without an address: refused before anything is played.
	catan-newboard --beginner --secret >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before.json"
	grep -v '^white' "$MAIL/players" >"$BATS_TEST_TMPDIR/players"
	run -1 --separate-stderr catan-referee $SEEDED "$G" "$BATS_TEST_TMPDIR/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_eq "catan-referee: $BATS_TEST_TMPDIR/players has no address for white" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
}

@test "a mail over the bounds (its size, its moves, a line) is answered and plays nothing" {
	# answered LINE: the mail $BATS_TEST_TMPDIR/m is answered to alice with LINE.
	answered() {
		run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
		grep -qxF "$1" <(plain_to alice@example.org)
		rm "$OUT"/*.eml
	}
	{
		printf 'From: alice@example.org\nSubject: many\nMessage-ID: <many@x>\n\npassword alice-pw\n'
		for i in $(seq 101); do echo 'offer blue brick 1 for wool 1'; done
	} >"$BATS_TEST_TMPDIR/m"
	answered 'Your mail holds 101 moves; one mail may carry 100 at most, so nothing was played.'
	{
		printf 'From: alice@example.org\nSubject: long\nMessage-ID: <long@x>\n\npassword alice-pw\nroll 3 3\nend '
		head -c 200000 /dev/zero | tr '\0' 'x'
		echo
	} >"$BATS_TEST_TMPDIR/m"
	answered 'Line 3 of your mail is over 1000 characters, so nothing was played.'
	{
		printf 'From: alice@example.org\nSubject: huge\nMessage-ID: <huge@x>\n\npassword alice-pw\nroll 3 3\n'
		head -c 2000000 /dev/zero | tr '\0' '\n'
	} >"$BATS_TEST_TMPDIR/m"
	answered 'A mail in your name is over 1024 KiB, so it was not read and nothing was played.'
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	# Control characters from the mail reach no log and no reply; a long subject is cut and folded.
	{
		printf 'From: alice@example.org\nSubject: \033[31mred\007 '
		head -c 5000 /dev/zero | tr '\0' 'y'
		printf '\nMessage-ID: <ctl@x>\n\npassword alice-pw\ncode red222\nroll 3 3\nbuild \033]0;x\007road 1-3\n'
	} >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	log_is '["red roll 3 3"]'
	run -1 grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$G.log" "$OUT"/*.eml
	run -0 awk 'length > 998' "$OUT"/*.eml
	assert_eq "" "$output"
	# The subject is cut at 200 characters, folded and encoded as RFC 2047 says.
	grep -q '^ =?utf-8?q?y*?=$' "$(mail_to alice@example.org)"
	run -0 python3 -c 'import email, email.policy, sys; print(email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)["Subject"])' "$(mail_to alice@example.org)"
	assert_eq "Re: [31mred $(head -c 192 /dev/zero | tr '\0' y)..." "$output"
}

@test "a referee killed while it removes a finished transaction leaves nothing that stops the next mail" {
	# Killed in the removal of GAME.done: the next run clears it and plays.
	mkdir "$G.done"
	printf '{}' >"$G.done/game.json"
	run -0 referee legal.eml
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	[ ! -e "$G.done" ]
	[ ! -e "$G.txn" ]
	# A GAME.txn whose meta.json is gone (a removal cut short, as a referee before GAME.done
	# left it) was carried out already: it is removed, and the mail is played once.
	cp "$BATS_TEST_TMPDIR/before.json" "$G"
	passwords "$G"  # the codes as they were, too
	rm -f "$G.seen" "$G.log" "$OUT"/*.eml
	mkdir "$G.txn"
	printf 'x' >"$G.txn/logged"
	run -0 referee legal.eml
	log_is '["red roll 3 3","red build road 14-19","red end"]'
	outbox_count 4
	[ ! -e "$G.txn" ]
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
	passwords "$D/friday.json" "$D/friday.players"
	passwords "$D/monday.json" "$D/monday.players"
	games() { mkmail "$@" >"$BATS_TEST_TMPDIR/m"; catan-referee $SEEDED --games "$D" "$OUT" <"$BATS_TEST_TMPDIR/m"; }
	printf 'roll 3 3\nend\n' | run -0 games plain bob@example.net 'x' '<g0@x>'
	grep -q '^You play in several games here: friday monday\.$' "$(mail_to bob@example.net)"
	rm "$OUT"/*.eml
	printf 'roll 3 3\nend\n' | run -0 games plain alice@example.org 'My turn [Game:Friday]' '<g1@x>'
	log_is '["red roll 3 3","red end"]' "$D/friday.json"
	assert_file_eq "$G" "$D/monday.json"
	grep -q '^Subject: Catan \[game:friday\]: red played; blue to play (roll)$' "$(mail_to bob@example.net)"
	rm "$OUT"/*.eml
	# Erin plays only on monday: no tag is needed, and the replies carry it.
	printf 'roll 2 2\nend\n' | PLAYERS_OF=$D/monday.players CODES_OF=$D/monday.json run -0 games plain erin@example.org 'Monday' '<g2@x>'
	log_is '["red roll 2 2","red end"]' "$D/monday.json"
	grep -q '^Subject: Re: Monday \[game:monday\]$' "$(mail_to erin@example.org)"
	rm "$OUT"/*.eml
	printf 'roll 1 1\n' | run -0 games plain erin@example.org 'Re: [game:friday]' '<g3@x>'
	grep -q "^You play in no game called 'friday' here; your games: monday\.$" "$(mail_to erin@example.org)"
	printf 'roll 1 1\n' | run -1 games plain mallory@evil.example '[game:friday]' '<g4@x>'
	log_is '["red roll 3 3","red end"]' "$D/friday.json"
	grep -q "unknown sender 'mallory@evil.example'" "$D/referee.log"
	# A game whose file name has capitals is found by its tag in any case.
	cp "$G" "$D/Tuesday.json"
	cp "$MAIL/players" "$D/Tuesday.players"
	passwords "$D/Tuesday.json" "$D/Tuesday.players"
	printf 'roll 6 6\n' | run -0 games plain carol@example.com 'x [game:Tuesday]' '<g6@x>'
	printf 'roll 6 6\n' | run -0 games plain alice@example.org 'x [game:TUESDAY]' '<g7@x>'
	log_is '["red roll 6 6"]' "$D/Tuesday.json"
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
		passwords "$G"
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
	run -2 --separate-stderr catan-referee $SEEDED "$G" "$MAIL/players" </dev/null
	assert_eq "usage: catan-referee [--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE" "$stderr"
	run -2 --separate-stderr catan-referee $SEEDED "$G" "$MAIL/players" "$BATS_TEST_TMPDIR/none" </dev/null
	assert_eq "catan-referee: '$G' and '$MAIL/players' must be files and '$BATS_TEST_TMPDIR/none' a folder" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-referee --bogus </dev/null
	assert_eq "catan-referee: unknown option '--bogus'" "${stderr_lines[0]}"
	run -2 catan-referee --games </dev/null
}

@test "the options as today: a value after \"=\" or as the next word, --passwords's only after \"=\"; an unknown option or a missing value is a usage error" {
	usage="usage: catan-referee [--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE"
	# Every seat has a password: --passwords (or -p) alone draws none, --passwords=COLOURS those named.
	run -0 catan-referee --passwords "$G" "$MAIL/players" "$OUT"
	assert_eq "" "$output"
	run -0 catan-referee -p "$G" "$MAIL/players" "$OUT"
	assert_eq "" "$output"
	run -0 catan-referee --passwords=Blue,red "$G" "$MAIL/players" "$OUT"
	assert_eq $'red\nblue' "$output"
	outbox_count 2
	# "--passwords red" is --passwords and an operand too many.
	run -2 --separate-stderr catan-referee --passwords red "$G" "$MAIL/players" "$OUT"
	assert_eq "$usage" "$stderr"
	outbox_count 2
	# The value of --log given after "=", and of -f as the next word, even one that starts with "-"
	# (the test players' passwords back).
	rm "$OUT"/*.eml
	passwords "$G"
	run -0 catan-referee $SEEDED -t -f '-the referee- <gm@example.org>' --log="$BATS_TEST_TMPDIR/l" \
		"$G" "$MAIL/players" "$OUT" <"$MAIL/legal.eml"
	grep -q 'applied 3 move(s)' "$BATS_TEST_TMPDIR/l"
	run -0 grep -c '^From: -the referee- <gm@example.org>$' "$OUT"/*.eml
	# No abbreviation, no short option with its value attached, no value for a switch.
	for w in --bogus -x -gX --gam --tick=1 --help=x -p=red; do
		run -2 --separate-stderr catan-referee "$w" "$G" "$MAIL/players" "$OUT" </dev/null
		assert_eq "catan-referee: unknown option '$w'"$'\n'"$usage" "$stderr"
	done
	for w in -g --games -f --from -l --log --remind --deadline --now; do
		run -2 --separate-stderr catan-referee $SEEDED "$G" "$MAIL/players" "$OUT" "$w" </dev/null
		assert_eq "catan-referee: option '$w' needs a value"$'\n'"$usage" "$stderr"
	done
	# After "--" a word that starts with "-" is an operand; "-" alone is one anywhere.
	run -2 --separate-stderr catan-referee -- --bogus "$MAIL/players" "$OUT" </dev/null
	assert_eq "catan-referee: '--bogus' and '$MAIL/players' must be files and '$OUT' a folder"$'\n'"$usage" "$stderr"
	run -2 --separate-stderr catan-referee - "$MAIL/players" "$OUT" </dev/null
	assert_eq "catan-referee: '-' and '$MAIL/players' must be files and '$OUT' a folder"$'\n'"$usage" "$stderr"
	# --help and --version answer where they stand, before a later error.
	run -0 catan-referee --help --bogus
	run -2 catan-referee --bogus --help
}

@test "--help lists every option of the table, with its letter and value as parsing takes them" {
	help=$(catan-referee --help)
	assert_eq "usage: catan-referee [OPTION...] GAME PLAYERS OUTBOX < MESSAGE" "${help%%$'\n'*}"
	for e in "-g, --games FOLDER" "-f, --from ADDRESS" "-l, --log FILE" "-p, --passwords[=COLOURS]" \
		"    --tick" "    --remind HOURS" "    --deadline HOURS" "    --now SECONDS" "-t, --text-only" \
		"    --allow-seeded" "-h, --help" "-V, --version"; do
		grep -qF -- "  $e  " <<<"$help" || { echo "no entry '$e'"; false; }
	done
	assert_eq 12 "$(grep -cE -- '^  (-., |    )--[a-z]' <<<"$help")"
	# The letters are the options': -h and -V as --help and --version.
	run -0 diff <(catan-referee -h) <(printf '%s\n' "$help")
	run -0 catan-referee -V
	[[ $output == "catan-referee (catan-tools) "* ]]
}

@test "completion follows the option table: a file after --games and --log, nothing after --from or a number, colours after --passwords=" {
	for o in -g --games -l --log; do
		run -0 catan-referee --complete "$o" ''
		assert_eq "@file" "$output"
	done
	for o in -f --from --remind --deadline --now; do
		run -0 catan-referee --complete "$o" ''
		assert_eq "" "$output"
	done
	run -0 catan-referee --complete --passwords=
	assert_eq $'--passwords=red\n--passwords=blue\n--passwords=white\n--passwords=orange\n--passwords=green\n--passwords=brown' "$output"
	run -0 catan-referee --complete-describe --pa
	assert_eq "--passwords:draw a password for each seat and mail it" "$output"
	run -0 catan-referee --complete --log x ''
	assert_eq "@file" "$output"
}

@test "--from sets the replies' From: and --log the log" {
	run -0 catan-referee $SEEDED --from 'Game master <gm@example.org>' --log "$BATS_TEST_TMPDIR/l" \
		"$G" "$MAIL/players" "$OUT" <"$MAIL/legal.eml"
	run -0 grep -c '^From: Game master <gm@example.org>$' "$OUT"/*.eml
	grep -q 'applied 3 move(s)' "$BATS_TEST_TMPDIR/l"
	[ ! -e "$G.log" ]
}

@test "docs/pbem.md's first game runs as written, the mail on stdin as a delivery agent hands it" {
	export HOME=$BATS_TEST_TMPDIR/home
	mkdir "$HOME"
	# The steps of the walk-through; the game pinned to a seed so that the dice are known,
	# which the referee then must be told to accept.
	sed -n '/^## A first game/,/^## /p' "$ROOT/docs/pbem.md" |
		awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on' |
		sed 's/^catan-newboard --beginner /&--seed 4 /; s/^catan-referee ~/catan-referee --allow-seeded ~/' >"$BATS_TEST_TMPDIR/walk.sh"
	grep -q -- '--seed 4' "$BATS_TEST_TMPDIR/walk.sh"
	run -0 --separate-stderr bash -e "$BATS_TEST_TMPDIR/walk.sh"
	assert_eq "" "$stderr"
	assert_eq "red
blue
white
orange
exit status 0
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

@test "examples/referee.sh: passwords, a roll answered to all, a forged mail to the seat's owner, a move out of turn to its sender" {
	run -0 --separate-stderr sh "$ROOT/examples/referee.sh" "$BATS_TEST_TMPDIR/ex"
	assert_eq "" "$stderr"
	assert_eq "passwords mailed: 4" "${lines[0]}"
	[[ "${lines[1]}" =~ ^after\ Alice\'s\ mail:\ 4\ replies,\ the\ game\'s\ log:\ \[\"red\ roll\ [1-6]\ [1-6]\"\]$ ]]
	assert_eq $'  to alice@example.org\n  to bob@example.net\n  to carol@example.com\n  to dave@example.org' \
		"$(printf '%s\n' "${lines[@]:2:4}")"
	assert_eq "after the forged mail: 1 reply, to alice@example.org" "${lines[6]}"
	assert_eq "after Bob's mail: 1 reply, the game's log: ${lines[1]##*log: }" "${lines[7]}"
	assert_eq "Move 1 of your mail (line 1) was refused:" "${lines[8]}"
	# The game is a refereed one: its luck comes from a key only its file holds.
	run -0 jq -r '.secret | length' "$BATS_TEST_TMPDIR/ex/game.json"
	assert_eq 64 "$output"
}

@test "a six-player game by mail, every player asked (building all): green passes in the building phase, a player out of turn is refused, all six are told" {
	P=$BATS_TEST_TMPDIR/six.players
	PLAYERS_OF=$P
	printf '%s\n' 'red alice@example.org' 'blue bob@example.net' 'white carol@example.com' \
		'orange dave@example.org' 'green erin@example.org' 'brown frank@example.net' \
		'building all' >"$P"
	catan-newboard --seed 4 --secret --players red,blue,white,orange,green,brown >"$G"
	passwords "$G" "$P"
	# Automatic players up to a building phase in which green is to move (the luck is the
	# referee's secret, so the move that reaches it is not known in advance).
	for i in $(seq 1 300); do
		jq -e '.position.phase == "building" and .position.current == "green"' "$G" >/dev/null && break
		catan-move -i "$G" --auto 1 --policy greedy
	done
	run -0 jq -c '.position | [.phase, .current]' "$G"
	assert_eq '["building","green"]' "$output"
	last=$(jq -r '.log[-1]' "$G")
	# After green's pass brown builds, unless the phase follows brown's turn: then red's turn begins.
	if [ "$(jq -r .position.building_after "$G")" = brown ]; then
		want='["green end","red","roll"]'
	else
		want='["green end","brown","building"]'
	fi
	printf 'end\n' | mkmail plain 'Frank <frank@example.net>' 'my turn' '<b1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -r '.log[-1]' "$G"
	assert_eq "$last" "$output"
	grep -q "green builds or passes first" <(prose_to frank@example.net)
	rm -f "$OUT"/*.eml
	printf 'end\n' | mkmail plain 'Erin <erin@example.org>' 'my turn' '<g1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -c '[.log[-1], .position.current, .position.phase]' "$G"
	assert_eq "$want" "$output"
	outbox_count 6
	for a in alice@example.org bob@example.net carol@example.com dave@example.org erin@example.org frank@example.net; do
		grep -q '^  green end$' "$(mail_to "$a")"
	done
}

# five_players FILE: a five-player game's players file (no 'building' line: only the players
# who asked are asked in the special building phase).
five_players() {
	printf '%s\n' 'red alice@example.org' 'blue bob@example.net' 'white carol@example.com' \
		'orange dave@example.org' 'green erin@example.org' >"$1"
}

# five_game: a five-player game in $G with its players in $P, played by automatic players
# up to a main phase; $cur is the player whose turn it is.
five_game() {
	P=$BATS_TEST_TMPDIR/five.players
	PLAYERS_OF=$P
	five_players "$P"
	newgame "$G" --seed 3 --secret --players red,blue,white,orange,green
	passwords "$G" "$P"
	to_main
	cur=$(jq -r .position.current "$G")
}

# to_main: automatic moves on $G until the player whose turn it is may end it (phase main).
to_main() {
	local i
	for i in $(seq 1 300); do
		jq -e '.position.phase == "main"' "$G" >/dev/null && return 0
		catan-move -i "$G" --auto 1 --policy greedy
	done
	return 1
}

# address COLOUR: the five-player game's address of COLOUR.
address() {
	awk -v c="$1" '$1 == c { print $2 }' "$BATS_TEST_TMPDIR/five.players"
}

# after COLOUR N: the colour N seats after COLOUR among the five.
after() {
	local s=(red blue white orange green) i
	for i in 0 1 2 3 4; do
		if [ "${s[i]}" = "$1" ]; then
			echo "${s[(i + $2) % 5]}"
		fi
	done
}

@test "a five-player game by mail: the referee passes in the building phase for every player who did not ask" {
	five_game
	n=$(jq '.log | length' "$G")
	printf 'end\n' | mkmail plain "$(address "$cur")" 'my turn' '<e1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	# The turn ended, the four others were passed for, in turn from the left; the next turn began.
	run -0 jq -c --argjson n "$n" '[.log[$n:], .position.current, .position.phase]' "$G"
	a=$(after "$cur" 1) b=$(after "$cur" 2) c=$(after "$cur" 3) d=$(after "$cur" 4)
	assert_eq "[[\"$cur end\",\"$a end\",\"$b end\",\"$c end\",\"$d end\"],\"$a\",\"roll\"]" "$output"
	outbox_count 5
	# Each player reads the mover's move apart from the referee's passes.
	run -0 "$MAIL/part.py" "$(mail_to "$(address "$d")")" plain
	assert_eq "Now: $a to play (roll)." "${lines[0]}"
	assert_eq "$cur played:" "${lines[1]}"
	assert_eq "  $cur end" "${lines[2]}"
	assert_eq "The referee played by the standing orders (write 'help' for them):" "${lines[3]}"
	assert_eq "  $a end" "${lines[4]}"
	assert_eq "  $d end" "${lines[7]}"
}

@test "a five-player game by mail: 'building on' gets a player asked in every building phase until 'building off'" {
	five_game
	asker=$(after "$cur" 2)
	# A mail of commands alone: the request is confirmed, the game unchanged.
	cp "$G" "$BATS_TEST_TMPDIR/g0"
	printf 'building on\n' | mkmail plain "$(address "$asker")" 'build' '<b1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	cmp "$G" "$BATS_TEST_TMPDIR/g0"
	run -0 prose_to "$(address "$asker")"
	assert_eq "Now: $cur to play (main)." "${lines[0]}"
	assert_eq "Standing request: you are asked to build in every special building phase, until you write 'building off'." "${lines[1]}"
	run -0 jq -c .building "$G.clock"
	assert_eq "{\"$asker\":true}" "$output"
	rm -f "$OUT"/*.eml
	# The turn ends: the player between is passed for; the asker is asked.
	n=$(jq '.log | length' "$G")
	printf 'end\n' | mkmail plain "$(address "$cur")" 'my turn' '<e1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -c --argjson n "$n" '[.log[$n:], .position.current, .position.phase]' "$G"
	assert_eq "[[\"$cur end\",\"$(after "$cur" 1) end\"],\"$asker\",\"building\"]" "$output"
	rm -f "$OUT"/*.eml
	# The asker passes and cancels in one mail: the rest are passed for, the next turn begins.
	n=$(jq '.log | length' "$G")
	printf 'end\nbuilding off\n' | mkmail plain "$(address "$asker")" 'pass' '<e2@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -c --argjson n "$n" '[.log[$n:], .position.current, .position.phase]' "$G"
	assert_eq "[[\"$asker end\",\"$(after "$cur" 3) end\",\"$(after "$cur" 4) end\"],\"$(after "$cur" 1)\",\"roll\"]" "$output"
	run -0 jq -c .building "$G.clock"
	assert_eq "{}" "$output"
	run -0 prose_to "$(address "$asker")"
	assert_eq "Standing request cancelled: the referee passes for you in the special building phase." "${lines[6]}"
}

@test "'building on' in a game without the building phase changes nothing and says so; a players file's 'building' line takes all, requested or paired" {
	printf 'building on\n' | send plain 'Alice <alice@example.org>' 'build' '<b1@x>'
	run -0 plain_to alice@example.org
	assert_eq "Now: red to play (roll)." "${lines[0]}"
	assert_eq "This game has no special building phase: 'building on' changes nothing." "${lines[1]}"
	[ ! -e "$G.clock" ]
	cp "$MAIL/players" "$BATS_TEST_TMPDIR/players"
	echo 'building some' >>"$BATS_TEST_TMPDIR/players"
	run -1 --separate-stderr catan-referee $SEEDED $OPTS "$G" "$BATS_TEST_TMPDIR/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
	assert_eq "catan-referee: $BATS_TEST_TMPDIR/players: the line 'building' takes all, requested or paired, not 'some'" "$stderr"
}

@test "a five-player game of paired players by mail: the turn's end hands it to the player three seats on, who is asked and whose end begins the next turn" {
	P=$BATS_TEST_TMPDIR/five.players
	PLAYERS_OF=$P
	five_players "$P"
	echo 'building paired' >>"$P"
	newgame "$G" --seed 3 --secret --players red,blue,white,orange,green --rules paired_players=on
	passwords "$G" "$P"
	to_main
	cur=$(jq -r .position.current "$G") two=$(after "$cur" 3)
	n=$(jq '.log | length' "$G")
	printf 'end\n' | mkmail plain "$(address "$cur")" 'my turn' '<p1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	# No building phase and nobody passed for: Settler 2's part of the same turn.
	run -0 jq -c --argjson n "$n" '[.log[$n:], .position.current, .position.phase, .position.paired_after]' "$G"
	assert_eq "[[\"$cur end\"],\"$two\",\"main\",\"$cur\"]" "$output"
	outbox_count 5
	run -0 "$MAIL/part.py" "$(mail_to "$(address "$two")")" plain
	assert_eq "Now: $cur's turn; the game waits for $two (to play their part of the turn)." "${lines[0]}"
	# Settler 2 offers nothing to a player; their end begins the turn of the player left of Settler 1.
	rm "$OUT"/*.eml
	printf 'offer %s brick 1 for wool 1\n' "$cur" | mkmail plain "$(address "$two")" 'my part' '<p2@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 "$MAIL/part.py" "$(mail_to "$(address "$two")")" plain
	assert_eq "  '$two offer $cur brick 1 for wool 1': in $cur's turn $two trades with the" "${lines[3]}"
	assert_eq "    bank alone, not with other players (paired players)" "${lines[4]}"
	rm "$OUT"/*.eml
	printf 'end\n' | mkmail plain "$(address "$two")" 'my part' '<p3@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -c --argjson n "$n" '[.log[$n:], .position.current, .position.phase, .position.paired_after]' "$G"
	assert_eq "[[\"$cur end\",\"$two end\"],\"$(after "$cur" 1)\",\"roll\",null]" "$output"
}

@test "the players file's 'building paired' and the game's paired_players agree, or the referee refuses the game" {
	P=$BATS_TEST_TMPDIR/five.players
	PLAYERS_OF=$P
	five_players "$P"
	newgame "$G" --seed 3 --secret --players red,blue,white,orange,green --rules paired_players=on
	passwords "$G" "$P"
	printf 'board\n' | CODES_OF=$G mkmail plain 'Alice <alice@example.org>' 'board' '<q1@x>' >"$BATS_TEST_TMPDIR/m"
	# No 'building' line: the game's rules say paired players, and the referee plays them.
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	echo 'building all' >>"$P"
	run -1 --separate-stderr catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_eq "catan-referee: $G plays paired players, which have no building phase: the line 'building' in $P says paired, or nothing" "$stderr"
	five_players "$P"
	echo 'building paired' >>"$P"
	newgame "$G" --seed 3 --secret --players red,blue,white,orange,green
	passwords "$G" "$P"
	run -1 --separate-stderr catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_eq "catan-referee: $P says 'building paired', but $G was made without them (catan-newboard --rules variant=five_six --rules paired_players=on)" "$stderr"
}

@test "a request cancelled while its player is asked: --tick plays the pass and tells all five" {
	five_game
	asker=$(after "$cur" 1)
	printf 'end\nbuilding on\n' | mkmail plain "$(address "$cur")" 'my turn' '<e1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	printf 'building on\n' | mkmail plain "$(address "$asker")" 'build' '<b1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	# The asker's request came after the turn ended: the phase passed them by.
	run -0 jq -c '[.position.current, .position.phase]' "$G"
	assert_eq "[\"$asker\",\"roll\"]" "$output"
	# The asker's turn ends: the first player asked is the one who asked with their move.
	to_main
	run -0 jq -r .position.current "$G"
	assert_eq "$asker" "$output"
	printf 'end\n' | mkmail plain "$(address "$asker")" 'my turn' '<e2@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	run -0 jq -c '[.log[-4:], .position.current, .position.phase]' "$G"
	assert_eq "[[\"$asker end\",\"$(after "$cur" 2) end\",\"$(after "$cur" 3) end\",\"$(after "$cur" 4) end\"],\"$cur\",\"building\"]" "$output"
	# The cancel alone changes nothing in the game; the next tick plays the pass.
	cp "$G" "$BATS_TEST_TMPDIR/g0"
	printf 'building off\n' | mkmail plain "$(address "$cur")" 'no' '<c1@x>' >"$BATS_TEST_TMPDIR/m"
	run -0 catan-referee $SEEDED $OPTS "$G" "$P" "$OUT" <"$BATS_TEST_TMPDIR/m"
	cmp "$G" "$BATS_TEST_TMPDIR/g0"
	rm -f "$OUT"/*.eml
	run -0 catan-referee --tick --text-only "$G" "$P" "$OUT"
	run -0 jq -c '[.log[-1], .position.current, .position.phase]' "$G"
	assert_eq "[\"$cur end\",\"$(after "$cur" 2)\",\"roll\"]" "$output"
	outbox_count 5
	run -0 "$MAIL/part.py" "$(mail_to "$(address "$cur")")" plain
	assert_eq "Now: $(after "$cur" 2) to play (roll)." "${lines[0]}"
	assert_eq "The referee played by the standing orders (write 'help' for them):" "${lines[1]}"
	assert_eq "  $cur end" "${lines[2]}"
	grep -q ' tick: standing orders: 1 move(s)$' "$G.log"
}

@test "a five-player game by mail to its winner: each seat's moves by the automatic player past its deadline, the building phase passed for all; it validates and scores" {
	five_game
	echo 'auto greedy' >>"$P"
	# Greedy players up to 8 points, then the referee's clock plays the rest, a tick at a time.
	for i in $(seq 1 100); do
		[ "$(catan-score --json "$G" | jq '[.players[].points] | max')" -ge 8 ] && break
		catan-move -i "$G" --auto 20 --policy greedy
	done
	n=$(jq '.log | length' "$G")
	t=1790000000
	for i in $(seq 1 600); do
		[ "$(jq -r .position.phase "$G")" = over ] && break
		t=$((t + 100 * 3600))
		catan-referee --tick --text-only --now "$t" "$G" "$P" "$OUT" >/dev/null
	done
	run -0 jq -r .position.phase "$G"
	assert_eq over "$output"
	# The referee's part: every pass of a building phase is in the log, none waited for a mail.
	run -0 jq --argjson n "$n" '[.log[$n:][] | select(endswith(" end"))] | length' "$G"
	ends=$output
	[ "$ends" -gt 5 ]
	winner=$(catan-score --json "$G" | jq -r .winner)
	run -0 catan-validate "$G"
	[[ $output =~ ^.*:\ ok,\ [0-9]+\ moves$ ]]
	run -0 catan-score --json "$G"
	run -0 jq -r '[.players[] | select(.colour == "'"$winner"'") | .points >= 10] | .[0]' <<<"$output"
	assert_eq true "$output"
	# The last mail each player got says who won.
	for c in red blue white orange green; do
		f=$(ls -t $(grep -l "^To: $(address $c)\$" "$OUT"/*.eml) | head -1)
		grep -q "^Now: $winner has won the game\.$" <("$MAIL/part.py" "$f" plain)
	done
}
