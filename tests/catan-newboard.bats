#!/usr/bin/env bats
# catan-newboard: new games on the beginner board and on random boards.

load test_helper

@test "the beginner board has the starting settlements at the numbered intersections" {
	run -0 --separate-stderr beginner -c
	assert_eq "" "$stderr"
	run -0 jq -c '[.position.players | to_entries[] | [.key, .value.settlements]]' <<<"$output"
	assert_eq '[["red",[9,29]],["blue",[40,42]],["white",[18,32]],["orange",[15,41]]]' "$output"
}

@test "the beginner board has the starting roads at the named paths" {
	run -0 beginner -c
	run -0 jq -c '[.position.players | to_entries[] | [.key, .value.roads]]' <<<"$output"
	assert_eq '[["red",["9-14","29-35"]],["blue",["37-42","40-45"]],["white",["18-23","26-32"]],["orange",["10-15","41-46"]]]' "$output"
}

@test "the beginner hands are the resources of each second settlement" {
	run -0 beginner -c
	run -0 jq -c '[.position.players[] | .hand | to_entries | map(select(.value > 0)) | from_entries]' <<<"$output"
	assert_eq '[{"lumber":2,"grain":1},{"brick":1,"lumber":1,"ore":1},{"lumber":1,"wool":1,"ore":1},{"grain":2,"ore":1}]' "$output"
}

@test "the beginner bank holds what the hands do not" {
	run -0 beginner -c
	run -0 jq -c '.position.bank' <<<"$output"
	assert_eq '{"brick":18,"lumber":15,"wool":18,"grain":16,"ore":16}' "$output"
}

@test "the beginner game starts at the first player's roll" {
	run -0 beginner -c
	run -0 jq -c '[.position.phase, .position.turn, .position.current, .position.robber, .log]' <<<"$output"
	assert_eq '["roll",1,"red",10,[]]' "$output"
}

@test "the beginner board's hexes and harbours are the fixed layout" {
	run -0 beginner -c
	run -0 jq -c '[.board.hexes[] | "\(.terrain[0:3])\(.token // "")"] | join(" ")' <<<"$output"
	assert_eq '"mou10 pas2 for9 fie12 hil6 pas4 hil10 fie9 for11 des for3 mou8 for8 mou3 fie4 pas5 hil5 fie6 pas11"' "$output"
	run -0 jq -c '.board.harbours' <<<"$(beginner -c)"
	assert_eq '["3:1","grain","ore","3:1","wool","3:1","3:1","brick","lumber"]' "$output"
}

@test "three beginner players leave orange's pieces off the board" {
	run -0 catan-newboard --beginner --seed 1 --players red,blue,white -c
	run -0 jq -c '[.players, (.position.players | keys_unsorted), .position.bank]' <<<"$output"
	assert_eq '[["red","blue","white"],["red","blue","white"],{"brick":18,"lumber":15,"wool":18,"grain":18,"ore":17}]' "$output"
}

@test "two players may play the beginner board" {
	run -0 catan-newboard --beginner --seed 1 --players blue,red -c
	run -0 jq -c '[.players, .position.current, .position.players.blue.settlements]' <<<"$output"
	assert_eq '[["blue","red"],"blue",[40,42]]' "$output"
}

@test "a random board starts in the set-up phase with the robber on the desert" {
	run -0 catan-newboard --seed 42 -c
	run -0 jq -c '[.position.phase, .position.turn, .position.current,
		(.board.hexes | map(.terrain) | index("desert") + 1) == .position.robber,
		.position.bank, (.position.players[] | .settlements + .cities + .roads | length)]' <<<"$output"
	assert_eq '["setup-settlement",0,"red",true,{"brick":19,"lumber":19,"wool":19,"grain":19,"ore":19},0,0,0,0]' "$output"
}

@test "a random board's deck holds the 25 development cards, shuffled" {
	run -0 catan-newboard --seed 42 -c
	run -0 jq -c '.position.deck | group_by(.) | map([.[0], length])' <<<"$output"
	assert_eq '[["knight",14],["monopoly",2],["road-building",2],["victory-point",5],["year-of-plenty",2]]' "$output"
	a=$(catan-newboard --seed 42 -c | jq -c '.position.deck')
	b=$(catan-newboard --seed 43 -c | jq -c '.position.deck')
	[ "$a" != "$b" ]
}

@test "the same seed gives the same bytes and other seeds differ" {
	catan-newboard --seed 7 >"$BATS_TEST_TMPDIR/a"
	catan-newboard --seed 7 >"$BATS_TEST_TMPDIR/b"
	catan-newboard --seed 8 >"$BATS_TEST_TMPDIR/c"
	assert_file_eq "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	run -1 cmp -s "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/c"
}

@test "random boards have the right pieces and no neighbouring 6 and 8 over 1000 seeds" {
	for mode in spiral random; do
		for seed in $(seq 1 500); do
			catan-newboard --seed "$seed" --numbers "$mode" -c
		done >"$BATS_TEST_TMPDIR/boards"
		run -0 jq -s -c --argjson adj "$(cat "$FIXTURES/hex-neighbours.json")" '
			map(.board) | map(
			  ((.hexes | map(.terrain) | group_by(.) | map([.[0], length])) ==
			     [["desert",1],["fields",4],["forest",4],["hills",3],["mountains",3],["pasture",4]])
			  and ((.hexes | map(.token) | map(select(. != null)) | sort) ==
			     [2,3,3,4,4,5,5,6,6,8,8,9,9,10,10,11,11,12])
			  and (.hexes | map(select(.terrain == "desert")) | .[0].token == null)
			  and ((.harbours | group_by(.) | map([.[0], length])) ==
			     [["3:1",4],["brick",1],["grain",1],["lumber",1],["ore",1],["wool",1]])
			  and (.hexes as $h | [range(19) as $i | $adj[$i][] as $j |
			       select(($h[$i].token == 6 or $h[$i].token == 8) and ($h[$j - 1].token == 6 or $h[$j - 1].token == 8))] | length == 0)
			) | [all, length]' "$BATS_TEST_TMPDIR/boards"
		assert_eq '[true,500]' "$output"
	done
}

