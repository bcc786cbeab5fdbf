#!/usr/bin/env bats
# Catan for Two (variant=two) from the outside: creation, automatic play to the end, replay, views,
# scores, pictures, the move forms and completion.  The rules themselves, each both ways, are in
# tests/fixtures/rules/two-*.txt (catan-rules.bats) and tests/unit/engine_test.c.

load test_helper

setup() {
	T=$BATS_TEST_TMPDIR
}

two() {
	catan-newboard --seed 2 --rules variant=two "$@"
}

@test "variant=two seats red and blue, and the colours left over as neutral seats" {
	run -0 two -c
	run -0 jq -c '[.rules.variant, .players, .neutral, .position.players.white, .position.trade_supply]' <<<"$output"
	assert_eq '["two",["red","blue"],["white","orange"],{"settlements":[14],"roads":[]},6]' "$output"
	run -0 two -c --players orange,white --neutral 12,43
	run -0 jq -c '[.players, .neutral, .position.players.red.settlements, .position.players.blue.settlements]' <<<"$output"
	assert_eq '[["orange","white"],["red","blue"],[12],[43]]' "$output"
}

@test "variant=two refuses other numbers of players and misplaced neutral settlements" {
	run -2 --separate-stderr two --players red,blue,white
	assert_eq "catan-newboard: variant=two needs 2 players, not 3" "${stderr_lines[0]}"
	run -2 --separate-stderr two --neutral 14,19
	assert_eq "catan-newboard: neutral settlements on 14 and 19 break the distance rule" "${stderr_lines[0]}"
	run -2 --separate-stderr two --neutral 14,55
	assert_eq "catan-newboard: --neutral: '14,55' is not two intersections (1 to 54)" "${stderr_lines[0]}"
	run -2 --separate-stderr two --neutral 14
	assert_eq "catan-newboard: --neutral: expected two intersections A,B, not '14'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 2 --neutral 14,41
	assert_eq "catan-newboard: neutral settlements belong to variant=two" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 2 --rules variant=three
	assert_eq "catan-newboard: --rules: variant is base, two or five_six, not 'three'" "${stderr_lines[0]}"
	assert_eq "" "$output"
}

@test "automatic players play Catan for Two to the end; it validates and a player wins" {
	for policy in random greedy; do
		two | catan-move --until-end --policy "$policy" >"$T/$policy.json"
		run -0 jq -r '.position.phase' "$T/$policy.json"
		assert_eq over "$output"
		run -0 catan-validate -q "$T/$policy.json"
		run -0 catan-score --json "$T/$policy.json"
		run -0 jq -r '.winner as $w | .players[] | select(.colour == $w) | has("neutral")' <<<"$output"
		assert_eq false "$output"
	done
	# Every turn of the random game rolled twice, the second total differing from the first.
	run -0 jq -r '[.log | to_entries[] | select(.value | test("^[a-z]+ roll ")) | .value | split(" ") |
		{who: .[0], sum: ((.[2] | tonumber) + (.[3] | tonumber))}] |
		[range(0; length; 2) as $i | .[$i:$i+2] | select(.[0].who != .[1].who or .[0].sum == .[1].sum)] | length' "$T/random.json"
	assert_eq 0 "$output"
}

@test "catan-validate finds a tampered trade card count" {
	two | catan-move --auto 200 >"$T/g.json"
	jq '.position.trade_supply -= 1 | .position.players.red.trade_cards += 1' "$T/g.json" >"$T/bad.json"
	run -0 jq .position.players.red.trade_cards "$T/bad.json"
	assert_eq 1 "$output"
	run -1 catan-validate "$T/bad.json"
	assert_eq "$T/bad.json: position.trade_supply: stored 13, replay gives 14" "$output"
	jq '.position.players.blue.trade_cards += 1' "$T/g.json" >"$T/bad2.json"
	run -3 catan-validate "$T/bad2.json"
	assert_eq "$T/bad2.json: position.trade_supply: the supply and the players hold 15 trade cards, not 14" "$output"
}

