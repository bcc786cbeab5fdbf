#!/usr/bin/env bats
# catan-validate: states and records checked whole: the document, the start, every logged move,
# the stored position; one line per file, the highest status; parallel checking.

load test_helper

# The fixture game: the beginner board with external outcomes after 125 moves that use every
# kind of move (tests/fixtures/validate/game.moves).
setup() {
	D=$BATS_TEST_TMPDIR
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$D/start.json"
	catan-move -f "$FIXTURES/validate/game.moves" <"$D/start.json" >"$D/game.json"
	jq 'del(.position)' "$D/game.json" >"$D/record.json"
}

# inject N MOVE: the record with MOVE put in the log as move N (the later moves follow it).
inject() {
	jq --argjson n "$1" --arg m "$2" '.log = .log[:$n - 1] + [$m] + .log[$n - 1:]' \
		"$D/record.json" >"$D/bad.json"
}

# fails_at N MOVE MESSAGE: the record with MOVE injected as move N fails there with MESSAGE.
fails_at() {
	inject "$1" "$2"
	run -1 --separate-stderr catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: move $1 '$2': $3" "$output"
	assert_eq "" "$stderr"
}

# tamper FILTER: the state with the jq filter applied to it, in $D/t.json.
tamper() {
	jq "$1" "$D/game.json" >"$D/t.json"
}

@test "a state and its record pass, with the number of moves" {
	run -0 --separate-stderr catan-validate "$D/game.json" "$D/record.json"
	assert_eq "$D/game.json: ok, 125 moves" "${lines[0]}"
	assert_eq "$D/record.json: ok, 125 moves" "${lines[1]}"
	assert_eq "" "$stderr"
}

@test "new games pass: the beginner start and random boards" {
	beginner >"$D/b.json"
	catan-newboard --seed 7 --players blue,red >"$D/r.json"
	catan-newboard --seed 8 --numbers random --rules trade_build=strict >"$D/r2.json"
	run -0 catan-validate "$D/b.json" "$D/r.json" "$D/r2.json"
	assert_eq "$D/b.json: ok, 0 moves" "${lines[0]}"
	assert_eq "$D/r.json: ok, 0 moves" "${lines[1]}"
	assert_eq "$D/r2.json: ok, 0 moves" "${lines[2]}"
	catan-move 'red roll' <"$D/b.json" >"$D/one.json"
	run -0 catan-validate "$D/one.json"
	assert_eq "$D/one.json: ok, 1 move" "$output"
}

@test "a game won by a knight, with knight_interrupt, validates: who moved the robber is not the document's once the game is over" {
	catan-newboard --seed 11 --rules knight_interrupt=on | catan-move --until-end --policy greedy >"$BATS_TEST_TMPDIR/g.json"
	run -0 jq -r '.log[-1] + " " + .position.phase + " " + (.position.robber_by // "null")' "$BATS_TEST_TMPDIR/g.json"
	assert_eq "white play knight over null" "$output"
	run -0 catan-validate "$BATS_TEST_TMPDIR/g.json"
	assert_eq "$BATS_TEST_TMPDIR/g.json: ok, 308 moves" "$output"
	# While the robber is answered, who moved it is the document's, and checked.
	catan-newboard --seed 11 --rules knight_interrupt=on | catan-move --auto 73 --policy greedy >"$BATS_TEST_TMPDIR/i.json"
	run -0 jq -c '.position | [.phase, .robber_by, .answering]' "$BATS_TEST_TMPDIR/i.json"
	assert_eq '["interrupt","blue","white"]' "$output"
	run -0 catan-validate "$BATS_TEST_TMPDIR/i.json"
	jq '.position.robber_by = "red"' "$BATS_TEST_TMPDIR/i.json" >"$BATS_TEST_TMPDIR/j.json"
	run -1 catan-validate "$BATS_TEST_TMPDIR/j.json"
	assert_eq "$BATS_TEST_TMPDIR/j.json: position.robber_by: stored \"red\", replay gives \"blue\"" "$output"
}

@test "standard input is read when no file is given" {
	run -0 --separate-stderr catan-validate <"$D/game.json"
	assert_eq "stdin: ok, 125 moves" "$output"
	run -0 catan-validate - <"$D/record.json"
	assert_eq "stdin: ok, 125 moves" "$output"
}

@test "a game with internal outcomes replays its logged dice from the generator" {
	catan-newboard --beginner --seed 2 >"$D/i.json"
	catan-move 'red roll' 'red end' 'blue roll' 'blue end' 'white roll' <"$D/i.json" >"$D/in.json"
	run -0 catan-validate "$D/in.json"
	assert_eq "$D/in.json: ok, 5 moves" "$output"
	jq '.log[0] = "red roll 6 6"' "$D/in.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: move 1 'red roll 6 6': the logged dice 6 6 differ from the game's draw 2 6" "$output"
}

@test "the set-up: illegal placements fail at their move" {
	catan-newboard --seed 3 --players red,blue,white >"$D/su.json"
	catan-move 'red build settlement 8' 'red build road 8-13' 'blue build settlement 26' \
		'blue build road 21-26' 'white build settlement 44' 'white build road 39-44' \
		'white build settlement 10' 'white build road 10-15' 'blue build settlement 38' \
		'blue build road 33-38' 'red build settlement 16' 'red build road 11-16' \
		<"$D/su.json" >"$D/game.json"
	jq 'del(.position)' "$D/game.json" >"$D/record.json"
	run -0 catan-validate "$D/game.json" "$D/record.json"
	fails_at 2 'red build settlement 9' "set-up: red must place a road now"
	fails_at 2 'red build road 1-4' "set-up: the road must touch the settlement just placed on 8"
	fails_at 3 'blue build settlement 13' "intersection 13 is next to the building on 8 (distance rule)"
	fails_at 3 'red build settlement 20' "set-up: it is blue's turn to place a settlement"
}

