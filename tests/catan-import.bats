#!/usr/bin/env bats
# catan-import: records of other systems as our records; the mapping of their coordinates on a
# whole board; refusals with the file, the place and the field; the corpora of real games when
# they are present.

load test_helper

IMP=$FIXTURES/import

# jqe FILTER FILE: jq's output for FILE, compact.
jqe() { jq -c "$1" "$2"; }

# refused_edit FIXTURE SED STATUS MESSAGE: FIXTURE edited by SED (into $f) is refused with STATUS
# and "catan-import: $f" followed by MESSAGE, and nothing is written.
refused_edit() {
	sed "$2" "$1" >"$f"
	run -"$3" --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f$4" "$stderr"
	assert_eq "" "$output"
}

# refused_save FIXTURE FILTER STATUS MESSAGE: the save FIXTURE changed by the jq FILTER (into $f)
# is refused with STATUS and "catan-import: $f: MESSAGE", and nothing is written.
refused_save() {
	jq -c "$2" "$1" >"$f"
	run -"$3" --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f: $4" "$stderr"
	assert_eq "" "$output"
}

# imported FILE: catan-import FILE succeeds, silent on stderr; the record is left in r.json.
imported() {
	run -0 --separate-stderr catan-import "$1"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
}

@test "a catanatron export becomes a record that validates" {
	imported "$IMP/catanatron-beginner.json"
	assert_eq '{"variant":"base","points_to_win":10,"discard_limit":7,"trade_build":"combined","outcomes":"external","open_hands":"off","dev_after_roll":"off","reroll_sevens":"off","keep_settlement":"off","friendly_robber":"off","road_tie":"keep","vp_cards":"held","ignore_seven":"off","knight_interrupt":"off"}' "$(jqe .rules "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '["red","blue","white","orange"]' "$(jqe .players "$BATS_TEST_TMPDIR/r.json")"
	assert_eq 'false' "$(jqe 'has("position")' "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '{"knight":14,"road-building":2,"year-of-plenty":2,"monopoly":2,"victory-point":5}' "$(jqe .start.deck "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '"setup-settlement" 10' "$(jq -c '.start.phase, .start.robber' "$BATS_TEST_TMPDIR/r.json" | paste -sd' ')"
	assert_eq 'red roll 3 4,red robber 15 steal orange ore,red end,blue roll 5 6,blue end,white roll 1 2,white end' \
		"$(jq -r '.log[16:] | join(",")' "$BATS_TEST_TMPDIR/r.json")"
	run -0 catan-validate "$BATS_TEST_TMPDIR/r.json"
	assert_eq "$BATS_TEST_TMPDIR/r.json: ok, 23 moves" "$output"
}

@test "-c writes the same document on one line" {
	catan-import "$IMP/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/r.json"
	catan-import -c "$IMP/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/c.json"
	assert_eq 1 "$(wc -l <"$BATS_TEST_TMPDIR/c.json")"
	assert_eq "$(jq -S . "$BATS_TEST_TMPDIR/r.json")" "$(jq -S . "$BATS_TEST_TMPDIR/c.json")"
}

@test "catanatron's coordinates map onto the whole board: every hex, harbour, intersection and path" {
	# The fixture is the beginner board in catanatron's terms, every land node and edge given, each
	# placed by the last hex that has it, with scrambled node ids; the importer checks every edge
	# against its tile and side, and the board and the beginner pieces come out as ours.
	catan-import "$IMP/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/r.json"
	assert_eq "$(catan-newboard --beginner | jq -c .board)" "$(jqe .board "$BATS_TEST_TMPDIR/r.json")"
	assert_eq 'red build settlement 9,red build road 9-14,blue build settlement 42,blue build road 37-42,white build settlement 18,white build road 18-23,orange build settlement 15,orange build road 10-15,orange build settlement 41,orange build road 41-46,white build settlement 32,white build road 26-32,blue build settlement 40,blue build road 40-45,red build settlement 29,red build road 29-35' \
		"$(jq -r '.log[:16] | join(",")' "$BATS_TEST_TMPDIR/r.json")"
	assert_eq 54 "$(jq '.nodes | length' "$IMP/catanatron-beginner.json")"
	assert_eq 72 "$(jq '.edges | length' "$IMP/catanatron-beginner.json")"
	# An edge named by the wrong side of its tile is refused, naming it.
	jq -c '.edges[5].direction = (if .edges[5].direction == "EAST" then "WEST" else "EAST" end)' \
		"$IMP/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr catan-import "$BATS_TEST_TMPDIR/bad.json"
	[[ $stderr == "catan-import: $BATS_TEST_TMPDIR/bad.json: edges[5]: its nodes are not the "*" side of its tile" ]]
	# A harbour moved off our harbour paths is another map: refused by name.
	jq -c '(.tiles[] | select(.tile.type == "PORT" and .tile.id == 0) | .coordinate) |= [.[0] + 1, .[1] - 1, .[2]]' \
		"$IMP/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/map.json"
	run -1 --separate-stderr catan-import "$BATS_TEST_TMPDIR/map.json"
	assert_eq "catan-import: $BATS_TEST_TMPDIR/map.json: tiles[19].tile: a harbour where our board has none (another map than the base game's)" "$stderr"
}