@test "the reader checks Catan for Two's own members" {
	two -c >"$T/g.json"
	run -3 --separate-stderr catan-move --list < <(jq -c 'del(.neutral)' "$T/g.json")
	assert_eq "catan-move: stdin: missing key 'neutral'" "$stderr"
	run -3 --separate-stderr catan-move --list < <(jq -c '.position.players.white.hand = {}' "$T/g.json")
	assert_eq "catan-move: stdin: position.players.white: unknown key 'hand'" "$stderr"
	run -3 --separate-stderr catan-move --list < <(jq -c '.position.current = "white"' "$T/g.json")
	assert_eq "catan-move: stdin: position.current: white is a neutral seat and never has the turn" "$stderr"
	run -3 --separate-stderr catan-move --list < <(jq -c '.position.players.red.trade_cards = 8' "$T/g.json")
	assert_eq "catan-move: stdin: position.players.red.trade_cards: expected an integer from 0 to 7, found 8" "$stderr"
	run -3 --separate-stderr catan-move --list < <(jq -c '.position.rolls = [5]' "$T/g.json")
	assert_eq "catan-move: stdin: position.rolls: no roll is made in the set-up" "$stderr"
	run -3 --separate-stderr catan-move --list < <(jq -c '.position.neutral_owed = ["road"]' "$T/g.json")
	assert_eq "catan-move: stdin: position.neutral_owed: neutral pieces are owed in the neutral phase and only there" "$stderr"
	run -3 --separate-stderr catan-move --list < <(catan-newboard --seed 2 -c | jq -c '.neutral = ["white","orange"]')
	assert_eq "catan-move: stdin: neutral: neutral seats belong to variant two" "$stderr"
	# A document from before the variant key was written reads as the base game.
	run -0 catan-move --count < <(catan-newboard --seed 2 -c | jq -c 'del(.rules.variant)')
	assert_eq 54 "$output"
}

@test "a player's view shows the opponent's cards as counts, trade cards as they are; a neutral seat has none" {
	two | catan-move --auto 300 >"$T/g.json"
	run -0 catan-move --view red <"$T/g.json"
	run -0 jq -c --argjson b "$(jq .position.players.blue.trade_cards "$T/g.json")" \
		'[(.position.players.blue.hand | type), .position.players.blue.trade_cards == $b, (.position.players.red.hand | type)]' <<<"$output"
	assert_eq '["number",true,"object"]' "$output"
	run -2 --separate-stderr catan-move --view white <"$T/g.json"
	assert_eq "catan-move: white is a neutral seat: only a player has a view" "$stderr"
	assert_eq "" "$output"
}

@test "the new verbs' text and JSON forms read back to the same move" {
	two --rules outcomes=external >"$T/g.json"
	catan-move 'red build settlement 1' 'red build road 1-4' 'blue build settlement 13' \
		'blue build road 13-18' 'blue build settlement 3' 'blue build road 3-7' \
		'red build settlement 28' 'red build road 28-34' 'red roll 1 2' <"$T/g.json" >"$T/r.json"
	run -0 catan-move --json '{"player":"red","move":"action","action":"force-trade","taken":["grain","brick"]}' <"$T/r.json"
	run -0 jq -r '.log[-1]' <<<"$output"
	assert_eq "red action force-trade brick grain" "$output"
	run -0 catan-move --list --json <"$T/r.json"
	run -0 grep -F '"action"' <<<"$output"
	assert_eq '{"player":"red","move":"action","action":"force-trade","taken":["brick","grain"]}' "$output"
	# A free neutral piece owed: its JSON form, as listed, reads back to its text.
	two | catan-move --auto 46 >"$T/n.json"
	assert_eq neutral "$(jq -r .position.phase "$T/n.json")"
	run -0 catan-move --list --json <"$T/n.json"
	assert_eq '{"player":"red","move":"neutral","neutral":"white","piece":"road","path":"9-14"}' "${lines[0]}"
	run -0 catan-move --json "${lines[0]}" <"$T/n.json"
	assert_eq "red neutral white road 9-14" "$(jq -r '.log[-1]' <<<"$output")"
	assert_eq "red neutral white road 9-14" "$(catan-move --list <"$T/n.json" | head -1)"
	run -1 --separate-stderr catan-move --json '{"player":"red","move":"neutral","neutral":"white","piece":"road","path":"14-19","card":"x"}' <"$T/r.json"
	assert_eq "catan-move: move 1 '{\"player\":\"red\",\"move\":\"neutral\",\"neutral\":\"white\",\"piece\":\"road\",\"path\":\"14-19\",\"card\":\"x\"}': move.card: unknown key for 'neutral'" "$stderr"
}

@test "the verbs a game has: listed when a verb is unknown, and completed" {
	two >"$T/two.json"
	run -1 --separate-stderr catan-move 'red bild road 1-4' <"$T/two.json"
	assert_eq "catan-move: move 1 'red bild road 1-4': unknown verb 'bild': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end, neutral, action, give, return)" "$stderr"
	run -1 --separate-stderr catan-move 'red bild road 1-4' < <(catan-newboard --seed 2)
	assert_eq "catan-move: move 1 'red bild road 1-4': unknown verb 'bild': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" "$stderr"
	run -0 catan-move --complete 'red action '
	assert_eq $'red action force-trade\nred action robber' "$output"
	run -0 catan-move --complete 'red neutral white '
	assert_eq $'red neutral white road\nred neutral white settlement' "$output"
	run -0 catan-move --complete 'red return '
	assert_eq 'red return knight' "$output"
	# With the game, the legal moves: the set-up's first settlement, 46 places.
	run -0 catan-move --complete -i "$T/two.json" 'red build settlement '
	assert_eq 46 "${#lines[@]}"
}