@test "building: an illegal road, settlement or city fails at its move with the rule" {
	fails_at 4 'red build road 1-5' "the road must touch your road, settlement or city"
	fails_at 4 'red build road 9-14' "path 9-14 already holds a road"
	fails_at 4 'red build settlement 14' "intersection 14 is next to the building on 9 (distance rule)"
	fails_at 4 'red build city 9' "not enough resources: a city costs 2 grain and 3 ore"
	fails_at 4 'red build city 18' "a city replaces one of your settlements, and intersection 18 holds none"
}

@test "moves spelt otherwise than catan-move writes them validate, and a failing one is named as catan-move writes it" {
	# Every line in capitals with doubled blanks: the same game.
	jq '.log |= map(ascii_upcase | gsub(" "; "  "))' "$D/record.json" >"$D/spelt.json"
	run -0 --separate-stderr catan-validate "$D/spelt.json"
	assert_eq "$D/spelt.json: ok, 125 moves" "$output"
	jq '.log[3] = "RED  Build Road 5-1"' "$D/record.json" >"$D/bad.json"
	run -1 --separate-stderr catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: move 4 'red build road 1-5': the road must touch your road, settlement or city" "$output"
	# A line that is no move is named as written.
	jq '.log[3] = "RED  Bulid"' "$D/record.json" >"$D/bad.json"
	run -1 --separate-stderr catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: move 4 'RED  Bulid': unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" "$output"
}

@test "a log line holding a byte that is not printable ASCII, written as it is, is refused at reading wherever it stands" {
	for at in 0 5 7 8 9 15 16; do
		for byte in $'\x7f' $'\xc3\xa9'; do
			jq --argjson at "$at" '.log[2] |= .[:$at] + "#" + .[$at:]' "$D/record.json" |
				sed "s/#/$byte/" >"$D/bad.json"
			run -3 --separate-stderr catan-validate "$D/bad.json"
			assert_eq "$D/bad.json: log[2]: a move is printable ASCII text" "$output"
		done
	done
}

@test "turns and phases: a move out of turn or out of phase fails" {
	fails_at 1 'red end' "the dice must be rolled first"
	fails_at 2 'red roll 2 2' "the dice were already rolled this turn"
	fails_at 6 'white roll 3 3' "it is blue's turn, not white's"
	fails_at 5 'red robber 5' "the robber moves only after a seven or a knight"
	fails_at 5 'red bulid road 9-13' "unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)"
}

@test "a seven: wrong discards and robber moves fail" {
	fails_at 40 'red discard lumber 2 grain 1' "red must discard exactly 4 cards, not 3"
	fails_at 40 'red end' "the discards after the seven come first: red owes 4, blue owes 5"
	fails_at 42 'red robber 12' "a player on hex 12 must be robbed: white"
	fails_at 42 'red robber 12 steal white ore' "white holds no ore to steal"
}

@test "trade: illegal maritime and domestic trades fail" {
	fails_at 28 'white trade ore 3 for grain' "white trades ore at 4:1 with the bank, so give 4 ore, not 3"
	fails_at 2 'red offer blue brick 1 for brick 1' "a trade cannot have brick on both sides"
	fails_at 37 'red accept' "red has already rejected this offer"
	fails_at 4 'blue accept' "there is no open offer to answer"
}

@test "development cards: illegal buys and plays fail" {
	fails_at 2 'red buy knight' "not enough resources: a development card costs 1 wool, 1 grain and 1 ore"
	fails_at 28 'white play knight' "a development card cannot be played on the turn it was bought"
	fails_at 28 'white play monopoly ore' "white holds no monopoly card"
	fails_at 28 'white play victory-point' "victory point cards are not played: they count while held"
}

@test "external outcomes must be given in the log, except a card the record did not see" {
	fails_at 1 'red roll' "the dice must be given in the move: this game's outcomes are external"
	# A purchase whose card is not named is followed: the card paid for, the next purchase cannot be.
	inject 27 'white buy'
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: move 28 'white buy knight': not enough resources: a development card costs 1 wool, 1 grain and 1 ore" "$output"
}

# public: the record as the public saw it: the deck's order unknown, no card bought or stolen named.
public() {
	jq '.start.deck = {"knight": 14, "road-building": 2, "year-of-plenty": 2, "monopoly": 2, "victory-point": 5}
		| .log |= map(sub(" buy [a-z-]+$"; " buy") | sub("(?<v>steal [a-z]+) [a-z]+$"; "\(.v)"))' \
		"$D/record.json" >"$D/public.json"
	cp "$D/public.json" "$D/record.json"
}

@test "a record of what the public saw validates: cards bought and stolen unnamed" {
	public
	run -0 jq -r '[.log[] | select(test("buy|steal"))] | join(", ")' "$D/public.json"
	assert_eq "orange robber 5 steal white, white buy, orange buy, red robber 12 steal white, blue buy, white robber 13 steal red, red buy, orange buy, blue buy, blue robber 5 steal white, blue buy" "$output"
	run -0 --separate-stderr catan-validate "$D/public.json"
	assert_eq "$D/public.json: ok, 125 moves" "$output"
}

@test "a card bought unseen: played later as any kind left, never on its turn, never by one who bought none" {
	public
	fails_at 28 'white play knight' "a development card cannot be played on the turn it was bought"
	fails_at 28 'white play monopoly ore' "a development card cannot be played on the turn it was bought"
	fails_at 43 'red play knight' "red holds no knight card"
	# White's one card, bought at move 27, is the knight played at 47: there is no second.
	fails_at 60 'white play knight' "white holds no knight card"
}