@test "every kind of catanatron action becomes our move; discards and road building gather records" {
	run -0 catan-import "$IMP/catanatron-actions.json"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/r.json"
	assert_eq "red build settlement 1
red build road 1-4
red roll 6 1
blue discard lumber 1 ore 2
red discard wool 1
red robber 1
red robber 5 steal blue brick
red trade grain 3 for lumber
red trade wool 4 for ore
red buy victory-point
red play knight
red play road-building 4-8 8-12
red build road 12-17
red play road-building 17-22
red end
red play year-of-plenty grain ore
red play monopoly wool
red build city 1" "$(jq -r '.log[]' "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '["red","blue"]' "$(jqe .players "$BATS_TEST_TMPDIR/r.json")"
	# Road building with no road after it is no move of ours.
	jq -c '.action_records |= .[:18]' "$IMP/catanatron-actions.json" >"$BATS_TEST_TMPDIR/rb.json"
	run -3 --separate-stderr catan-import "$BATS_TEST_TMPDIR/rb.json"
	assert_eq "catan-import: $BATS_TEST_TMPDIR/rb.json: action_records[17]: road building without a road after it" "$stderr"
}

@test "the format is found from the content, or named with --format" {
	run -0 catan-import <"$IMP/catanatron-beginner.json"
	assert_eq 23 "$(jq '.log | length' <<<"$output")"
	run -0 catan-import --format catanatron <"$IMP/catanatron-beginner.json"
	run -3 --separate-stderr catan-import <<<'{"tiles": []}'
	assert_eq "catan-import: stdin: not a record of a known format: give --format" "$stderr"
	# Nothing, or a game of ours: said so.
	run -3 --separate-stderr catan-import </dev/null
	assert_eq "catan-import: stdin: empty" "$stderr"
	catan-newboard --beginner >"$BATS_TEST_TMPDIR/ours.json"
	run -3 --separate-stderr catan-import "$BATS_TEST_TMPDIR/ours.json"
	assert_eq "catan-import: $BATS_TEST_TMPDIR/ours.json: already a game of ours (catan-state/1): nothing to import; catan-validate and the other commands read it as it is" "$stderr"
	assert_eq "" "$output"
	run -3 --separate-stderr catan-import --format catanatron <<<'{"tiles": []}'
	assert_eq "catan-import: stdin: missing key 'colors'" "$stderr"
	run -2 --separate-stderr catan-import --format pioneers "$IMP/catanatron-beginner.json"
	[[ ${stderr%%$'\n'*} == "catan-import: --format: unknown format 'pioneers' (catanatron, catan, jsettlers, jsettlers-save)" ]]
	run -2 --separate-stderr catan-import a.json b.json
	[[ ${stderr%%$'\n'*} == "catan-import: unexpected argument 'b.json': give one record" ]]
	run -4 --separate-stderr catan-import "$BATS_TEST_TMPDIR/none.json"
	[[ $stderr == "catan-import: $BATS_TEST_TMPDIR/none.json: cannot open"* ]]
}

@test "a catanatron record that cannot be read is refused with the file, the JSON path and the reason" {
	f=$BATS_TEST_TMPDIR/x.json
	refused() {
		jq -c "$1" "$IMP/catanatron-beginner.json" >"$f"
		run -3 --separate-stderr catan-import "$f"
		assert_eq "catan-import: $f: $2" "$stderr"
		assert_eq "" "$output"
	}
	refused '.action_records[17][1] = "GOLD"' "action_records[17][1]: unknown resource 'GOLD'"
	refused '.action_records[16][1] = [7, 1]' "action_records[16][1]: expected the dice [d1, d2], each from 1 to 6"
	refused '.action_records[3][0][1] = "OFFER_TRADE"' "action_records[3][0][1]: unknown action type 'OFFER_TRADE'"
	refused '.action_records[2][0][0] = "GREEN"' "action_records[2][0][0]: unknown colour 'GREEN'"
	refused '.colors = ["RED", "BLUE", "WHITE"]' "action_records[6][0][0]: ORANGE does not play in this game"
	refused '.action_records[0][0][2] = 60' "action_records[0][0][2]: node 60 is not in the record's nodes"
	refused '.action_records[1][0][2] = [0, 1]' "action_records[1][0][2]: nodes 0 and 1 are not one path apart"
	refused '.tiles[3].coordinate = [1, 1, 1]' "tiles[3].coordinate: cube coordinates [1, 1, 1] do not add up to 0"
	refused '.tiles[3].tile.number = 7' "tiles[3].tile.number: there is no 7 token"
	refused '.tiles[3].coordinate = .tiles[4].coordinate' "tiles[4].coordinate: hex 5 given twice"
	refused 'del(.nodes["5"])' "nodes: 53 nodes on land, not the board's 54"
	refused '.colors = ["RED", "RED"]' "colors[1]: colour 'RED' given twice"
	printf '{"action_records": [}\n' >"$f"
	run -3 --separate-stderr catan-import "$f"
	[[ $stderr == "catan-import: $f: not a JSON document: line 1, column "*": "* ]]
}

@test "examples/import.sh imports, validates and scores a catanatron game" {
	run -0 --separate-stderr sh "$ROOT/examples/import.sh"
	assert_eq "imported 23 moves of red, blue, white, orange" "${lines[0]}"
	assert_eq "record.json: ok, 23 moves" "${lines[1]}"
	assert_eq "no winner yet: 10 points win" "${lines[-1]}"
}

@test "a .catan transcription becomes a record with the public information only" {
	imported "$IMP/beginner.catan"
	# The players' names are kept, green's as white's.
	assert_eq '{"red":"ann","blue":"bob","white":"cy","orange":"di"}' "$(jqe .names "$BATS_TEST_TMPDIR/r.json")"
	# The board is the beginner board, green takes the colour of ours nobody plays (white).
	assert_eq "$(catan-newboard --beginner | jq -c .board)" "$(jqe .board "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '["red","blue","white","orange"] "external"' "$(jq -c '.players, .rules.outcomes' "$BATS_TEST_TMPDIR/r.json" | paste -sd' ')"
	assert_eq "red build settlement 9
red build road 9-14
blue build settlement 42
blue build road 37-42
white build settlement 18
white build road 18-23
orange build settlement 15
orange build road 10-15
orange build settlement 41
orange build road 41-46
white build settlement 32
white build road 26-32
blue build settlement 40
blue build road 40-45
red build settlement 29
red build road 29-35
red roll 1 6
red robber 15 steal blue
red end
blue roll 1 1
blue end
white roll 2 6
white trade grain 4 for lumber
white build road 14-19
white end
orange roll 1 5
orange offer red brick 1 for lumber 1
red accept
orange offer red wool 1 for grain 1 ore 1
red accept
orange buy
orange end
red roll 6 6
red play knight
red robber 10
red build city 9
red end
blue roll 1 4
blue play knight
blue robber 1 steal red
blue play monopoly wool
blue play monopoly lumber
blue play year-of-plenty brick lumber" "$(jq -r '.log[]' "$BATS_TEST_TMPDIR/r.json")"
}

@test "a .catan seven that makes hands of more than seven cards discard gets their discards, unnamed" {
	# The set-up of the fixture, three rounds of eights and three sixes, then orange's seven.
	{
		sed -n '1,/^red ends turn after 6s$/p' "$IMP/beginner.catan"
		for r in 1 2 3; do
			for p in red blue green orange; do printf '%s rolls 8\n%s ends turn\n' $p $p; done
		done
		for p in red blue green; do printf '%s rolls 6\n%s ends turn\n' $p $p; done
		printf 'orange rolls 7\norange moves robber to 16, steals from blue\norange ends turn\n'
	} >"$BATS_TEST_TMPDIR/seven.catan"
	run -0 catan-import "$BATS_TEST_TMPDIR/seven.catan"
	assert_eq "orange roll 1 6
red discard
blue discard
white discard
orange robber 15 steal blue
orange end" "$(jq -r '.log[-6:][]' <<<"$output")"
	catan-import "$BATS_TEST_TMPDIR/seven.catan" >"$BATS_TEST_TMPDIR/seven.json"
	run -0 catan-validate "$BATS_TEST_TMPDIR/seven.json"
	assert_eq "$BATS_TEST_TMPDIR/seven.json: ok, 52 moves" "$output"
	# Without the sixes nobody holds more than seven cards.
	sed '/rolls 6$/,+1d' "$BATS_TEST_TMPDIR/seven.catan" >"$BATS_TEST_TMPDIR/six.catan"
	run -0 catan-import "$BATS_TEST_TMPDIR/six.catan"
	assert_eq "" "$(jq -r '.log[] | select(endswith("discard"))' <<<"$output")"
}

@test ".catan coordinates map onto the whole board: every tile, corner and side" {
	# One settlement on every corner and one road on every side of every tile (a record to read,
	# not a game): all 54 intersections and 72 paths are reached, each side joins the corners
	# either side of it, and the reading order holds at the edges of the board.
	f=$BATS_TEST_TMPDIR/all.catan
	sed -n '1,/^\.\.\.CATAN!$/p' "$IMP/beginner.catan" >"$f"
	for t in $(seq 1 19); do
		for k in N NE SE S SW NW; do echo "red buys settlement, builds at ($t $k)"; done
		for k in NE E SE SW W NW; do echo "red buys road, builds at ($t $k)"; done
	done >>"$f"
	catan-import "$f" | jq -r '.log[] | split(" ") | .[3]' >"$BATS_TEST_TMPDIR/places"
	assert_eq 228 "$(wc -l <"$BATS_TEST_TMPDIR/places")"
	assert_eq 54 "$(paste - - - - - - - - - - - - <"$BATS_TEST_TMPDIR/places" | cut -f1-6 | tr '\t' '\n' | sort -u | wc -l)"
	assert_eq 72 "$(paste - - - - - - - - - - - - <"$BATS_TEST_TMPDIR/places" | cut -f7-12 | tr '\t' '\n' | sort -u | wc -l)"
	while read -r n1 n2 n3 n4 n5 n6 s1 s2 s3 s4 s5 s6; do
		c=("$n1" "$n2" "$n3" "$n4" "$n5" "$n6") s=("$s1" "$s2" "$s3" "$s4" "$s5" "$s6")
		for k in 0 1 2 3 4 5; do
			a=${c[k]} b=${c[(k + 1) % 6]}
			[ "$a" -lt "$b" ] && want=$a-$b || want=$b-$a
			assert_eq "$want" "${s[k]}"
		done
	done < <(paste - - - - - - - - - - - - <"$BATS_TEST_TMPDIR/places")
	# Tile 1 is hex 1 (its top is intersection 1, its north-west side path 1-4); tiles 5, 6 and
	# 7 are hexes 17, 18 and 19 (their bottoms are 52, 53, 54); tile 11 is hex 3, tile 12 hex 2.
	assert_eq "1 1-4 52 53 54 3 2" "$(sed -n '1p;12p;133p;121p;52p;64p;76p' "$BATS_TEST_TMPDIR/places" | paste -sd' ')"
}

@test "a .catan transcription that cannot be read is refused with the file, the line and the field" {
	f=$BATS_TEST_TMPDIR/x.catan
	refused() { refused_edit "$IMP/beginner.catan" "$@"; }
	refused 's/^blue rolls 5$/blue flies/' 3 ":55: action: not an action of the format: 'flies'"
	refused 's/^blue rolls 5$/purple rolls 5/' 3 ":55: player: 'purple' does not play in this game"
	refused 's/builds at (3 SE)/builds at (20 SE)/' 3 ":33: place: expected (TILE DIRECTION) with a tile 1 to 19, found '(20 SE)'"
	refused 's/^green trades.*/green trades [4 wheat]/' 3 ":42: trade: expected 'to port KIND for [...]' or 'to player COLOUR for [...]'"
	refused 's/^terrain: ore /terrain: /' 3 ":8: terrain: 18 tiles, not 19"
	refused 's/^numbers: 10 /numbers: 7 /' 3 ":9: numbers: tile 1: ore with number 7"
	refused '/^\.\.\.CATAN!$/d' 3 ":60: header: no '...CATAN!' line: the header does not end"
	refused 's/3:1(1 NW)/3:1(1 NE)/' 1 ":10: ports: harbours where our board has none, however it is turned"
	refused 's/^catanlog v0.10.0$/catalog/' 3 ": not a record of a known format: give --format"
	run -3 --separate-stderr catan-import --format catan "$f"
	assert_eq "catan-import: $f:1: version: expected 'catanlog VERSION'" "$stderr"
	# Found from the content without --format; named with it.
	run -0 catan-import <"$IMP/beginner.catan"
	run -0 catan-import --format catan <"$IMP/beginner.catan"
	run -3 --separate-stderr catan-import --format catan "$IMP/catanatron-beginner.json"
	assert_eq "catan-import: $IMP/catanatron-beginner.json:1: version: expected 'catanlog VERSION'" "$stderr"
}

@test "a JSettlers2 event log of the classic board becomes a record, the robbed card named where the log shows it" {
	imported "$IMP/beginner.soclog"
	assert_eq "$(catan-newboard --beginner | jq -c .board)" "$(jqe .board "$BATS_TEST_TMPDIR/r.json")"
	assert_eq '["red","blue","white","orange"]' "$(jqe .players "$BATS_TEST_TMPDIR/r.json")"
	assert_eq 'red build settlement 9,red build road 9-14,blue build settlement 42,blue build road 37-42,white build settlement 18,white build road 18-23,orange build settlement 15,orange build road 10-15,orange build settlement 41,orange build road 41-46,white build settlement 32,white build road 26-32,blue build settlement 40,blue build road 40-45,red build settlement 29,red build road 29-35,red roll 1 6,red robber 15 steal orange ore,red end,blue roll 5 6' \
		"$(jq -r '.log | join(",")' "$BATS_TEST_TMPDIR/r.json")"
	run -0 catan-validate "$BATS_TEST_TMPDIR/r.json"
	assert_eq "$BATS_TEST_TMPDIR/r.json: ok, 20 moves" "$output"
	# Without the robber's own copy of the robbery, the card is not named.
	grep -v '^0:01.003:p' "$IMP/beginner.soclog" >"$BATS_TEST_TMPDIR/c.soclog"
	imported "$BATS_TEST_TMPDIR/c.soclog"
	assert_eq '"red robber 15"' "$(jq -c '.log[17]' "$BATS_TEST_TMPDIR/r.json")"
	printf '0:01.003:!p[0, 3]:SOCRobberyResult:game=t|perp=0|victim=3|resType=6|amount=1|isGainLose=true\n' >"$BATS_TEST_TMPDIR/line"
	sed "/^0:01.002:/r $BATS_TEST_TMPDIR/line" "$BATS_TEST_TMPDIR/c.soclog" >"$BATS_TEST_TMPDIR/d.soclog"
	imported "$BATS_TEST_TMPDIR/d.soclog"
	assert_eq '"red robber 15"' "$(jq -c '.log[17]' "$BATS_TEST_TMPDIR/r.json")"
}

@test "JSettlers2's classic coordinates map onto the whole board: every intersection and path code" {
	# Every intersection code (a hex 0xRC plus a corner's offset) and path code (the smaller
	# nibbles of its ends) of the classic board, built in turn (a record to read, not a game).
	f=$BATS_TEST_TMPDIR/all.soclog
	sed -n '1,/SOCStartGame/p' "$IMP/beginner.soclog" >"$f"
	echo "0:00.100:all:SOCTurn:game=t|playerNumber=0|gameState=5" >>"$f"
	awk 'BEGIN {
		split("0 1 1 2 2 1 1 0 0 -1 -1 0", o, " ")
		for (r = -2; r <= 2; r++) for (q = -2; q <= 2; q++) {
			if (q + r < -2 || q + r > 2) continue
			R = 7 + 2 * q + 2 * r; C = 7 + 2 * q
			for (k = 0; k < 6; k++) {
				k2 = (k + 1) % 6
				a = R + o[2 * k + 1]; b = C + o[2 * k + 2]; c = R + o[2 * k2 + 1]; d = C + o[2 * k2 + 2]
				printf "%x%x node\n", a, b
				printf "%x%x edge\n", (a < c ? a : c), (b < d ? b : d)
			}
		}
	}' | sort -u >"$BATS_TEST_TMPDIR/codes"
	assert_eq 126 "$(wc -l <"$BATS_TEST_TMPDIR/codes")"
	while read -r code kind; do
		[ "$kind" = node ] && t=1 || t=0
		echo "0:00.200:all:SOCPutPiece:game=t|playerNumber=0|pieceType=$t|coord=$code"
	done <"$BATS_TEST_TMPDIR/codes" >>"$f"
	catan-import "$f" | jq -r '.log[] | split(" ") | .[2] + " " + .[3]' >"$BATS_TEST_TMPDIR/placed"
	assert_eq 54 "$(grep -c '^settlement' "$BATS_TEST_TMPDIR/placed")"
	assert_eq 54 "$(grep '^settlement' "$BATS_TEST_TMPDIR/placed" | sort -u | wc -l)"
	assert_eq 72 "$(grep '^road' "$BATS_TEST_TMPDIR/placed" | sort -u | wc -l)"
	# The top of the north-west hex (0x37) is intersection 1; the bottom of the south-east one
	# (0xb7) is 54; the path of code 0x27 joins the top of 0x37 (0x38) and its north-west (0x27).
	paste -d' ' "$BATS_TEST_TMPDIR/codes" "$BATS_TEST_TMPDIR/placed" >"$BATS_TEST_TMPDIR/pairs"
	assert_eq "38 node settlement 1" "$(grep '^38 node' "$BATS_TEST_TMPDIR/pairs")"
	assert_eq "c7 node settlement 54" "$(grep '^c7 node' "$BATS_TEST_TMPDIR/pairs")"
	assert_eq "27 edge road 1-4" "$(grep '^27 edge' "$BATS_TEST_TMPDIR/pairs")"
}