@test "catan-render shows the neutral seats, the trade cards and the second roll" {
	two --rules outcomes=external >"$T/g.json"
	catan-move -i "$T/g.json" 'red build settlement 1' 'red build road 1-4' 'blue build settlement 13' \
		'blue build road 13-18' 'blue build settlement 3' 'blue build road 3-7' \
		'red build settlement 28' 'red build road 28-34' 'red roll 1 2'
	run -0 catan-render "$T/g.json"
	[[ "$output" == *"Turn 1: red to roll the second time (the first made 3)"* ]]
	[[ "$output" == *"Trade cards in the supply: 0"* ]]
	[[ "$output" == *"  trade cards: 7"* ]]
	[[ "$output" == *"white (w/W): neutral, 1 point"* ]]
	[[ "$output" == *"orange (o/O): neutral, 1 point"* ]]
	run -0 catan-render --svg "$T/g.json"
	[[ "$output" == *"white (w/W): neutral, 1 point"* ]]
}

@test "catan-score marks the neutral seats, which never win" {
	two >"$T/g.json"
	run -0 catan-score "$T/g.json"
	assert_eq "white and orange are neutral: never a winner" "${lines[5]}"
	assert_eq "white             1       0     0        0  -              -       1" "${lines[3]}"
	run -0 catan-score --json "$T/g.json"
	run -0 jq -c '[.players[] | .neutral // false]' <<<"$output"
	assert_eq '[false,false,true,true]' "$output"
}

@test "examples/two-player.sh plays Catan for Two to the end and prints the score" {
	run -0 --separate-stderr sh "$ROOT/examples/two-player.sh" 2 "$T/final.json"
	assert_eq "trade cards after the set-up: red 7, blue 7" "${lines[0]}"
	assert_eq "red neutral white road 9-14" "${lines[1]}"
	[[ "${lines[-1]}" =~ ^winner:\ (red|blue)\ with\ 1[0-9]\ points$ ]]
	run -0 catan-validate -q "$T/final.json"
}

@test "a referee's --as refuses a neutral seat" {
	two >"$T/g.json"
	run -2 --separate-stderr catan-move --as white --list <"$T/g.json"
	assert_eq "catan-move: --as: white is a neutral seat and never moves" "${stderr_lines[0]}"
	assert_eq "" "$output"
	run -1 --separate-stderr catan-move --as blue 'red build settlement 1' <"$T/g.json"
	assert_eq "catan-move: move 1 'red build settlement 1': the move is red's to make, not blue's" "$stderr"
}

# owed FILTER: the game of seed 5 where blue, having built a road, owes a free neutral piece, changed
# by the jq FILTER (a settlement owed instead, roads given to the neutral seats), in $T/owed.json.
owed() {
	catan-newboard --seed 5 --rules variant=two | catan-move --auto 24 >"$T/g.json"
	run -0 jq -c '[.position.phase, .position.current, .position.players.white.roads, .position.players.orange.roads]' "$T/g.json"
	assert_eq '["neutral","blue",[],[]]' "$output"
	jq "$1" "$T/g.json" >"$T/owed.json"
}

@test "a free neutral piece owed is named as what can be placed: a road for a seat with no spot for a settlement" {
	# A settlement owed, and neither neutral seat has a road: only roads can go.
	owed '.position.neutral_owed = ["settlement"]'
	run -0 catan-move --list <"$T/owed.json"
	assert_eq "" "$(grep -v ' neutral [a-z]* road ' <<<"$output")"
	run -1 --separate-stderr catan-move 'blue end' <"$T/owed.json"
	assert_eq "catan-move: move 1 'blue end': blue must place the free neutral road first" "$stderr"
	run -0 catan-render --color never "$T/owed.json"
	[[ "$output" == *"Turn 2: blue places a free neutral road"$'\n'* ]]
	# White has a spot for a settlement, orange none: either.
	owed '.position.neutral_owed = ["settlement"] | .position.players.white.roads = ["14-19", "19-25"]'
	run -1 --separate-stderr catan-move 'blue end' <"$T/owed.json"
	assert_eq "catan-move: move 1 'blue end': blue must place the free neutral settlement or road first" "$stderr"
	# Both have one: a settlement.
	owed '.position.neutral_owed = ["settlement"] | .position.players.white.roads = ["14-19", "19-25"] |
	      .position.players.orange.roads = ["41-45", "45-49"]'
	run -0 catan-move --list <"$T/owed.json"
	assert_eq "" "$(grep -v ' neutral [a-z]* settlement ' <<<"$output")"
	run -1 --separate-stderr catan-move 'blue end' <"$T/owed.json"
	assert_eq "catan-move: move 1 'blue end': blue must place the free neutral settlement first" "$stderr"
	# A road owed is a road.
	owed .
	run -1 --separate-stderr catan-move 'blue end' <"$T/owed.json"
	assert_eq "catan-move: move 1 'blue end': blue must place the free neutral road first" "$stderr"
}