# blue_holds HAND: a position of red's turn before the roll, blue holding HAND, in $D/doc.json.
blue_holds() {
	jq -n --argjson h "$1" '{players: {red: {settlements: [9, 29], roads: ["9-14", "29-35"], hand: {lumber: 1}},
		blue: {settlements: [40, 42], roads: ["37-42", "40-45"], hand: $h},
		white: {settlements: [18, 32], roads: ["18-23", "26-32"]}}, current: "red", phase: "roll", turn: 9}' >"$D/doc.json"
}

# stolen HAND MOVE...: a record from a set-up position where red (lumber 1) robs blue (HAND) unseen.
stolen() {
	blue_holds "$1"
	shift
	catan-newboard --position "$D/doc.json" --seed 5 --rules outcomes=external |
		jq --args '.log = ["red roll 3 4", "red robber 13 steal blue"] + $ARGS.positional | del(.position)' "$@" >"$D/s.json"
}

@test "a card stolen unseen is one the victim held: what the thief does next must fit one of them" {
	stolen '{"brick": 1}' 'red build road 14-19'
	run -0 catan-validate "$D/s.json"
	assert_eq "$D/s.json: ok, 3 moves from a set-up position" "$output"
	stolen '{"ore": 1, "wool": 1}' 'red build road 14-19'
	run -1 catan-validate "$D/s.json"
	assert_eq "$D/s.json: move 3 'red build road 14-19': not enough resources: a road costs 1 brick and 1 lumber" "$output"
	# Brick or grain: the road says brick, so the second road has no brick.
	stolen '{"brick": 1, "grain": 1}' 'red build road 14-19' 'red build road 19-24'
	run -1 catan-validate "$D/s.json"
	assert_eq "$D/s.json: move 4 'red build road 19-24': not enough resources: a road costs 1 brick and 1 lumber" "$output"
	stolen '{}' 'red end'
	run -1 catan-validate "$D/s.json"
	assert_eq "$D/s.json: move 2 'red robber 13 steal blue': blue holds no resource cards to steal" "$output"
}

# discarded HAND MOVE...: red rolls a seven, blue (holding HAND) discards cards nobody saw, red
# moves the robber and ends; blue rolls a four and makes the MOVEs.
discarded() {
	blue_holds "$1"
	shift
	catan-newboard --position "$D/doc.json" --seed 5 --rules outcomes=external |
		jq --args '.log = ["red roll 3 4", "blue discard", "red robber 5", "red end", "blue roll 2 2"]
			+ $ARGS.positional | del(.position)' "$@" >"$D/d.json"
}

@test "a discard nobody saw leaves any of the hands it could: what the player does next must fit one" {
	# Nine cards, four discarded: three ore are left in some hands, never four.
	discarded '{"ore": 3, "wool": 3, "grain": 3}' 'blue trade ore 3 for brick' 'blue end'
	run -1 catan-validate "$D/d.json"
	assert_eq "$D/d.json: move 6 'blue trade ore 3 for brick': blue trades ore at 4:1 with the bank, so give 4 ore, not 3" "$output"
	discarded '{"ore": 5, "wool": 4}' 'blue trade ore 4 for brick' 'blue end'
	run -0 catan-validate "$D/d.json"
	assert_eq "$D/d.json: ok, 7 moves from a set-up position" "$output"
	discarded '{"ore": 5, "wool": 4}' 'blue trade ore 4 for brick' 'blue trade wool 4 for brick'
	run -1 catan-validate "$D/d.json"
	assert_eq "$D/d.json: move 7 'blue trade wool 4 for brick': blue does not hold 4 wool" "$output"
	# Named or not, a discard is the rules': one who owes none, or cards not held, are refused.
	discarded '{"ore": 3, "wool": 3, "grain": 3}'
	jq '.log[1] = "white discard"' "$D/d.json" >"$D/w.json"
	run -1 catan-validate "$D/w.json"
	assert_eq "$D/w.json: move 2 'white discard': white owes no cards" "$output"
	jq '.log[1] = "blue discard brick 4"' "$D/d.json" >"$D/b.json"
	run -1 catan-validate "$D/b.json"
	assert_eq "$D/b.json: move 2 'blue discard brick 4': blue holds only 0 brick" "$output"
	# A move made at the table names its cards: only a record may leave them out.
	run -1 --separate-stderr catan-move 'red roll 3 4' 'blue discard' < <(catan-newboard --position "$D/doc.json" --seed 5 --rules outcomes=external)
	assert_eq "catan-move: move 2 'blue discard': blue must discard exactly 4 cards, not 0" "$stderr"
}

@test "a move refused in every consistent position for different reasons says so, with the first's" {
	# Red's knight steals one of blue's ore, wool or grain unseen; blue's discard then names more
	# than blue holds of whichever kind it was.
	jq -n '{players: {red: {settlements: [9, 29], roads: ["9-14", "29-35"], hand: {lumber: 1}, dev: {knight: 1}},
		blue: {settlements: [40, 42], roads: ["37-42", "40-45"], hand: {ore: 1, wool: 1, grain: 7}},
		white: {settlements: [18, 32], roads: ["18-23", "26-32"]}}, current: "red", phase: "roll", turn: 9}' >"$D/doc.json"
	catan-newboard --position "$D/doc.json" --seed 5 --rules outcomes=external |
		jq '.log = ["red play knight", "red robber 13 steal blue", "red roll 3 4", "blue discard ore 1 wool 1 grain 7"]
			| del(.position)' >"$D/mixed.json"
	run -1 catan-validate "$D/mixed.json"
	assert_eq "$D/mixed.json: move 4 'blue discard wool 1 grain 7 ore 1': no hands consistent with the record allow it (3 positions; in the first: blue holds only 0 ore)" "$output"
	# Giving what blue holds in one of them passes.
	jq '.log[3] = "blue discard ore 1 wool 1 grain 2"' "$D/mixed.json" >"$D/fits.json"
	run -0 catan-validate "$D/fits.json"
	assert_eq "$D/fits.json: ok, 4 moves from a set-up position" "$output"
}