@test "different seeds make different boards" {
	run -0 bash -c 'for s in $(seq 1 50); do catan-newboard --seed $s -c | jq -c .board; done | sort -u | wc -l'
	assert_eq 50 "$output"
}

@test "--harbours fixed lays the rule set's harbour kinds in its table's order; terrains, tokens and luck stay the seed's" {
	for v in base five_six; do
		run -0 catan-newboard --seed 3 --rules variant=$v --harbours fixed -c
		fixed=$output
		run -0 catan-newboard --seed 3 --rules variant=$v -c
		shuffled=$output
		assert_eq "$(jq -c 'del(.board.harbours)' <<<"$shuffled")" "$(jq -c 'del(.board.harbours)' <<<"$fixed")"
	done
	assert_eq '["3:1","3:1","3:1","3:1","brick","lumber","wool","grain","ore"]' \
		"$(catan-newboard --seed 3 --harbours fixed | jq -c .board.harbours)"
	assert_eq '["3:1","wool","wool","grain","lumber","3:1","brick","ore","3:1","3:1","3:1"]' \
		"$(catan-newboard --seed 3 --rules variant=five_six --harbours fixed | jq -c .board.harbours)"
	# Fixed whatever the seed and the numbers.
	assert_eq '["3:1","wool","wool","grain","lumber","3:1","brick","ore","3:1","3:1","3:1"]' \
		"$(catan-newboard --seed 11 --players red,blue,white,orange,green --numbers random --harbours fixed | jq -c .board.harbours)"
}

@test "--harbours shuffled is the default, byte for byte; the beginner board takes fixed as it is" {
	for args in "--seed 3" "--seed 4 --rules variant=five_six" "--seed 5 --numbers random --players red,blue"; do
		run -0 catan-newboard $args
		default=$output
		run -0 catan-newboard $args --harbours shuffled
		assert_eq "$default" "$output"
	done
	assert_eq '["3:1","ore","3:1","3:1","3:1","brick","wool","lumber","grain"]' \
		"$(catan-newboard --seed 7 | jq -c .board.harbours)"
	run -0 catan-newboard --beginner --seed 2
	default=$output
	run -0 catan-newboard --beginner --seed 2 --harbours fixed
	assert_eq "$default" "$output"
}

@test "numbers random and numbers spiral lay tokens differently for one seed" {
	a=$(catan-newboard --seed 3 --numbers spiral -c | jq -c '[.board.hexes[].token]')
	b=$(catan-newboard --seed 3 --numbers random -c | jq -c '[.board.hexes[].token]')
	[ "$a" != "$b" ]
}

@test "the spiral lays A..R counter-clockwise from a corner skipping the desert" {
	# Seed 11's spiral starts at a corner; read the tokens back along each of the six spirals.
	run -0 catan-newboard --seed 11 -c
	run -0 jq -c --argjson sp "$(cat "$FIXTURES/spirals.json")" '
		.board.hexes as $h | [$sp[] | [.[] | $h[. - 1] | select(.terrain != "desert") | .token]]
		| map(select(. == [5,2,6,3,8,10,9,12,11,4,8,10,9,4,5,6,3,11])) | length' <<<"$output"
	assert_eq 1 "$output"
}

@test "without a seed one is drawn and recorded, and it reproduces the board" {
	run -0 catan-newboard -c
	drawn=$output
	# Read as text: a 63-bit seed is more than jq's numbers hold exactly.
	seed=$(grep -o '"seed": *[0-9]*' <<<"$drawn" | grep -o '[0-9]*$')
	[[ "$seed" =~ ^[0-9]+$ ]]
	run -0 catan-newboard --seed "$seed" -c
	first=$output
	assert_eq "$(jq -c .board <<<"$drawn")" "$(jq -c .board <<<"$first")"
	run -0 catan-newboard --seed "$seed" -c
	assert_eq "$first" "$output"
}