@test "a JSettlers2 log of a board or a game we do not play is refused by name; one that cannot be read names its line" {
	f=$BATS_TEST_TMPDIR/x.soclog
	refused() { refused_edit "$IMP/beginner.soclog" "$@"; }
	refused 's/PL=4/PL=4,SBL=t/' 1 ":3: game options: the sea board or a scenario: not a board we play"
	refused 's/PL=4/PL=7/' 1 ":3: game options: a game of 7 players: we play 2 to 6"
	refused 's/PL=4/PL=6/' 3 ":8: SOCBoardLayout: the classic board's layout in a game of the board of five and six"
	refused 's/SOCBoardLayout:/SOCBoardLayout2:/' 1 ":8: SOCBoardLayout2: the sea board or a larger one: not a board we play"
	refused 's/^0:01.007:all:SOCDiceResult.*/0:01.007:all:SOCMovePiece:game=t|pn=1|pieceType=3|fromCoord=602|toCoord=503/' 1 ":42: SOCMovePiece: a message of the sea board or a scenario: not a game we play"
	refused 's/coord=97$/coord=11/' 3 ":36: coord: 0x11 is no land hex of the classic board"
	refused 's/param=11$/param=13/' 3 ":42: param: 13 is no roll of two dice"
	refused '/SOCStartGame/,$d' 3 ":8: SOCStartGame: the game never starts: no SOCTurn after the board"
	refused 's/hexLayout={ 9 /hexLayout={ 9 6 /' 3 ":8: hexLayout: more than 37 numbers: not the classic board"
	run -3 --separate-stderr catan-import --format jsettlers "$IMP/beginner.catan"
	assert_eq "catan-import: $IMP/beginner.catan:1: header: expected 'SOC game event log: ...'" "$stderr"
}