# many MOVE...: two hands of twenty cards, four of each kind, each discarding ten unseen after red's
# seven (381 ways each, 145,161 positions together), then the MOVEs, in $D/many.json.
many() {
	blue_holds '{"brick": 4, "lumber": 4, "wool": 4, "grain": 4, "ore": 4}'
	jq '.players.white.hand = .players.blue.hand' "$D/doc.json" >"$D/doc2.json"
	catan-newboard --position "$D/doc2.json" --seed 5 --rules outcomes=external |
		jq --args '.log = ["red roll 3 4", "blue discard", "white discard"] + $ARGS.positional
			| del(.position)' "$@" >"$D/many.json"
}

@test "a record with more consistent positions than can be followed at once validates, or is refused exactly" {
	many
	run -0 --separate-stderr catan-validate "$D/many.json"
	assert_eq "$D/many.json: ok, 3 moves from a set-up position" "$output"
	# Blue rolls a seven too: five of blue's ten go, as some of those hands allow.
	many 'red robber 5 steal white' 'red end' 'blue roll 3 4' 'blue discard brick 4 lumber 1' \
		'white discard brick 4'
	run -0 catan-validate "$D/many.json"
	assert_eq "$D/many.json: ok, 8 moves from a set-up position" "$output"
	# Refused only when no hands allow it: blue never held five brick; after the second discard,
	# white holds no brick at all.
	many 'red robber 5 steal white' 'red end' 'blue roll 3 4' 'blue discard brick 5'
	run -1 --separate-stderr catan-validate "$D/many.json"
	assert_eq "$D/many.json: move 7 'blue discard brick 5': no hands consistent with the record allow it (more than 16384 positions; in the first: blue holds only 4 brick)" "$output"
	assert_eq "" "$stderr"
	many 'red robber 5 steal white' 'red end' 'blue roll 3 4' 'blue discard brick 4 lumber 1' \
		'white discard brick 4' 'blue robber 10' 'blue end' 'white roll 2 2' 'white trade brick 4 for ore'
	run -1 catan-validate "$D/many.json"
	assert_eq "$D/many.json: move 12 'white trade brick 4 for ore': white does not hold 4 brick" "$output"
}

@test "a state whose log hides more than can be followed at once: its position must be one the record allows" {
	many
	catan-newboard --position "$D/doc2.json" --seed 5 --rules outcomes=external |
		catan-move 'red roll 3 4' 'blue discard brick 2 lumber 2 wool 2 grain 2 ore 2' \
			'white discard brick 1 lumber 1 wool 3 grain 2 ore 3' |
		jq '.log[1] = "blue discard" | .log[2] = "white discard"' >"$D/state.json"
	run -0 catan-validate "$D/state.json"
	assert_eq "$D/state.json: ok, 3 moves from a set-up position" "$output"
	# One of white's cards back in the bank: a hand of nine no discard of ten leaves.
	jq '.position.players.white.hand.ore -= 1 | .position.bank.ore += 1' "$D/state.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position: none of the more than 16384 positions consistent with the record is the stored one (position.bank.brick: stored 14, the first gives 11)" "$output"
}

@test "a record from elsewhere with external outcomes needs no real generator" {
	jq '.start.rng = ["0000000000000000", "0000000000000000", "0000000000000000", "0000000000000000"]
		| .seed = null' "$D/record.json" >"$D/elsewhere.json"
	run -0 catan-validate "$D/elsewhere.json"
	assert_eq "$D/elsewhere.json: ok, 125 moves" "$output"
}

@test "a deck of unknown order: draws are checked against its composition" {
	jq '.start.deck = {"knight": 14, "road-building": 2, "year-of-plenty": 2, "monopoly": 2, "victory-point": 5}
		| .log[31] = "orange buy year-of-plenty"' "$D/record.json" >"$D/counts.json"
	run -0 catan-validate "$D/counts.json"
	cp "$D/counts.json" "$D/record.json"
	fails_at 87 'orange buy year-of-plenty' "no year-of-plenty card is left in the deck"
}

@test "a stored position that disagrees with its log fails naming the field" {
	tamper '.position.players.red.hand.ore += 1 | .position.players.white.hand.ore -= 1'
	run -1 --separate-stderr catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.players.red.hand.ore: stored 5, replay gives 4" "$output"
	tamper '.position.robber = 1'
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.robber: stored 1, replay gives 5" "$output"
	# An award the board contradicts is refused by the reader, before any replay.
	tamper '.position.awards.longest_road = null'
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.awards.longest_road: red alone has the most, a road of 5, and must hold the longest road" "$output"
	tamper '.log |= .[:-1]'
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.phase: stored \"main\", replay gives \"roll\"" "$output"
}

@test "a card from nowhere fails: taken from the deck, or added to the set" {
	tamper 'del(.position.deck[2]) | .position.players.red.dev.knight += 1'
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.deck: stored 17 cards, replay gives 18 cards" "$output"
	tamper '.position.players.red.dev.knight += 1'
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.deck: deck, hands and played cards hold 15 knight, not 14" "$output"
}

@test "tampered positions fail: a 20th brick, a 6th settlement, buildings too close" {
	tamper '.position.players.red.hand.brick += 1'
	run -3 --separate-stderr catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.bank.brick: bank and hands hold 20 brick, not 19" "$output"
	assert_eq "" "$stderr"
	tamper '.position.players.red.settlements += [1, 3, 24, 52]'
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.players.red.settlements: 6 is more than the 5 pieces a player has" "$output"
	tamper '.position.players.red.settlements += [14]'
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.players: buildings on intersections 9 and 14, one path apart" "$output"
	tamper '.position.players.blue.settlements += [1]'
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position.players.blue.settlements: stored [1, 40, 42], replay gives [40, 42]" "$output"
}

