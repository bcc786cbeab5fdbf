#!/usr/bin/env bats
# catan-state(5): the reader is strict and the writer canonical (checked through a small
# read-and-write program linked against libcore).

load test_helper

rw() {
	"$CATAN_UNIT/state_rw" "$@"
}

# refused JQ-FILTER MESSAGE: the beginner game edited by the filter is refused with exit 3,
# the message, and nothing on stdout.
refused() {
	beginner | jq "$1" >"$BATS_TEST_TMPDIR/in.json"
	run -3 --separate-stderr rw <"$BATS_TEST_TMPDIR/in.json"
	assert_eq "" "$output"
	assert_eq "state_rw: $2" "$stderr"
}

@test "read then write gives identical bytes, pretty and compact" {
	for args in "--beginner --seed 3" "--seed 4" "--seed 5 --numbers random --players white,red"; do
		catan-newboard $args >"$BATS_TEST_TMPDIR/a"
		rw <"$BATS_TEST_TMPDIR/a" >"$BATS_TEST_TMPDIR/b"
		assert_file_eq "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
		catan-newboard $args -c >"$BATS_TEST_TMPDIR/a"
		rw -c <"$BATS_TEST_TMPDIR/a" >"$BATS_TEST_TMPDIR/b"
		assert_file_eq "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	done
}

@test "any key order and spacing reads to the canonical bytes" {
	beginner >"$BATS_TEST_TMPDIR/a"
	jq -S . "$BATS_TEST_TMPDIR/a" | rw >"$BATS_TEST_TMPDIR/b"
	assert_file_eq "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "truncated JSON is refused with its line and column" {
	beginner | head -c 300 >"$BATS_TEST_TMPDIR/in.json"
	run -3 --separate-stderr rw <"$BATS_TEST_TMPDIR/in.json"
	assert_eq "" "$output"
	[[ "$stderr" == "state_rw: not a JSON document: line "*", column "*": "* ]]
}

@test "an empty input is refused as empty, blanks alone too" {
	run -3 --separate-stderr rw </dev/null
	assert_eq "" "$output"
	assert_eq "state_rw: empty" "$stderr"
	run -3 --separate-stderr rw <<<$' \t\r\n'
	assert_eq "state_rw: empty" "$stderr"
}

@test "a JSON object that is no game is refused as no game, not for its first key" {
	run -3 --separate-stderr rw <<<'{"a": 1}'
	assert_eq 'state_rw: not a game: no "format": "catan-state/1" (catan-state(5))' "$stderr"
	dicegame-sheet new >"$BATS_TEST_TMPDIR/sheet.json"
	run -3 --separate-stderr rw <"$BATS_TEST_TMPDIR/sheet.json"
	assert_eq "state_rw: not a game but a Catan Dice Game sheet: dicegame-sheet reads it" "$stderr"
	run -3 --separate-stderr rw <<<'{"format": 1}'
	assert_eq 'format: expected "catan-state/1", found an integer' "${stderr#state_rw: }"
}

@test "a document that is not an object is refused" {
	run -3 --separate-stderr rw <<<'[1, 2, 3]'
	assert_eq "state_rw: expected an object, found an array" "$stderr"
}

@test "a wrong format version is refused" {
	refused '.format = "catan-state/2"' 'format: expected "catan-state/1", found "catan-state/2"'
}

@test "a missing key is refused with its place" {
	refused 'del(.position.players.blue.hand)' "position.players.blue: missing key 'hand'"
}

@test "an unknown key is refused with its path" {
	refused '.position.players.red.hand.gold = 1' "position.players.red.hand: unknown key 'gold'"
	refused '.extra = 1' "unknown key 'extra'"
	refused '.rules.speed = "fast"' "rules: unknown key 'speed'"
}