@test "a whole JSettlers2 game becomes a record that validates: discards, every development card played, trades" {
	# events.soclog: one of our games (make-events.py) as JSettlers2's server logs it.
	imported "$IMP/events.soclog"
	r=$BATS_TEST_TMPDIR/r.json
	run -0 catan-validate "$r"
	assert_eq "$r: ok, 190 moves" "$output"
	run -0 catan-score "$r"
	assert_eq "winner: orange (di) with 10 points" "${lines[-1]}"
	# The players' nicknames (SOCSitDown) are the record's names.
	assert_eq '{"red":"ann","blue":"bob","white":"cy","orange":"di"}' "$(jq -c .names "$r")"
	# A trade offered by red and one offered to red are red's offers, accepted; the discards come from
	# the players' own copies; each card played is one move, with its roads, picks or resource.
	assert_eq "red offer blue lumber 1 for brick 1
blue accept
red offer blue brick 1 for lumber 1
blue accept
white trade lumber 4 for grain
red play knight
orange trade grain 4 for lumber
blue trade lumber 4 for ore
red discard brick 1 lumber 4
blue play year-of-plenty grain grain
red play knight
red play knight
orange trade wool 3 for ore
blue play monopoly lumber
blue trade lumber 4 for brick
blue trade lumber 4 for grain
white trade ore 4 for lumber
orange play road-building 15-20 20-25
orange trade grain 2 for brick
orange play year-of-plenty grain grain
blue discard brick 2 lumber 1 wool 2
orange play knight
red discard brick 1 lumber 1 grain 1 ore 1
blue play knight" "$(jq -r '.log[]' "$r" | grep -E ' (discard|play|offer|trade) | accept$')"
	# The knight's robber follows it; the bought card is named from the buyer's copy.
	assert_eq "red play knight
red robber 3 steal orange brick" "$(jq -r '.log[]' "$r" | grep -A1 -m1 'play knight')"
	# Road building with one road: the card's path is that road.
	f=$BATS_TEST_TMPDIR/one.soclog
	awk '/PLAY\|cardType=1$/ { rb = 1 } rb && /SOCPutPiece/ && ++n == 2 { next } { print }' "$IMP/events.soclog" >"$f"
	run -0 catan-import "$f"
	assert_eq "orange play road-building 15-20" "$(jq -r '.log[]' <<<"$output" | grep 'play road-building')"
}

@test "a JSettlers2 log's discard nobody else saw is written unnamed; discards, cards played and trades that cannot be read are refused at their line" {
	f=$BATS_TEST_TMPDIR/x.soclog
	refused() { refused_edit "$IMP/events.soclog" "$@"; }
	# Each line: the edit (sed), the status, the message after the file's name.  Road building with no road
	# placed after it; a pick for another reason; monopoly of no resource; a trade neither of whose
	# players is to move; a count that is no number; a card played that cannot be.
	while IFS=$'\t' read -r edit status message; do
		refused "$edit" "$status" "$message"
	done <<'EOF'
/PLAY|cardType=1$/,/SOCGameState/{/SOCPutPiece/d}	3	:175: SOCDevCardAction: road building played, and no road placed after it
s/|reason=2$/|reason=1/	3	:116: reason: 1: resources picked for another reason than a year of plenty (2)
s/^\(all:SOCSimpleAction:game=t|pn=1|actType=3|v1=0|\)v2=5$/\1v2=7/	3	:163: v2: 7 is no resource
s/^all:SOCAcceptOffer:game=t|accepting=1|offering=0/all:SOCAcceptOffer:game=t|accepting=1|offering=2/	3	:37: SOCAcceptOffer: a trade between seats 2 and 1, neither of them the seat whose turn it is
s/^\(all:SOCAcceptOffer:.*|toAccepting=clay=0|ore=0|sheep=0|wheat=0|\)wood=1|unknown=0|toOffering=clay=1/\1wood=x|unknown=0|toOffering=clay=1/	3	:37: toAccepting: wood: a count from 0 to 19
s/PLAY|cardType=9$/PLAY|cardType=4/	3	:78: cardType: 4 is no card that is played
EOF
	# A discard whose cards only the others' copy shows (a client's log of another player) is written
	# unnamed, and the record still validates: red's two discards.
	sed '/^p0:SOCDiscard/d' "$IMP/events.soclog" >"$f"
	run -0 catan-import "$f"
	assert_eq "red discard,red discard" "$(jq -r '[.log[] | select(startswith("red discard"))] | join(",")' <<<"$output")"
	catan-import "$f" >"$BATS_TEST_TMPDIR/x.json"
	run -0 catan-validate "$BATS_TEST_TMPDIR/x.json"
	assert_eq "$BATS_TEST_TMPDIR/x.json: ok, 190 moves" "$output"
	sed 's/^\(!p0:SOCDiscard:game=t|playerNum=\)0/\17/' "$IMP/events.soclog" >"$f"
	run -3 --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f:107: SOCDiscard: seat 7 is not a seat" "$stderr"
	# An acceptance of an older log names no cards: the offer's are taken.
	sed 's/|toAccepting=.*//' "$IMP/events.soclog" >"$f"
	run -0 catan-import "$f"
	assert_eq "red offer blue lumber 1 for brick 1,blue accept,red offer blue brick 1 for lumber 1,blue accept" "$(jq -r '.log[17:21] | join(",")' <<<"$output")"
}

@test "--public writes the record as the public saw it: every card bought, stolen and discarded unnamed; it validates as the whole record does" {
	imported "$IMP/events.soclog"
	r=$BATS_TEST_TMPDIR/r.json p=$BATS_TEST_TMPDIR/p.json
	run -0 --separate-stderr catan-import --public "$IMP/events.soclog"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$p"
	# The same document but the log, whose lines lose the card bought, the card stolen and the cards
	# discarded, and nothing else (28 lines of 190).
	assert_eq "$(jq -S 'del(.log)' "$r")" "$(jq -S 'del(.log)' "$p")"
	assert_eq "$(jq -r '.log[]' "$r" | sed -E 's/ buy [a-z-]+$/ buy/; s/( robber [0-9]+ steal [a-z]+) [a-z]+$/\1/; s/ discard .*/ discard/')" \
		"$(jq -r '.log[]' "$p")"
	assert_eq 28 "$(diff <(jq -r '.log[]' "$r") <(jq -r '.log[]' "$p") | grep -c '^>')"
	assert_eq "blue robber 5 steal red,red buy,red discard" \
		"$(jq -r '[.log[] | select(test("steal|buy|discard"))][0,1,6]' "$p" | paste -sd,)"
	run -0 catan-validate "$p"
	assert_eq "$p: ok, 190 moves" "$output"
	# What no position consistent with it allows is still refused: red never discarded five bricks.
	jq '.log[78] = "red discard brick 5"' "$p" >"$BATS_TEST_TMPDIR/bad.json"
	run -1 catan-validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "$BATS_TEST_TMPDIR/bad.json: move 79 'red discard brick 5': red holds only 1 brick" "$output"
	# A saved game holds the players' hands in its position: refused, nothing written.
	run -2 --separate-stderr catan-import --public "$IMP/jsettlers-midgame.game.json"
	assert_eq "catan-import: --public: a game set up at a position holds its players' hands from the start: only a player's view can hide them" "$stderr"
	assert_eq "" "$output"
}