@test "a start that is not a legal start fails before any move" {
	jq '.board.hexes[0].terrain = "hills"' "$D/record.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: board.hexes: 4 hills hexes, not 3" "$output"
	jq '.board.harbours[1] = "3:1"' "$D/record.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: board.harbours: 0 grain harbours, not 1" "$output"
	jq '.start.players.red.hand.ore = 1 | .start.bank.ore -= 1' "$D/record.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: start.bank.ore: 15, not 16 as in the beginner start" "$output"
	jq '.start.robber = 1' "$D/record.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: start.robber: 1, not 10 as in the beginner start" "$output"
}

@test "a player's view validates: its log as that player saw it, its position as one consistent with it" {
	for c in red blue white orange; do
		catan-move --view $c <"$D/game.json" >"$D/view.json"
		run -0 catan-validate "$D/view.json"
		assert_eq "$D/view.json: ok, 125 moves" "$output"
	done
	catan-newboard --seed 4 | catan-move --until-end --policy greedy | catan-move --view white >"$D/v.json"
	run -0 catan-validate -q "$D/v.json"
	# What the position shows must follow from the log: a count, a card of the viewer's own.
	catan-move --view red <"$D/game.json" >"$D/view.json"
	jq '.position.players.blue.hand += 1' "$D/view.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position: none of the 3 positions consistent with the record is the stored one (position.players.blue.hand: stored 4, the first gives 3)" "$output"
	jq '.position.players.red.hand.ore += 1 | .position.bank.ore -= 1' "$D/view.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: position: none of the 3 positions consistent with the record is the stored one (position.bank.ore: stored 11, the first gives 12)" "$output"
	jq '.log[46] = "white play monopoly ore"' "$D/view.json" >"$D/t.json"
	run -1 catan-validate "$D/t.json"
	assert_eq "$D/t.json: move 48 'white robber 13 steal red lumber': the robber moves only after a seven or a knight" "$output"
}

@test "a view of a game set up by hand has no start, and cannot be validated" {
	setup_game
	catan-move --view red <"$D/p.json" >"$D/view.json"
	run -0 jq 'has("start")' "$D/view.json"
	assert_eq false "$output"
	run -1 catan-validate "$D/view.json"
	assert_eq "$D/view.json: this is red's view of a game set up by hand, which has no start to replay: use the full game" "$output"
}

@test "an empty file and a JSON document that is no game are told as such" {
	: >"$D/empty.json"
	printf '{"a": 1}\n' >"$D/a.json"
	run -3 --separate-stderr catan-validate "$D/empty.json" "$D/a.json"
	assert_eq "$D/empty.json: empty"$'\n'"$D/a.json: not a game: no \"format\": \"catan-state/1\" (catan-state(5))" "$output"
}

@test "unreadable files exit 3 with the JSON path; missing files exit 4" {
	printf '{"format": "catan-state/1",' >"$D/cut.json"
	run -3 --separate-stderr catan-validate "$D/cut.json"
	[[ "$output" == "$D/cut.json: not a JSON document: line 1, column "* ]]
	assert_eq "" "$stderr"
	jq '.format = "catan-state/2"' "$D/game.json" >"$D/v2.json"
	run -3 catan-validate "$D/v2.json"
	assert_eq "$D/v2.json: format: expected \"catan-state/1\", found \"catan-state/2\"" "$output"
	run -4 catan-validate "$D/missing.json"
	assert_eq "$D/missing.json: cannot open: No such file or directory" "$output"
}

# folder: one file of each kind in $D/f, for the many-files tests.
folder() {
	mkdir -p "$D/f"
	cp "$D/game.json" "$D/f/1-state.json"
	cp "$D/record.json" "$D/f/2-record.json"
	inject 4 'red build road 1-5'
	cp "$D/bad.json" "$D/f/3-illegal.json"
	tamper '.position.robber = 1'
	cp "$D/t.json" "$D/f/4-mismatch.json"
	printf 'not json\n' >"$D/f/5-unreadable.json"
	beginner >"$D/f/6-new.json"
}