@test "rules options are stored with their defaults" {
	run -0 catan-newboard --seed 1 -c
	run -0 jq -c .rules <<<"$output"
	assert_eq '{"variant":"base","points_to_win":10,"discard_limit":7,"trade_build":"combined","outcomes":"internal","open_hands":"off","dev_after_roll":"off","reroll_sevens":"off","keep_settlement":"off","friendly_robber":"off","road_tie":"keep","vp_cards":"held","ignore_seven":"off","knight_interrupt":"off"}' "$output"
	run -0 catan-newboard --seed 1 -c --rules points_to_win=12 --rules discard-limit=9 \
		--rules trade_build=strict --rules outcomes=external
	run -0 jq -c .rules <<<"$output"
	assert_eq '{"variant":"base","points_to_win":12,"discard_limit":9,"trade_build":"strict","outcomes":"external","open_hands":"off","dev_after_roll":"off","reroll_sevens":"off","keep_settlement":"off","friendly_robber":"off","road_tie":"keep","vp_cards":"held","ignore_seven":"off","knight_interrupt":"off"}' "$output"
	run -0 catan-newboard --seed 1 -c --rules open_hands=on --rules dev-after-roll=on --rules reroll_sevens=on \
		--rules keep_settlement=on --rules friendly_robber=on --rules road_tie=aside --rules vp_cards=played \
		--rules ignore_seven=on --rules knight_interrupt=on
	run -0 jq -c '.rules | del(.variant, .points_to_win, .discard_limit, .trade_build, .outcomes)' <<<"$output"
	assert_eq '{"open_hands":"on","dev_after_roll":"on","reroll_sevens":"on","keep_settlement":"on","friendly_robber":"on","road_tie":"aside","vp_cards":"played","ignore_seven":"on","knight_interrupt":"on"}' "$output"
	run -2 --separate-stderr catan-newboard --seed 1 --rules open_hands=yes
	assert_eq "catan-newboard: --rules: open_hands is off or on, not 'yes'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 1 --rules road_tie=drop
	assert_eq "catan-newboard: --rules: road_tie is keep or aside, not 'drop'" "${stderr_lines[0]}"
	# A document written before an option existed reads with the option's default.
	run -0 catan-move --count < <(catan-newboard --seed 1 -c | jq -c 'del(.rules.open_hands, .rules.road_tie)')
	assert_eq 54 "$output"
}

@test "compact output is one line holding the same document" {
	run -0 catan-newboard --seed 5 -c
	assert_eq 1 "${#lines[@]}"
	compact=$(jq -S . <<<"$output")
	pretty=$(catan-newboard --seed 5 | jq -S .)
	assert_eq "$pretty" "$compact"
}

@test "bad options exit 2 with a message naming what was wrong" {
	run -2 --separate-stderr catan-newboard --players red,purple
	assert_eq "" "$output"
	assert_eq "catan-newboard: --players: unknown colour 'purple' (red, blue, white, orange, green, brown)" "${stderr_lines[0]}"
	assert_eq "Try 'catan-newboard --help' for more information." "${stderr_lines[-1]}"
	run -2 --separate-stderr catan-newboard --players red
	assert_eq "catan-newboard: a game needs 2 to 4 players, not 1" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --players red,blue,red
	assert_eq "catan-newboard: colour 'red' given twice" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --players red,blue,white,orange,green,brown,red
	assert_eq "catan-newboard: --players: 'red,blue,white,orange,green,brown,red' names more than 6 players" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed -4
	assert_eq "catan-newboard: --seed: '-4' is not a number from 0 to 9223372036854775807" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 9223372036854775808
	assert_eq "catan-newboard: --seed: '9223372036854775808' is not a number from 0 to 9223372036854775807" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --numbers zigzag
	assert_eq "catan-newboard: --numbers: expected spiral or random, not 'zigzag'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --beginner --numbers random
	assert_eq "catan-newboard: --numbers applies to random boards, not --beginner" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --harbours sorted
	assert_eq "catan-newboard: --harbours: expected shuffled or fixed, not 'sorted'" "${stderr_lines[0]}"
	assert_eq "Try 'catan-newboard --help' for more information." "${stderr_lines[-1]}"
	assert_eq "" "$output"
	run -2 --separate-stderr catan-newboard --beginner --harbours shuffled
	assert_eq "catan-newboard: --harbours shuffled applies to random boards, not --beginner (its harbours are fixed)" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --rules points_to_win=2
	assert_eq "catan-newboard: --rules: points_to_win must be 3 to 20, not '2'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --rules colour=red
	assert_eq "catan-newboard: --rules: unknown key 'colour' (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --rules points=12
	assert_eq "catan-newboard: --rules: unknown key 'points': did you mean 'points_to_win'? (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --rules knight-interupt=on
	assert_eq "catan-newboard: --rules: unknown key 'knight_interupt': did you mean 'knight_interrupt'? (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --rules outcomes
	assert_eq "catan-newboard: --rules: expected KEY=VALUE, not 'outcomes'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --frobnicate
	assert_eq "catan-newboard: unknown option '--frobnicate'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed
	assert_eq "catan-newboard: option '--seed' needs a value" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard extra
	assert_eq "catan-newboard: unexpected argument 'extra'" "${stderr_lines[0]}"
	assert_eq "" "$output"
}

@test "green and brown do not play in the base game or Catan for Two; the four colours do" {
	run -2 --separate-stderr catan-newboard --seed 1 --players red,green
	assert_eq "" "$output"
	assert_eq "catan-newboard: variant=base plays red, blue, white, orange, not green" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 1 --players brown,blue,white
	assert_eq "catan-newboard: variant=base plays red, blue, white, orange, not brown" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 1 --rules variant=two --players red,green
	assert_eq "" "$output"
	assert_eq "catan-newboard: variant=two plays red, blue, white, orange, not green" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 1 --players brown,red --rules variant=two
	assert_eq "catan-newboard: variant=two plays red, blue, white, orange, not brown" "${stderr_lines[0]}"
	refused_position '.players.green = {}' "players: 'green' is not a colour (red, blue, white, orange)"
	run -0 catan-newboard --seed 1 --players red,blue
	assert_eq '["red","blue"]' "$(jq -c .players <<<"$output")"
	run -0 catan-newboard --seed 1 --players orange,white,blue,red
	assert_eq '["orange","white","blue","red"]' "$(jq -c .players <<<"$output")"
	run -0 catan-newboard --seed 1 --rules variant=two --players blue,red
	assert_eq '[["blue","red"],["white","orange"]]' "$(jq -c '[.players, .neutral]' <<<"$output")"
}

