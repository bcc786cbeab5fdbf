#!/usr/bin/env bats
# The 5-6 player extension (variant=five_six): its board's composition, the token spiral, its
# deck and bank, five and six seats, play to the end, replay, scores and pictures.  The board's
# geometry against the extension's tables is checked in tests/unit/core_test.c, the Special
# Building Phase's rules in tests/fixtures/rules/building.txt.

load test_helper

setup() {
	T=$BATS_TEST_TMPDIR
}

six() {
	catan-newboard --seed 3 --players red,blue,white --rules variant=five_six "$@"
}

@test "variant=five_six lays the thirty-hex board: terrains, tokens, harbours, deck and bank of the extension" {
	six >"$T/g.json"
	run -0 jq -c '[.board.hexes | group_by(.terrain)[] | [.[0].terrain, length]]' "$T/g.json"
	assert_eq '[["desert",2],["fields",6],["forest",6],["hills",5],["mountains",5],["pasture",6]]' "$output"
	run -0 jq -c '[.board.hexes[] | select(.token) | .token] | group_by(.) | map([.[0], length])' "$T/g.json"
	assert_eq '[[2,2],[3,3],[4,3],[5,3],[6,3],[8,3],[9,3],[10,3],[11,3],[12,2]]' "$output"
	run -0 jq -c '.board.harbours | group_by(.) | map([.[0], length])' "$T/g.json"
	assert_eq '[["3:1",5],["brick",1],["grain",1],["lumber",1],["ore",1],["wool",2]]' "$output"
	run -0 jq -c '[.position.bank, (.position.deck | group_by(.) | map([.[0], length]))]' "$T/g.json"
	assert_eq '[{"brick":24,"lumber":24,"wool":24,"grain":24,"ore":24},[["knight",20],["monopoly",3],["road-building",3],["victory-point",5],["year-of-plenty",3]]]' "$output"
}

@test "the tokens are laid from a corner along the spiral, both deserts skipped, and the robber starts on the first desert" {
	six >"$T/g.json"
	# Seed 3's deserts are hexes 4 and 14 and its spiral starts at hex 1: 1 4 8 13 19 24 28 29
	# 30 27 23 18 12 7 3 2, then 5 9 14 20 25 26 22 17 11 6, then 10 15 21 16, given the
	# tokens 2 5 4 6 3 9 8 11 11 10 6 3 8 4 8 10 11 12 10 5 4 9 5 9 12 3 2 6 in turn.
	run -0 jq -c '[.board.hexes[].token]' "$T/g.json"
	assert_eq '[2,8,4,null,10,9,8,5,11,12,5,3,4,null,3,6,9,6,6,12,2,4,10,3,10,5,11,9,8,11]' "$output"
	run -0 jq -c '.position.robber' "$T/g.json"
	assert_eq 4 "$output"
}

@test "variant=five_six has no beginner board, and counts of cards go to its bank of 24" {
	run -2 --separate-stderr six --beginner
	assert_eq "catan-newboard: variant=five_six has no beginner board" "${stderr_lines[0]}"
	six >"$T/g.json"
	run -1 --separate-stderr catan-move 'red discard ore 25' <"$T/g.json"
	assert_eq "catan-move: move 1 'red discard ore 25': '25' is not a count of cards (1 to 24)" "$stderr"
	# The base game's bank is 19.
	catan-newboard --seed 3 >"$T/b.json"
	run -1 --separate-stderr catan-move 'red discard ore 20' <"$T/b.json"
	assert_eq "catan-move: move 1 'red discard ore 20': '20' is not a count of cards (1 to 19)" "$stderr"
}

@test "a game on the thirty-hex board plays to its end, validates, scores and draws" {
	for policy in random greedy; do
		six | catan-move --until-end --policy "$policy" >"$T/end.json"
		run -0 jq -r '.position.phase' "$T/end.json"
		assert_eq over "$output"
		run -0 catan-validate "$T/end.json"
		[[ $output == "$T/end.json: ok, "*" moves" ]]
		run -0 catan-score "$T/end.json"
		grep -q '^winner: .* with 1[0-9] points$' <<<"$output"
		grep -q '^rules: variant=five_six$' <<<"$output"
	done
	run -0 catan-render "$T/end.json"
	grep -q '#30' <<<"$output"
	# The compact picture: 81 columns at most (the board's six hexes across and a harbour on either side).
	run -0 awk '{ if (length > m) m = length } END { print m }' <<<"$output"
	[ "$output" -le 81 ]
	run -0 catan-render --svg "$T/end.json"
	grep -q 'viewBox="0 0 1754 1104"' <<<"$output"
}