@test "a wrong type is refused with its path" {
	refused '.rules.points_to_win = "ten"' 'rules.points_to_win: expected an integer from 3 to 20, found a string'
	refused '.rules.outcomes = "sideways"' 'rules.outcomes: expected internal or external'
	refused '.rules.trade_build = 1' 'rules.trade_build: expected combined or strict'
	refused '.position.rolled = 0' 'position.rolled: expected a boolean, found an integer'
	refused '.board.hexes[4].token = 6.5' 'board.hexes[4].token (hex #5): expected an integer from 2 to 12, found a number'
	refused '.position.players.red.settlements = "9"' 'position.players.red.settlements: expected an array of intersections, found a string'
}

@test "a negative count is refused" {
	refused '.position.players.red.hand.ore = -1' 'position.players.red.hand.ore: expected an integer from 0 to 19, found -1'
}

@test "20 cards of one resource are refused" {
	refused '.position.bank.ore = 20' 'position.bank.ore: expected an integer from 0 to 19, found 20'
}

@test "resources that do not add up to 19 are refused" {
	refused '.position.players.red.hand.ore = 5' 'position.bank.ore: bank and hands hold 24 ore, not 19'
}

@test "two buildings on one intersection are refused" {
	refused '.position.players.blue.settlements += [9]' 'position.players.blue.settlements[2]: intersection 9 already holds a building'
}

@test "buildings one path apart are refused" {
	refused '.position.players.blue.settlements += [14]' 'position.players: buildings on intersections 9 and 14, one path apart'
}

@test "a sixth settlement is refused" {
	refused '.position.players.red.settlements = [1,3,20,26,47,51]' 'position.players.red.settlements: 6 is more than the 5 pieces a player has'
}

@test "the longest road held by a player with one road is refused" {
	refused '.position.awards.longest_road = "blue"' 'position.awards.longest_road: blue holds the longest road with a road of 1, fewer than 5'
}

@test "the longest road held by a shorter road than another's is refused" {
	refused '.position.players.red.roads += ["14-19", "19-25", "25-31", "31-36", "36-41"]
		| .position.players.white.roads += ["32-38", "38-43", "43-47", "47-51"]
		| .position.awards.longest_road = "white"' 'position.awards.longest_road: white holds the longest road with a road of 5, but red has 6'
}

@test "a player alone with the longest road of 5 or more must hold it" {
	refused '.position.players.red.roads += ["14-19", "19-25", "25-31", "31-37"]' 'position.awards.longest_road: red alone has the most, a road of 5, and must hold the longest road'
}

@test "the largest army is checked against the knights played" {
	refused '.position.awards.largest_army = "red"' 'position.awards.largest_army: red holds the largest army with 0 knights played, fewer than 3'
	refused '.position.players.red.played.knight = 3 | .position.deck = [.position.deck[] | select(. != "knight")] + [range(11) | "knight"]' 'position.awards.largest_army: red alone has the most, 3 knights played, and must hold the largest army'
}

@test "awards that the board explains are read: a tie of 5 leaves the award with its holder" {
	beginner | jq '.position.players.red.roads += ["14-19", "19-25", "25-31", "31-37"]
		| .position.players.blue.roads += ["45-49", "49-53", "50-53", "50-54"]
		| .position.awards.longest_road = "blue"' >"$BATS_TEST_TMPDIR/in.json"
	run -0 catan-score --json "$BATS_TEST_TMPDIR/in.json"
	run -0 jq -c '[.players[] | [.road_length, .awards]]' <<<"$output"
	assert_eq '[[5,[]],[5,["longest_road"]],[1,[]],[1,[]]]' "$output"
}

@test "a path that does not exist is refused" {
	refused '.position.players.red.roads += ["1-2"]' "position.players.red.roads[2]: '1-2' is not a path"
}

@test "an unknown colour is refused" {
	refused '.players[1] = "green"' "players[1]: unknown colour 'green'"
}

@test "a colour that does not play in the game is refused" {
	catan-newboard --beginner --seed 1 --players red,blue,white | jq '.position.current = "orange"' >"$BATS_TEST_TMPDIR/in.json"
	run -3 --separate-stderr rw <"$BATS_TEST_TMPDIR/in.json"
	assert_eq "state_rw: position.current: 'orange' is not a colour in this game" "$stderr"
	refused '.position.players.green = {}' "position.players: 'green' is not a colour in this game"
}