@test "a full stdout is an error, not a silent truncation" {
	if [ ! -w /dev/full ]; then skip "no /dev/full on this system"; fi
	run -4 --separate-stderr bash -c 'catan-newboard --seed 1 >/dev/full'
	assert_eq "catan-newboard: write error: No space left on device" "$stderr"
}

@test "the newboard example runs" {
	run -0 bash "$ROOT/examples/newboard.sh"
	assert_eq "setup-settlement red" "${lines[0]}"
	assert_eq "beginner: red 2 lumber 1 grain" "${lines[1]}"
}

@test "the usage line shows --beginner and --seed as options that combine, as they do" {
	run -0 catan-newboard --help
	[[ "${lines[0]}" == "usage: catan-newboard [--beginner] [--seed N [--secret]] "* ]]
	run -0 catan-newboard --beginner --seed 3
	run -0 jq -r '.seed' <<<"$output"
	assert_eq 3 "$output"
}

# ---- luck: reproducible from the seed, or from a secret key ----

@test "--seed alone is reproducible: the same document twice, its luck in rng and no secret" {
	run -0 bash -c 'catan-newboard --seed 3 | jq -S .'
	first=$output
	run -0 bash -c 'catan-newboard --seed 3 | jq -S .'
	assert_eq "$first" "$output"
	run -0 bash -c 'catan-newboard --seed 3 | jq -c "[has(\"secret\"), (.position.rng | length), (.position | has(\"draws\"))]"'
	assert_eq '[false,4,false]' "$output"
}

@test "--secret: the board from the seed, the deck and dice from a key only the file holds" {
	catan-newboard --seed 3 --secret > "$BATS_TEST_TMPDIR/a.json"
	catan-newboard --seed 3 --secret > "$BATS_TEST_TMPDIR/b.json"
	catan-newboard --seed 3 > "$BATS_TEST_TMPDIR/plain.json"
	cd "$BATS_TEST_TMPDIR"
	# The same board as --seed 3 alone.
	assert_eq "$(jq -c .board plain.json)" "$(jq -c .board a.json)"
	assert_eq "$(jq -c .board plain.json)" "$(jq -c .board b.json)"
	# Each its own key, 64 lower-case hexadecimal digits; no rng, the draws counted instead.
	run -0 jq -r '.secret | test("^[0-9a-f]{64}$")' a.json
	assert_eq true "$output"
	[ "$(jq -r .secret a.json)" != "$(jq -r .secret b.json)" ]
	run -0 jq -c '[.position.draws, .start.draws, (.position | has("rng"))]' a.json
	assert_eq '[24,24,false]' "$output"
	# The deck's order comes from the key: 25 cards shuffled the same twice is a chance of one in 10^20.
	[ "$(jq -c .position.deck a.json)" != "$(jq -c .position.deck b.json)" ]
	[ "$(jq -c .position.deck a.json)" != "$(jq -c .position.deck plain.json)" ]
}

@test "without --seed a game is refereed: a random seed recorded and a secret key" {
	run -0 bash -c 'catan-newboard | jq -c "[(.seed | type), (.secret | length), (.position | has(\"rng\"))]"'
	assert_eq '["number",64,false]' "$output"
	run -0 bash -c 'catan-newboard --beginner | jq -c "[(.secret | length), .position.draws]"'
	assert_eq '[64,24]' "$output"
}

@test "a game with a secret plays, validates and replays its draws exactly; a view holds neither key nor draws" {
	cd "$BATS_TEST_TMPDIR"
	catan-newboard --seed 11 --secret | catan-move --auto 300 > g.json
	run -0 catan-validate g.json
	assert_eq "g.json: ok, 300 moves" "$output"
	# The draws counted are the replay's: one more is caught.
	jq '.position.draws += 1' g.json > bad.json
	run -1 catan-validate bad.json
	assert_eq "bad.json: position.draws: stored $(( $(jq .position.draws g.json) + 1 )), replay gives $(jq .position.draws g.json)" "$output"
	# Another key gives other dice: the log no longer replays.
	jq '.secret = "00000000000000000000000000000000000000000000000000000000000000aa"' g.json > other.json
	run -1 catan-validate other.json
	[[ "$output" == "other.json: move "*": the logged dice "*" differ from the game's draw "* ]] ||
		[[ "$output" == "other.json: move "*" differ"* ]]
	run -0 bash -c 'catan-move --view red < g.json | jq -c "[has(\"secret\"), .seed, (.position | has(\"draws\")), (.position | has(\"rng\"))]"'
	assert_eq '[false,null,false,false]' "$output"
}

@test "a secret is read strictly: its digits, its place, and no rng beside it" {
	cd "$BATS_TEST_TMPDIR"
	catan-newboard --seed 2 --secret > g.json
	jq '.secret = "ABC"' g.json > x.json
	run -3 catan-validate x.json
	assert_eq "x.json: secret: expected 64 lower-case hexadecimal digits" "$output"
	jq '.secret = 7' g.json > x.json
	run -3 catan-validate x.json
	assert_eq "x.json: secret: expected 64 lower-case hexadecimal digits" "$output"
	jq '.position.rng = ["0000000000000000","0000000000000000","0000000000000000","0000000000000001"]' g.json > x.json
	run -3 catan-validate x.json
	assert_eq "x.json: position: unknown key 'rng'" "$output"
	jq 'del(.position.draws)' g.json > x.json
	run -3 catan-validate x.json
	assert_eq "x.json: position: missing key 'draws'" "$output"
	catan-move --view blue < g.json | jq --arg s "$(jq -r .secret g.json)" '.secret = $s' > v.json
	run -3 catan-validate v.json
	assert_eq "v.json: secret: a view does not hold the secret" "$output"
}

