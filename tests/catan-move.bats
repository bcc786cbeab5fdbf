#!/usr/bin/env bats
# catan-move: the front end: moves from arguments, files and JSON; all or nothing;
# in-place editing under a lock; --as and --view.

load test_helper

setup() {
	G=$BATS_TEST_TMPDIR/game.json
	beginner >"$G"
}

# no_temporary_files: the test's folder holds no file a writer left (the listing is shown
# otherwise); bats's own files for --separate-stderr do not count.
no_temporary_files() {
	local left
	left=$(ls -A "$BATS_TEST_TMPDIR" | grep -v -e '^game\.json$' -e '^before$' -e '^separate-stderr-' || true)
	[ -z "$left" ] || { echo "left behind: $left"; false; }
}

# external: a beginner game whose dice and cards are given in the moves.
external() {
	catan-newboard --beginner --seed 1 --rules outcomes=external "$@"
}

# refereed KEY: the beginner game with a secret key, fixed so that its dice are known: red's
# first roll is 4 3 (a seven) with key 8, 3 5 with key 1.
refereed() {
	beginner --secret | jq --arg k "$(printf '%064x' "$1")" '.secret = $k'
}

@test "a move is applied and logged in canonical form with its outcome" {
	run -0 --separate-stderr catan-move 'RED  Roll' <"$G"
	assert_eq "" "$stderr"
	run -0 jq -c '[.log, .position.phase, .position.rolled]' <<<"$output"
	[[ "$output" =~ ^\[\[\"red\ roll\ [1-6]\ [1-6]\"\], ]]
}

@test "several moves apply in order" {
	external >"$G"
	run -0 catan-move 'red roll 3 3' 'red end' 'blue roll 2 2' <"$G"
	run -0 jq -c '[.log, .position.current, .position.turn]' <<<"$output"
	assert_eq '[["red roll 3 3","red end","blue roll 2 2"],"blue",2]' "$output"
}

@test "a refused move writes nothing and names the move, its text and the rule" {
	run -1 --separate-stderr catan-move 'red roll' 'red build road 3-4' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 2 'red build road 3-4': '3-4' is not a path (two neighbouring intersections a-b)" "$stderr"
}

@test "a malformed move is refused with exit 1" {
	run -1 --separate-stderr catan-move 'red bulid road 9-14' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 1 'red bulid road 9-14': unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" "$stderr"
	run -1 --separate-stderr catan-move 'green roll' <"$G"
	assert_eq "catan-move: move 1 'green roll': unknown colour 'green'" "$stderr"
}

@test "a move without its colour is refused with the move as it would read, the colour of the player waited for" {
	run -1 --separate-stderr catan-move 'roll' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 1 'roll': a move starts with its player's colour, as 'red roll'" "$stderr"
	run -1 --separate-stderr catan-move 'red roll' 'red end' 'Build Road 40-44' <"$G"
	assert_eq "catan-move: move 3 'Build Road 40-44': a move starts with its player's colour, as 'blue build road 40-44'" "$stderr"
	# A colour that is a word of no verb stays an unknown colour.
	run -1 --separate-stderr catan-move 'rde roll' <"$G"
	assert_eq "catan-move: move 1 'rde roll': unknown colour 'rde': did you mean 'red'?" "$stderr"
}

@test "an offer that names its cards first is told to name whom it is made to" {
	run -1 --separate-stderr catan-move 'red roll' 'red offer lumber for brick' <"$G"
	assert_eq "catan-move: move 2 'red offer lumber for brick': an offer names whom it is made to before its cards, a colour or 'all': 'offer all lumber 1 for brick 1'" "$stderr"
	run -1 --separate-stderr catan-move 'red roll' 'red offer wood 2' <"$G"
	assert_eq "catan-move: move 2 'red offer wood 2': an offer names whom it is made to before its cards, a colour or 'all': 'offer all lumber 1 for brick 1'" "$stderr"
	run -1 --separate-stderr catan-move 'red roll' 'red offer brick 1 for brick 1' <"$G"
	assert_eq "catan-move: move 2 'red offer brick 1 for brick 1': an offer names whom it is made to before its cards, a colour or 'all': 'offer all brick 1 for lumber 1'" "$stderr"
	run -1 --separate-stderr catan-move 'red roll' 'red offer pink lumber 1 for brick 1' <"$G"
	assert_eq "catan-move: move 2 'red offer pink lumber 1 for brick 1': unknown colour 'pink'" "$stderr"
}

# on_terminal COMMAND: runs COMMAND (a shell line) with a terminal for its standard error, as a
# person at a terminal would; prints what it wrote there, without the terminal's carriage returns.
on_terminal() {
	script -qec "$1" /dev/null | tr -d '\r'
}

@test "on a terminal, each move that drew says what it drew, in the view asked; in a pipe, nothing" {
	command -v script >/dev/null || skip "no script(1) (Debian package bsdutils)"
	cp "$G" "$BATS_TEST_TMPDIR/t.json"
	run -0 on_terminal "catan-move -i '$G' 'red roll' 'red end' 'blue roll'"
	assert_eq "catan-move: red roll 5 1 (6)"$'\n'"catan-move: blue roll 6 1 (7)" "$output"
	# A steal by blue: the card in the full game, not in white's view.
	run -0 on_terminal "catan-move -i '$G' 'blue robber 14 steal orange' --view white >/dev/null"
	assert_eq "catan-move: blue robber 14 steal orange" "$output"
	run -0 jq -r '.log[-1]' "$G"
	[[ $output == "blue robber 14 steal orange "* ]]
	# A card bought: named in the full game.
	catan-newboard --seed 7 | catan-move --auto 19 --policy greedy >"$G"
	run -0 on_terminal "catan-move -i '$G' 'blue buy'"
	assert_eq "catan-move: blue buy year-of-plenty" "$output"
	# Standard error a pipe: nothing said.
	run -0 --separate-stderr catan-move -i "$BATS_TEST_TMPDIR/t.json" 'red roll' 'red end' 'blue roll'
	assert_eq "" "$stderr"
}

@test "on a terminal, automatic play says why it stopped: an outcome from the table, a player not automatic, the end" {
	command -v script >/dev/null || skip "no script(1) (Debian package bsdutils)"
	external >"$G"
	run -0 on_terminal "catan-move -i '$G' 'red roll 3 4' --until-end --policy greedy"
	assert_eq "catan-move: red roll 3 4 (7)"$'\n'"catan-move: stopped before 'red robber 16 steal blue': its outcome comes from the table (outcomes=external); give it in the move" "$output"
	catan-newboard --seed 3 >"$G"
	run -0 on_terminal "catan-move -i '$G' --bots blue --auto 30"
	assert_eq "catan-move: stopped: red is to place a settlement and does not play automatically" "$output"
	run -0 on_terminal "catan-newboard --seed 7 | catan-move --until-end --policy greedy >/dev/null"
	assert_eq "catan-move: the game is over: orange won on turn 76" "${lines[-1]}"
	[ "${#lines[@]}" -gt 50 ]
	# In a pipe, the game alone.
	run -0 --separate-stderr catan-move --until-end --policy greedy < <(catan-newboard --seed 7)
	assert_eq "" "$stderr"
}

@test "a move out of turn is refused" {
	run -1 --separate-stderr catan-move 'blue roll' <"$G"
	assert_eq "" "$output"
	[[ "$stderr" == "catan-move: move 1 'blue roll': "* ]]
}

@test "a given outcome is refused when outcomes are internal" {
	run -1 --separate-stderr catan-move 'red roll 6 6' <"$G"
	assert_eq "" "$output"
	[[ "$stderr" == "catan-move: move 1 'red roll 6 6': "* ]]
}

@test "moves come from a file, skipping comments and blank lines" {
	external >"$G"
	printf '# the first turn\n\nred roll 3 3\n  red end  \n# blue\nblue roll 2 2\n' >"$BATS_TEST_TMPDIR/moves"
	run -0 catan-move -f "$BATS_TEST_TMPDIR/moves" 'blue end' <"$G"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 3 3","red end","blue roll 2 2","blue end"]' "$output"
}

@test "moves come as JSON objects" {
	external >"$G"
	run -0 catan-move --json '{"player":"red","move":"roll","dice":[3,3]}' '{"player":"red","move":"end"}' <"$G"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 3 3","red end"]' "$output"
}

@test "a moves file on stdin needs -i" {
	run -2 --separate-stderr catan-move -f - <"$G"
	assert_eq "catan-move: -f -: standard input holds the game unless -i FILE is given" "${stderr_lines[0]}"
	external >"$G"
	run -0 catan-move -i "$G" -f - <<<'red roll 3 3'
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3"]' "$output"
}

@test "in place: the file is replaced and nothing is written on stdout" {
	external >"$G"
	run -0 --separate-stderr catan-move -i "$G" 'red roll 3 3'
	assert_eq "" "$output"
	assert_eq "" "$stderr"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3"]' "$output"
	no_temporary_files
}

@test "in place: a refused move leaves the file byte-identical" {
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr catan-move -i "$G" 'red roll' 'red build city 3'
	assert_eq "" "$output"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	no_temporary_files
}

@test "in place: two referees at once never lose a move" {
	external --players red,blue >"$G"
	# Red and blue alternate turns; each writer applies one whole turn, so a lost
	# update would show up as a refused move or a short log.
	for i in $(seq 1 10); do
		catan-move -i "$G" --as red 'red roll 3 3' 'red end' 2>/dev/null ||
		catan-move -i "$G" --as blue 'blue roll 3 3' 'blue end' 2>/dev/null || true
	done
	for i in $(seq 1 20); do
		(
			for try in $(seq 1 40); do
				if [ "$(jq -r .position.current "$G")" = red ]; then
					catan-move -i "$G" --as red 'red roll 3 3' 'red end' 2>/dev/null && exit 0
				else
					catan-move -i "$G" --as blue 'blue roll 3 3' 'blue end' 2>/dev/null && exit 0
				fi
			done
			exit 1
		) &
	done
	wait
	run -0 jq '.log | length' "$G"
	assert_eq 60 "$output"
	run -0 jq '.position.turn' "$G"
	assert_eq 31 "$output"
}

@test "in place: a missing file is a system error" {
	run -4 --separate-stderr catan-move -i "$BATS_TEST_TMPDIR/nope.json" 'red roll'
	assert_eq "catan-move: $BATS_TEST_TMPDIR/nope.json: cannot open: No such file or directory" "$stderr"
}

@test "--as refuses a move that is not that colour's" {
	run -1 --separate-stderr catan-move --as blue 'red roll' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 1 'red roll': the move is red's to make, not blue's" "$stderr"
	run -0 catan-move --as red 'red roll' <"$G"
}

@test "--as and --view need a colour that plays" {
	run -2 --separate-stderr catan-move --as pink <"$G"
	assert_eq "catan-move: --as: unknown colour 'pink'" "${stderr_lines[0]}"
	catan-newboard --beginner --seed 1 --players red,blue,white >"$G"
	run -2 --separate-stderr catan-move --view orange <"$G"
	assert_eq "catan-move: --view: 'orange' does not play in this game" "${stderr_lines[0]}"
}

@test "--view writes only what that colour may see" {
	run -0 catan-move --view blue -c 'red roll' <"$G"
	run -0 jq -c '[.view, .seed, (.start | has("rng")), .start.deck, (.position | has("rng")), .position.deck,
		.position.players.red.hand, .position.players.blue.hand.ore]' <<<"$output"
	[[ "$output" =~ ^\[\"blue\",null,false,\{\"knight\":14,\"road-building\":2,\"year-of-plenty\":2,\"monopoly\":2,\"victory-point\":5\},false,25,[0-9]+,1\]$ ]]
}

@test "--view with -i writes the whole game to the file and the view to stdout" {
	run -0 catan-move -i "$G" --view red -c 'red roll'
	run -0 jq -c '.view' <<<"$output"
	assert_eq '"red"' "$output"
	run -0 jq -c 'has("view"), has("start")' "$G"
	assert_eq $'false\ntrue' "$output"
}

@test "a view given as input is refused with exit 1" {
	catan-move --view red <"$G" >"$BATS_TEST_TMPDIR/view.json"
	run -1 --separate-stderr catan-move 'red roll' <"$BATS_TEST_TMPDIR/view.json"
	assert_eq "" "$output"
	assert_eq "catan-move: this is red's view of a game, which cannot be played on: moves need the full game" "$stderr"
}

@test "a record is played on and asked for a move at its last position, replayed as --at does; one that does not replay is refused" {
	cd "$BATS_TEST_TMPDIR"
	# A record from elsewhere, as a bot seated at a table refereed elsewhere gets it.
	catan-import -f catanatron "$FIXTURES/import/catanatron-beginner.json" >rec.json
	n=$(jq '.log | length' rec.json)
	run -0 catan-move --choose <rec.json
	assert_eq "orange roll" "$output"
	run -0 catan-move --status <rec.json
	assert_eq '{"phase":"roll","current":"orange","turn":4,"waiting":["orange"],"owes":{"orange":{"what":"roll"}},"winner":null}' "$output"
	run -0 catan-move --list <rec.json
	assert_eq "$(catan-move --list --at "$n" <rec.json)" "$output"
	# A move makes the record a state: its log, one move longer, and its position, which validates.
	catan-move 'orange roll 2 2' <rec.json >state.json
	assert_eq "$((n + 1))" "$(jq '.log | length' state.json)"
	assert_eq '"main"' "$(jq '.position.phase' state.json)"
	run -0 catan-validate state.json
	run -0 catan-move --view blue 'orange roll 2 2' <rec.json
	assert_eq '["blue","main"]' "$(jq -c '[.view, .position.phase]' <<<"$output")"
	cp rec.json inplace.json
	run -0 catan-move -i inplace.json 'orange roll 2 2'
	cmp state.json inplace.json
	# The rules still hold: this record's outcomes are external.
	run -1 --separate-stderr catan-move 'orange roll' <rec.json
	assert_eq "catan-move: move 1 'orange roll': the dice must be given in the move: this game's outcomes are external" "$stderr"
	# A record whose log does not replay has no current position: refused with the move that fails.
	catan-import -f catanatron "$FIXTURES/import/catanatron-actions.json" >bad.json
	for args in --choose --status --list "--view red red end" "red end"; do
		run -1 --separate-stderr catan-move $args <bad.json
		assert_eq "" "$output"
		assert_eq "catan-move: stdin: the record does not replay: move 3 'red roll 6 1': set-up: it is blue's turn to place a settlement" "$stderr"
	done
	cp bad.json bad-inplace.json
	run -1 --separate-stderr catan-move -i bad-inplace.json 'red end'
	assert_eq "catan-move: bad-inplace.json: the record does not replay: move 3 'red roll 6 1': set-up: it is blue's turn to place a settlement" "$stderr"
	cmp bad.json bad-inplace.json
}

@test "unreadable input is refused with exit 3 and the JSON path" {
	run -3 --separate-stderr catan-move 'red roll' <<<'{"format": "catan-state/1", "players": 3}'
	assert_eq "" "$output"
	assert_eq "catan-move: stdin: players: expected an array of colours, found an integer" "$stderr"
	run -3 --separate-stderr catan-move 'red roll' <<<'{"format": '
	[[ "$stderr" == "catan-move: stdin: not a JSON document: line "* ]]
}

@test "no moves writes the game back canonically" {
	run -0 catan-move <"$G"
	assert_eq "$(cat "$G")" "$output"
	jq -c . "$G" >"$BATS_TEST_TMPDIR/c.json"
	run -0 catan-move <"$BATS_TEST_TMPDIR/c.json"
	assert_eq "$(cat "$G")" "$output"
}

@test "the same moves on the same game give the same bytes" {
	a=$(catan-move 'red roll' 'red end' 'blue roll' <"$G")
	b=$(catan-move 'red roll' 'red end' 'blue roll' <"$G")
	assert_eq "$a" "$b"
}

@test "a saved game continues exactly as an unbroken one" {
	catan-move 'red roll' 'red end' <"$G" >"$BATS_TEST_TMPDIR/half.json"
	a=$(catan-move 'blue roll' <"$BATS_TEST_TMPDIR/half.json")
	b=$(catan-move 'red roll' 'red end' 'blue roll' <"$G")
	assert_eq "$b" "$a"
}

@test "bad options exit 2 with a short usage" {
	run -2 --separate-stderr catan-move --frob <"$G"
	assert_eq "catan-move: unknown option '--frob'" "${stderr_lines[0]}"
	assert_eq "Try 'catan-move --help' for more information." "${stderr_lines[-1]}"
	assert_eq "" "$output"
}

@test "the scripted beginner game plays to red's win with the expected scores" {
	run -0 --separate-stderr bash "$ROOT/examples/beginner-game.sh" "$G"
	assert_eq "" "$stderr"
	assert_eq "121 moves; red won on turn 43" "${lines[0]}"
	assert_eq "last move: red buy victory-point" "${lines[1]}"
	# Points: 1 per settlement, 2 per city, 2 per award, 1 per victory point card.
	run -0 jq -c '.position as $p | [$p.players | to_entries[] | [.key,
		(.value.settlements | length) + 2 * (.value.cities | length)
		+ (if $p.awards.longest_road == .key then 2 else 0 end)
		+ (if $p.awards.largest_army == .key then 2 else 0 end)
		+ .value.dev["victory-point"] + .value.dev_new["victory-point"]]]' "$G"
	assert_eq '[["red",10],["blue",2],["white",2]]' "$output"
	run -1 --separate-stderr catan-move -i "$G" 'blue roll 3 4'
	assert_eq "catan-move: move 1 'blue roll 3 4': the game is over: red won with 10 points" "$stderr"
}

@test "make demo's script plays the beginner game to the end" {
	run -0 --separate-stderr sh "$ROOT/examples/demo.sh" "$CATAN_BIN"
	assert_eq "" "$stderr"
	assert_eq "== A beginner game (catan-newboard --beginner --seed 1):" "${lines[0]}"
	[[ "$output" == *"121 moves; red won on turn 43"* ]]
	# It ends with what to try next, the line that puts the programs on PATH first.
	run -0 tail -n 6 <<<"$output"
	assert_eq "== Next: put the programs on your PATH for this shell, then play or follow README.md:
  export PATH=$CATAN_BIN:\$PATH
  sh examples/human-vs-bots.sh            # you play red against three bots
  catan-newboard --seed 42 | catan-render --labels   # a board with its numbers
  man -l man/catan-move.1                 # moves, views, automatic players
  README.md, \"The programs\": examples that run in order from this folder" "$output"
	# Each line it names runs as shown, from the top folder.
	cd "$ROOT"
	PATH=$CATAN_BIN:$PATH
	run -0 sh examples/human-vs-bots.sh 1 greedy "$BATS_TEST_TMPDIR/h.json" </dev/null
	run -0 sh -c 'catan-newboard --seed 42 | catan-render --labels'
	[ -f man/catan-move.1 ]
}

# ---- legal moves: --list, --count, --offers ----

@test "--list before the first roll of a beginner game is the roll" {
	run -0 --separate-stderr catan-move --list <"$G"
	assert_eq "red roll" "$output"
	assert_eq "" "$stderr"
	run -0 catan-move --count <"$G"
	assert_eq 1 "$output"
}

@test "--list --json writes one move object per line in the form --json reads" {
	catan-move 'red roll' <"$G" >"$BATS_TEST_TMPDIR/rolled.json"
	run -0 catan-move --list --json <"$BATS_TEST_TMPDIR/rolled.json"
	assert_eq '{"player":"red","move":"end"}' "${lines[0]}"
	run -0 catan-move --count <"$BATS_TEST_TMPDIR/rolled.json"
	assert_eq "$output" "$(catan-move --list --json <"$BATS_TEST_TMPDIR/rolled.json" | wc -l)"
}

@test "--list and --count change nothing, even in place" {
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -0 catan-move -i "$G" --list
	assert_eq "red roll" "$output"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
}

@test "--as lists only that colour's moves" {
	f=$FIXTURES/perft/discard-two.json
	jq .game "$f" >"$BATS_TEST_TMPDIR/d.json"
	run -0 catan-move --list <"$BATS_TEST_TMPDIR/d.json"
	all=$output
	run -0 catan-move --list --as orange <"$BATS_TEST_TMPDIR/d.json"
	assert_eq "$(grep '^orange ' <<<"$all")" "$output"
	[ "${#lines[@]}" -eq 6 ]
	run -0 catan-move --count --as white <"$BATS_TEST_TMPDIR/d.json"
	assert_eq 0 "$output"
}

@test "--offers adds the one-for-one offers, each of which is accepted" {
	jq .game "$FIXTURES/perft/offer-open.json" >"$BATS_TEST_TMPDIR/o.json"
	run -0 catan-move --list --offers <"$BATS_TEST_TMPDIR/o.json"
	offers=$(grep ' offer ' <<<"$output")
	assert_eq 48 "$(wc -l <<<"$offers")"
	assert_eq "red offer blue lumber 1 for brick 1" "$(head -1 <<<"$offers")"
	while read -r m; do
		catan-move "$m" <"$BATS_TEST_TMPDIR/o.json" >/dev/null || { echo "refused: $m"; false; }
	done <<<"$offers"
	run -0 catan-move --list <"$BATS_TEST_TMPDIR/o.json"
	[[ "$output" != *" offer "* ]]
}

@test "every listed move, text or JSON, is accepted by catan-move" {
	for f in "$FIXTURES"/perft/*.json; do
		jq .game "$f" >"$BATS_TEST_TMPDIR/p.json"
		catan-move --list <"$BATS_TEST_TMPDIR/p.json" >"$BATS_TEST_TMPDIR/list"
		catan-move --list --json <"$BATS_TEST_TMPDIR/p.json" >"$BATS_TEST_TMPDIR/jlist"
		# At most 12 of each listing, spread over it.
		n=$(wc -l <"$BATS_TEST_TMPDIR/list")
		step=$(( n / 12 + 1 ))
		for ((i = 1; i <= n; i += step)); do
			m=$(sed -n "${i}p" "$BATS_TEST_TMPDIR/list")
			catan-move "$m" <"$BATS_TEST_TMPDIR/p.json" >/dev/null || { echo "$f: refused: $m"; false; }
			m=$(sed -n "${i}p" "$BATS_TEST_TMPDIR/jlist")
			catan-move --json "$m" <"$BATS_TEST_TMPDIR/p.json" >/dev/null || { echo "$f: refused: $m"; false; }
		done
	done
}

@test "the listing is exact both ways on positions of random games (brute force in C)" {
	# Under the sanitizers, the first 18 of the 24 games (the paired players' game among them) and a
	# third of the hidden values' and views' games (every phase and every kind of move still listed,
	# a steal with its card listed only after the first 16 games): the plain build runs them all.
	case $CATAN_UNIT in
	*build-san*) unit_passes movegen_test 18 4 ;;
	*) unit_passes movegen_test ;;
	esac
}

@test "perft fixtures: each position has its expected number of legal moves" {
	for f in "$FIXTURES"/perft/*.json; do
		jq .game "$f" >"$BATS_TEST_TMPDIR/p.json"
		want=$(jq -r '"\(.count) \(.count_offers)"' "$f")
		got="$(catan-move --count <"$BATS_TEST_TMPDIR/p.json") $(catan-move --count --offers <"$BATS_TEST_TMPDIR/p.json")"
		[ "$want" = "$got" ] || { echo "$(basename "$f"): expected $want, listed $got"; false; }
		# The counts hold without the listing: every well-formed move tried on the rules.
		brute=$("$CATAN_UNIT/movegen_test" --brute "$BATS_TEST_TMPDIR/p.json")
		[ "$want" = "$brute" ] || { echo "$(basename "$f"): expected $want, brute force $brute"; false; }
		# Each position was reached by play: its log replays to it.
		if command -v catan-validate >/dev/null; then
			catan-validate "$BATS_TEST_TMPDIR/p.json" >/dev/null || { echo "$(basename "$f") does not validate"; false; }
		fi
	done
}

@test "--list refuses moves, --offers alone and --list with --count" {
	run -2 --separate-stderr catan-move --list 'red roll' <"$G"
	assert_eq "catan-move: --list and --count take no moves, --keep, --auto or --view" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --offers <"$G"
	assert_eq "catan-move: --offers goes with --list or --count" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --list --count <"$G"
	assert_eq "catan-move: --list and --count do not go together" "${stderr_lines[0]}"
}

@test "a finished game has no legal move" {
	jq .game "$FIXTURES/perft/over.json" >"$BATS_TEST_TMPDIR/over.json"
	run -0 --separate-stderr catan-move --list <"$BATS_TEST_TMPDIR/over.json"
	assert_eq "" "$output"
	run -0 catan-move --count <"$BATS_TEST_TMPDIR/over.json"
	assert_eq 0 "$output"
}

# ---- automatic players: --auto, --until-end, --policy, --bots, --turn-limit ----

@test "--auto makes one automatic move, --auto N makes N" {
	run -0 catan-move --auto <"$G"
	run -0 jq -c '.log | length' <<<"$output"
	assert_eq 1 "$output"
	run -0 catan-move --auto 25 <"$G"
	run -0 jq -c '.log | length' <<<"$output"
	assert_eq 25 "$output"
	run -0 catan-move --auto=7 'red roll' <"$G"
	run -0 jq -c '.log | length' <<<"$output"
	assert_eq 8 "$output"
}

@test "--auto N in one call plays the same game as N calls of --auto" {
	catan-newboard --seed 4 >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/steps.json"
	catan-move -i "$G" --auto 60 --policy random
	for i in $(seq 60); do catan-move -i "$BATS_TEST_TMPDIR/steps.json" --auto --policy random; done
	assert_file_eq "$G" "$BATS_TEST_TMPDIR/steps.json"
}

@test "--until-end plays a random board to a winner with either policy, and the log replays" {
	for policy in random greedy 'greedy,red=random'; do
		catan-newboard --seed 11 >"$G"
		run -0 --separate-stderr catan-move -i "$G" --until-end --policy "$policy"
		assert_eq "" "$stderr"
		run -0 jq -r '.position.phase' "$G"
		assert_eq over "$output"
		if command -v catan-validate >/dev/null; then
			run -0 catan-validate "$G"
		fi
	done
}

@test "--turn-limit stops a game before its end, and says so on standard error" {
	catan-newboard --seed 11 >"$G"
	run -0 --separate-stderr catan-move -i "$G" --until-end --turn-limit 5
	assert_eq "catan-move: stopped at turn 6, past the turn limit 5: the game is not over" "$stderr"
	run -0 jq -c '[.position.turn, .position.phase]' "$G"
	assert_eq '[6,"roll"]' "$output"
	# Moves made within the limit say nothing.
	catan-newboard --seed 11 >"$G"
	run -0 --separate-stderr catan-move -i "$G" --auto 20 --turn-limit 5
	assert_eq "" "$stderr"
	run -2 --separate-stderr catan-move --until-end --turn-limit x <"$G"
	assert_eq "catan-move: --turn-limit: 'x' is not a turn number (0 to 65535)" "${stderr_lines[0]}"
}

@test "--bots stops when a colour that is not a bot must move" {
	catan-newboard --seed 11 >"$G"
	run -0 catan-move -i "$G" --until-end --bots blue,white,orange
	run -0 jq -c '[.position.current, (.log | length)]' "$G"
	assert_eq '["red",0]' "$output"
	catan-move -i "$G" 'red build settlement 1' 'red build road 1-4'
	run -0 catan-move -i "$G" --until-end --bots blue,white,orange
	# Blue, white and orange place twice, then red places again.
	run -0 jq -c '[.position.current, .position.phase, (.log | length)]' "$G"
	assert_eq '["red","setup-settlement",14]' "$output"
}

@test "a finished game takes no automatic move" {
	jq .game "$FIXTURES/perft/over.json" >"$G"
	run -0 catan-move --auto 3 <"$G"
	assert_eq "$(catan-move <"$G")" "$output"
}

# ---- automatic players under external outcomes: --choose, and play that stops before an outcome ----

# draw N: a number in 0..N-1 into $DRAW, from the test's own generator (an LCG seeded by $LCG),
# the same in every shell.
draw() {
	LCG=$(((LCG * 1103515245 + 12345) % 2147483648))
	DRAW=$(((LCG >> 8) % $1))
}

# outcome GAME MOVE: into $OUT, the words of the outcome that MOVE, chosen without one, needs in
# the full GAME, drawn by the test: the dice, the deck's top card, a card the victim holds, the
# cards a forced trade takes from the opponent (in this shell, so that the draws go on).
outcome() {
	local g=$1 m=($2) cards one
	case ${m[1]} in
	roll)
		draw 6 && one=$((DRAW + 1))
		draw 6 && OUT="$one $((DRAW + 1))" ;;
	buy) OUT=$(jq -r '.position.deck[0]' "$g") ;;
	robber | steal | action)
		# The victim's cards, one word each, in resource order.
		cards=($(jq -r --arg p "${m[0]}" --arg v "${m[-1]}" '.position.players
			| (.[$v] // (to_entries | map(select(.key != $p and .value.hand != null and (.value.hand | add) > 0)) | .[0].value)).hand
			| to_entries[] | .key as $r | range(.value) | $r' "$g"))
		draw ${#cards[@]} && OUT=${cards[DRAW]}
		if [ "${m[1]}" = action ] && [ ${#cards[@]} -gt 1 ]; then
			unset 'cards[DRAW]' && cards=("${cards[@]}")
			draw ${#cards[@]} && OUT="$OUT ${cards[DRAW]}"
		fi ;;
	esac
}

# play_outcome GAME MOVE: MOVE with an outcome drawn by the test; a roll the rules refuse (Catan
# for Two's second roll equal to the first) is drawn again.
play_outcome() {
	local try
	for try in 1 2 3 4 5 6 7 8; do
		outcome "$1" "$2"
		catan-move -i "$1" "$2 $OUT" 2>/dev/null && return
		[ "${2#* }" = roll ] || break
	done
	catan-move -i "$1" "$2 $OUT"
}

@test "automatic play in a game with external outcomes stops before a move that needs one" {
	external >"$G"
	run -0 --separate-stderr catan-move --auto <"$G"
	assert_eq "" "$stderr"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '[]' "$output"
	catan-move -i "$G" 'red roll 2 3'
	run -0 catan-move -i "$G" --until-end --policy greedy
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 2 3","red end"]' "$output"
	run -0 catan-move -i "$G" --choose --policy greedy
	assert_eq "blue roll" "$output"
}

@test "--choose prints the automatic player's next move without its outcome and changes nothing" {
	external >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before.json"
	run -0 --separate-stderr catan-move -i "$G" --choose
	assert_eq "red roll" "$output"
	assert_eq "" "$stderr"
	run -0 catan-move -i "$G" --choose --json --policy greedy
	assert_eq '{"player":"red","move":"roll"}' "$output"
	assert_file_eq "$BATS_TEST_TMPDIR/before.json" "$G"
	catan-move -i "$G" 'red roll 3 4'
	run -0 catan-move --choose --policy greedy <"$G"
	assert_eq "red robber 16 steal blue" "$output"
	run -0 catan-move --choose --policy random <"$G"
	assert_eq "red robber 7 steal orange" "$output"
	# In an internal game it is the move --auto makes.
	catan-newboard --seed 11 >"$G"
	run -0 catan-move --choose --policy random <"$G"
	assert_eq "red build settlement 13" "$output"
	run -0 catan-move --auto --policy random <"$G"
	run -0 jq -r '.log[0]' <<<"$output"
	assert_eq "red build settlement 13" "$output"
}

@test "--choose reads a player's view when the move is the viewer's, and chooses as from the full game" {
	external >"$G"
	catan-move -i "$G" 'red roll 3 4'
	catan-move -i "$G" --view red >"$BATS_TEST_TMPDIR/red.json"
	run -0 catan-move --choose --policy greedy <"$BATS_TEST_TMPDIR/red.json"
	assert_eq "red robber 16 steal blue" "$output"
	run -0 catan-move --choose --policy random <"$BATS_TEST_TMPDIR/red.json"
	assert_eq "red robber 7 steal orange" "$output"
	# Red and orange owe discards after a seven: either makes theirs from their view, in any order.
	jq .game "$FIXTURES/perft/discard-two.json" >"$G"
	run -0 catan-move --choose --policy greedy <"$G"
	assert_eq "red discard wool 2 grain 2" "$output"
	catan-move --view red <"$G" >"$BATS_TEST_TMPDIR/red.json"
	run -0 catan-move --choose --policy greedy <"$BATS_TEST_TMPDIR/red.json"
	assert_eq "red discard wool 2 grain 2" "$output"
	catan-move --view orange <"$G" >"$BATS_TEST_TMPDIR/orange.json"
	run -0 catan-move --choose --policy greedy <"$BATS_TEST_TMPDIR/orange.json"
	assert_eq "orange discard grain 4" "$output"
	catan-move --view white <"$G" >"$BATS_TEST_TMPDIR/white.json"
	run -1 --separate-stderr catan-move --choose --policy greedy <"$BATS_TEST_TMPDIR/white.json"
	assert_eq "catan-move: --choose: red is to move, and this is white's view" "$stderr"
}

@test "--choose is refused when the move is nobody's automatic decision, or another's on a view" {
	jq .game "$FIXTURES/perft/over.json" >"$G"
	run -1 --separate-stderr catan-move --choose <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: --choose: nobody can move: the game is over" "$stderr"
	external >"$G"
	run -1 --separate-stderr catan-move --choose --bots blue,white <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: --choose: red is to move and does not play automatically" "$stderr"
	run -0 catan-move --choose --bots red <"$G"
	assert_eq "red roll" "$output"
	catan-move --view blue <"$G" >"$BATS_TEST_TMPDIR/blue.json"
	run -1 --separate-stderr catan-move --choose <"$BATS_TEST_TMPDIR/blue.json"
	assert_eq "" "$output"
	assert_eq "catan-move: --choose: red is to move, and this is blue's view" "$stderr"
	# A view is still not played on.
	run -1 --separate-stderr catan-move --auto <"$BATS_TEST_TMPDIR/blue.json"
	assert_eq "catan-move: this is blue's view of a game, which cannot be played on: moves need the full game" "$stderr"
	for extra in "'red roll'" --auto --until-end --list --count "--view red" --keep "--as red" "--at 0" --offers; do
		run -2 --separate-stderr catan-move --choose $extra <"$G"
		assert_eq "" "$output"
		assert_eq "catan-move: --choose takes no moves and goes only with --json, --policy and --bots" "${stderr_lines[0]}"
	done
}

@test "a bot plays every seat of a game whose outcomes come from outside, move by move" {
	external >"$G"
	LCG=7
	while catan-move -i "$G" --until-end --policy greedy && m=$(catan-move -i "$G" --choose --policy greedy 2>/dev/null); do
		play_outcome "$G" "$m"
	done
	run -0 jq -r '[(.log | length), .position.phase] | @tsv' "$G"
	assert_eq $'358\tover' "$output"
	run -0 catan-validate "$G"
	run -0 catan-score -j "$G"
	run -0 jq -r .winner <<<"$output"
	assert_eq white "$output"
}

@test "a bot at an outside table plays red from red's view in Catan for Two, the table the rest" {
	catan-newboard --seed 3 --players red,blue --rules variant=two --rules outcomes=external \
		--rules points_to_win=7 >"$G"
	LCG=11
	n=0
	while [ "$(jq -r .position.phase "$G")" != over ]; do
		if m=$(catan-move -i "$G" --view red | catan-move --choose --policy greedy 2>/dev/null); then
			# The bot's choice is the one the full game gives: it saw no more than its view.
			assert_eq "$(catan-move -i "$G" --choose --policy red=greedy --bots red)" "$m"
			n=$((n + 1))
		else
			m=$(catan-move -i "$G" --choose --policy random --bots blue)
		fi
		if catan-move -i "$G" "$m" 2>/dev/null; then :; else play_outcome "$G" "$m"; fi
	done
	[ "$n" -gt 50 ]
	run -0 catan-validate "$G"
	run -0 jq -r '[(.log | length), ([.log[] | select(test("force-trade [a-z]+"))] | length)] | @tsv' "$G"
	assert_eq $'171\t4' "$output"
}

@test "the search player plays a whole game, the same at every run, and chooses alike from its view" {
	catan-newboard --seed 11 >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/again.json"
	run -0 --separate-stderr catan-move -i "$G" --until-end --policy greedy,red=search:8
	assert_eq "" "$stderr"
	catan-move -i "$BATS_TEST_TMPDIR/again.json" --until-end --policy greedy,red=search:8
	assert_file_eq "$G" "$BATS_TEST_TMPDIR/again.json"
	run -0 jq -r '[(.log | length), .position.phase] | @tsv' "$G"
	assert_eq $'220\tover' "$output"
	run -0 catan-validate "$G"
	# Half-way through a game: the full game, and the view of the player to move, give one move.
	catan-newboard --seed 11 | catan-move --auto 120 --policy greedy >"$G"
	run -0 catan-move --choose --policy search:30 <"$G"
	m=$output
	who=${m%% *}
	catan-move --view "$who" <"$G" >"$BATS_TEST_TMPDIR/view.json"
	run -0 catan-move --choose --policy search:30 <"$BATS_TEST_TMPDIR/view.json"
	assert_eq "$m" "$output"
	assert_eq "white robber 6 steal blue" "$m"
}

@test "road building is listed with each path alone and with each pair" {
	# Blue holds road building: one road by choice, though a second could follow.
	catan-newboard --seed 3 | catan-move --auto 210 --policy greedy >"$G"
	run -0 catan-move --list <"$G"
	assert_eq 64 "$(grep -c '^blue play road-building ' <<<"$output")"
	assert_eq 10 "$(grep -cE '^blue play road-building [0-9]+-[0-9]+$' <<<"$output")"
	grep -qx 'blue play road-building 4-8' <<<"$output"
	grep -qx 'blue play road-building 4-8 1-4' <<<"$output"
	# The best player leaves one road alone when two can be placed.
	run -0 catan-move --choose --policy best <"$G"
	assert_eq "blue play road-building 20-25 25-31" "$output"
}

@test "the best player makes no offer refused in the turn again, and refused offers leave it its bank trades" {
	catan-newboard --seed 15 | catan-move --auto 162 --policy greedy >"$G"
	made=()
	for _ in 1 2 3 4 5; do
		run -0 catan-move --choose --policy best <"$G"
		made+=("$output")
		case $output in
		*" offer "*) catan-move -i "$G" "$output" "blue reject" "white reject" "orange reject" ;;
		*) break ;;
		esac
	done
	assert_eq "red offer all ore 1 for wool 1
red offer all grain 1 for wool 1
red offer all ore 1 for brick 1
red trade ore 4 for wool" "$(printf '%s\n' "${made[@]}")"
}

@test "bad automatic play options exit 2" {
	run -2 --separate-stderr catan-move --auto --policy clever <"$G"
	assert_eq "catan-move: --policy: unknown policy 'clever' (random, greedy, search[:N] or best[:N])" "${stderr_lines[0]}"
	for budget in 0 -1 x 1000001 12x ''; do
		for p in search best; do
			run -2 --separate-stderr catan-move --auto --policy "red=$p:$budget" <"$G"
			assert_eq "catan-move: --policy: $p:$budget: the budget is a number of play-outs, 1 to 1000000" "${stderr_lines[0]}"
		done
	done
	run -2 --separate-stderr catan-move --auto --policy greedy:10 <"$G"
	assert_eq "catan-move: --policy: unknown policy 'greedy:10' (random, greedy, search[:N] or best[:N])" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --auto --policy bests:10 <"$G"
	assert_eq "catan-move: --policy: unknown policy 'bests:10' (random, greedy, search[:N] or best[:N])" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --auto --policy pink=greedy <"$G"
	assert_eq "catan-move: --policy: unknown colour 'pink'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --until-end --bots red,pink <"$G"
	assert_eq "catan-move: --bots: unknown colour 'pink'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --auto 3 --until-end <"$G"
	assert_eq "catan-move: --auto N and --until-end do not go together" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --auto --as red <"$G"
	assert_eq "catan-move: --as does not go with automatic play" "${stderr_lines[0]}"
}

@test "catan-move is clean under valgrind listing and playing automatically" {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	case $CATAN_BIN in *build-san*) skip "the sanitizer build checks leaks itself" ;; esac
	jq .game "$FIXTURES/perft/discard-two.json" >"$BATS_TEST_TMPDIR/d.json"
	run -0 vg catan-move --list --json --offers <"$BATS_TEST_TMPDIR/d.json"
	run -0 vg catan-move --auto 40 --policy greedy <"$BATS_TEST_TMPDIR/d.json"
	run -2 vg catan-move --auto 4 --policy nope <"$BATS_TEST_TMPDIR/d.json"
}

@test "examples/selfplay.sh plays four automatic players to the end and prints the score" {
	run -0 --separate-stderr sh "$ROOT/examples/selfplay.sh" 1 greedy "$G"
	assert_eq "" "$stderr"
	[[ "${lines[0]}" =~ ^seed\ 1,\ policy\ greedy:\ [0-9]+\ moves,\ [0-9]+\ turns,\ (red|blue|white|orange)\ won$ ]]
	assert_eq 5 "${#lines[@]}"
	winner=$(jq -r .position.current "$G")
	[[ "$output" =~ $winner$'\t'1[0-9]\ points ]]
	run -0 --separate-stderr sh "$ROOT/examples/selfplay.sh" 2 random
	[[ "${lines[0]}" == "seed 2, policy random: "* ]]
}

@test "examples/human-vs-bots.sh: a person plays red from stdin, in steps; wrong moves are explained" {
	H=$BATS_TEST_TMPDIR/hvb.json	# a new game: setup's $G is one already
	printf '%s\n' help 'build city 99' zz 'blue roll' 'build settlement 1' a b a a log end \
		>"$BATS_TEST_TMPDIR/input"
	run -0 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 5 greedy "$H" <"$BATS_TEST_TMPDIR/input"
	assert_eq "" "$stderr"
	out=$output
	grep -qx "red> Not allowed: 'red build city 99': '99' is not an intersection (1 to 54)" <<<"$out"
	grep -qx "red> There is no choice 'zz' here: type one of the letters shown, or \"help\"." <<<"$out"
	grep -qx "red> You play red: 'blue' is another player's colour.  Type your move alone, as \"roll\"." <<<"$out"
	# help names the commands, offers among them, in 80 columns.
	run -0 grep -A11 '^red> Commands' <<<"$out"
	assert_eq "Commands (a step's letters and words, or a whole move, at the prompt):
  a, b, ... aa   the choice of that letter: a group of moves, or a move
  WORDS          a choice by its words (\"14-15\", \"10\", \"ore\"), or a whole
                 move: \"build road 9-14\", \"robber 10 steal blue\"
  offer          an offer to every player, \"offer all ore 1 for brick 1\",
                 or to one of them: \"offer blue ore 1 for brick 1\"
  -  +           back a step; more choices when they do not all fit
  log            every move of the game so far, as you may see it
  list           every move you can make, all at once
  board          the board again
  help           these lines
  quit           stop (the game is kept: give its file to continue it)" "${output#red> }"
	# Choices are marked by letters, never by numbers that read as intersections; the 54
	# places of the first settlement take 5 lines.
	run -0 grep -m1 -A5 '^build settlement (intersection):$' <<<"$out"
	assert_eq "build settlement (intersection):
a 1    b 2    c 3    d 4    e 5    f 6    g 7    h 8    i 9    j 10   k 11
l 12   m 13   n 14   o 15   p 16   q 17   r 18   s 19   t 20   u 21   v 22
w 23   x 24   y 25   z 26   aa 27  ab 28  ac 29  ad 30  ae 31  af 32  ag 33
ah 34  ai 35  aj 36  ak 37  al 38  am 39  an 40  ao 41  ap 42  aq 43  ar 44
as 45  at 46  au 47  av 48  aw 49  ax 50  ay 51  az 52  ba 53  bb 54" "$output"
	grep -qx 'red> build road (path):' <<<"$out"
	# What happened since red's last turn, the set-up's placements and the card received,
	# red's roll under it, and what red can do: the trades before the end.
	run -0 grep -m1 -A5 '^red> Since your last turn:' <<<"$out"
	assert_eq "red> Since your last turn: you: settlement 1, road 1-4; blue: settlement 41, road
  41-45; white: settlement 9, road 9-14; orange: settlement 40, road 35-40,
  settlement 29, road 29-35; white: settlement 10, road 10-14; blue: settlement
  42, road 37-42; you: settlement 3, road 3-6; you received brick 1
a roll
red> Since your last turn: you: settlement 1, road 1-4; blue: settlement 41, road" "$output"
	run -0 grep -A1 '^you rolled 5; you received brick 1$' <<<"$out"
	assert_eq "a trade (4)  b offer (16)  c end" "${lines[1]}"
	# log: the moves so far, as red's view logs them.
	run -0 grep -A17 "^red> The game's moves, as you may see them (17 in all):$" <<<"$out"
	catan-move --view red <"$H" | jq -r '.log[:17] | to_entries[] | "  \(.key + 1) \(.value)"' \
		>"$BATS_TEST_TMPDIR/log"
	assert_eq "$(cat "$BATS_TEST_TMPDIR/log")" "$(tail -n 17 <<<"$output")"
	# After red's turn, the bots' turns since: a seven, its robbery (another's card unsaid).
	run -0 grep -A2 '^Since your last turn: blue rolled 10' <<<"$out"
	assert_eq "Since your last turn: blue rolled 10: road 45-49; white rolled 7: robber to 15,
  stole from blue, trade wool 4 for lumber, road 14-19; orange rolled 9
a roll" "$output"
	run -0 jq -r '.log[:2][]' "$H"
	assert_eq $'red build settlement 1\nred build road 1-4' "$output"
	# Input that runs out leaves the game to be continued.
	assert_eq "No more input: the game is kept in $H." "$(tail -n 1 <<<"$out")"
}

@test "examples/human-vs-bots.sh: red sees what red may see; the game's end is shown with what led to it" {
	H=$BATS_TEST_TMPDIR/hvb.json
	# Seed 1 played by greedy players: red ends its turn 61, and blue wins in the next.
	catan-newboard --seed 1 | catan-move --auto 217 --policy greedy >"$H"
	run -0 catan-move --status <"$H"
	assert_eq '{"phase":"main","current":"red","turn":61,"waiting":["red"],"owes":{"red":{"what":"turn"}},"winner":null}' "$output"
	run -0 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 5 greedy "$H" <<<$'log\nend'
	assert_eq "" "$stderr"
	out=$output
	assert_eq "Resuming the game in $H (turn 61); the bots play greedy." "${lines[0]}"
	assert_eq $'Since your last turn: blue rolled 5: a card\nGame over on turn 62: blue won.' \
		"$(tail -n 2 <<<"$out")"
	run -0 jq -r '.log[-2:][]' "$H"
	assert_eq $'blue roll 1 4\nblue buy victory-point' "$output"
	# The log as red may see it: the bots' purchases and the cards of steals between bots
	# unsaid; a steal from red names the card.
	run -0 grep -A217 "^red> The game's moves, as you may see them (217 in all):$" <<<"$out"
	log=$output
	grep -qE '^  [0-9]+ (blue|white|orange) buy$' <<<"$log"
	run -1 grep -E '^  [0-9]+ (blue|white|orange) buy [a-z]' <<<"$log"
	run -1 grep -E '^  [0-9]+ (blue|white|orange) robber [0-9]+ steal (blue|white|orange) [a-z]' <<<"$log"
	grep -qx '  [0-9]* white robber 1 steal orange' <<<"$log"
	grep -qx '  [0-9]* blue robber 1 steal red wool' <<<"$log"
}

@test "examples/human-vs-bots.sh resumes the game file it is given, and leaves a file that is no game of red's as it is" {
	H=$BATS_TEST_TMPDIR/hvb.json
	printf 'a\na\na\nquit\n' >"$BATS_TEST_TMPDIR/input"
	run -0 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 5 greedy "$H" <"$BATS_TEST_TMPDIR/input"
	assert_eq "You are red; the bots play greedy.  The game is kept in $H." "${lines[0]}"
	cp "$H" "$BATS_TEST_TMPDIR/kept.json"
	run -0 jq '.log | length' "$H"
	[ "$output" -gt 4 ]
	# Given back, the game goes on where it stood: its moves are kept, and red's next ones added.
	run -0 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 9 random "$H" <"$BATS_TEST_TMPDIR/input"
	assert_eq "" "$stderr"
	assert_eq "Resuming the game in $H (turn 0); the bots play random." "${lines[0]}"
	run -0 jq -c '.log' "$BATS_TEST_TMPDIR/kept.json"
	kept=${output%]}
	run -0 jq -c '.log' "$H"
	[[ "$output" == "$kept",* ]]
	run -0 jq -r '.log[0]' "$H"
	assert_eq "red build settlement 1" "$output"
	# A file that is no game, or a game without red, is refused and left as it was.
	echo '{"a": 1}' >"$BATS_TEST_TMPDIR/other.json"
	run -1 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 5 greedy "$BATS_TEST_TMPDIR/other.json" </dev/null
	assert_eq "human-vs-bots: $BATS_TEST_TMPDIR/other.json is not a game that red plays in: it is left as it is
  catan-move: stdin: not a game: no \"format\": \"catan-state/1\" (catan-state(5))" "$stderr"
	assert_eq '{"a": 1}' "$(cat "$BATS_TEST_TMPDIR/other.json")"
	catan-newboard --seed 5 --players blue,white >"$BATS_TEST_TMPDIR/two.json"
	cp "$BATS_TEST_TMPDIR/two.json" "$BATS_TEST_TMPDIR/two.kept"
	run -1 --separate-stderr sh "$ROOT/examples/human-vs-bots.sh" 5 greedy "$BATS_TEST_TMPDIR/two.json" </dev/null
	assert_eq "human-vs-bots: $BATS_TEST_TMPDIR/two.json is not a game that red plays in: it is left as it is" "$stderr"
	cmp "$BATS_TEST_TMPDIR/two.json" "$BATS_TEST_TMPDIR/two.kept"
}

@test "in place: what a writer killed under the lock left is removed by the next one" {
	external >"$G"
	echo partial >"$BATS_TEST_TMPDIR/.game.json.new"
	echo partial >"$BATS_TEST_TMPDIR/game.json.tmpAb12Cd"
	echo mine >"$BATS_TEST_TMPDIR/game.json.tmpnotes.txt"
	run -0 catan-move -i "$G" 'red roll 3 3'
	run -0 ls -A "$BATS_TEST_TMPDIR"
	assert_eq $'game.json\ngame.json.tmpnotes.txt' "$(grep -v '^bats' <<<"$output")"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3"]' "$output"
}

@test "in place through a symbolic link: the file it points to is edited, the link stays" {
	external >"$G"
	mkdir "$BATS_TEST_TMPDIR/elsewhere"
	ln -s "$G" "$BATS_TEST_TMPDIR/elsewhere/link.json"
	run -0 catan-move -i "$BATS_TEST_TMPDIR/elsewhere/link.json" 'red roll 3 3'
	[ -L "$BATS_TEST_TMPDIR/elsewhere/link.json" ]
	run -0 catan-move -i "$G" 'red end'
	run -0 jq -c '.log' "$BATS_TEST_TMPDIR/elsewhere/link.json"
	assert_eq '["red roll 3 3","red end"]' "$output"
	run -0 ls -A "$BATS_TEST_TMPDIR/elsewhere"
	assert_eq "link.json" "$output"
}

@test "in place: the file keeps its mode, and its owner when run as root" {
	external >"$G"
	chmod 640 "$G"
	[ "$(id -u)" != 0 ] || chown 65534:65534 "$G"
	before=$(stat -c '%a %u %g' "$G")
	run -0 catan-move -i "$G" 'red roll 3 3'
	assert_eq "$before" "$(stat -c '%a %u %g' "$G")"
}

@test "in place with a view: when the view cannot be written the game is not changed" {
	[ -w /dev/full ] || skip "no /dev/full"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -4 --separate-stderr bash -c "catan-move -i '$G' --auto 1 --view red >/dev/full"
	assert_eq "catan-move: write error: No space left on device" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	run -0 catan-move -i "$G" --auto 1 --view red
	run -0 jq '.log | length' "$G"
	assert_eq 1 "$output"
}

@test "a NUL byte in a moves file is refused like any text that is not a move" {
	printf 'red roll\0\n' >"$BATS_TEST_TMPDIR/moves"
	run -1 --separate-stderr catan-move -f "$BATS_TEST_TMPDIR/moves" <"$G"
	assert_eq "catan-move: move 1 'red roll': the line holds a NUL byte, which no move has" "$stderr"
	assert_eq "" "$output"
}

@test "a moves file line longer than 4096 bytes is refused as a move and nothing after it is read" {
	external >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	# 4096 bytes are a line (its trailing blanks dropped), 4097 are not.
	{ echo 'red roll 3 3'; printf 'red end%4089s\n' ''; } >"$BATS_TEST_TMPDIR/moves"
	run -0 catan-move -f "$BATS_TEST_TMPDIR/moves" <"$G"
	{ echo 'red roll 3 3'; printf 'red end%4090s\n' ''; echo 'red end'; } >"$BATS_TEST_TMPDIR/moves"
	run -1 --separate-stderr catan-move -f "$BATS_TEST_TMPDIR/moves" <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 2 '$(printf 'red end%33s' '')...': the line is longer than 4096 bytes, which no move is" "$stderr"
	# From a pipe the same, and a line with no end is not read past the bound.
	run -1 --separate-stderr catan-move -i "$G" -f - < <(echo 'red roll 3 3'; head -c 10000000 /dev/zero | tr '\0' x)
	assert_eq "catan-move: move 2 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...': the line is longer than 4096 bytes, which no move is" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
}

@test "a moves file of many moves is applied whole, from a file or a pipe, past the size of any argument list" {
	external >"$G"
	# 40,000 moves in more bytes than Linux lets an argument list hold (2 MiB by default).
	awk 'BEGIN { split("red blue white orange", c); for (t = 0; t < 20000; t++)
		printf "%-60s\n%-60s\n", c[t % 4 + 1] " roll 3 3", c[t % 4 + 1] " end" }' >"$BATS_TEST_TMPDIR/moves"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/moves")" -gt $((2 << 20)) ]
	run -0 catan-move -c -f "$BATS_TEST_TMPDIR/moves" <"$G"
	run -0 jq -c '[(.log | length), .log[-1], .position.turn]' <<<"$output"
	assert_eq '[40000,"orange end",20001]' "$output"
	run -0 catan-move -i "$G" -f - <"$BATS_TEST_TMPDIR/moves"
	run -0 jq -c '[(.log | length), .position.turn]' "$G"
	assert_eq '[40000,20001]' "$output"
	rm "$BATS_TEST_TMPDIR/moves"
	no_temporary_files
}

@test "a view redacts the log from the moves: any case or spacing, and lines that are not moves" {
	jq -c '.log += ["WHITE  BUY Monopoly", "red robber 5 steal white ORE", "blue buy knight extra"]' "$G" >"$BATS_TEST_TMPDIR/g2.json"
	run -0 catan-move --view red <"$BATS_TEST_TMPDIR/g2.json"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["white buy","red robber 5 steal white ore","(not a move)"]' "$output"
	run -0 catan-move --view blue <"$BATS_TEST_TMPDIR/g2.json"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["white buy","red robber 5 steal white","(not a move)"]' "$output"
}

@test "--complete gives the words of a move from the grammar" {
	run -0 catan-move --complete ''
	assert_eq $'red\nblue\nwhite\norange\ngreen\nbrown' "$output"
	run -0 catan-move --complete 'red '
	assert_eq $'red build\nred roll\nred discard\nred robber\nred offer\nred accept\nred reject\nred cancel\nred trade\nred buy\nred play\nred end\nred neutral\nred action\nred give\nred return\nred pass\nred steal' "$output"
	run -0 catan-move --complete 'red steal blue '
	assert_eq $'red steal blue brick\nred steal blue lumber\nred steal blue wool\nred steal blue grain\nred steal blue ore' "$output"
	run -0 catan-move --complete "'red build "
	assert_eq $'\'red build road\n\'red build settlement\n\'red build city' "$output"
	# The first word just after the quote: the quote kept, the word completed.
	run -0 catan-move --complete "'or"
	assert_eq "'orange" "$output"
	run -0 catan-move --complete "'"
	assert_eq $'\'red\n\'blue\n\'white\n\'orange\n\'green\n\'brown' "$output"
	run -0 catan-move --complete '"bl'
	assert_eq '"blue' "$output"
	run -0 catan-move --complete 'red play '
	assert_eq $'red play knight\nred play road-building\nred play year-of-plenty\nred play monopoly' "$output"
	run -0 catan-move --complete 'red offer blue ore 1 '
	assert_eq $'red offer blue ore 1 for\nred offer blue ore 1 brick\nred offer blue ore 1 lumber\nred offer blue ore 1 wool\nred offer blue ore 1 grain\nred offer blue ore 1 ore' "$output"
	run -0 catan-move --complete 'red offer all wool 2 for g'
	assert_eq 'red offer all wool 2 for grain' "$output"
	run -0 catan-move --complete 'RED trade ore 4 '
	assert_eq 'RED trade ore 4 for' "$output"
	run -0 catan-move --complete 'red end '
	assert_eq "" "$output"
	run -0 catan-move --complete --pol
	assert_eq "--policy" "$output"
}

@test "bash completion completes options and a quoted move's last word" {
	comp() {
		bash -c "PATH='$PATH'; source '$ROOT/completions/bash/catan-move'; COMP_WORDS=($1); COMP_CWORD=$2; _catan_move; printf '%s\n' \"\${COMPREPLY[@]}\""
	}
	run -0 comp "catan-move --bo" 1
	assert_eq "--bots" "$output"
	# In a quoted move readline completes what follows the quote: the candidates go without it.
	run -0 comp "catan-move \"'red bu\"" 1
	assert_eq $'red build\nred buy' "$output"
	# One candidate is offered twice, with the next word's space, so the quote stays open.
	run -0 comp "catan-move \"'red bui\"" 1
	assert_eq $'red build \nred build  ' "$output"
	run -0 comp "catan-move \"'or\"" 1
	assert_eq $'orange \norange  ' "$output"
	run -0 comp "catan-move --as ''" 2
	assert_eq $'red\nblue\nwhite\norange\ngreen\nbrown' "$output"
}

@test "a JSON move's faults name the key, nested keys included" {
	external >"$G"
	check() {
		run -1 --separate-stderr catan-move --json "$1" <"$G"
		assert_eq "catan-move: move 1 '$1': $2" "$stderr"
	}
	check '[]' "move: an object is needed"
	check '{"player":"red",' "not a JSON move: column 16: string or '}' expected near end of file"
	check '{"player":"pink","move":"roll"}' "move.player: unknown colour 'pink'"
	check '{"player":"red","move":"discard","cards":{"gold":1}}' "move.cards.gold: unknown resource"
	check '{"player":"red","move":"discard","cards":{"ore":1,"stone":1}}' "move.cards.stone: listed twice"
	check '{"player":"red","move":"discard","cards":{"ore":20}}' "move.cards.ore: a count 0 to 19 is needed"
	check '{"player":"red","move":"robber","hex":3,"steal":"blue","card":"gold"}' "move.card: a resource is needed"
	check '{"player":"red","move":"robber","hex":0}' "move.hex: an integer 1 to 19 is needed"
	check '{"player":"red","move":"play","card":"monopoly","resource":"ore","paths":["1-2"]}' "move.paths: unknown key for 'monopoly'"
}

@test "the last turn a game may have cannot end, so no legal move makes an unreadable state" {
	catan-move 'red roll' <"$G" | jq '.position.turn = 65535' >"$BATS_TEST_TMPDIR/last.json"
	run -1 --separate-stderr catan-move 'red end' <"$BATS_TEST_TMPDIR/last.json"
	assert_eq "catan-move: move 1 'red end': turn 65535 is the last a game may have: the turn cannot end" "$stderr"
	run -0 catan-move --list --as red <"$BATS_TEST_TMPDIR/last.json"
	[[ "$output" != *"red end"* ]]
	jq '.position.turn = 65534' "$BATS_TEST_TMPDIR/last.json" | catan-move 'red end' >"$BATS_TEST_TMPDIR/next.json"
	run -0 jq '.position.turn' "$BATS_TEST_TMPDIR/next.json"
	assert_eq 65535 "$output"
	run -0 catan-move --count <"$BATS_TEST_TMPDIR/next.json"
}

@test "an unknown verb lists the verbs, and names the one it is near" {
	run -1 --separate-stderr catan-move 'red fly' <"$G"
	assert_eq "catan-move: move 1 'red fly': unknown verb 'fly' (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" "$stderr"
	run -1 --separate-stderr catan-move 'red ned' <"$G"
	[[ "$stderr" == "catan-move: move 1 'red ned': unknown verb 'ned': did you mean 'end'? (verbs: "* ]]
	# A verb begun and left off is near too, from 3 letters.
	run -1 --separate-stderr catan-move 'red rob 10' <"$G"
	[[ "$stderr" == "catan-move: move 1 'red rob 10': unknown verb 'rob': did you mean 'robber'? (verbs: "* ]]
	run -1 --separate-stderr catan-move 'red ro 10' <"$G"
	[[ "$stderr" == "catan-move: move 1 'red ro 10': unknown verb 'ro' (verbs: "* ]]
}

@test "--list --at N lists the moves of an earlier position, of a game or a record" {
	catan-newboard --beginner --seed 1 | catan-move --auto 30 >"$BATS_TEST_TMPDIR/g.json"
	jq 'del(.position)' "$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/r.json"
	run -0 catan-move --list --at 0 <"$BATS_TEST_TMPDIR/r.json"
	assert_eq "red roll" "$output"
	catan-newboard --beginner --seed 1 | catan-move --auto 29 >"$BATS_TEST_TMPDIR/g29.json"
	run -0 catan-move --list --offers --at -1 <"$BATS_TEST_TMPDIR/g.json"
	assert_eq "$(catan-move --list --offers <"$BATS_TEST_TMPDIR/g29.json")" "$output"
	run -0 catan-move --count --at 30 <"$BATS_TEST_TMPDIR/r.json"
	assert_eq "$(catan-move --count <"$BATS_TEST_TMPDIR/g.json")" "$output"
	run -2 --separate-stderr catan-move --at 3 'red roll' <"$BATS_TEST_TMPDIR/g.json"
	assert_eq "catan-move: --at goes with --list, --count or --status: moves are made at the end" "${stderr_lines[0]}"
}

@test "--complete with -i FILE completes a move from the game's legal moves" {
	# A main phase with builds, trades and offers on the list.
	catan-newboard --beginner --seed 1 | catan-move --auto 43 >"$BATS_TEST_TMPDIR/g.json"
	catan-move --list --offers <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/legal"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/legal")" -gt 20 ]
	first=$(head -1 "$BATS_TEST_TMPDIR/legal" | cut -d' ' -f1)
	run -0 catan-move --complete -i "$BATS_TEST_TMPDIR/g.json" "'$first "
	assert_eq "$(awk -v c="$first" '$1 == c && !seen[$2]++ { print "'"'"'" c " " $2 }' "$BATS_TEST_TMPDIR/legal")" "$output"
	second=$(awk 'NF > 3 { print $2; exit }' "$BATS_TEST_TMPDIR/legal")
	run -0 catan-move --complete --in-place="$BATS_TEST_TMPDIR/g.json" "$first $second "
	assert_eq "$(awk -v c="$first" -v v="$second" '$1 == c && $2 == v && NF > 2 && !seen[$3]++ { print c " " v " " $3 }' "$BATS_TEST_TMPDIR/legal")" "$output"
	# Without a readable game, the grammar's words.
	run -0 catan-move --complete -i "$BATS_TEST_TMPDIR/none.json" 'red b'
	assert_eq $'red build\nred buy' "$output"
	# The colour to move, begun after the quote.
	catan-newboard --beginner --seed 1 --rules outcomes=external |
		catan-move 'red roll 3 3' 'red end' 'blue roll 2 3' 'blue end' 'white roll 4 5' 'white end' \
			>"$BATS_TEST_TMPDIR/o.json"
	run -0 catan-move --complete -i "$BATS_TEST_TMPDIR/o.json" "'or"
	assert_eq "'orange" "$output"
	run -0 catan-move --complete -i "$BATS_TEST_TMPDIR/o.json" "'re"
	assert_eq "" "$output"
}

@test "--bots completes its colour list without repeats" {
	run -0 catan-move --complete --bots red,
	assert_eq $'red,blue\nred,white\nred,orange\nred,green\nred,brown' "$output"
	run -0 catan-move --complete --bots red,blue,white,orange,green,
	assert_eq "red,blue,white,orange,green,brown" "$output"
}

@test "a maritime trade at any rate the player is entitled to; --list gives the best, --all-rates every one" {
	jq .game "$FIXTURES/perft/main-harbour.json" >"$BATS_TEST_TMPDIR/h.json"
	run -0 catan-move --list <"$BATS_TEST_TMPDIR/h.json"
	assert_eq $'red trade ore 3 for brick\nred trade ore 3 for lumber\nred trade ore 3 for wool\nred trade ore 3 for grain' "$(grep ' trade ' <<<"$output")"
	run -0 catan-move --count --all-rates <"$BATS_TEST_TMPDIR/h.json"
	assert_eq 10 "$output"
	run -0 catan-move --list --all-rates <"$BATS_TEST_TMPDIR/h.json"
	[[ "$output" == *"red trade ore 4 for grain"* ]]
	# 4:1 is accepted with a harbour, and again when the game is replayed.
	run -0 catan-move 'red trade ore 4 for grain' <"$BATS_TEST_TMPDIR/h.json"
	run -0 catan-validate -q - <<<"$output"
	run -1 --separate-stderr catan-move 'red trade ore 2 for grain' <"$BATS_TEST_TMPDIR/h.json"
	assert_eq "catan-move: move 1 'red trade ore 2 for grain': red trades ore at 3:1 or 4:1 with the bank, so give 3 or 4 ore, not 2" "$stderr"
	run -2 --separate-stderr catan-move --all-rates 'red end' <"$BATS_TEST_TMPDIR/h.json"
	assert_eq "catan-move: --all-rates goes with --list or --count" "${stderr_lines[0]}"
}

@test "open_hands=on: every view shows every hand, and the cards stolen between others" {
	for hands in on off; do
		catan-newboard --beginner --seed 1 --rules outcomes=external --rules open_hands=$hands |
			catan-move 'red roll 3 4' 'red robber 4 steal white ore' >"$BATS_TEST_TMPDIR/g.json"
		run -0 catan-move --view blue <"$BATS_TEST_TMPDIR/g.json"
		run -0 jq -c '[(.position.players.white.hand | type), .log[-1], (.position.players.white.dev | type)]' <<<"$output"
		if [ $hands = on ]; then
			assert_eq '["object","red robber 4 steal white ore","number"]' "$output"
		else
			assert_eq '["number","red robber 4 steal white","number"]' "$output"
		fi
	done
	# The view reads back as a view, hands and all.
	catan-newboard --beginner --seed 1 --rules open_hands=on | catan-move --view red >"$BATS_TEST_TMPDIR/v.json"
	run -0 catan-render --color never "$BATS_TEST_TMPDIR/v.json"
	[[ "$output" == *"cards: 3 (lumber 1, wool 1, ore 1)"* ]]
}

@test "automatic games under each rules option play to the end and validate" {
	for opt in open_hands=on dev_after_roll=on reroll_sevens=on keep_settlement=on friendly_robber=on road_tie=aside \
		vp_cards=played ignore_seven=on knight_interrupt=on; do
		catan-newboard --seed 4 --rules "$opt" | catan-move --until-end >"$BATS_TEST_TMPDIR/g.json"
		run -0 jq -r '.position.phase' "$BATS_TEST_TMPDIR/g.json"
		assert_eq over "$output"
		run -0 catan-validate -q "$BATS_TEST_TMPDIR/g.json"
	done
	catan-newboard --seed 4 --rules variant=two --rules friendly_robber=on --rules dev_after_roll=on \
		--rules reroll_sevens=on --rules road_tie=aside --rules knight_interrupt=on | catan-move --until-end >"$BATS_TEST_TMPDIR/g.json"
	run -0 catan-validate -q "$BATS_TEST_TMPDIR/g.json"
}

@test "knight_interrupt: pass and steal in text and JSON, listed, hidden in views, drawn in the panel" {
	catan-newboard --beginner --seed 1 --rules knight_interrupt=on --rules outcomes=external |
		jq 'def k: .deck |= (index("knight") as $i | del(.[$i])); (.start, .position) |= (.players.blue.dev.knight = 1 | k)' |
		catan-move 'red roll 3 4' 'red robber 5' >"$BATS_TEST_TMPDIR/g.json"
	run -0 catan-move --list --json <"$BATS_TEST_TMPDIR/g.json"
	assert_eq $'{"player":"blue","move":"pass"}\n{"player":"blue","move":"play","card":"knight"}' "$output"
	run -0 catan-render --color never "$BATS_TEST_TMPDIR/g.json"
	[[ "$output" == *"Turn 1: red moved the robber to hex 5; blue passes or plays a knight"* ]]
	run -0 catan-move --json '{"player":"blue","move":"pass"}' <"$BATS_TEST_TMPDIR/g.json"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/h.json"
	run -0 catan-move --list <"$BATS_TEST_TMPDIR/h.json"
	assert_eq $'red steal white lumber\nred steal white wool\nred steal white ore' "$output"
	run -0 catan-render --color never "$BATS_TEST_TMPDIR/h.json"
	[[ "$output" == *"Turn 1: red steals from a player on hex 5"* ]]
	run -1 --separate-stderr catan-move --json '{"player":"red","move":"steal","card":"ore"}' <"$BATS_TEST_TMPDIR/h.json"
	assert_eq "catan-move: move 1 '{\"player\":\"red\",\"move\":\"steal\",\"card\":\"ore\"}': move.from: the player robbed is needed" "$stderr"
	catan-move --json '{"player":"red","move":"steal","from":"white","card":"ore"}' <"$BATS_TEST_TMPDIR/h.json" >"$BATS_TEST_TMPDIR/i.json"
	run -0 jq -c '.log[1:]' "$BATS_TEST_TMPDIR/i.json"
	assert_eq '["red robber 5","blue pass","red steal white ore"]' "$output"
	# The card stolen: the thief and the victim see it, the others do not.
	for c in red white blue; do
		run -0 catan-move --view $c <"$BATS_TEST_TMPDIR/i.json"
		run -0 jq -r '.log[-1]' <<<"$output"
		views="${views:-}$output;"
	done
	assert_eq "red steal white ore;red steal white ore;red steal white;" "$views"
	# An unplayed knight stays hidden: white sees blue's development cards as a count.
	run -0 catan-move --view white <"$BATS_TEST_TMPDIR/g.json"
	run -0 jq -c '.position.players.blue.dev' <<<"$output"
	assert_eq 1 "$output"
}

@test "--list on a player's view gives that player's moves, as the full game does" {
	catan-newboard --beginner --seed 1 | catan-move 'red roll' >"$BATS_TEST_TMPDIR/g.json"
	catan-move --view red <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/red.json"
	run -0 catan-move --list --offers --as red <"$BATS_TEST_TMPDIR/g.json"
	full=$output
	run -0 catan-move --list --offers <"$BATS_TEST_TMPDIR/red.json"
	assert_eq "$full" "$output"
	run -0 catan-move --count --as red <"$BATS_TEST_TMPDIR/red.json"
	assert_eq "$(catan-move --count --as red <"$BATS_TEST_TMPDIR/g.json")" "$output"
	# Blue's view: blue has nothing to do on red's turn.
	catan-move --view blue <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/blue.json"
	run -0 catan-move --count <"$BATS_TEST_TMPDIR/blue.json"
	assert_eq 0 "$output"
	run -2 --separate-stderr catan-move --list --as red <"$BATS_TEST_TMPDIR/blue.json"
	assert_eq "catan-move: --as: this is blue's view: it lists only blue's moves" "${stderr_lines[0]}"
	# A view is still not played on.
	run -1 --separate-stderr catan-move 'blue roll' <"$BATS_TEST_TMPDIR/blue.json"
	assert_eq "catan-move: this is blue's view of a game, which cannot be played on: moves need the full game" "$stderr"
	# With external outcomes a steal from a hidden hand is listed without its card.
	catan-newboard --beginner --seed 1 --rules outcomes=external | catan-move 'red roll 3 4' | catan-move --view red >"$BATS_TEST_TMPDIR/x.json"
	run -0 catan-move --list <"$BATS_TEST_TMPDIR/x.json"
	[[ "$output" == *$'red robber 5 steal white\n'* ]]
	[[ "$output" != *"red robber 5 steal white ore"* ]]
}

# ---- moves before a refusal: kept in a refereed game, and with --keep ----

@test "a refereed game keeps a roll of seven when the move after it is refused, and a retry does not roll again" {
	refereed 8 >"$G"
	run -1 --separate-stderr catan-move -i "$G" --as red 'red roll' 'red end'
	assert_eq "" "$output"
	assert_eq "catan-move: move 2 'red end': red must move the robber first" "$stderr"
	run -0 jq -c '[.log, .position.phase]' "$G"
	assert_eq '[["red roll 4 3"],"robber"]' "$output"
	run -0 catan-validate "$G"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr catan-move -i "$G" --as red 'red roll' 'red end'
	assert_eq "catan-move: move 1 'red roll': red must move the robber first" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	no_temporary_files
}

@test "a refereed game writes the moves before a refusal on standard output, or the view asked for" {
	refereed 8 >"$G"
	run -1 --separate-stderr catan-move --as red 'red roll' 'red end' <"$G"
	assert_eq "catan-move: move 2 'red end': red must move the robber first" "$stderr"
	run -0 jq -c '[.log, .position.phase]' <<<"$output"
	assert_eq '[["red roll 4 3"],"robber"]' "$output"
	run -1 --separate-stderr catan-move --view blue 'red roll' 'red end' <"$G"
	assert_eq "catan-move: move 2 'red end': red must move the robber first" "$stderr"
	run -0 jq -c '[.view, .log, has("secret")]' <<<"$output"
	assert_eq '["blue",["red roll 4 3"],false]' "$output"
}

@test "a refereed game plays every move when none is refused, and writes nothing when the first is" {
	refereed 1 >"$G"
	run -0 --separate-stderr catan-move -i "$G" --as red 'red roll' 'red end'
	assert_eq "" "$stderr"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 5","red end"]' "$output"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr catan-move -i "$G" 'red roll' 'blue roll'
	assert_eq "catan-move: move 1 'red roll': it is blue's turn, not red's" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	run -1 --separate-stderr catan-move 'red roll' 'blue roll' <"$G"
	assert_eq "" "$output"
}

@test "without a secret key a roll of seven and a refused move after it stay all or nothing" {
	catan-newboard --beginner --seed 31 >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -0 catan-move 'red roll' <"$G"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 2 5"]' "$output"
	run -1 --separate-stderr catan-move -i "$G" --as red 'red roll' 'red end'
	assert_eq "" "$output"
	assert_eq "catan-move: move 2 'red end': red must move the robber first" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	run -1 --separate-stderr catan-move --as red 'red roll' 'red end' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 2 'red end': red must move the robber first" "$stderr"
}

@test "--keep keeps the moves before a refused one, on standard output and in place" {
	external >"$G"
	run -1 --separate-stderr catan-move --keep 'red roll 3 3' 'red end' 'blue roll 2 2' 'blue build city 3' 'blue end' <"$G"
	assert_eq "catan-move: move 4 'blue build city 3': a city replaces one of your settlements, and intersection 3 holds none" "$stderr"
	run -0 jq -c '[.log, .position.current]' <<<"$output"
	assert_eq '[["red roll 3 3","red end","blue roll 2 2"],"blue"]' "$output"
	run -1 --separate-stderr catan-move -k -i "$G" 'red roll 3 3' 'red end' 'blue roll 2 2' 'blue build city 3'
	assert_eq "" "$output"
	assert_eq "catan-move: move 4 'blue build city 3': a city replaces one of your settlements, and intersection 3 holds none" "$stderr"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3","red end","blue roll 2 2"]' "$output"
	no_temporary_files
}

@test "--keep counts the moves of a moves file before the arguments, and exits 0 when every move stands" {
	external >"$G"
	printf '# a turn\nred roll 3 3\n\nred end\n' >"$BATS_TEST_TMPDIR/moves"
	run -1 --separate-stderr catan-move --keep -f "$BATS_TEST_TMPDIR/moves" 'blue roll 2 2' 'red end' <"$G"
	assert_eq "catan-move: move 4 'red end': it is blue's turn, not red's" "$stderr"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 3 3","red end","blue roll 2 2"]' "$output"
	run -0 --separate-stderr catan-move --keep -f "$BATS_TEST_TMPDIR/moves" 'blue roll 2 2' <"$G"
	assert_eq "" "$stderr"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 3 3","red end","blue roll 2 2"]' "$output"
	rm "$BATS_TEST_TMPDIR/moves"
}

@test "--keep with a refused first move writes nothing" {
	external >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr catan-move --keep 'red end' 'red roll 3 3' <"$G"
	assert_eq "" "$output"
	assert_eq "catan-move: move 1 'red end': the dice must be rolled first" "$stderr"
	run -1 --separate-stderr catan-move --keep -i "$G" 'red end'
	assert_eq "" "$output"
	assert_eq "catan-move: move 1 'red end': the dice must be rolled first" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	no_temporary_files
}

@test "--keep with an over-long line keeps the moves before it" {
	external >"$G"
	{ echo 'red roll 3 3'; printf 'red end%4090s\n' ''; echo 'red end'; } >"$BATS_TEST_TMPDIR/moves"
	run -1 --separate-stderr catan-move --keep -i "$G" -f "$BATS_TEST_TMPDIR/moves"
	assert_eq "catan-move: move 2 '$(printf 'red end%33s' '')...': the line is longer than 4096 bytes, which no move is" "$stderr"
	run -0 jq -c '.log' "$G"
	assert_eq '["red roll 3 3"]' "$output"
	rm "$BATS_TEST_TMPDIR/moves"
}

# status_of FIXTURE: the --status line of a perft fixture's game.
status_of() {
	jq .game "$FIXTURES/perft/$1.json" >"$BATS_TEST_TMPDIR/s.json"
	catan-move --status <"$BATS_TEST_TMPDIR/s.json"
}

@test "--status names whom the game waits for and what each owes: set-up, discards by two, the robber, an open offer, the building phase, Catan for Two, a finished game" {
	run -0 status_of setup-first
	assert_eq '{"phase":"setup-settlement","current":"red","turn":0,"waiting":["red"],"owes":{"red":{"what":"setup","piece":"settlement"}},"winner":null}' "$output"
	run -0 status_of setup-late
	assert_eq '{"phase":"setup-road","current":"blue","turn":0,"waiting":["blue"],"owes":{"blue":{"what":"setup","piece":"road"}},"winner":null}' "$output"
	run -0 status_of main-cards
	assert_eq '{"phase":"roll","current":"white","turn":103,"waiting":["white"],"owes":{"white":{"what":"roll"}},"winner":null}' "$output"
	run -0 status_of discard-two
	assert_eq '{"phase":"discard","current":"orange","turn":212,"waiting":["red","orange"],"owes":{"red":{"what":"discard","cards":4},"orange":{"what":"discard","cards":4}},"winner":null}' "$output"
	run -0 status_of robber
	assert_eq '{"phase":"robber","current":"orange","turn":28,"waiting":["orange"],"owes":{"orange":{"what":"robber"}},"winner":null}' "$output"
	run -0 status_of offer-open
	assert_eq '{"phase":"main","current":"red","turn":4,"waiting":["red","white"],"owes":{"red":{"what":"turn"},"white":{"what":"offer"}},"winner":null}' "$output"
	run -0 status_of six-building
	assert_eq '{"phase":"building","current":"white","turn":47,"waiting":["white"],"owes":{"white":{"what":"building"}},"winner":null}' "$output"
	run -0 status_of two-give
	assert_eq '{"phase":"give","current":"blue","turn":2,"waiting":["blue"],"owes":{"blue":{"what":"give","cards":2}},"winner":null}' "$output"
	run -0 status_of two-neutral-settlement
	assert_eq '{"phase":"neutral","current":"red","turn":123,"waiting":["red"],"owes":{"red":{"what":"neutral","piece":"settlement","pieces":1}},"winner":null}' "$output"
	run -0 status_of over
	assert_eq '{"phase":"over","current":"orange","turn":76,"waiting":[],"owes":{},"winner":"orange"}' "$output"
}

@test "--status with knight_interrupt: the robber after a seven, the answer owed, and the robber moved by the knight played in answer, not by the player whose turn it is" {
	catan-newboard --seed 5 --rules knight_interrupt=on | catan-move --auto 433 >"$G"
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"robber","current":"white","turn":143,"waiting":["white"],"owes":{"white":{"what":"robber"}},"winner":null}' "$output"
	catan-move -i "$G" 'white robber 3'
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"interrupt","current":"white","turn":143,"waiting":["orange"],"owes":{"orange":{"what":"interrupt"}},"winner":null}' "$output"
	catan-move -i "$G" 'orange play knight'
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"robber","current":"white","turn":143,"waiting":["orange"],"owes":{"orange":{"what":"robber"}},"winner":null}' "$output"
	# The colour named is the one with the legal moves.
	run -0 catan-move --count --as orange <"$G"
	assert_eq 18 "$output"
	run -0 catan-move --count --as white <"$G"
	assert_eq 0 "$output"
}

@test "--status with paired players: Settler 2's part is owed by the player three seats on, named with the turn's player, and the part's end begins the next turn" {
	jq .game "$FIXTURES/perft/six-paired.json" >"$G"
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"main","current":"green","turn":44,"waiting":["green"],"owes":{"green":{"what":"paired","turn_of":"blue"}},"winner":null}' "$output"
	run -0 catan-move --count --as green <"$G"
	assert_eq 37 "$output"
	run -0 catan-move --count --as blue <"$G"
	assert_eq 0 "$output"
	run -0 catan-render <"$G"
	[[ "$output" == *"Turn 44: green plays a part of blue's turn (paired players)"* ]]
	catan-move -i "$G" 'green end'
	run -0 catan-move --status <"$G"
	assert_eq '{"phase":"roll","current":"white","turn":45,"waiting":["white"],"owes":{"white":{"what":"roll"}},"winner":null}' "$output"
}

@test "--status on every perft fixture names exactly the colours that --list gives moves to, and every view gives the full game's line" {
	for f in "$FIXTURES"/perft/*.json; do
		jq .game "$f" >"$BATS_TEST_TMPDIR/p.json"
		status=$(catan-move --status <"$BATS_TEST_TMPDIR/p.json")
		waiting=$(jq -r '.waiting | join(" ")' <<<"$status")
		listed=$(catan-move --list <"$BATS_TEST_TMPDIR/p.json" | cut -d' ' -f1 | uniq | tr '\n' ' ')
		# --list gives the player whose turn it is first; --status, seat order.
		seats=$(jq -r '.players | join(" ")' "$BATS_TEST_TMPDIR/p.json")
		in_order=$(for c in $seats; do if [[ " $listed" == *" $c "* ]]; then printf '%s ' "$c"; fi; done)
		assert_eq "$in_order" "${waiting:+$waiting }" || { echo "$(basename "$f")"; false; }
		[ "$(jq -r '.owes | keys_unsorted | join(" ")' <<<"$status")" = "$waiting" ]
		for c in $seats; do
			catan-move --view "$c" <"$BATS_TEST_TMPDIR/p.json" >"$BATS_TEST_TMPDIR/v.json" 2>/dev/null || continue
			assert_eq "$status" "$(catan-move --status <"$BATS_TEST_TMPDIR/v.json")" || { echo "$(basename "$f") $c"; false; }
		done
	done
}

@test "--status reads a view and -i FILE without changing it, at --at N too, and takes no moves" {
	jq .game "$FIXTURES/perft/discard-two.json" >"$G"
	cp "$G" "$BATS_TEST_TMPDIR/before"
	run -0 catan-move -i "$G" --status
	assert_eq '{"phase":"discard","current":"orange","turn":212,"waiting":["red","orange"],"owes":{"red":{"what":"discard","cards":4},"orange":{"what":"discard","cards":4}},"winner":null}' "$output"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$G"
	catan-move --view red <"$G" >"$BATS_TEST_TMPDIR/v.json"
	run -0 catan-move -i "$BATS_TEST_TMPDIR/v.json" --status
	assert_eq '{"phase":"discard","current":"orange","turn":212,"waiting":["red","orange"],"owes":{"red":{"what":"discard","cards":4},"orange":{"what":"discard","cards":4}},"winner":null}' "$output"
	run -0 catan-move --status --at 0 <"$G"
	assert_eq '{"phase":"setup-settlement","current":"red","turn":0,"waiting":["red"],"owes":{"red":{"what":"setup","piece":"settlement"}},"winner":null}' "$output"
	run -2 --separate-stderr catan-move --status 'red roll' <"$G"
	assert_eq "catan-move: --status takes no moves and goes only with -i, --at and --errors" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-move --status --list <"$G"
	assert_eq "catan-move: --status takes no moves and goes only with -i, --at and --errors" "${stderr_lines[0]}"
	# A view is still refused as a game to play on.
	run -1 --separate-stderr catan-move 'red roll' <"$BATS_TEST_TMPDIR/v.json"
	assert_eq "catan-move: this is red's view of a game, which cannot be played on: moves need the full game" "$stderr"
	rm "$BATS_TEST_TMPDIR/v.json"
	no_temporary_files
}

@test "--errors json: a refused move as one JSON line, with its number, text, canonical text and the moves that stood; standard output as without it" {
	run -1 --separate-stderr catan-move --errors json --keep 'red roll' 'red build road 9-14' <"$G"
	assert_eq '{"status":1,"move":2,"text":"red build road 9-14","canonical":"red build road 9-14","stood":1,"message":"path 9-14 already holds a road"}' "$stderr"
	assert_eq "$(catan-move 'red roll' <"$G")" "$output"
	# Not a move: no canonical text.
	run -1 --separate-stderr catan-move --errors=json --keep 'red roll' 'red build road 3-4' <"$G"
	assert_eq '{"status":1,"move":2,"text":"red build road 3-4","canonical":null,"stood":1,"message":"'"'"'3-4'"'"' is not a path (two neighbouring intersections a-b)"}' "$stderr"
	# All or nothing: nothing stood, nothing written.
	run -1 --separate-stderr catan-move --errors json 'red roll' 'red buidl road 9-10' <"$G"
	assert_eq '{"status":1,"move":2,"text":"red buidl road 9-10","canonical":null,"stood":0,"message":"unknown verb '"'"'buidl'"'"': did you mean '"'"'build'"'"'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)"}' "$stderr"
	assert_eq "" "$output"
	# --as, and a JSON move.
	run -1 --separate-stderr catan-move --errors json --as blue 'red roll' <"$G"
	assert_eq '{"status":1,"move":1,"text":"red roll","canonical":"red roll","stood":0,"message":"the move is red'"'"'s to make, not blue'"'"'s"}' "$stderr"
	run -1 --separate-stderr catan-move --errors json --json '{"player":"blue","move":"roll"}' <"$G"
	assert_eq '{"status":1,"move":1,"text":"{\"player\":\"blue\",\"move\":\"roll\"}","canonical":"blue roll","stood":0,"message":"it is red'"'"'s turn, not blue'"'"'s"}' "$stderr"
	# A refereed game keeps the moves before a refusal without --keep.
	refereed 8 >"$G"
	run -1 --separate-stderr catan-move --errors json 'red roll' 'red end' <"$G"
	assert_eq '{"status":1,"move":2,"text":"red end","canonical":"red end","stood":1,"message":"red must move the robber first"}' "$stderr"
	assert_eq "red roll 4 3" "$(jq -r '.log[-1]' <<<"$output")"
	# The English line says the same.
	beginner >"$G"
	run -1 --separate-stderr catan-move --keep 'red roll' 'red build road 9-14' <"$G"
	assert_eq "catan-move: move 2 'red build road 9-14': path 9-14 already holds a road" "$stderr"
}

@test "--errors json: usage errors, unreadable input, a refused line of a moves file and the turn limit, each as one JSON line" {
	run -2 --separate-stderr catan-move --errors json --bogus <"$G"
	assert_eq '{"status":2,"move":null,"text":null,"canonical":null,"stood":0,"message":"unknown option '"'"'--bogus'"'"'"}' "$stderr"
	run -2 --separate-stderr catan-move --bogus --errors json <"$G"
	assert_eq '{"status":2,"move":null,"text":null,"canonical":null,"stood":0,"message":"unknown option '"'"'--bogus'"'"'"}' "$stderr"
	run -2 --separate-stderr catan-move --errors json --status --list <"$G"
	assert_eq '{"status":2,"move":null,"text":null,"canonical":null,"stood":0,"message":"--status takes no moves and goes only with -i, --at and --errors"}' "$stderr"
	run -2 --separate-stderr catan-move --errors json --at x --list <"$G"
	assert_eq '{"status":2,"move":null,"text":null,"canonical":null,"stood":0,"message":"--at: '"'"'x'"'"' is not a move number"}' "$stderr"
	run -2 --separate-stderr catan-move --errors xml <"$G"
	assert_eq "catan-move: --errors: expected text or json, not 'xml'" "${stderr_lines[0]}"
	run -3 --separate-stderr catan-move --errors json --status <<<'{}'
	assert_eq '{"status":3,"move":null,"text":null,"canonical":null,"stood":0,"message":"stdin: not a game: no \"format\": \"catan-state/1\" (catan-state(5))"}' "$stderr"
	printf 'red roll\n%05000d\n' 0 >"$BATS_TEST_TMPDIR/moves"
	run -1 --separate-stderr catan-move --errors json --keep -f "$BATS_TEST_TMPDIR/moves" <"$G"
	assert_eq '{"status":1,"move":2,"text":"0000000000000000000000000000000000000000...","canonical":null,"stood":1,"message":"the line is longer than 4096 bytes, which no move is"}' "$stderr"
	run -0 --separate-stderr catan-move --errors json --until-end --turn-limit 3 <"$G"
	assert_eq '{"status":0,"move":null,"text":null,"canonical":null,"stood":0,"message":"stopped at turn 4, past the turn limit 3: the game is not over"}' "$stderr"
}

@test "a record whose card bought is unnamed: its status, a seat's moves and views as the public and the seats saw them; no move made on it" {
	D=$BATS_TEST_TMPDIR
	unnamed_buy "$D"
	# Whom it waits for is public: the same as the whole game's, at the end and before the buy.
	run -0 --separate-stderr catan-move --status <"$D/public.json"
	assert_eq '{"phase":"roll","current":"blue","turn":5,"waiting":["blue"],"owes":{"blue":{"what":"roll"}},"winner":null}' "$output"
	run -0 --separate-stderr catan-move --status --at 8 <"$D/public.json"
	assert_eq '{"phase":"main","current":"red","turn":4,"waiting":["red"],"owes":{"red":{"what":"turn"}},"winner":null}' "$output"
	# The public sees no hand: it lists no moves; blue lists its own, as from the whole game.
	run -1 --separate-stderr catan-move --list <"$D/public.json"
	assert_eq "catan-move: stdin: move 8 'red buy' does not name the card bought: the public sees no hand, so lists no moves: give --as COLOUR" "$stderr"
	assert_eq "" "$output"
	run -0 --separate-stderr catan-move --list --as blue <"$D/public.json"
	assert_eq "$(catan-move --list --as blue <"$D/full.json")" "$output"
	assert_eq 36 "${#lines[@]}"
	run -0 catan-move --count --at 7 <"$D/public.json"
	assert_eq "$(catan-move --count --at 7 <"$D/full.json")" "$output"
	run -1 --separate-stderr catan-move --count --as red <"$D/public.json"
	assert_eq "catan-move: stdin: move 8 'red buy' does not name the card bought, which red's view shows" "$stderr"
	# The automatic player chooses from what blue, whose move it is, saw.
	run -0 --separate-stderr catan-move --choose <"$D/public.json"
	assert_eq "blue roll" "$output"
	# White's view: red holds one card of no kind shown, the deck one fewer; it validates.
	run -0 --separate-stderr catan-move --view white <"$D/public.json"
	printf '%s\n' "$output" >"$D/white.json"
	assert_eq '"white" 1 0 24 "red buy"' "$(jq -c '.view, .position.players.red.dev, .position.players.blue.dev,
		.position.deck, .log[7]' "$D/white.json" | paste -sd' ')"
	assert_eq "$(catan-move --view white <"$D/full.json" | jq -S 'del(.log)')" "$(jq -S 'del(.log)' "$D/white.json")"
	run -0 catan-validate "$D/white.json"
	assert_eq "$D/white.json: ok, 9 moves" "$output"
	# Red's view would show the card; a move needs the full game.
	run -1 --separate-stderr catan-move --view red <"$D/public.json"
	assert_eq "catan-move: stdin: move 8 'red buy' does not name the card bought, which red's view shows" "$stderr"
	assert_eq "" "$output"
	run -1 --separate-stderr catan-move 'blue roll 3 4' <"$D/public.json"
	assert_eq "catan-move: stdin: move 8 'red buy' does not name the card bought: moves need the full game" "$stderr"
	assert_eq "" "$output"
	run -1 --separate-stderr catan-move --view white 'blue roll 3 4' <"$D/public.json"
	assert_eq "catan-move: stdin: move 8 'red buy' does not name the card bought: moves need the full game" "$stderr"
}

@test "records of catan-import --as and --public: a view written as it is, never as another's; what the public and each seat saw, listed and asked" {
	D=$BATS_TEST_TMPDIR
	catan-import "$FIXTURES/import/events.soclog" >"$D/full.json"
	catan-import --as white "$FIXTURES/import/events.soclog" >"$D/white.json"
	catan-import --public "$FIXTURES/import/events.soclog" >"$D/public.json"
	# White's view: white's --view is the view itself, byte for byte; red's is not white's to show.
	run -0 --separate-stderr catan-move --view white <"$D/white.json"
	printf '%s\n' "$output" >"$D/again.json"
	assert_file_eq "$D/white.json" "$D/again.json"
	run -1 --separate-stderr catan-move --view red <"$D/white.json"
	assert_eq "catan-move: this is white's view: it cannot show what red may see" "$stderr"
	assert_eq "" "$output"
	run -1 --separate-stderr catan-move --view white 'orange end' <"$D/white.json"
	assert_eq "catan-move: this is white's view of a game, which cannot be played on: moves need the full game" "$stderr"
	# What the public saw: whom it waits for, at the end and at move 100, as the whole game.
	for at in "" "--at 100"; do
		# shellcheck disable=SC2086
		run -0 --separate-stderr catan-move --status $at <"$D/public.json"
		# shellcheck disable=SC2086
		assert_eq "$(catan-move --status $at <"$D/full.json")" "$output"
	done
	# The record does not name the card white stole, which white's view shows.
	run -1 --separate-stderr catan-move --view white <"$D/public.json"
	assert_eq "catan-move: stdin: move 48 'white robber 13 steal blue' does not name the card stolen, which white's view shows" "$stderr"
	run -1 --separate-stderr catan-move --choose <"$D/public.json"
	assert_eq "catan-move: stdin: move 24 'blue robber 5 steal red' does not name the card stolen: the public's view is no player's, and nobody can move" "$stderr"
	# A client's log of red (the others' cards bought unnamed): red's view and red's moves at
	# move 146, whose turn is red's, are the whole game's; white's are refused at white's card.
	sed '/^p[123]:SOCDevCardAction/d' "$FIXTURES/import/events.soclog" >"$D/c.soclog"
	catan-import "$D/c.soclog" >"$D/client.json"
	run -0 --separate-stderr catan-move --view red <"$D/client.json"
	assert_eq "$(catan-move --view red <"$D/full.json")" "$output"
	run -0 --separate-stderr catan-move --at 146 --list --as red <"$D/client.json"
	assert_eq "$(catan-move --at 146 --list --as red <"$D/full.json")" "$output"
	assert_eq 10 "${#lines[@]}"
	run -1 --separate-stderr catan-move --at 100 --count --as white <"$D/client.json"
	assert_eq "catan-move: stdin: move 50 'white buy' does not name the card bought, which white's view shows" "$stderr"
	run -1 --separate-stderr catan-move --at 100 --list <"$D/client.json"
	assert_eq "catan-move: stdin: move 50 'white buy' does not name the card bought: the public sees no hand, so lists no moves: give --as COLOUR" "$stderr"
}