@test "the players' names: read, written after the players, kept by views, shown by catan-score and catan-render; a wrong one refused" {
	beginner | jq '.names = {"white": "Dr. Who ✓", "red": " ann "}' >"$BATS_TEST_TMPDIR/in.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/in.json"
	# In seat order, blanks around a name dropped, right after the players.
	[[ $output == *'"players":["red","blue","white","orange"],"names":{"red":"ann","white":"Dr. Who ✓"},"board":'* ]] ||
		{ echo "$output"; false; }
	run -0 catan-move --view blue <"$BATS_TEST_TMPDIR/in.json"
	assert_eq '{"red":"ann","white":"Dr. Who ✓"}' "$(jq -c .names <<<"$output")"
	run -0 catan-score "$BATS_TEST_TMPDIR/in.json"
	assert_eq "player  settlements  cities  road  knights  awards  vp cards  points  name
red               2       0     1        0  -              0       2  ann
blue              2       0     1        0  -              0       2
white             2       0     1        0  -              0       2  Dr. Who ✓
orange            2       0     1        0  -              0       2" "$(head -5 <<<"$output")"
	assert_eq '"ann" null' "$(catan-score --json "$BATS_TEST_TMPDIR/in.json" | jq -c '.players[0].name, .players[1].name' | paste -sd' ')"
	run -0 catan-render "$BATS_TEST_TMPDIR/in.json"
	[[ $output == *$'\nred (r/R) ann: 2 points'* && $output == *$'\nblue (b/B): 2 points'* ]] || { echo "$output"; false; }
	# Without names, no column and no key.
	run -0 catan-score <(beginner)
	assert_eq "player  settlements  cities  road  knights  awards  vp cards  points" "${lines[0]}"
	refused '.names = ["ann"]' "names: expected an object of colours and names, found an array"
	refused '.names = {"green": "x"}' "names.green: 'green' is not a player's colour in this game"
	refused '.names = {"red": 1}' "names.red: expected a name as a string, found an integer"
	refused '.names = {"red": "  "}' "names.red: an empty name"
	refused '.names = {"red": "a\tb"}' "names.red: a name with a control character"
	refused '.names = {"red": "123456789012345678901234567890123"}' "names.red: a name longer than 32 bytes"
	beginner | jq '.names = {"red": "12345678901234567890123456789012"}' | rw >/dev/null
}

@test "a card from nowhere is refused" {
	refused '.position.players.red.dev.knight = 1' 'position.deck: deck, hands and played cards hold 15 knight, not 14'
}

@test "a 7 token and a token on the desert are refused" {
	refused '.board.hexes[0].token = 7' 'board.hexes[0].token (hex #1): there is no 7 token'
	refused '.board.hexes[9].token = 6' 'board.hexes[9].token (hex #10): the desert has no token: expected null'
}

@test "a document with neither start nor position is refused" {
	refused 'del(.start, .position)' "missing key 'position' (a record needs at least 'start')"
}

@test "a record (start and log, no position) reads and writes back" {
	beginner | jq 'del(.position)' >"$BATS_TEST_TMPDIR/rec.json"
	run -0 rw <"$BATS_TEST_TMPDIR/rec.json"
	run -0 jq -c 'has("position"), has("start")' <<<"$output"
	assert_eq $'false\ntrue' "$output"
}

@test "a deck of unknown order is read as counts" {
	beginner | jq '.position.deck = {"knight":14,"road-building":2,"year-of-plenty":2,"monopoly":2,"victory-point":5}' >"$BATS_TEST_TMPDIR/in.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/in.json"
	run -0 jq -c '.position.deck' <<<"$output"
	assert_eq '{"knight":14,"road-building":2,"year-of-plenty":2,"monopoly":2,"victory-point":5}' "$output"
}

@test "a log entry must be a short printable string" {
	refused '.log = [3]' 'log[0]: expected a move as a string, found an integer'
	refused '.log = ["red\u0007roll"]' 'log[0]: a move is printable ASCII text'
}