# setup_doc FILTER: a short position document (red and blue on their beginner
# places, white with nothing yet) changed by the jq filter, in $BATS_TEST_TMPDIR/p.json.
setup_doc() {
	jq -n "{players: {red: {settlements: [9, 29], roads: [\"9-14\", \"29-35\"]},
		blue: {settlements: [40, 42], roads: [\"37-42\", \"40-45\"]}, white: {}}} | $1" \
		>"$BATS_TEST_TMPDIR/p.json"
}

# refused_position FILTER MESSAGE: the document is refused with exit 3, the message, nothing written.
refused_position() {
	setup_doc "$1"
	run -3 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1 --beginner
	assert_eq "" "$output"
	assert_eq "catan-newboard: $BATS_TEST_TMPDIR/p.json: $2" "$stderr"
}

@test "--position on a random board takes --harbours fixed; on the beginner board fixed changes nothing" {
	setup_doc '.'
	assert_eq '["3:1","3:1","3:1","3:1","brick","lumber","wool","grain","ore"]' \
		"$(catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 --harbours fixed | jq -c .board.harbours)"
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 --beginner
	beginner=$output
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 --beginner --harbours fixed
	assert_eq "$beginner" "$output"
	run -2 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --harbours shuffled
	assert_eq "catan-newboard: --harbours shuffled applies to random boards, not --beginner (its harbours are fixed)" "${stderr_lines[0]}"
}

@test "--position fills in the bank, the deck, the pieces left and the awards" {
	setup_doc '.players.red.roads += ["14-19", "19-25", "25-31", "31-37"] | .players.red.hand = {ore: 3, grain: 2}
		| .players.red.dev = {knight: 1} | .players.red.knights = 3 | .players.blue.cities = [] | .players.blue.hand.ore = 2
		| .players.white.knights = 2 | .current = "blue" | .phase = "main" | .turn = 12 | .robber = 5'
	run -0 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1 --beginner -c
	assert_eq "" "$stderr"
	run -0 jq -c '[.setup, .players, .position.current, .position.phase, .position.rolled, .position.turn,
		.position.robber, .position.bank, (.position.deck | length), ([.position.deck[] | select(. == "knight")] | length),
		.position.awards, (.start == .position), .log]' <<<"$output"
	assert_eq '["position",["red","blue","white"],"blue","main",true,12,5,{"brick":19,"lumber":19,"wool":19,"grain":17,"ore":14},19,8,{"longest_road":"red","largest_army":"red"},true,[]]' "$output"
}

@test "--position's deck is what is left, in an order from the game's luck" {
	setup_doc '.players.red.dev = {"victory-point": 2}'
	a=$(catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1 -c | jq -c .position.deck)
	b=$(catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1 -c | jq -c .position.deck)
	c=$(catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 2 -c | jq -c .position.deck)
	assert_eq "$a" "$b"
	[ "$a" != "$c" ]
	run -0 jq -c '[length, ([.[] | select(. == "victory-point")] | length)]' <<<"$a"
	assert_eq '[23,3]' "$output"
}

@test "--position stands on the beginner board, or a random board with --seed alone" {
	setup_doc '.'
	beginner_hexes=$(beginner -c | jq -c .board)
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json"
	assert_eq "$beginner_hexes" "$(jq -c .board <<<"$output")"
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 42
	assert_eq "$(catan-newboard --seed 42 | jq -c .board)" "$(jq -c .board <<<"$output")"
	run -0 jq -c '.position.robber == ((.board.hexes | map(.terrain) | index("desert")) + 1)' <<<"$output"
	assert_eq true "$output"
}

@test "a set-up position plays on with catan-move and validates" {
	setup_doc '.players.red.hand = {brick: 1, lumber: 1} | .phase = "main" | .turn = 7'
	catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 >"$BATS_TEST_TMPDIR/g.json"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g.json"
	assert_eq "$BATS_TEST_TMPDIR/g.json: ok, 0 moves from a set-up position" "$output"
	catan-move 'red build road 14-19' 'red end' --auto 30 <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/g2.json"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g2.json"
	assert_eq "$BATS_TEST_TMPDIR/g2.json: ok, 32 moves from a set-up position" "$output"
	run -0 jq -c '[.setup, .start.turn, .log[0]]' "$BATS_TEST_TMPDIR/g2.json"
	assert_eq '["position",7,"red build road 14-19"]' "$output"
}

@test "--position refuses a sixth settlement and a fifth city" {
	refused_position '.players.red.settlements += [1, 3, 20, 47]' 'players.red.settlements: 6 is more than the 5 pieces a player has'
	refused_position '.players.red.cities = [1, 3, 20, 51, 26]' 'players.red.cities: 5 is more than the 4 pieces a player has'
}

@test "--position refuses two buildings too close or on one intersection" {
	refused_position '.players.red.settlements += [14]' 'players.red.settlements[2]: intersection 14 is one path from the building on 9 (the distance rule)'
	refused_position '.players.blue.cities = [9]' 'players.blue.cities[0]: intersection 9 already holds a building'
}

@test "--position refuses a road not joined to its owner's buildings" {
	refused_position '.players.red.roads += ["20-25"]' 'players.red.roads[2]: road 20-25 is not joined to red'"'"'s settlements and cities'
	# Past blue's settlement on 40 red's road cannot lead on.
	refused_position '.players.red.roads += ["35-40", "40-44"]' 'players.red.roads[3]: road 40-44 is not joined to red'"'"'s settlements and cities'
}

@test "--position refuses more than 19 of a resource and more cards than the deck" {
	refused_position '.players.red.hand.ore = 12 | .players.blue.hand.ore = 8' 'players.blue.hand.ore: the hands hold 20 ore, but there are 19'
	refused_position '.players.red.dev.monopoly = 2 | .players.white.dev.monopoly = 1' 'players.white.dev.monopoly: the players hold and played 3 monopoly cards, but the deck has 2'
	refused_position '.players.red.dev.knight = 5 | .players.blue.knights = 10' 'players.blue.knights: the players hold and played 15 knight cards, but the deck has 14'
}

@test "--position refuses a tie for an award it does not settle, and settles one it names" {
	refused_position '.players.red.knights = 3 | .players.blue.knights = 3' 'awards.largest_army: red and blue tie for the largest army (3): the order of building decides, so name the holder'
	refused_position '.players.red.roads += ["14-19", "19-25", "25-31", "31-37"] | .players.blue.roads += ["45-49", "49-53", "50-53", "50-54"]' 'awards.longest_road: red and blue tie for the longest road (5): the order of building decides, so name the holder'
	setup_doc '.players.red.knights = 3 | .players.blue.knights = 3 | .awards.largest_army = "blue"'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" -c
	run -0 jq -c .position.awards <<<"$output"
	assert_eq '{"longest_road":null,"largest_army":"blue"}' "$output"
	refused_position '.awards.longest_road = "red"' 'awards.longest_road: red holds the longest road with a road of 1, fewer than 5'
	refused_position '.players.red.knights = 4 | .players.blue.knights = 3 | .awards.largest_army = "blue"' 'awards.largest_army: blue holds the largest army with 3 knights played, but red has 4'
}

@test "--position refuses what no game reaches: another phase, turn 0, a game already won" {
	refused_position '.phase = "discard"' "phase: a position is set up in the roll or main phase, not 'discard'"
	refused_position '.turn = 0' 'turn: expected an integer from 1 to 65534, found 0'
	refused_position '.players.red.cities = [1, 3, 20, 51] | .players.red.dev["victory-point"] = 2' "players.red: 12 points on red's own turn: the game is over"
}

@test "--position refuses an unreadable document with the JSON path" {
	refused_position '.players.pink = {}' "players: 'pink' is not a colour (red, blue, white, orange)"
	refused_position '.players.red.hats = 1' "players.red: unknown key 'hats'"
	refused_position '.current = "orange"' "current: 'orange' is not a colour in this game"
	refused_position '.players = {red: {}}' 'players: a game needs 2 to 4 players, not 1'
	refused_position '.players.red.roads[0] = "9-15"' "players.red.roads[0]: '9-15' is not a path"
	echo '[1]' >"$BATS_TEST_TMPDIR/p.json"
	run -3 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json"
	assert_eq "catan-newboard: $BATS_TEST_TMPDIR/p.json: expected an object, found an array" "$stderr"
}

@test "--position with --players is a usage error, and so is a beginner board its rule set has not" {
	setup_doc '.'
	run -2 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --players red,blue
	assert_eq "catan-newboard: --players: with --position the document names the players" "${stderr_lines[0]}"
	run -4 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/none.json"
	assert_eq "catan-newboard: $BATS_TEST_TMPDIR/none.json: cannot open: No such file or directory" "$stderr"
	six_doc '.'
	run -2 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --beginner
	assert_eq "catan-newboard: variant=five_six has no beginner board" "$stderr"
}

@test "--position keeps the rules options" {
	setup_doc '.'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 2 -c --rules points_to_win=12 \
		--rules knight_interrupt=on --rules outcomes=external
	run -0 jq -c '[.rules.points_to_win, .rules.knight_interrupt, .rules.outcomes, .setup]' <<<"$output"
	assert_eq '[12,"on","external","position"]' "$output"
	# 10 points on red's own turn win only under the default.
	setup_doc '.players.red.cities = [1, 3, 20] | .players.red.dev["victory-point"] = 2'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --rules points_to_win=11
	refused_position '.players.red.cities = [1, 3, 20] | .players.red.dev["victory-point"] = 2' \
		"players.red: 10 points on red's own turn: the game is over"
}

# two_doc FILTER: a position of Catan for Two (red and blue, the neutral settlements where
# the new game puts them) changed by the jq filter, in $BATS_TEST_TMPDIR/p.json.
two_doc() {
	jq -n "{players: {red: {settlements: [1, 29], roads: [\"1-4\", \"29-35\"], hand: {brick: 1, lumber: 1},
		trade_cards: 3}, blue: {settlements: [40, 42], roads: [\"37-42\", \"40-45\"], hand: {ore: 2},
		trade_cards: 5, knights_returned: 1}}, current: \"red\", phase: \"main\", rolls: [6, 9], turn: 9} | $1" \
		>"$BATS_TEST_TMPDIR/p.json"
}