@test "--as COLOUR writes COLOUR's view at the record's last move; a record that does not name every outcome COLOUR saw is refused at the first that it does not" {
	imported "$IMP/events.soclog"
	r=$BATS_TEST_TMPDIR/r.json v=$BATS_TEST_TMPDIR/v.json
	run -0 --separate-stderr catan-import --as white "$IMP/events.soclog"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$v"
	# The view catan-move writes of the record, which validates.
	assert_eq "$(catan-move --view white <"$r" | jq -S .)" "$(jq -S . "$v")"
	assert_eq '"white"' "$(jqe .view "$v")"
	assert_eq "red buy,white robber 13 steal blue lumber,white buy knight" \
		"$(jq -r '[.log[] | select(test("white robber 13 steal|buy"))][0,1,2]' "$v" | paste -sd,)"
	run -0 catan-validate "$v"
	assert_eq "$v: ok, 190 moves" "$output"
	# A client's log of red: the others' cards bought unnamed, which red's view does not show
	# either: the same view as the whole record's.
	f=$BATS_TEST_TMPDIR/c.soclog
	sed '/^p[123]:SOCDevCardAction/d' "$IMP/events.soclog" >"$f"
	run -0 --separate-stderr catan-import --as red "$f"
	assert_eq "" "$stderr"
	assert_eq "$(catan-move --view red <"$r" | jq -S .)" "$(jq -S . <<<"$output")"
	# Red's own card bought, a discard (before everyone) and a card stolen from red are shown in
	# red's view: a record that does not name one is refused there.
	sed '/^p0:SOCDevCardAction/d' "$IMP/events.soclog" >"$f"
	run -1 --separate-stderr catan-import --as red "$f"
	assert_eq "catan-import: --as: move 42 'red buy' does not name the card bought, which red's view shows" "$stderr"
	assert_eq "" "$output"
	sed '/^p0:SOCDiscard/d' "$IMP/events.soclog" >"$f"
	run -1 --separate-stderr catan-import --as red "$f"
	assert_eq "catan-import: --as: move 79 'red discard' does not name the cards discarded, which red's view shows" "$stderr"
	# A transcription names no card stolen.
	run -1 --separate-stderr catan-import --as red "$IMP/beginner.catan"
	assert_eq "catan-import: --as: move 18 'red robber 15 steal blue' does not name the card stolen, which red's view shows" "$stderr"
	# A saved game: the view of its position.
	run -0 catan-import --as blue "$IMP/jsettlers-midgame.game.json"
	assert_eq '"blue" true false' "$(jq -c '.view, has("position"), has("start")' <<<"$output" | paste -sd' ')"
	# Usage: one observer, a colour that plays.
	run -2 --separate-stderr catan-import --as red --public "$IMP/events.soclog"
	assert_eq "catan-import: --public and --as: give one observer" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-import --as green "$IMP/events.soclog"
	assert_eq "catan-import: --as: 'green' does not play in this game" "$stderr"
	run -2 --separate-stderr catan-import --as pink "$IMP/events.soclog"
	assert_eq "catan-import: --as: unknown colour 'pink'" "${stderr_lines[0]}"
}