@test "many files: each is checked, one line per failure with -q, the highest status" {
	folder
	run -3 --separate-stderr catan-validate -q "$D"/f/*.json
	assert_eq 3 "${#lines[@]}"
	assert_eq "$D/f/3-illegal.json: move 4 'red build road 1-5': the road must touch your road, settlement or city" "${lines[0]}"
	assert_eq "$D/f/4-mismatch.json: position.robber: stored 1, replay gives 5" "${lines[1]}"
	[[ "${lines[2]}" == "$D/f/5-unreadable.json: not a JSON document: "* ]]
	assert_eq "" "$stderr"
	run -1 catan-validate -q "$D/f/1-state.json" "$D/f/3-illegal.json" "$D/f/6-new.json"
	assert_eq 1 "${#lines[@]}"
	run -0 catan-validate -q "$D/f/1-state.json" "$D/f/6-new.json"
	assert_eq "" "$output"
	run -4 catan-validate -q "$D/f/5-unreadable.json" "$D/nope.json"
	assert_eq 2 "${#lines[@]}"
}

@test "--json prints one object per file" {
	folder
	run -1 --separate-stderr catan-validate --json "$D/f/1-state.json" "$D/f/3-illegal.json" "$D/f/4-mismatch.json"
	assert_eq "{\"file\":\"$D/f/1-state.json\",\"ok\":true,\"status\":0,\"moves_checked\":125,\"error\":null}" "${lines[0]}"
	assert_eq "{\"file\":\"$D/f/3-illegal.json\",\"ok\":false,\"status\":1,\"moves_checked\":3,\"error\":{\"index\":4,\"move\":\"red build road 1-5\",\"message\":\"the road must touch your road, settlement or city\"}}" "${lines[1]}"
	assert_eq "{\"file\":\"$D/f/4-mismatch.json\",\"ok\":false,\"status\":1,\"moves_checked\":125,\"error\":{\"index\":null,\"move\":null,\"message\":\"position.robber: stored 1, replay gives 5\"}}" "${lines[2]}"
	run -1 catan-validate --json -q "$D/f/1-state.json" "$D/f/3-illegal.json"
	assert_eq 1 "${#lines[@]}"
	run -0 jq -r '.error.index' <<<"$output"
	assert_eq 4 "$output"
}

@test "--json names a file whose name is not UTF-8" {
	cp "$D/game.json" "$D/$(printf 'g\377.json')"
	run -0 catan-validate --json "$D"/g?.json
	assert_eq "{\"file\":\"$D/g?.json\",\"ok\":true,\"status\":0,\"moves_checked\":125,\"error\":null}" "$output"
}

@test "-j gives the same report as -j 1" {
	folder
	for i in $(seq 1 12); do cp "$D/f/3-illegal.json" "$D/f/7-$i.json"; cp "$D/f/1-state.json" "$D/f/8-$i.json"; done
	run -3 catan-validate -j 1 "$D"/f/*.json
	one=$output
	for j in 2 4 16; do
		run -3 catan-validate -j "$j" "$D"/f/*.json
		assert_eq "$one" "$output"
	done
	run -3 catan-validate -j 1 --json "$D"/f/*.json
	one=$output
	run -3 catan-validate -j 4 --json "$D"/f/*.json
	assert_eq "$one" "$output"
}

@test "no progress line when standard error is not a terminal" {
	folder
	run -3 --separate-stderr catan-validate "$D"/f/*.json
	assert_eq "" "$stderr"
}

@test "a progress line on a terminal, and none with -q" {
	command -v script >/dev/null || skip "script(1) is not installed"
	folder
	run -0 script -qec "catan-validate $D/f/1-state.json $D/f/6-new.json >/dev/null" /dev/null
	[[ "$output" == *"2/2 files, 0 failed, "*" files/s, "*" moves/s"* ]]
	run -0 script -qec "catan-validate -q $D/f/1-state.json $D/f/6-new.json" /dev/null
	assert_eq "" "$output"
}

@test "libcore replay checks pass" {
	run -0 "$CATAN_UNIT/replay_test"
}

@test "generated records hiding steals and buys, the discards too, or all but a seat's view: the search gives the enumeration's verdict, move and message wherever the enumeration finishes" {
	# Under the sanitizers, every other record is judged: the plain build judges them all.
	case $CATAN_UNIT in
	*build-san*) run -0 "$CATAN_UNIT/public_test" 1 2 ;;
	*) run -0 "$CATAN_UNIT/public_test" ;;
	esac
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
	# Some records go beyond what the enumeration follows, some of them refused; none is given up.
	[[ "${lines[-2]}" =~ \ [1-9][0-9]*\ beyond\ the\ enumeration\'s\ 16384\ positions,\ [1-9][0-9]*\ of\ them\ refused\;\ 0\ given\ up$ ]]
}

@test "the real records, as they are, with their discards unnamed too, and as each seat saw them: none reaches a cap, and the enumeration agrees wherever it finishes" {
	corpora=$ROOT/../shared/corpora
	if [ ! -d "$corpora" ]; then
		skip "no corpora at ../shared/corpora beside the repository: no real records to check"
	fi
	case $CATAN_BIN in *build-san*) skip "the long searches run on the plain build" ;; esac
	cd "$BATS_TEST_TMPDIR"
	for f in "$corpora"/catanatron-json/*/*.json "$corpora"/jsettlers2/gameevent/*.soclog \
		"$corpora"/catanlogs-human/*.catan; do
		catan-import "$f" >"${f##*/}.json" 2>/dev/null || rm "${f##*/}.json"
	done
	run -0 "$CATAN_UNIT/public_test" --records *.json
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
	[[ "${lines[-2]}" == *"; 0 given up" ]]
	echo "${lines[-2]}" >&3
}

@test "examples/ci-validate.sh validates a folder as a CI step" {
	folder
	run -3 --separate-stderr sh "$ROOT/examples/ci-validate.sh" "$D/f"
	assert_eq "$D/f/3-illegal.json: move 4 'red build road 1-5': the road must touch your road, settlement or city" "${lines[0]}"
	assert_eq 4 "${#lines[@]}"
	assert_eq "ci-validate: 6 files, 3 failed, status 3" "${lines[3]}"
	assert_eq "" "$stderr"
	rm "$D/f/4-mismatch.json" "$D/f/5-unreadable.json"
	run -1 sh "$ROOT/examples/ci-validate.sh" "$D/f"
	assert_eq "ci-validate: 4 files, 1 failed, status 1" "${lines[1]}"
	run -1 env SHARD=0/2 sh "$ROOT/examples/ci-validate.sh" "$D/f"
	assert_eq "ci-validate: shard 0/2: 2 files, 1 failed, status 1" "${lines[1]}"
	run -0 env SHARD=1/2 sh "$ROOT/examples/ci-validate.sh" "$D/f"
	assert_eq "ci-validate: shard 1/2: 2 files, 0 failed, status 0" "$output"
	run -2 env SHARD=2/2 sh "$ROOT/examples/ci-validate.sh" "$D/f"
}

@test "examples/ci-validate.sh without a folder checks a few new games" {
	run -0 sh "$ROOT/examples/ci-validate.sh"
	assert_eq "ci-validate: 4 files, 0 failed, status 0" "$output"
}

@test "bad options exit 2 with a short usage" {
	run -2 --separate-stderr catan-validate --jobs 0
	assert_eq "catan-validate: --jobs: '0' is not a number from 1 to 256" "${stderr_lines[0]}"
	assert_eq "Try 'catan-validate --help' for more information." "${stderr_lines[1]}"
	run -2 --separate-stderr catan-validate --frobnicate
	assert_eq "catan-validate: unknown option '--frobnicate'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-validate -j
	assert_eq "catan-validate: option '-j' needs a value" "${stderr_lines[0]}"
}