@test "five or six colours play the extension; the base game refuses a fifth seat" {
	run -0 catan-newboard --seed 4 --players red,blue,white,orange,green,brown -c
	run -0 jq -c '[.rules.variant, .players, .position.phase, .position.building_after]' <<<"$output"
	assert_eq '["five_six",["red","blue","white","orange","green","brown"],"setup-settlement",null]' "$output"
	run -0 catan-newboard --seed 4 --players brown,green,red,blue,white -c
	run -0 jq -c '[.rules.variant, .players]' <<<"$output"
	assert_eq '["five_six",["brown","green","red","blue","white"]]' "$output"
	# The rule set named alone seats the four colours; six colours choose the extension's geometry too.
	run -0 catan-newboard --seed 4 --rules variant=five_six -c
	assert_eq '["red","blue","white","orange"]' "$(jq -c .players <<<"$output")"
	run -0 catan-newboard --geometry --players red,blue,white,orange,green,brown -c
	assert_eq '[30,80]' "$(jq -c '[(.hexes | length), (.intersections | length)]' <<<"$output")"
	run -2 --separate-stderr catan-newboard --geometry --players red,blue,white,orange,green --rules variant=base
	assert_eq "catan-newboard: a game needs 2 to 4 players, not 5; variant=five_six takes 3 to 6" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-newboard --seed 4 --players red,blue,white,orange,green --rules variant=base
	assert_eq "catan-newboard: a game needs 2 to 4 players, not 5; variant=five_six takes 3 to 6" "${stderr_lines[0]}"
	assert_eq "Try 'catan-newboard --help' for more information." "${stderr_lines[-1]}"
	run -2 --separate-stderr catan-newboard --seed 4 --players red,green
	assert_eq "catan-newboard: variant=base plays red, blue, white, orange, not green" "${stderr_lines[0]}"
	run -2 --separate-stderr six --players red,green
	assert_eq "catan-newboard: a game needs 3 to 6 players, not 2" "${stderr_lines[0]}"
}

@test "five and six players play to the end with the building phase after every turn; it validates and scores" {
	for players in red,blue,white,orange,green,brown green,brown,red,blue,orange; do
		catan-newboard --seed 4 --players "$players" | catan-move --until-end --policy greedy >"$T/end.json"
		run -0 jq -r '.position.phase' "$T/end.json"
		assert_eq over "$output"
		run -0 catan-validate "$T/end.json"
		run -0 catan-score "$T/end.json"
		grep -q '^winner: .* with 1[0-9] points$' <<<"$output"
		# After each turn's end every other player passes or builds before the next roll.
		run -0 jq -r '.log | map(select(test(" (roll|end)( |$)")) | split(" ")[1]) | join(" ")' "$T/end.json"
		n=$(tr ',' '\n' <<<"$players" | wc -l)
		grep -qE "roll( end){$n} roll" <<<"$output"
	done
	run -0 catan-render "$T/end.json"
	grep -q '^green (g/G): ' <<<"$output"
	grep -q '^brown (n/N): ' <<<"$output"
}

@test "examples/six-players.sh plays six players to the end, the building phase after red's first turn" {
	run -0 --separate-stderr sh "$ROOT/examples/six-players.sh" 4 "$T/final.json"
	assert_eq "red roll 3 6" "${lines[0]}"
	assert_eq "red end" "${lines[1]}"
	assert_eq "blue end" "${lines[2]}"
	assert_eq "green buy knight" "${lines[5]}"
	assert_eq "blue roll 3 4" "${lines[8]}"
	[[ "${lines[-1]}" =~ ^winner:\ [a-z]+\ with\ 1[0-9]\ points$ ]]
	run -0 catan-validate -q "$T/final.json"
}