@test "a JSettlers2 saved game mid-turn becomes a game set up at its position, which validates and plays on" {
	imported "$IMP/jsettlers-midgame.game.json"
	r=$BATS_TEST_TMPDIR/r.json
	assert_eq "$(catan-newboard --beginner | jq -c .board)" "$(jqe .board "$r")"
	assert_eq '["red","blue","white","orange"] "position" [] "external" true' \
		"$(jq -c '.players, .setup, .log, .rules.outcomes, (.start == .position)' "$r" | paste -sd' ')"
	# Blue has rolled, played a monopoly and bought a year of plenty this turn; the deck is the
	# save's, the last card first; the bank is what the hands leave.
	assert_eq '{"phase":"main","turn":18,"current":"blue","rolled":true,"dev_played":true,"built":false,"robber":5,"bank":{"brick":17,"lumber":19,"wool":18,"grain":17,"ore":16},"deck":["knight","victory-point","knight","knight","victory-point","knight","knight","year-of-plenty","knight","victory-point","knight","road-building","knight","victory-point","knight"],"awards":{"longest_road":"red","largest_army":"red"},"offer":null}' \
		"$(jq -c '.start | del(.players, .rng)' "$r")"
	assert_eq 'red {"brick":0,"lumber":0,"wool":0,"grain":2,"ore":3} {"knight":1,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":1} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":3,"road-building":1,"year-of-plenty":0,"monopoly":0,"victory-point":0} [9] [29] ["9-14","14-19","19-25","25-31","29-35","31-37"]
blue {"brick":2,"lumber":0,"wool":0,"grain":0,"ore":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":1,"monopoly":0,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":1,"victory-point":0} [40,42] [] ["37-42","40-45"]
white {"brick":0,"lumber":0,"wool":0,"grain":0,"ore":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":1,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} [18,32] [] ["18-23","26-32"]
orange {"brick":0,"lumber":0,"wool":1,"grain":0,"ore":0} {"knight":1,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":0,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} [15,41] [] ["10-15","41-46"]' \
		"$(jq -r '.start.players | to_entries[] | [.key, (.value | .hand, .dev, .dev_new, .played, .settlements, .cities, .roads | tojson)] | join(" ")' "$r")"
	run -0 catan-validate "$r"
	assert_eq "$r: ok, 0 moves from a set-up position" "$output"
	# The card bought this turn waits for blue's next turn; the game goes on from the position.
	run -1 --separate-stderr catan-move 'blue play year-of-plenty ore ore' <"$r"
	[[ $stderr == *"'blue play year-of-plenty ore ore'"* ]]
	run -0 catan-move 'blue end' 'white roll 3 5' <"$r"
	assert_eq '"main" "white" 19' "$(jq -c '.position | .phase, .current, .turn' <<<"$output" | paste -sd' ')"
	# Model 2300 numbers the cards and the pieces: the same position.
	jq '.modelVersion = 2300 | (.devCardDeck, .playerSeats[].oldDevCards, .playerSeats[].newDevCards) |=
		map({"KNIGHT": 9, "ROADS": 1, "DISC": 2, "MONO": 3, "CAP": 4, "MARKET": 5, "UNIV": 6, "TEMPLE": 7,
		"CHAPEL": 8}[.]) | .playerSeats[].pieces |= map(.pieceType |= {"ROAD": 0, "SETTLEMENT": 1, "CITY": 2}[.])' \
		"$IMP/jsettlers-midgame.game.json" >"$BATS_TEST_TMPDIR/m2300.json"
	run -0 catan-import "$BATS_TEST_TMPDIR/m2300.json"
	assert_eq "$(cat "$r")" "$output"
	# The game option VP sets the points to win.
	run -0 catan-import < <(jq '.gameOptions = "BC=t4,PL=4,VP=t12"' "$IMP/jsettlers-midgame.game.json")
	assert_eq 12 "$(jq .rules.points_to_win <<<"$output")"
	# Found from the content, or named.
	run -0 catan-import <"$IMP/jsettlers-midgame.game.json"
	run -0 catan-import --format jsettlers-save <"$IMP/jsettlers-midgame.game.json"
	run -3 --separate-stderr catan-import --format jsettlers-save "$IMP/catanatron-beginner.json"
	assert_eq "catan-import: $IMP/catanatron-beginner.json: missing key 'modelVersion'" "$stderr"
}

@test "a finished JSettlers2 game of three becomes a finished game at its position" {
	imported "$IMP/jsettlers-over.game.json"
	r=$BATS_TEST_TMPDIR/r.json
	# Seat 1 is empty: three players in playing order from the first, white; white has won.
	assert_eq '["white","orange","red"] "over" 28 "white" 10' \
		"$(jq -c '.players, .start.phase, .start.turn, .start.current, .start.robber' "$r" | paste -sd' ')"
	# The played cards from playedDevCards (white) or from the counts (red); a city listed after its
	# settlement stands alone.
	assert_eq '{"knight":3,"road-building":0,"year-of-plenty":1,"monopoly":0,"victory-point":0} {"knight":1,"road-building":0,"year-of-plenty":0,"monopoly":0,"victory-point":0} {"knight":1,"road-building":1,"year-of-plenty":0,"monopoly":0,"victory-point":0} [] [18,32]' \
		"$(jq -c '.start.players | (.[] | .played), .white.settlements, .white.cities' "$r" | paste -sd' ')"
	run -0 catan-validate "$r"
	assert_eq "$r: ok, 0 moves from a set-up position" "$output"
	run -0 catan-score "$r"
	assert_eq "winner: white (cy) with 10 points" "${lines[-1]}"
	# The seats' names, the empty seat's none.
	assert_eq '{"white":"cy","orange":"di","red":"ann"}' "$(jq -c .names "$r")"
	run -1 catan-move 'white end' <"$r"
}

@test "a JSettlers2 save of a board or a game we do not play is refused by name; one that cannot be read names its JSON path" {
	f=$BATS_TEST_TMPDIR/x.game.json
	refused() { refused_save "$IMP/jsettlers-midgame.game.json" "$@"; }
	refused '.gameOptions = "BC=t4,PL=4,SBL=t"' 1 "gameOptions: the sea board or a scenario: not a board we play"
	refused '.gameOptions = "PL=7"' 1 "gameOptions: a game of 7 players: we play 2 to 6"
	refused '.gameOptions = "PL=4,PLB=t"' 3 "playerSeats: 4 seats, not the six of the board of five and six"
	refused '.gameState = 100' 3 "gameState: 100 (the special building phase): a position of ours is saved in the roll, main or over phase (15, 20, 1000)"
	refused '.boardInfo.layout2 = .boardInfo.layout1 | del(.boardInfo.layout1)' 1 "boardInfo.layout2: the sea board or a larger one: not a board we play"
	refused '.playerSeats += [.playerSeats[0], .playerSeats[0]]' 1 "playerSeats: 6 seats: we play the classic board's four"
	refused '.boardInfo.layout1.hexLayout[0] = 6 | .boardInfo.layout1.hexLayout[1] = 9' 1 "boardInfo.layout1.hexLayout[1]: a harbour where our board has none"
	refused '.playerSeats[0].pieces[0].pieceType = "SHIP"' 1 "playerSeats[0].pieces[0].pieceType: no piece of the classic board (ROAD, SETTLEMENT or CITY)"
	refused '.modelVersion = 2500' 3 "modelVersion: 2500: this reader knows models 2300 to 2400"
	refused '.gameState = 50' 3 "gameState: 50 (waiting for discards): a position of ours is saved in the roll, main or over phase (15, 20, 1000)"
	refused '.boardInfo.layout1.hexLayout[5] = 9' 3 "boardInfo.layout1.hexLayout[5]: 9 is no land"
	refused '.boardInfo.layout1.numberLayout[5] = 12' 3 "boardInfo.layout1.numberLayout[5]: 12 is no number"
	refused '.boardInfo.layout1.robberHex = 17' 3 "boardInfo.layout1.robberHex: 0x11 is no land hex of the classic board"
	refused '.playerSeats[0].pieces[0].coord = 17' 3 "playerSeats[0].pieces[0].coord: 0x11 is no intersection of the classic board"
	refused '.playerSeats[3].pieces[0].coord = .playerSeats[2].pieces[0].coord' 3 "playerSeats[3].pieces[0].coord: a second building on intersection 0x56"
	refused '.devCardDeck[0] = "GOLD"' 3 "devCardDeck[0]: unknown development card 'GOLD'"
	refused '.playerSeats[1].resources.ore = "x"' 3 "playerSeats[1].resources.ore: expected an integer from 0 to 19, found a string"
	refused '.playerSeats[1].elements.DISCARD_FLAG = 1' 3 "playerSeats[1].elements.DISCARD_FLAG: a discard owed: the save is in the middle of a seven"
	refused '.playerSeats[0].elements.ROADS = 10' 3 "playerSeats[0].elements.ROADS: 10 left, but the pieces on the board leave 9"
	refused '.playerSeats[0].totalVP = 9' 3 "playerSeats[0].totalVP: 9, but the position gives red 8"
	refused '.savedByVersion = 2400' 3 "playerSeats: the save does not say who played 1 road-building, 1 monopoly (JSettlers counts them from version 2.4.10; savedByVersion is older)"
	refused '.devCardDeck += ["KNIGHT"]' 3 "as a position of ours: deck: deck, hands and played cards hold 15 knight, not 14"
	refused '.elements.LONGEST_ROAD_PLAYER = 1' 3 "as a position of ours: awards.longest_road: blue holds the longest road with a road of 1, fewer than 5"
	refused '.gameState = 1000' 3 "gameState: the game is over, but blue, whose turn it is, has 2 points, fewer than the 10 that win"
	refused '.gameOptions = "VP=t25"' 3 "gameOptions: VP=t25: points to win from 3 to 20"
	refused '.playerSeats[1,2,3].isSeatVacant = true' 3 "playerSeats: 1 players, not 2 to 4"
	printf '{"modelVersion": 2400, "playerSeats": [\n' >"$f"
	run -3 --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f: not a JSON document: line 2, column 0: ']' expected near end of file" "$stderr"
}

# The game of six.soclog and six-building.game.json (make-six.py): six greedy players from seed 4.
six_game() {
	catan-newboard --seed 4 --players red,blue,white,orange,green,brown | catan-move "$@" --policy greedy
}

# rolls_as_totals FILE: the log of FILE, a roll written by its total (JSettlers2 logs the total alone).
rolls_as_totals() {
	jq -r '.log[] | if test(" roll ") then (split(" ") | "\(.[0]) roll \((.[2] | tonumber) + (.[3] | tonumber))") else . end' "$1"
}

@test "a JSettlers2 log of six players on the board of five and six imports move for move, the building phase's steps too" {
	imported "$IMP/six.soclog"
	r=$BATS_TEST_TMPDIR/r.json
	six_game --until-end >"$BATS_TEST_TMPDIR/ours.json"
	# JSettlers2 visits only the players who build in the phase; every other step is a pass of ours.
	assert_file_eq <(rolls_as_totals "$BATS_TEST_TMPDIR/ours.json") <(rolls_as_totals "$r")
	run -0 jq -c '[.rules.variant, .players, .names.brown, .board == $ours[0].board, .start.robber]' \
		--slurpfile ours "$BATS_TEST_TMPDIR/ours.json" "$r"
	assert_eq '["five_six",["red","blue","white","orange","green","brown"],"fay",true,3]' "$output"
	run -0 catan-validate "$r"
	assert_eq "$r: ok, 871 moves" "$output"
	run -0 catan-score "$r"
	assert_eq "winner: orange (di) with 10 points" "${lines[-1]}"
	assert_eq 18 "$(grep -c 'gameState=100$' "$IMP/six.soclog")"
	# As the public saw it (every card bought, stolen and discarded unnamed) it validates too.
	catan-import --public "$IMP/six.soclog" >"$BATS_TEST_TMPDIR/p.json"
	run -0 catan-validate "$BATS_TEST_TMPDIR/p.json"
	assert_eq "$BATS_TEST_TMPDIR/p.json: ok, 871 moves" "$output"
}

@test "a JSettlers2 log's building phase that names the seat whose turn ended, or the classic board, is refused at its line" {
	f=$BATS_TEST_TMPDIR/x.soclog
	refused() { refused_edit "$IMP/six.soclog" "$@"; }
	# The first step of the building phase after red's first turn is orange's (a card bought).
	line=$(grep -n 'gameState=100$' "$IMP/six.soclog" | head -1 | cut -d: -f1)
	assert_eq "all:SOCTurn:game=t|playerNumber=3|gameState=100" "$(sed -n "${line}p" "$IMP/six.soclog")"
	refused "${line}s/playerNumber=3/playerNumber=0/" 3 ":$line: playerNumber: seat 0 does not build in the building phase after seat 0's turn"
	refused "${line}s/playerNumber=3/playerNumber=7/" 3 ":$line: playerNumber: 7 is no seat of a six-player game"
	refused 's/|bef=2|/|bef=3|/' 1 ":10: SOCBoardLayout2: the sea board or a larger one: not a board we play"
	refused 's/|NL={ 10 11 /|NL={ 7 11 /' 3 ":10: NL: place 0: 7 is no number"
	refused 's/|HL={ 1 2 0 6 /|HL={ 1 2 0 1 /' 3 ":10: HL: place 3: 1 off the board, where only sea (6) lies"
	refused 's/|RH=91|/|RH=0|/' 3 ":10: RH: 0x0 is no land hex of the board of five and six"
}

@test "JSettlers2's codes of the board of five and six are our hexes and harbour places" {
	# Its land hexes, in the order of its list (from 0x11, each diagonal north-east), are our thirty.
	f=$BATS_TEST_TMPDIR/x.game.json
	got=
	for code in 0x11 0x13 0x15 0x17 0x31 0x33 0x35 0x37 0x39 0x51 0x53 0x55 0x57 0x59 0x5b \
		0x71 0x73 0x75 0x77 0x79 0x7b 0x93 0x95 0x97 0x99 0x9b 0xb5 0xb7 0xb9 0xbb; do
		jq ".boardInfo.layout2.layoutParts.RH = $((code))" "$IMP/six-building.game.json" >"$f"
		got="$got $(catan-import "$f" | jq .position.robber)"
	done
	assert_eq " 13 8 4 1 19 14 9 5 2 24 20 15 10 6 3 28 25 21 16 11 7 29 26 22 17 12 30 27 23 18" "$got"
	# Its eleven harbours' paths, clockwise from the north-west of 0x17, are our harbour places in order.
	f=$BATS_TEST_TMPDIR/x.soclog
	{
		sed '/SOCStartGame/q' "$IMP/six.soclog"
		echo "all:SOCTurn:game=t|playerNumber=0|gameState=5"
		for code in 07 3a 7c ac ca c7 a3 70 30 00 03; do
			echo "all:SOCPutPiece:game=t|playerNumber=0|pieceType=0|coord=$code"
		done
	} >"$f"
	run -0 jq -r '[.log[] | split(" ")[3]] | join(" ")' <(catan-import "$f")
	want=$(catan-newboard --geometry --rules variant=five_six |
		jq -r '[.coast[] | select(.harbour != null) | .path] | join(" ")')
	assert_eq "$want" "$output"
}

@test "a JSettlers2 save of six players in the Special Building Phase becomes the position of our game there" {
	imported "$IMP/six-building.game.json"
	r=$BATS_TEST_TMPDIR/r.json
	six_game --auto 634 >"$BATS_TEST_TMPDIR/ours.json"
	# Our game's position, but for the flag of a piece built this turn, which a save does not keep.
	assert_eq "$(jq -S -c '.position | del(.draws, .rng, .built)' "$BATS_TEST_TMPDIR/ours.json")" \
		"$(jq -S -c '.position | del(.rng, .built)' "$r")"
	run -0 jq -c '[.setup, .rules.variant, .rules.outcomes, .position.phase, .position.current, .position.building_after,
		.position.turn, .position.players.orange.dev_new, .names.white]' "$r"
	assert_eq '["position","five_six","external","building","orange","white",69,{"knight":1,"road-building":1,"year-of-plenty":0,"monopoly":0,"victory-point":0},"cy"]' "$output"
	run -0 catan-validate "$r"
	assert_eq "$r: ok, 0 moves from a set-up position" "$output"
	# Orange's cards bought in the phase wait for its turn; the phase goes on to green.
	run -1 --separate-stderr catan-move 'orange play road-building 72-73' <"$r"
	run -0 bash -c "catan-move 'orange end' <'$r' | jq -c '[.position.phase, .position.current]'"
	assert_eq '["building","green"]' "$output"
}

@test "the position of a six-player save in the building phase is one catan-newboard --position sets up" {
	imported "$IMP/six-building.game.json"
	r=$BATS_TEST_TMPDIR/r.json
	# What the short document names: the pieces, hands, cards held (those bought in the phase too) and
	# knights, whose turn, the phase and whose turn it follows, the turn, the robber, the awards.
	jq '.position | {players: (.players | map_values({settlements, cities, roads, hand, knights: .played.knight,
		dev: (.dev_new as $n | .dev | with_entries(.value += $n[.key]))})), current, phase, building_after, turn,
		robber, awards}' "$r" >"$BATS_TEST_TMPDIR/doc.json"
	catan-newboard --position "$BATS_TEST_TMPDIR/doc.json" --seed 1 >"$BATS_TEST_TMPDIR/set.json"
	same='.position | [(.players | map_values({settlements, cities, roads, hand, knights: .played.knight})), .bank,
		.phase, .current, .building_after, .turn, .robber, .awards]'
	assert_eq "$(jq -c "$same" "$r")" "$(jq -c "$same" "$BATS_TEST_TMPDIR/set.json")"
	run -0 catan-validate "$BATS_TEST_TMPDIR/set.json"
	assert_eq "$BATS_TEST_TMPDIR/set.json: ok, 0 moves from a set-up position" "$output"
}