@test "bash completion offers the options of catan-validate" {
	run -0 bash -c "source '$ROOT/completions/bash/catan-validate'; COMP_WORDS=(catan-validate --j); COMP_CWORD=1; _catan_validate; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq $'--jobs\n--json' "$output"
}

@test "a document that is a huge array is refused at once, in little memory" {
	case $CATAN_BIN in *build-san*) skip "the sanitizer build reserves more address space than the limit" ;; esac
	awk 'BEGIN { printf "["; for (i = 0; i < 5000000; i++) printf "0,"; print "0]" }' >"$BATS_TEST_TMPDIR/big.json"
	run -3 bash -c "ulimit -v 150000; catan-validate '$BATS_TEST_TMPDIR/big.json'"
	assert_eq "$BATS_TEST_TMPDIR/big.json: expected an object, found an array" "$output"
	run -3 --separate-stderr bash -c "ulimit -v 150000; dicegame-sheet validate '$BATS_TEST_TMPDIR/big.json'"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/big.json: expected an object, found an array" "$stderr"
}

@test "a log of objects or numbers, or a document of too many values, is refused before it is parsed" {
	case $CATAN_BIN in *build-san*) skip "the sanitizer build reserves more address space than the limit" ;; esac
	# About 20 MB each: parsed whole, they took 400 and 600 MB.
	awk 'BEGIN { printf "{\"format\": \"catan-state/1\", \"log\": [\"red roll\""; for (i = 0; i < 7000000; i++) printf ",{}"; print "]}" }' >"$D/objects.json"
	run -3 bash -c "ulimit -v 150000; catan-validate '$D/objects.json'"
	assert_eq "$D/objects.json: log[1]: expected a move as a string, found an object" "$output"
	awk 'BEGIN { printf "{\"log\": [1"; for (i = 0; i < 10000000; i++) printf ",1"; print "], \"format\": 1}" }' >"$D/numbers.json"
	run -3 bash -c "ulimit -v 150000; catan-validate '$D/numbers.json'"
	assert_eq "$D/numbers.json: log[0]: expected a move as a string, found an integer" "$output"
	awk 'BEGIN { printf "{\"format\": \"catan-state/1\", \"board\": {\"x\": [0"; for (i = 0; i < 10000000; i++) printf ",0"; print "]}}" }' >"$D/board.json"
	run -3 bash -c "ulimit -v 150000; catan-validate '$D/board.json'"
	assert_eq "$D/board.json: board: more than 65536 values and keys, more than a game document holds" "$output"
}

@test "memory: a file takes at most 12 times its size and 16 MB, even a long log of short strings" {
	case $CATAN_BIN in *build-san*) skip "the sanitizer build's memory is not the program's" ;; esac
	[ -x /usr/bin/time ] || skip "GNU time (package time) is not installed"
	# About 20 MB: the fixture game with 5 million moves of one letter, the most entries a
	# file of that size can hold (they took 18 times the file's size when they were parsed as values).
	jq -c 'del(.position) | .log = ["x"]' "$D/game.json" | sed 's/\["x"\]/[LOG]/' >"$D/t.json"
	awk 'BEGIN { printf "\"x\""; for (i = 0; i < 5000000; i++) printf ",\"x\""; }' >"$D/log.txt"
	t=$(cat "$D/t.json")
	{ printf '%s' "${t%%LOG*}"; cat "$D/log.txt"; printf '%s\n' "${t#*LOG}"; } >"$D/long.json"
	size=$(stat -c %s "$D/long.json")
	run -1 /usr/bin/time -f '%M' -o "$D/rss" catan-validate "$D/long.json"
	assert_eq "$D/long.json: move 1 'x': unknown colour 'x'" "$output"
	rss=$(tail -1 "$D/rss")
	echo "peak $rss kB for $size bytes"
	[ "$rss" -lt $((size * 12 / 1024 + 16384)) ]
	# A JSON fault at its end is found without building the log: jansson's own message.
	sed 's/}$/, "x": tru}/' "$D/long.json" >"$D/cut.json"
	run -3 /usr/bin/time -f '%M' -o "$D/rss" catan-validate "$D/cut.json"
	[[ "$output" == "$D/cut.json: not a JSON document: line 1, column "*": invalid token near 'tru'" ]]
	rss=$(tail -1 "$D/rss")
	[ "$rss" -lt $((size * 3 / 1024 + 16384)) ]
}

@test "the log's elements are checked as strings before the rest of the document" {
	jq '.log[2] = 7.5' "$D/record.json" >"$D/t.json"
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: log[2]: expected a move as a string, found a number" "$output"
	jq '.log[0] = [1] | .log[1] = null | del(.players)' "$D/record.json" >"$D/t.json"
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: log[0]: expected a move as a string, found an array" "$output"
	jq '.log = {"a": 1}' "$D/record.json" >"$D/t.json"
	run -3 catan-validate "$D/t.json"
	assert_eq "$D/t.json: log: expected an array of moves, found an object" "$output"
}

@test "examples/ci-validate.sh fails on a missing folder, a folder without games, or no catan-validate" {
	run -2 --separate-stderr sh "$ROOT/examples/ci-validate.sh" "$BATS_TEST_TMPDIR/nonexistent"
	assert_eq "ci-validate: '$BATS_TEST_TMPDIR/nonexistent' is not a folder" "$stderr"
	mkdir "$BATS_TEST_TMPDIR/empty"
	run -2 --separate-stderr sh "$ROOT/examples/ci-validate.sh" "$BATS_TEST_TMPDIR/empty"
	assert_eq "ci-validate: no games (*.json) in '$BATS_TEST_TMPDIR/empty'" "$stderr"
	catan-newboard --seed 1 >"$BATS_TEST_TMPDIR/empty/g.json"
	run -4 --separate-stderr env PATH=/usr/bin:/bin sh "$ROOT/examples/ci-validate.sh" "$BATS_TEST_TMPDIR/empty"
	assert_eq "ci-validate: cannot run catan-validate (is it on PATH?)" "${stderr_lines[-1]}"
}