@test "--position sets up Catan for Two: trade cards, knights given back, the neutral pieces, the turn's rolls" {
	two_doc '.'
	catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 --rules variant=two >"$BATS_TEST_TMPDIR/g.json"
	run -0 jq -c '[.rules.variant, .players, .neutral, .position.rolls, .position.trade_supply,
		.position.players.white, ([.position.players.red, .position.players.blue] | map([.trade_cards, .knights_returned])),
		(.position.deck | map(select(. == "knight")) | length)]' "$BATS_TEST_TMPDIR/g.json"
	assert_eq '["two",["red","blue"],["white","orange"],[6,9],6,{"settlements":[14],"roads":[]},[[3,0],[5,1]],13]' "$output"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g.json"
	assert_eq "$BATS_TEST_TMPDIR/g.json: ok, 0 moves from a set-up position" "$output"
	# A road built owes a free neutral piece, as in any game of Catan for Two.
	run -0 bash -c "catan-move 'red build road 4-8' <'$BATS_TEST_TMPDIR/g.json' | jq -c .position.phase"
	assert_eq '"neutral"' "$output"
	# The neutral seats' pieces named; the roll phase after the first roll.
	two_doc '.neutral = {white: {settlements: [12], roads: ["12-17"]}, orange: {settlements: [43]}}
		| .phase = "roll" | .rolls = [6]'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 --rules variant=two -c
	run -0 jq -c '[.position.players.white, .position.players.orange.settlements, .position.phase, .position.rolls]' <<<"$output"
	assert_eq '[{"settlements":[12],"roads":["12-17"]},[43],"roll",[6]]' "$output"
}