@test "a huge input is read whole or refused, never cut" {
	beginner | jq --argjson n 200000 '.log = [range($n) | "red end"]' >"$BATS_TEST_TMPDIR/big.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/big.json"
	run -0 jq '.log | length' <<<"$output"
	assert_eq 200000 "$output"
}

@test "a view of a finished game shows the winner's victory point cards and reads back" {
	bash "$ROOT/examples/beginner-game.sh" "$BATS_TEST_TMPDIR/g.json" >/dev/null
	catan-move --view blue <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/v.json"
	run -0 jq -c '.position.players.red | [.hand, .dev, .victory_points]' "$BATS_TEST_TMPDIR/v.json"
	assert_eq '[5,1,1]' "$output"
	run -0 jq -c '.position.players.white | has("victory_points")' "$BATS_TEST_TMPDIR/v.json"
	assert_eq 'false' "$output"
	rw <"$BATS_TEST_TMPDIR/v.json" >"$BATS_TEST_TMPDIR/v2.json"
	assert_file_eq "$BATS_TEST_TMPDIR/v.json" "$BATS_TEST_TMPDIR/v2.json"
}

@test "a game with external outcomes may leave out the generator" {
	catan-newboard --beginner --seed 1 --rules outcomes=external | jq 'del(.start.rng, .position.rng)' >"$BATS_TEST_TMPDIR/in.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/in.json"
	run -0 jq -c '.position.rng' <<<"$output"
	assert_eq '["0000000000000000","0000000000000000","0000000000000000","0000000000000000"]' "$output"
	refused 'del(.position.rng)' "position: missing key 'rng'"
}

@test "a phase that the players contradict is refused, and the real ones are read" {
	refused '.position.players.blue.discard = 3' "position.players.blue.discard: a discard is owed only in the discard phase, not in 'roll'"
	refused '.position.phase = "discard"' "position.phase: the discard phase needs a player who owes a discard"
	refused '.position.phase = "over"' "position.phase: the game is over, but red has 2 points, not the 10 that win"
	jq .game "$ROOT/tests/fixtures/perft/discard-two.json" >"$BATS_TEST_TMPDIR/discard.json"
	run -0 rw <"$BATS_TEST_TMPDIR/discard.json"
	catan-newboard --beginner --seed 5 | catan-move --until-end >"$BATS_TEST_TMPDIR/over.json"
	run -0 jq -r '.position.phase' "$BATS_TEST_TMPDIR/over.json"
	assert_eq over "$output"
	run -0 rw <"$BATS_TEST_TMPDIR/over.json"
	run -0 catan-move --view blue <"$BATS_TEST_TMPDIR/over.json"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/view.json"
	run -0 rw <"$BATS_TEST_TMPDIR/view.json"
}

@test "knight_interrupt: who moves the robber and who answers agree with the phase" {
	local ki='.rules.knight_interrupt = "on" | (.start, .position) |= (.robber_by = null | .answering = null)'
	run -0 rw <<<"$(beginner | jq "$ki")"
	refused '.start.robber_by = null' "start: unknown key 'robber_by'"
	refused '.position.phase = "interrupt"' "position.phase: the interrupt phase belongs to the rules option knight_interrupt"
	refused "$ki | .position.robber_by = \"red\"" "position.robber_by: a seat moves the robber in the robber, interrupt and steal phases, and only there"
	refused "$ki | .position.phase = \"robber\" | .position.rolled = true" "position.robber_by: a seat moves the robber in the robber, interrupt and steal phases, and only there"
	refused "$ki | .position.phase = \"interrupt\" | .position.rolled = true | .position.robber_by = \"red\"" "position.answering: a seat answers the robber in the interrupt phase, and only there"
	# Blue holds no card to play: the answers never reach blue.
	refused "$ki | .position.phase = \"interrupt\" | .position.rolled = true | .position.robber_by = \"red\" | .position.answering = \"blue\"" "position.answering: blue cannot answer: the robber's mover, or no card to play"
	refused "$ki | .position.phase = \"steal\" | .position.rolled = true | .position.robber_by = \"red\" | .position.robber = 1" "position.phase: nobody on hex 1 can be robbed by red"
	# The positions play reaches read back byte for byte: robber, interrupt, steal, main.
	beginner --rules outcomes=external |
		jq "$ki | (.start, .position) |= (.players.blue.dev.knight = 1 | .deck |= (index(\"knight\") as \$i | del(.[\$i])))" \
		>"$BATS_TEST_TMPDIR/g.json"
	for m in 'red roll 3 4' 'red robber 5' 'blue pass' 'red steal white ore'; do
		catan-move "$m" <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/h.json"
		mv "$BATS_TEST_TMPDIR/h.json" "$BATS_TEST_TMPDIR/g.json"
		rw <"$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/h.json"
		assert_file_eq "$BATS_TEST_TMPDIR/g.json" "$BATS_TEST_TMPDIR/h.json"
		phases="${phases:-}$(jq -r .position.phase "$BATS_TEST_TMPDIR/g.json") "
	done
	assert_eq "robber interrupt steal main " "$phases"
}