@test "a folder is checked as its *.json files in the order of their names, not its subfolders" {
	folder
	mkdir "$D/f/7-folder.json" "$D/f/sub"
	cp "$D/game.json" "$D/f/sub/8-below.json"
	cp "$D/game.json" "$D/f/.9-hidden.json"
	echo notes >"$D/f/notes.txt"
	run -3 --separate-stderr catan-validate "$D/f"
	assert_eq "" "$stderr"
	want=$(catan-validate "$D"/f/[1-6]-*.json || true)
	assert_eq "$want" "$output"
	assert_eq 6 "${#lines[@]}"
	assert_eq "$D/f/1-state.json: ok, 125 moves" "${lines[0]}"
	# A trailing slash, and a folder among files.
	run -3 catan-validate "$D/f/" "$D/game.json"
	assert_eq "$want"$'\n'"$D/game.json: ok, 125 moves" "$output"
	run -0 catan-validate -q "$D/f/sub"
	assert_eq "" "$output"
}

@test "a folder without a *.json file is a usage error; a missing file is named once, with what to do" {
	mkdir "$BATS_TEST_TMPDIR/records"
	echo notes >"$BATS_TEST_TMPDIR/records/notes.txt"
	run -2 --separate-stderr catan-validate "$BATS_TEST_TMPDIR/records"
	assert_eq "" "$output"
	assert_eq "catan-validate: '$BATS_TEST_TMPDIR/records': a folder with no *.json file in it" "${stderr_lines[0]}"
	# A program that reads one game says a folder is none.
	run -4 --separate-stderr catan-render "$BATS_TEST_TMPDIR/records"
	assert_eq "catan-render: $BATS_TEST_TMPDIR/records: a folder, not a file: give the files in it, as in '$BATS_TEST_TMPDIR/records/*.json'" "$stderr"
}

# setup_game: a game set up at a position (catan-newboard --position) played on 20 moves, in $D/p.json.
setup_game() {
	jq -n '{players: {red: {settlements: [9, 29], roads: ["9-14", "29-35", "14-19"], hand: {brick: 1, lumber: 1}, knights: 3},
		blue: {settlements: [40, 42], roads: ["37-42", "40-45"], dev: {knight: 1}},
		white: {settlements: [18, 32], cities: [1], roads: ["18-23", "26-32"]}},
		current: "red", phase: "main", turn: 9}' >"$D/doc.json"
	catan-newboard --position "$D/doc.json" --seed 5 | catan-move 'red end' --auto 19 >"$D/p.json"
}

@test "a game that starts at a set-up position validates, and says so" {
	setup_game
	run -0 --separate-stderr catan-validate "$D/p.json" "$D/game.json"
	assert_eq "$D/p.json: ok, 20 moves from a set-up position" "${lines[0]}"
	assert_eq "$D/game.json: ok, 125 moves" "${lines[1]}"
}

@test "a record may begin at a set-up position" {
	setup_game
	jq 'del(.position)' "$D/p.json" >"$D/pr.json"
	run -0 catan-validate "$D/pr.json"
	assert_eq "$D/pr.json: ok, 20 moves from a set-up position" "$output"
	# Without the mark, the same start is compared with a new game's and refused.
	jq 'del(.setup)' "$D/pr.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.deck: 10 knight cards, not 14" "$output"
}

@test "a set-up start is checked for consistency" {
	setup_game
	jq 'del(.position) | .start.players.red.roads += ["1-5"]' "$D/p.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.players.red.roads: road 1-5 is not joined to red's settlements and cities" "$output"
	jq 'del(.position) | .start.rolled = false' "$D/p.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.rolled: the dice are rolled in the main phase and only there" "$output"
	jq 'del(.position) | .start.awards.largest_army = null' "$D/p.json" >"$D/bad.json"
	run -3 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.awards.largest_army: red alone has the most, 3 knights played, and must hold the largest army" "$output"
	jq '.setup = "board"' "$D/p.json" >"$D/bad.json"
	run -3 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: setup: expected \"position\" (a start set up by hand), found board" "$output"
}

@test "a set-up start may stand in the middle of a turn or at the end of the game, as a saved game imported does" {
	D=$BATS_TEST_TMPDIR
	# Blue has played a card and bought one after the roll; white has won.
	catan-import "$FIXTURES/import/jsettlers-midgame.game.json" >"$D/m.json"
	assert_eq 'true {"knight":0,"road-building":0,"year-of-plenty":1,"monopoly":0,"victory-point":0}' \
		"$(jq -c '.start | .dev_played, .players.blue.dev_new' "$D/m.json" | paste -sd' ')"
	run -0 catan-validate "$D/m.json"
	catan-import "$FIXTURES/import/jsettlers-over.game.json" >"$D/o.json"
	run -0 catan-validate "$D/o.json"
	# A card bought by a player not to move, or before the roll, is refused.
	jq '(.start, .position) |= (.players.white.dev_new.knight = 1 | .deck = .deck[1:])' "$D/m.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.players.white.dev_new: cards are bought by the player to move, after the roll" "$output"
	jq '(.start, .position) |= (.phase = "roll" | .rolled = false)' "$D/m.json" >"$D/bad.json"
	run -1 catan-validate "$D/bad.json"
	assert_eq "$D/bad.json: start.players.blue.dev_new: cards are bought by the player to move, after the roll" "$output"
}