@test "--position refuses a Catan for Two position that cannot happen" {
	refused_two() {
		two_doc "$1"
		run -3 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1 --rules variant=two
		assert_eq "" "$output"
		assert_eq "catan-newboard: $BATS_TEST_TMPDIR/p.json: $2" "$stderr"
	}
	refused_two 'del(.rolls)' 'phase: the main phase follows the turn'"'"'s 2 rolls: name their totals (rolls)'
	refused_two '.rolls = [6]' 'rolls: 1 rolls made: the main phase follows the turn'"'"'s 2 rolls, the roll phase fewer'
	refused_two '.rolls = [6, 6]' 'rolls[1]: the second roll differs from the first, not 6 again'
	refused_two '.players.red.trade_cards = 8' 'players.red.trade_cards: expected an integer from 0 to 7, found 8'
	refused_two '.players.red.knights = 10 | .players.blue.knights_returned = 5' \
		'players.blue.knights_returned: the players hold and played 15 knight cards, but the deck has 14'
	refused_two '.players.red.settlements = [9, 29] | .players.red.roads = ["9-13"]' 'players: buildings on intersections 9 and 14, one path apart'
	refused_two '.neutral = {red: {}}' "neutral: 'red' is not a neutral seat of this game"
	refused_two '.players.white = {}' 'players: variant=two needs 2 players, not 3'
	refused_two '.current = "white"' 'current: white is a neutral seat and never has the turn'
	refused_two '.building_after = "red"' "unknown key 'building_after'"
}

# ---- --geometry ----

@test "--geometry writes the board's hexes, intersections, paths and coast by the state's names" {
	run -0 --separate-stderr catan-newboard --geometry
	assert_eq "" "$stderr"
	assert_eq '{' "${lines[0]}"
	assert_eq '  "format": "catan-geometry/1",' "${lines[1]}"
	assert_eq '    {"hex": 1, "intersections": [1, 5, 9, 13, 8, 4], "paths": ["1-5", "5-9", "9-13", "8-13", "4-8", "1-4"], "neighbours": [2, 4, 5]},' "${lines[3]}"
	assert_eq '    {"hex": 10, "intersections": [19, 25, 31, 36, 30, 24], "paths": ["19-25", "25-31", "31-36", "30-36", "24-30", "19-24"], "neighbours": [5, 6, 9, 11, 14, 15]},' "${lines[12]}"
	g=$output
	assert_eq '19 54 72 30' "$(jq -r '[.hexes, .intersections, .paths, .coast | length] | join(" ")' <<<"$g")"
	assert_eq '{"intersection":12,"hexes":[4],"neighbours":[8,17],"paths":["8-12","12-17"],"harbour":8}' \
		"$(jq -c '.intersections[11]' <<<"$g")"
	# The harbours: coastal paths 0, 3, 7, 10, 13, 17, 20, 23 and 27 in order, two intersections each.
	assert_eq '[0,3,7,10,13,17,20,23,27]' "$(jq -c '[.coast | to_entries[] | select(.value.harbour != null) | .key]' <<<"$g")"
	assert_eq '[0,1,2,3,4,5,6,7,8]' "$(jq -c '[.coast[] | .harbour | select(. != null)]' <<<"$g")"
	assert_eq '[[0,2],[1,2],[2,2],[3,2],[4,2],[5,2],[6,2],[7,2],[8,2]]' \
		"$(jq -c '[.intersections[] | .harbour | select(. != null)] | group_by(.) | map([.[0], length])' <<<"$g")"
	# -c: the same document on one line; Catan for Two is played on the same board.
	run -0 catan-newboard --geometry -c
	assert_eq 1 "${#lines[@]}"
	assert_eq "$(jq -c . <<<"$g")" "$output"
	run -0 catan-newboard --geometry --rules variant=two
	assert_eq "$g" "$output"
}