@test "paired_players: Settler 2's part (paired_after) agrees with the seat, the phase and the roll; no building phase; five or six players of variant=five_six only" {
	# Green's part of blue's turn, from the perft fixture: read back byte for byte.
	jq .game "$FIXTURES/perft/six-paired.json" | rw >"$BATS_TEST_TMPDIR/a.json"
	rw <"$BATS_TEST_TMPDIR/a.json" >"$BATS_TEST_TMPDIR/b.json"
	assert_file_eq "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	run -0 jq -c '[.rules.paired_players, .position.phase, .position.current, .position.paired_after]' "$BATS_TEST_TMPDIR/a.json"
	assert_eq '["on","main","green","blue"]' "$output"
	paired_refused() {
		jq "$1" "$BATS_TEST_TMPDIR/a.json" >"$BATS_TEST_TMPDIR/in.json"
		run -3 --separate-stderr rw <"$BATS_TEST_TMPDIR/in.json"
		assert_eq "" "$output"
		assert_eq "state_rw: $2" "$stderr"
	}
	paired_refused '.position.paired_after = "red"' "position.paired_after: orange's part follows red's turn, not green's"
	paired_refused '.position.phase = "roll" | .position.rolled = false' "position.paired_after: Settler 2's part of a turn follows the roll, in the main phase or a robber's, not in 'roll'"
	paired_refused '.position.paired_after = null | .position.phase = "building"' "position.phase: the rules option paired_players has no building phase"
	paired_refused '.position.building_after = null' "position: unknown key 'building_after'"
	paired_refused '.rules.paired_players = "yes"' "rules.paired_players: expected off or on"
	refused '.rules.paired_players = "on"' "rules.paired_players: paired_players belongs to variant=five_six with five or six players, not base with 4"
	# Off, the key is not written: every other game's document stays as it was.
	beginner | jq '.rules.paired_players = "off"' | rw >"$BATS_TEST_TMPDIR/c.json"
	beginner | rw >"$BATS_TEST_TMPDIR/d.json"
	assert_file_eq "$BATS_TEST_TMPDIR/d.json" "$BATS_TEST_TMPDIR/c.json"
	run -0 jq '.rules | has("paired_players")' "$BATS_TEST_TMPDIR/c.json"
	assert_eq false "$output"
}

@test "log lines are read into their canonical form; a line that is no move stays as written" {
	beginner | catan-move 'red roll' 'red end' |
		jq '.log[0] |= ascii_upcase | .log[1] = "  Red   END "' >"$BATS_TEST_TMPDIR/g.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/g.json"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red roll 5 1","red end"]' "$output"
	beginner | jq '.log = ["RED BUILD ROAD 14-9", "red fly away"]' >"$BATS_TEST_TMPDIR/h.json"
	run -0 rw -c <"$BATS_TEST_TMPDIR/h.json"
	run -0 jq -c '.log' <<<"$output"
	assert_eq '["red build road 9-14","red fly away"]' "$output"
}