@test "a JSettlers2 save of the board of five and six that cannot be read is refused with its JSON path" {
	f=$BATS_TEST_TMPDIR/x.game.json
	refused() { refused_save "$IMP/six-building.game.json" "$@"; }
	refused '.boardInfo.layout2.boardEncodingFormat = 3' 1 "boardInfo.layout2.boardEncodingFormat: 3: the sea board or a larger one, not the board of five and six (2)"
	refused '.boardInfo.layout2.layoutParts.NL[0] = 7' 3 "boardInfo.layout2.layoutParts.NL[0]: 7 is no number"
	refused '.boardInfo.layout2.layoutParts.PL[2] = 6' 3 "boardInfo.layout2.layoutParts.PL[2]: 6 is no harbour"
	refused '.boardInfo.layout2.layoutParts.PL |= .[1:]' 3 "boardInfo.layout2.layoutParts.PL: 10 harbours, not 11"
	refused '.playerSeats |= .[1:]' 3 "playerSeats: 5 seats, not the six of the board of five and six"
	refused '.elements.SPECIAL_BUILDING_AFTER_PLAYER = 3' 3 "elements.SPECIAL_BUILDING_AFTER_PLAYER: the current player's own turn: another player builds in the phase"
	refused 'del(.elements.SPECIAL_BUILDING_AFTER_PLAYER)' 3 "elements: missing key 'SPECIAL_BUILDING_AFTER_PLAYER'"
	refused '.playerSeats[1].resources.ore = 25' 3 "playerSeats[1].resources.ore: expected an integer from 0 to 24, found 25"
	refused '.gameState = 50' 3 "gameState: 50 (waiting for discards): a position of ours is saved in the roll, main or over phase (15, 20, 1000), or the special building phase (100)"
	# Two seated: fewer than the extension's three.
	refused '.playerSeats |= map(.isSeatVacant = true) | .playerSeats[0].isSeatVacant = false | .playerSeats[3].isSeatVacant = false' 3 "playerSeats: 2 players, not 3 to 6"
}