@test "--geometry agrees with the rules: the roads beside a settlement, the harbour a settlement trades at" {
	cd "$BATS_TEST_TMPDIR"
	catan-newboard --geometry >geo.json
	# After a set-up settlement at 12, the roads listed are the paths of intersection 12.
	catan-newboard --seed 1 | catan-move 'red build settlement 12' >s.json
	run -0 catan-move --list <s.json
	assert_eq "$(jq -r '.intersections[11].paths[] | "red build road " + .' geo.json)" "$output"
	# A settlement on the first intersection of harbour slot 1 trades grain at 2:1, the beginner
	# board's harbours[1]; on slot 0's, 3:1.
	assert_eq '"grain"' "$(catan-newboard --beginner | jq -c '.board.harbours[1]')"
	for slot in 0 1; do
		n=$(jq "[.intersections[] | select(.harbour == $slot) | .intersection][0]" geo.json)
		jq -n --argjson n "$n" '{players: {red: {settlements: [$n, 29], hand: {grain: 3}},
			blue: {settlements: [40, 42]}}, current: "red", phase: "main", turn: 5}' >pos.json
		catan-newboard --position pos.json --beginner >p$slot.json
	done
	run -0 catan-move --list <p0.json
	assert_eq "red trade grain 3 for brick" "$(grep -m1 trade <<<"$output")"
	run -0 catan-move --list <p1.json
	assert_eq "red trade grain 2 for brick" "$(grep -m1 trade <<<"$output")"
	# Each harbour's intersections are the ends of its coastal path.
	assert_eq true "$(jq '[.coast[] | select(.harbour != null) | .harbour as $h | .path | split("-")[] | tonumber] as $ends
		| [.intersections[] | select(.harbour != null) | .intersection] | sort == ($ends | sort)' geo.json)"
}

@test "--geometry with an option that makes a game is a usage error" {
	for o in --seed=3 --beginner --secret --numbers=random --harbours=fixed --neutral=12,43 --position=-; do
		run -2 --separate-stderr catan-newboard --geometry "$o"
		assert_eq "catan-newboard: --geometry: the board's geometry has no ${o%%=*}" "${stderr_lines[0]}"
	done
}

# six_doc FILTER: a position of five players on the thirty-hex board, in the building phase
# after red's turn with blue to build, changed by the jq filter, in $BATS_TEST_TMPDIR/p.json.
six_doc() {
	jq -n "{players: {red: {settlements: [9, 29], roads: [\"9-14\", \"29-35\"], hand: {brick: 1, lumber: 1}},
		blue: {settlements: [40, 42], roads: [\"33-40\", \"35-42\"], hand: {brick: 1, lumber: 1, wool: 1, grain: 1}},
		white: {}, orange: {}, green: {settlements: [70]}},
		current: \"blue\", phase: \"building\", building_after: \"red\", turn: 9} | $1" >"$BATS_TEST_TMPDIR/p.json"
}

@test "--position with five or six players sets up the extension, in its building phase too" {
	six_doc '.'
	catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 3 >"$BATS_TEST_TMPDIR/g.json"
	run -0 jq -c '[.rules.variant, .players, .position.phase, .position.current, .position.building_after,
		.position.turn, .position.bank, (.position.deck | length), (.board.hexes | length)]' "$BATS_TEST_TMPDIR/g.json"
	assert_eq '["five_six",["red","blue","white","orange","green"],"building","blue","red",9,{"brick":22,"lumber":22,"wool":23,"grain":23,"ore":24},34,30]' "$output"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g.json"
	assert_eq "$BATS_TEST_TMPDIR/g.json: ok, 0 moves from a set-up position" "$output"
	# Blue builds in the phase, the others pass, and the turn after red's, blue's, begins.
	catan-move 'blue build road 27-33' 'blue end' 'white end' 'orange end' 'green end' \
		<"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/g2.json"
	run -0 jq -c '[.position.phase, .position.current, .position.turn, .position.players.blue.roads]' "$BATS_TEST_TMPDIR/g2.json"
	assert_eq '["roll","blue",10,["27-33","33-40","35-42"]]' "$output"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g2.json"
	assert_eq "$BATS_TEST_TMPDIR/g2.json: ok, 5 moves from a set-up position" "$output"
	# Six players, in the main phase, with --rules variant=five_six named; without a seed, a random board.
	six_doc '.players.brown = {} | .current = "red" | .phase = "main" | del(.building_after)'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --rules variant=five_six -c
	run -0 jq -c '[.rules.variant, (.players | length), .position.phase, .position.building_after, (.seed | type)]' <<<"$output"
	assert_eq '["five_six",6,"main",null,"number"]' "$output"
}

@test "--position refuses a building phase that cannot happen" {
	refused_six() {
		six_doc "$1"
		run -3 --separate-stderr catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1
		assert_eq "" "$output"
		assert_eq "catan-newboard: $BATS_TEST_TMPDIR/p.json: $2" "$stderr"
	}
	refused_six 'del(.building_after)' 'building_after: the building phase follows a seat'"'"'s turn, and only it does: name the seat with phase building, and only then'
	refused_six '.phase = "main"' 'building_after: the building phase follows a seat'"'"'s turn, and only it does: name the seat with phase building, and only then'
	refused_six '.building_after = "blue"' "building_after: blue's own turn ended: another player builds"
	refused_six '.phase = "discard"' "phase: a position is set up in the roll, building or main phase, not 'discard'"
	refused_six '.players.red.hand.ore = 25' 'players.red.hand.ore: expected an integer from 0 to 24, found 25'
	refused_six '.rolls = [6, 8]' "unknown key 'rolls'"
	# Ten points on the turn that ended: the game was won there; the builder may have them.
	refused_six '.players.red.cities = [1, 3, 20] | .players.red.dev["victory-point"] = 2' \
		"players.red: 10 points on red's own turn: the game is over"
	six_doc '.players.blue.cities = [1, 3, 20] | .players.blue.dev["victory-point"] = 2'
	run -0 catan-newboard --position "$BATS_TEST_TMPDIR/p.json" --seed 1
	# The base game has no building phase.
	refused_position '.phase = "building"' \
		"phase: a position is set up in the roll or main phase, not 'building'"
}
