#!/usr/bin/env bats
# catan-referee-games: the referee over long runs of mail: a referee killed at any moment of its
# runs, and a league game played by mail from its first placement to its end.  Their own file,
# so that the suite runs them beside catan-referee.bats's other tests (tests/run-suite).

load test_helper
load referee_helper

@test "a referee killed at any moment, then given the mail again, plays each move once and tells every player" {
	case $CATAN_BIN in
	*build-san*) skip "the kills run on the plain build" ;;
	esac
	# How long a whole run takes here; the kills are spread over it.
	t0=$(date +%s%N)
	referee legal.eml
	t=$((($(date +%s%N) - t0) / 1000000))
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir -p "$TMPDIR"
	killed=0
	for i in $(seq 1 24); do
		cp "$BATS_TEST_TMPDIR/before.json" "$G"
		passwords "$G"  # the codes as they were, too
		rm -rf "$OUT"/*.eml "$G.seen"
		delay=$(awk -v t="$t" -v i="$i" 'BEGIN { printf "%.3f", t * i / 24 / 1000 }')
		st=0
		timeout -s KILL "$delay" catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$MAIL/legal.eml" || st=$?
		[ "$st" -eq 137 ] && killed=$((killed + 1))
		# Delivered again: the moves are in the game once, and every player has their mail.
		run -0 referee legal.eml
		log_is '["red roll 3 3","red build road 14-19","red end"]'
		outbox_count 4
		for a in alice@example.org bob@example.net carol@example.com dave@example.org; do
			grep -q '^  red build road 14-19$' "$(mail_to "$a")"
		done
		run -0 referee legal.eml
		outbox_count 4
		run -0 ls -A "$TMPDIR"
		assert_eq "" "$output"
		[ ! -e "$G.txn" ]
		[ ! -e "$G.work" ]
		[ ! -e "$G.draw" ]
		[ ! -e "$G.done" ]
	done
	[ "$killed" -gt 5 ]
}

# leaks TEXT COLOUR: fails when TEXT, a mail's text to COLOUR, shows another player's hidden card: a
# card another bought, a card stolen between two others, another's hand or development cards
# (a winner's victory point cards are shown to all).
leaks() {
	! grep -E "^  [a-z]+ buy [a-z-]+$" "$1" | grep -v "^  $2 buy " &&
	! grep -E "^  [a-z]+ robber [0-9]+ steal [a-z]+ [a-z]+$" "$1" | grep -vE "^  ($2 .*|.* steal $2 [a-z]+)$" &&
	awk -v me="$2" '/^[a-z]+ \([a-z]\/[A-Z]\)/ { who = $1 }
		/^  (cards|development cards): [0-9]+ \(/ && who != me && !/\(victory-point [0-9]+ revealed\)$/ { bad = 1 }
		END { exit bad }' "$1"
}

@test "a league game by mail: forgers, a mail system that kills and delivers again, a player who misses two deadlines, a standing pass; nothing lost, nothing twice, nothing hidden shown" {
	# A few minutes of mail: played on the plain build; the sanitizer build runs every other referee test.
	case $CATAN_BIN in
	*build-san*) skip "the whole game by mail runs on the plain build" ;;
	esac
	chromium_ok=
	py=$(selenium_python)
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && [ -n "$py" ] &&
		command -v rsvg-convert >/dev/null && chromium_ok=1
	# A whole refereed game (its luck from a secret key, robbers answered by knights) between
	# greedy players, from its first set-up placement to its end, by mail.  Most replies in
	# text alone (a picture takes its time); every fortieth with its HTML part, opened in Chromium.
	newgame "$G" --seed 11 --secret --rules knight_interrupt=on
	passwords "$G"
	O=$BATS_TEST_TMPDIR/oracle.json
	cp "$G" "$O"
	styles=(plain qp alternative base64 html outlook latin1)
	declare -A addr=([red]=alice@example.org [blue]=bob@example.net [white]=carol@example.com [orange]=dave@example.org)
	declare -A colour=([alice@example.org]=red [bob@example.net]=blue [carol@example.com]=white [dave@example.org]=orange)
	# The league's clock: an hour a mail; the deadlines of --tick at 24 and 72 hours.
	now=1790000000
	tick() { catan-referee --tick --text-only --remind 24 --deadline 72 --now "$now" "$G" "$MAIL/players" "$OUT"; }
	# Orange passes on every robber, by a standing order.
	printf 'standing pass\n' | run -0 send plain dave@example.org 'standing order' '<standing@x>'
	# state FILE: its log's length, its phase, who made its last move, who answers the robber.
	state() {
		IFS=$'\t' read -r len phase last answering < <(jq -r \
			'[(.log | length), .position.phase, ((.log[-1] // "") | split(" ")[0]), (.position.answering // "-")] | @tsv' "$1")
	}
	n=0 probes=0 dups=0 autos=0 forged=0 kills=0 killed=0 missed=0 shown=0 passes=0
	state "$O"
	while [ "$phase" != over ]; do
		n=$((n + 1))
		now=$((now + 3600))
		rm -f "$OUT"/*.eml
		# The clock ticks every third mail; a seat's clock starts at the first tick that finds
		# the game waiting for it.
		[ $((n % 3)) -ne 1 ] || run -0 tick
		# Twice in the game, the player to move lets both deadlines pass: reminded, then moved for.
		phase=$(jq -r .position.phase "$G")
		if [ "$phase" = roll ] && { { [ "$n" -ge 9 ] && [ "$missed" -eq 0 ]; } || { [ "$n" -ge 31 ] && [ "$missed" -eq 1 ]; }; }; then
			late=$(jq -r '.position.current' "$G")
			run -0 tick
			now=$((now + 25 * 3600))
			run -0 tick
			assert_eq "$late: reminded" "$output"
			run -0 ls "$OUT"
			assert_eq 1 "${#lines[@]}"
			grep -q "^To: ${addr[$late]}$" "$OUT"/*.eml
			rm -f "$OUT"/*.eml
			now=$((now + 48 * 3600))
			run -0 tick
			[[ $output =~ ^$late:\ deadline\ passed\;\ [0-9]+\ move\(s\)\ by\ the\ automatic\ player\ \(random\)$ ]]
			run -0 ls "$OUT"
			assert_eq 4 "${#lines[@]}"
			grep -q "^$late let the deadline pass" <("$MAIL/part.py" "$(mail_to alice@example.org)" plain)
			# The automatic player's moves are the referee's to choose: the game goes on from them.
			cp "$G" "$O"
			missed=$((missed + 1))
			state "$O"
			[ "$phase" != over ] || break
			rm -f "$OUT"/*.eml
		fi
		# What the next player to move mails: their next moves by the greedy policy, up to 6,
		# written as a player writes them, without outcomes or their colour.
		cp "$G" "$BATS_TEST_TMPDIR/before.json"
		start=$len
		catan-move -i "$O" --auto 1 --policy greedy
		state "$O"
		who=$last
		while [ $((len - start)) -lt 6 ] && [ "$phase" != over ]; do
			catan-move --auto 1 --policy greedy <"$O" >"$O.try"
			state "$O.try"
			[ "$last" = "$who" ] || break
			mv "$O.try" "$O"
		done
		state "$O"
		jq -r --argjson s "$start" '.log[$s:][]' "$O" |
			sed -E 's/^[a-z]+ //; s/^roll [1-6] [1-6]$/roll/; s/^buy [a-z-]+$/buy/; s/^((robber [0-9]+ )?steal [a-z]+) [a-z]+$/\1/' \
				>"$BATS_TEST_TMPDIR/text"
		# The oracle passes for orange as the referee does.
		while [ "$phase $answering" = "interrupt orange" ]; do
			catan-move -i "$O" 'orange pass'
			passes=$((passes + 1))
			state "$O"
		done
		# Every third mail probes with a move after its last: never legal, and it must cost
		# the moves before it nothing.
		if [ $((n % 3)) -eq 0 ]; then
			echo 'build road 1-3' >>"$BATS_TEST_TMPDIR/text"
			probes=$((probes + 1))
		fi
		# Every fourth player first goes on holiday: an out-of-office answering the referee.
		if [ $((n % 4)) -eq 0 ]; then
			sed 's/^/> /' "$BATS_TEST_TMPDIR/text" |
				run -0 send plain "${addr[$who]}" "Out of Office: Catan" "<auto.$n@x>"
			autos=$((autos + 1))
			run -0 ls -A "$OUT"
			assert_eq "" "$output"
		fi
		# Every seventh mail, a forger writes it first, in the player's name, without their
		# password: nothing is played, and only the seat's owner hears of it.
		if [ $((n % 7)) -eq 0 ]; then
			{ cat "$BATS_TEST_TMPDIR/text"; echo 'password let-me-in'; } |
				"$MAIL/mkmail.py" plain "${addr[$who]}" "Catan move $n" "<forged.$n@evil.example>" Reply-To=mallory@evil.example >"$BATS_TEST_TMPDIR/forged.eml"
			run -0 catan-referee $SEEDED --text-only --now "$now" "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/forged.eml"
			assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
			run -0 ls "$OUT"
			assert_eq 1 "${#lines[@]}"
			grep -q "^To: ${addr[$who]}$" "$OUT"/*.eml
			rm -f "$OUT"/*.eml
			forged=$((forged + 1))
		fi
		OPTS=--text-only
		[ $((n % 40)) -eq 0 ] && OPTS=
		style=${styles[$((n % ${#styles[@]}))]}
		mkmail "$style" "${addr[$who]^^}" "Catan move $n" "<mail.$n@x>" <"$BATS_TEST_TMPDIR/text" >"$BATS_TEST_TMPDIR/sent.eml"
		# Every sixth mail, the mail system kills the referee at a moment of its run, then
		# delivers the mail again, as Postfix, Exim and fetchmail do after a failed pipe.
		if [ $((n % 6)) -eq 0 ]; then
			st=0
			timeout -s KILL "0.$(printf '%03d' $((10 + 19 * (kills % 10))))" \
				catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml" || st=$?
			[ "$st" -eq 137 ] && killed=$((killed + 1))
			kills=$((kills + 1))
		fi
		run catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
		[ "$status" -eq 0 ] || { echo "mail $n (kills so far: $kills), status $status: $output"; false; }
		# Every fifth mail is delivered twice: played and answered once.
		if [ $((n % 5)) -eq 0 ]; then
			run -0 catan-referee $SEEDED $OPTS "$G" "$MAIL/players" "$OUT" <"$BATS_TEST_TMPDIR/sent.eml"
			dups=$((dups + 1))
		fi
		# The referee's game is the game itself, byte for byte: no move lost or played twice.
		assert_file_eq "$O" "$G"
		[ ! -e "$G.txn" ]
		[ ! -e "$G.work" ]
		[ ! -e "$G.draw" ]
		[ ! -e "$G.done" ]
		# Every player is told, once, and sees nothing hidden.
		run -0 ls "$OUT"
		assert_eq 4 "${#lines[@]}"
		"$MAIL/part.py" --plain "$OUT"/*.eml
		for f in "$OUT"/*.eml; do
			to=$(sed -n 's/^To: //p' "$f")
			grep -q "^$who played:\$" "$f.txt" || { echo "mail $n to $to tells no move"; cat "$f"; false; }
			leaks "$f.txt" "${colour[$to]}" || { echo "mail $n to $to shows hidden cards:"; cat "$f"; false; }
		done
		rm -f "$OUT"/*.txt
		f=$(grep -l '^In-Reply-To: <mail.'"$n"'@x>$' "$OUT"/*.eml)
		grep -q "^To: ${addr[$who]}$" "$f"
		if [ $((n % 3)) -eq 0 ]; then
			grep -q "^  '$who build road 1-3': '1-3' is not a path" "$f" || { cat "$f"; false; }
			grep -qE '^(Your legal moves now \(|You have no move to make now: )' "$f"
		else
			run -1 grep -q 'refused' "$f"
		fi
		if [ -z "$OPTS" ] && [ -n "$chromium_ok" ]; then
			run -0 timeout 120 "$py" "$ROOT/tests/mail-html.py" "$f"
			[[ $output == "mail-html: 1 picture(s) drawn, 640x"* ]]
			shown=$((shown + 1))
		fi
		# Every player's view of the game reads back.
		for c in red blue white orange; do
			catan-move --view "$c" <"$G" >"$BATS_TEST_TMPDIR/view.json"
			catan-move --list <"$BATS_TEST_TMPDIR/view.json" >/dev/null
			catan-render "$BATS_TEST_TMPDIR/view.json" >/dev/null
		done
	done
	echo "# $n mails: $probes probes, $dups twice, $autos out-of-office, $forged forged, $kills kills ($killed in the run), $missed deadlines missed, $passes standing passes, $shown shown in Chromium" >&3
	[ "$n" -gt 20 ]
	[ "$probes" -gt 3 ]
	[ "$dups" -gt 2 ]
	[ "$autos" -gt 2 ]
	[ "$forged" -gt 2 ]
	[ "$kills" -gt 2 ]
	[ "$killed" -gt 0 ]
	[ "$missed" -eq 2 ]
	[ "$passes" -gt 0 ]
	[ -z "$chromium_ok" ] || [ "$shown" -gt 1 ]
	run -0 jq -r '.position.phase' "$G"
	assert_eq over "$output"
	run -0 catan-validate "$G"
}