@test "a nickname that cannot be a name of ours is left out, a long one cut at a character, never a refusal" {
	f=$BATS_TEST_TMPDIR/n.soclog
	long=$(printf 'é%.0s' $(seq 20))
	sed -e "s/nickname=ann|/nickname=$long|/" -e "s/nickname=bob|/nickname=b\x01b|/" \
		-e "s/nickname=cy|/nickname=  |/" "$IMP/beginner.soclog" >"$f"
	run -0 catan-import "$f"
	# 16 characters of two bytes each: 32 bytes.
	assert_eq "{\"red\":\"$(printf 'é%.0s' $(seq 16))\",\"orange\":\"di\"}" "$(jq -c .names <<<"$output")"
}

@test "a Pioneers game file is named as such and refused: a map and rules, not a record" {
	f=$BATS_TEST_TMPDIR/x.game
	printf 'title Default\nrandom-terrain\nnum-players 4\nchits 11,12,9\nmap\n-,s,t0,s\n.\n' >"$f"
	run -3 --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f: a Pioneers game file: a map and rules for its server, not a record of a game played: nothing to import" "$stderr"
	assert_eq "" "$output"
	# Without its map line, a file of no known format.
	sed -i '/^map$/d' "$f"
	run -3 --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f: not a record of a known format: give --format" "$stderr"
	local corpora=$ROOT/../shared/corpora/pioneers-maps
	[ -d "$corpora" ] || skip "no ../shared/corpora/pioneers-maps"
	for g in "$corpora"/*.game; do
		run -3 --separate-stderr catan-import "$g"
		assert_eq "catan-import: $g: a Pioneers game file: a map and rules for its server, not a record of a game played: nothing to import" "$stderr"
	done
}

@test "a NUL byte is named at its line and column; a record of too many values is refused before it is read; memory running out is status 4" {
	f=$BATS_TEST_TMPDIR/g.json
	# A NUL between two values: jansson stops there as at the end of the text.
	printf '{"colors": ["RED",\n  "BLUE",\0 "WHITE"]}' >"$f"
	run -3 --separate-stderr catan-import --format catanatron "$f"
	assert_eq "catan-import: $f: not a JSON document: line 2, column 10: a NUL byte" "$stderr"
	# Inside a string, the same.
	printf '{"colors": ["RE\0D"]}' >"$f"
	run -3 --separate-stderr catan-import --format catanatron "$f"
	assert_eq "catan-import: $f: not a JSON document: line 1, column 16: a NUL byte" "$stderr"
	# More than 1,048,576 values and keys, in a record of 2 MB: refused at the member.
	jq -c '.current_playable_actions = [range(350000) | ["RED", "END_TURN", null]]' \
		"$IMP/catanatron-beginner.json" >"$f"
	run -3 --separate-stderr catan-import "$f"
	assert_eq "catan-import: $f: current_playable_actions: more than 1048576 values and keys, more than a record holds" "$stderr"
	assert_eq "" "$output"
	case $CATAN_BIN in *build-san*) skip "the sanitizer build reserves more address space than the limit" ;; esac
	# An object of 100,000 members (the importer passes over a key it does not know): read in
	# 100 MB; in 12 MB, memory runs out, which is status 4 and said so (jansson, which read such an
	# object, ran out of it too and said 'invalid token' or 'line -1, column -1', status 3).
	jq -c '.current_playable_actions = [range(60000) | ["RED", "END_TURN", null]] |
		.extra = ([range(100000) | {key: "k\(.)", value: 0}] | from_entries)' \
		"$IMP/catanatron-beginner.json" >"$f"
	run -0 bash -c "ulimit -v 100000; catan-import '$f' | jq -c '.log | length'"
	assert_eq 23 "$output"
	run -4 --separate-stderr bash -c "ulimit -v 12000; catan-import '$f'"
	assert_eq "catan-import: out of memory" "$stderr"
}

@test "every game of the corpora imports, and validates or is refused at a move a source's defect explains" {
	corpora=$ROOT/../shared/corpora
	if [ ! -d "$corpora" ]; then
		skip "no corpora at ../shared/corpora beside the repository: nothing to import"
	fi
	cd "$BATS_TEST_TMPDIR"
	for f in $(cd "$corpora" && ls catanatron-json/*/*.json); do
		mkdir -p "$(dirname "$f")"
		run -0 --separate-stderr catan-import "$corpora/$f"
		printf '%s\n' "$output" >"$f"
		# The winner of the source is ours too, where the game validates.
		want=$(jq -r '.winning_color | ascii_downcase' "$corpora/$f")
		got=$(catan-score --json "$f" 2>/dev/null | jq -r '.winner // "none"') || true
		grep -qF "$f: ok" "$FIXTURES/import/corpus-expected.txt" || continue
		assert_eq "$want" "$got"
	done
	run -1 catan-validate -j 1 $(ls catanatron-json/*/*.json)
	assert_file_eq "$FIXTURES/import/corpus-expected.txt" <(printf '%s\n' "$output")
	# The human games: what imports, what is refused and why, and where the replay stops
	# (steals and cards bought are unnamed: catan-validate proves such records as far as the
	# public information goes).
	mkdir catanlogs-human
	for f in $(cd "$corpora" && ls catanlogs-human/*.catan); do
		st=0
		catan-import "$corpora/$f" >"$f.json" 2>err || st=$?
		echo "$f: import $st$(sed "s|^catan-import: $corpora/| |" err)"
		[ -s "$f.json" ] || rm "$f.json"
	done >results
	catan-validate -j 1 catanlogs-human/*.json >>results || true
	assert_file_eq "$FIXTURES/import/corpus-catan-expected.txt" results
	# JSettlers2: the classic logs validate (partial games); the sea board is refused by name.
	mkdir jsettlers2
	for f in $(cd "$corpora" && ls jsettlers2/gameevent/*.soclog); do
		st=0
		catan-import "$corpora/$f" >"jsettlers2/${f##*/}.json" 2>err || st=$?
		echo "$f: import $st$(sed "s|^catan-import: $corpora/| |" err)"
		[ -s "jsettlers2/${f##*/}.json" ] || rm "jsettlers2/${f##*/}.json"
	done >results
	catan-validate -j 1 jsettlers2/*.json >>results
	assert_file_eq "$FIXTURES/import/corpus-jsettlers-expected.txt" results
	# JSettlers2's saved games: the classic ones that our invariants hold become positions that
	# validate; the others are refused by name (a board we do not play) or with the reason.
	mkdir saves
	for f in $(cd "$corpora" && ls jsettlers2/savegame/*.game.json); do
		st=0
		catan-import "$corpora/$f" >"saves/${f##*/}" 2>err || st=$?
		echo "$f: import $st$(sed "s|^catan-import: $corpora/| |" err)"
		[ -s "saves/${f##*/}" ] || rm "saves/${f##*/}"
	done >results
	if ls saves/*.json >/dev/null 2>&1; then
		catan-validate -j 1 saves/*.json >>results
	fi
	assert_file_eq "$FIXTURES/import/corpus-jsettlers-save-expected.txt" results
	# The six-player save stopped in the Special Building Phase: our phase building, after orange's turn.
	run -0 jq -c '[.rules.variant, .players, .names.blue, .position.phase, .position.building_after,
		.position.current, .position.turn, .position.robber]' saves/test6p-sbp.game.json
	assert_eq '["five_six",["brown","blue","white","orange","green"],"p","building","orange","blue",14,4]' "$output"
	# The finished classic game, with the two progress cards its save does not attribute given to
	# two seats: the rest of it maps to a position that validates, with the save's winner.
	jq '.savedByVersion = 2410 | .playerSeats[1].elements.NUM_PLAYED_DEV_CARD_ROADS = 1 |
		.playerSeats[2].elements.NUM_PLAYED_DEV_CARD_DISC = 1' \
		"$corpora/jsettlers2/savegame/classic-over.game.json" >over.json
	run -0 catan-import over.json
	printf '%s\n' "$output" >over-pos.json
	run -0 catan-validate over-pos.json
	assert_eq "over-pos.json: ok, 0 moves from a set-up position" "$output"
	run -0 catan-score over-pos.json
	assert_eq "winner: white (robot 2) with 10 points" "${lines[-1]}"
}
