#!/usr/bin/env bats
# examples/pbem-referee.sh: the play-by-email referee on sample messages: a legal move, an
# illegal one, a move by the wrong player, an unknown sender, a quoted reply, two at once.

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
	sh "$ROOT/examples/pbem-referee.sh" "$G" "$MAIL/players" "$OUT" <"$MAIL/$1"
}

# mail_to ADDRESS: the one outbox file addressed to ADDRESS.
mail_to() {
	grep -l "^To: $1\$" "$OUT"/*.eml
}

@test "a legal move is applied and every player gets a mail with their own view" {
	run -0 --separate-stderr referee legal.eml
	assert_eq "" "$stderr"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3","red build road 14-19","red end"]' "$output"
	run -0 ls "$OUT"
	assert_eq 4 "${#lines[@]}"
	for a in alice@example.org bob@example.net carol@example.com dave@example.org; do
		f=$(mail_to "$a")
		grep -q '^  red build road 14-19$' "$f"
		grep -q '^Now: blue to play (roll)\.$' "$f"
		grep -q '^Turn 2: blue to roll the dice$' "$f"
	done
	# The sender's reply threads to the mail; it and only it lists red's cards.
	grep -q '^In-Reply-To: <legal.1@example.org>$' "$(mail_to alice@example.org)"
	grep -q '^Subject: Re: My turn$' "$(mail_to alice@example.org)"
	grep -q '^  cards: [0-9]* (' "$(mail_to alice@example.org)"
	run -0 grep -c '^  cards: [0-9]* (' "$(mail_to bob@example.net)"
	assert_eq 1 "$output"
	grep -q '^blue (b/B)' "$(mail_to bob@example.net)"
	! grep -q 'In-Reply-To' "$(mail_to bob@example.net)"
	grep -q 'red <alice@example.org>: applied 3 move(s)' "$G.log"
}

@test "an illegal move is refused in a reply to the sender only and the game is unchanged" {
	run -0 referee illegal.eml
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls "$OUT"
	assert_eq 1 "${#lines[@]}"
	f=$(mail_to alice@example.org)
	grep -q '^Your moves were refused, and the game is unchanged:$' "$f"
	grep -q "move 2 'red build city 9': " "$f"
	grep -q '^In-Reply-To: <illegal.1@example.org>$' "$f"
	grep -q 'refused (1)' "$G.log"
}

@test "a move by the wrong player is refused and the game is unchanged" {
	run -0 referee wrong-player.eml
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls "$OUT"
	assert_eq 1 "${#lines[@]}"
	grep -q "the move is red's to make, not blue's" "$(mail_to bob@example.net)"
}

@test "mail from an unknown sender is refused and logged, with no reply" {
	run -1 --separate-stderr referee unknown.eml
	assert_eq "pbem-referee: 'mallory@evil.example' is not a player in $MAIL/players" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	run -0 ls -A "$OUT"
	assert_eq "" "$output"
	grep -q "refused: mail from unknown sender 'mallory@evil.example' (subject 'let me play'); no reply" "$G.log"
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

@test "a mail with no moves gets a reply saying so" {
	printf 'From: alice@example.org\nSubject: hello\n\nHow is everyone?\n' >"$BATS_TEST_TMPDIR/m"
	run -0 sh "$ROOT/examples/pbem-referee.sh" "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/m"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	grep -q '^No moves were found in your mail' "$(mail_to alice@example.org)"
}

@test "two messages at once never lose a move" {
	for i in 1 2 3 4 5; do
		sh "$ROOT/tests/fixtures/render/positions.sh" "$BATS_TEST_TMPDIR"
		cp "$BATS_TEST_TMPDIR/seven.json" "$G"
		rm -f "$OUT"/*.eml
		referee discard-white.eml &
		a=$!
		referee discard-orange.eml &
		b=$!
		wait $a
		wait $b
		run -0 jq -c '[.position.phase, (.log[-2:] | sort)]' "$G"
		assert_eq '["robber",["orange discard brick 2 grain 2","white discard lumber 1 wool 1 ore 2"]]' "$output"
		run -0 ls "$OUT"
		assert_eq 8 "${#lines[@]}"
		# Each mail tells the moves of its own message only.
		run -0 grep -h -A3 ' played:$' "$OUT"/*.eml
		run -0 grep -c '^  white discard' <<<"$output"
		assert_eq 4 "$output"
	done
}

@test "the referee needs a game, a players file and an outbox folder" {
	run -2 sh "$ROOT/examples/pbem-referee.sh" "$G" "$MAIL/players" </dev/null
	run -2 sh "$ROOT/examples/pbem-referee.sh" "$G" "$MAIL/players" "$BATS_TEST_TMPDIR/none" </dev/null
}
