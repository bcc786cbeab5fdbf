#!/usr/bin/env bats
# dicegame-sheet: the Extra (island 3), two to four players on one shared map.

load test_helper
load dicegame_helper

DG=$FIXTURES/dicegame

setup() {
	S=$BATS_TEST_TMPDIR/s.json
}

# sheet FILE PLAYER DICE CASTLES SPEC...: an Extra sheet on the built-in map with physical dice,
# turn 9 or later (six dice), PLAYER to play with DICE rolled once; each SPEC is NAME:START:BUILT
# (BUILT comma-separated).  A position need not be reachable: it sets up the rule under test.
sheet() {
	local f=$1 who=$2 dice=$3 castles=$4
	shift 4
	printf '%s\n' "$@" |
		jq -R 'split(":") | {name: .[0], start: .[1], built: (.[2] // "" | split(",") | map(select(. != ""))), jokers: []}' |
		jq -s --arg who "$who" --arg dice "$dice" --argjson castles "$castles" '{format: "dicegame-sheet/1",
		map: "extra", castles: $castles, outcomes: "external", players: .,
		awards: {longest_road: {holder: null, lost: []}, largest_army: {holder: null, lost: []}},
		turn: {number: (9 + ([.[].name] | index($who))), player: $who, dice_count: 6, rolls: 1, locked: false,
		dice: ($dice | split(" ")), used: [], built: []}, log: []}' >"$f"
}

# holds FILE AWARD NAME: sets the award's holder in the sheet.
holds() {
	jq --arg a "$2" --arg n "$3" '.awards[$a].holder = $n' "$1" >"$1.new" && mv "$1.new" "$1"
}

# builds FILE: the sites list offers to build, on one line.
builds() {
	dicegame-sheet list "$1" | sed -n 's/^build //p' | paste -sd ' '
}

# ---- the map ----

@test "the built-in shared map is labelled as our own design, and a map file of it plays the same" {
	run -0 dicegame-sheet map --island 3
	assert_eq '"Extra: our own shared map, not the printed one"' "$(jq '.title' <<<"$output")"
	assert_eq '25 64' "$(jq -r '"\(.nodes | length) \(.sites | length)"' <<<"$output")"
	assert_eq '{"castle":4,"city":8,"desert":1,"knight":7,"road":24,"settlement":20}' \
		"$(jq -c '[.sites[].kind] | group_by(.) | map({(.[0]): length}) | add' <<<"$output")"
	assert_eq '["NR1","NR2","ER1","ER2","SR1","SR2","WR1","WR2"]' \
		"$(jq -c '[.sites[] | select(.coast) | .id]' <<<"$output")"
	echo "$output" >"$BATS_TEST_TMPDIR/extra.map.json"
	run -0 dicegame-sheet map --map "$BATS_TEST_TMPDIR/extra.map.json"
	assert_eq "$(dicegame-sheet map --island 3)" "$output"
	dicegame-sheet new --map "$BATS_TEST_TMPDIR/extra.map.json" --players ann,bob --seed 5 | dicegame-sheet auto --all >"$S"
	dicegame-sheet new --island 3 --players ann,bob --seed 5 | dicegame-sheet auto --all >"$BATS_TEST_TMPDIR/b.json"
	assert_eq "$(jq -c .log "$BATS_TEST_TMPDIR/b.json")" "$(jq -c .log "$S")"
	# The map file keeps the title; the note under the picture belongs to the built-in map.
	run -0 dicegame-sheet render "$S"
	assert_eq "Extra: our own shared map, not the printed one" "${lines[0]}"
	assert_eq "game over, won by ann with 10 victory points" "${lines[1]}"
	assert_eq ":used joker used" "${lines[-1]}"
	run -0 dicegame-sheet render "$BATS_TEST_TMPDIR/b.json"
	assert_eq "Extra: our own shared map, not the printed one" "${lines[0]}"
	assert_eq ":used joker used; the map is our own design, not the printed one" "${lines[-1]}"
}

# bad_map FILTER MESSAGE: the ring map changed by the jq FILTER is refused (status 3) with MESSAGE.
bad_map() {
	local m=$BATS_TEST_TMPDIR/m.json
	jq "$1" "$DG/ring.map.json" >"$m"
	run -3 --separate-stderr dicegame-sheet map --map "$m"
	assert_eq "dicegame-sheet: $m: $2" "$stderr"
}

@test "an Extra map file is read strictly, with the JSON path" {
	run -0 dicegame-sheet map --map "$DG/ring.map.json"
	bad_map '.sites[0].ends = ["a0", "zz"]' "sites[0].ends[1]: there is no crossing 'zz' in nodes"
	bad_map '.sites[0].ends = ["a0"]' "sites[0].ends: expected the two crossings the road joins"
	bad_map '.sites[13].at = "a3"' "sites[13].at: crossing 'a3' has a settlement already (S3)"
	bad_map '.sites[14].after = "R0"' "sites[14].after: 'R0' is not a settlement listed before this city"
	bad_map '.sites |= map(if .kind == "road" then .coast = false else . end)' "sites: no coastal road to start from"
	bad_map '.sites[0].kind = "start"' "sites[0].kind: the Extra has no start road: each player chooses a coastal road"
	bad_map '.island = 2' "nodes: crossings belong to island 3 (the Extra)"
}

@test "new: the Extra takes two to four players, castles only with it" {
	run -2 --separate-stderr dicegame-sheet new --island 3 --players ann
	assert_eq "dicegame-sheet: the Extra is for 2 to 4 players, not 1" "$stderr"
	run -2 --separate-stderr dicegame-sheet new --island 2 --castles
	assert_eq "dicegame-sheet: --castles is an option of the Extra (--island 3)" "$stderr"
	run -0 dicegame-sheet new --island 3 --seed 1
	assert_eq '["one","two"] false {"start_road":"one"}' "$(jq -c '[.players[].name], .castles, .turn' <<<"$output" | paste -sd ' ')"
	run -0 dicegame-sheet new --island 3 --castles --players a,b,c,d --seed 1
	assert_eq 'true' "$(jq -c .castles <<<"$output")"
}

# ---- start roads ----

@test "start roads: coastal, chosen in seat order, five roads apart at least" {
	dicegame-sheet new --map "$DG/ring.map.json" --players ann,bob,cy --external >"$S"
	run -0 dicegame-sheet render "$S"
	assert_eq "A ring of twelve coastal roads: ann chooses a start road on the coast" "${lines[0]}"
	assert_eq "ann (start road not chosen)" "${lines[1]}"
	assert_eq ":used joker used" "${lines[-1]}"
	run -0 dicegame-sheet list "$S"
	assert_eq "$(printf 'start R%d\n' 0 1 2 3 4 5 6 7 8 9 10 11)" "$output"
	refuse "$S" "ann chooses a start road first: start ROAD" roll brick
	refuse "$S" "S3 is a settlement: a start road is a coastal road" start S3
	play "$S" start R0
	assert_eq '{"start_road":"bob"}' "$(jq -c .turn "$S")"
	refuse "$S" "road R0 is ann's start road" start R0
	refuse "$S" "road R5 has 4 roads between it and ann's start road R0; at least 5 must lie between" start R5
	refuse "$S" "road R1 has 0 roads between it and ann's start road R0; at least 5 must lie between" start R1
	run -0 dicegame-sheet list "$S"
	assert_eq "start R6" "$output"
	play "$S" start R6
	refuse "$S" "road R7 has 4 roads between it and ann's start road R0; at least 5 must lie between" start R7
	# No room is left for a third start on a ring of twelve.
	run -0 --separate-stderr dicegame-sheet list "$S"
	assert_eq "" "$output"
	refuse "$S" "road R3 has 2 roads between it and ann's start road R0; at least 5 must lie between" start R3
	dicegame-sheet new --map "$DG/ring.map.json" --players ann,bob --external >"$S"
	play "$S" "start R0; start R6"
	refuse "$S" "the start roads are chosen already" start R7
	assert_eq '{"number":1,"player":"ann","dice_count":3,"rolls":0,"locked":false,"dice":[],"used":[],"built":[]}' \
		"$(jq -c .turn "$S")"
	run -0 dicegame-sheet new --island 3 --players ann,bob --external
	echo "$output" >"$S"
	refuse "$S" "road NR3 is not on the coast" start NR3
	run -0 dicegame-sheet new --island 2 --players ann --external
	echo "$output" >"$S"
	refuse "$S" "start roads are chosen only in the Extra" start R0
}

# ---- the dice ----

@test "the first turn rolls 3 dice, each later one a die more up to 6; three rolls a turn" {
	dicegame-sheet new --island 3 --players ann,bob,cy,dee --external >"$S"
	play "$S" "start NR1; start ER1; start SR1; start WR1"
	refuse "$S" "3 dice rolled, 4 faces given" roll ore ore ore ore
	play "$S" "roll ore ore ore; reroll 1 to wool; keep 1 to grain grain"
	refuse "$S" "a turn has three rolls at most" reroll 1 to ore
	play "$S" end
	for n in 4 5 6 6; do
		assert_eq "$n" "$(jq .turn.dice_count "$S")"
		play "$S" "roll $(printf 'ore %.0s' $(seq "$n"))" end
	done
}

# ---- building ----

@test "list is exact on a chosen position: the sites one's roads lead to and the dice pay for" {
	sheet "$S" ann "brick lumber grain wool ore ore" false ann:NR2:NR3 bob:ER2:
	run -0 dicegame-sheet list "$S"
	assert_eq "$(printf '%s\n' 'reroll DIE... to FACE... (63 choices; list --all shows each)' 'build NR1' 'build NS2' 'build NSP' 'build NK' end)" "$output"
	sheet "$S" bob "brick lumber grain wool ore ore" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ,NR6 bob:ER2:ES2,ER3,ESP,ER4,ESB,ER5
	run -0 dicegame-sheet list "$S"
	assert_eq "$(printf '%s\n' 'reroll DIE... to FACE... (63 choices; list --all shows each)' 'build ER1' 'build ESQ' 'build EK' end)" "$output"
}

@test "roads and settlements only where one's own road leads" {
	sheet "$S" ann "brick lumber grain wool brick lumber" false ann:NR2: bob:ER2:ER3
	refuse "$S" "road NR4: no road of ann's leads to it" build NR4
	refuse "$S" "settlement NS0: no road of ann's leads to it" build NS0
	refuse "$S" "road ER3 is bob's" build ER3
	refuse "$S" "road NR2 is already built" build NR2
	play "$S" build NR1 NS0
	assert_eq '["NR1","NS0"]' "$(jq -c '.players[0].built' "$S")"
}

@test "no road past an unbuilt settlement site: the settlement comes first" {
	sheet "$S" ann "brick lumber brick lumber grain wool" false ann:NR2:NS2,NR3,NSP,NR4 bob:ER2:
	refuse "$S" "road NR5 lies past settlement NSB: build the settlement first" build NR5
	play "$S" build NSB
	assert_eq "NR1 NR5" "$(builds "$S")"
	# A settlement that can become a city lets roads go on before it is one.
	play "$S" build NR5
	assert_eq '["NR3","NR4","NR5","NS2","NSP","NSB"]' "$(jq -c '.players[0].built' "$S")"
}

@test "never past another player's settlement or city" {
	# Positions set up for the rule: the other player's settlement stands at the far end of a road of one's own.
	sheet "$S" ann "brick lumber brick lumber grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ,NR6,ER6 bob:ER2:ESQ
	refuse "$S" "settlement ESQ is bob's" build ESQ
	refuse "$S" "road ER5 lies past bob's settlement ESQ" build ER5
	sheet "$S" bob "brick lumber brick lumber grain wool" false ann:NR2:NSQ,NCQ bob:ER2:ES2,ER3,ESP,ER4,ESB,ER5,ESQ,ER6,NR6
	refuse "$S" "road NR5 lies past ann's settlement NSQ" build NR5
	refuse "$S" "city NCQ is ann's" build NCQ
	# Up to another's settlement is allowed: the road ends there.
	sheet "$S" bob "brick lumber brick lumber grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ bob:ER2:ES2,ER3,ESP,ER4,ESB,ER5,ESQ,ER6
	play "$S" build NR6
}

@test "a city grows from one's own settlement" {
	sheet "$S" ann "ore ore ore grain grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB bob:ER2:ES2,ER3,ESP,ER4,ESB
	refuse "$S" "city NCQ needs settlement NSQ first" build NCQ
	refuse "$S" "city ECB grows from bob's settlement ESB" build ECB
	play "$S" build NCB
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 4 (castles 0) (settlements 3, cities 1, longest road no, largest army no; road 3, knights 0)" "${lines[0]}"
}

@test "a knight needs one's road along its hex or one's building on a corner" {
	sheet "$S" ann "ore grain wool ore grain wool" false ann:NR1: bob:ER2:
	refuse "$S" "knight EK: no road, settlement or city of ann's touches its hex" build EK
	refuse "$S" "knight DK1: no road, settlement or city of ann's touches its hex" build DK1
	sheet "$S" ann "ore grain wool ore grain wool" false ann:NR2: bob:ER2:EK
	refuse "$S" "knight EK is bob's" build EK
	play "$S" build NK
	# The desert is the hex of the four tips: a road to a tip runs along none of its sides.
	sheet "$S" ann "ore grain wool ore grain wool" false ann:NR1:NR2,NS2,NR3,NSP,NR4,NSB,NR5 bob:ER2:
	refuse "$S" "knight MK: no road, settlement or city of ann's touches its hex" build MK
	sheet "$S" ann "ore grain wool ore grain wool" false ann:NR1:NR2,NS2,NR3,NSP,NR4,NSB,NR5,NSQ bob:ER2:
	play "$S" build MK DK1
}

@test "a knight's joker serves from the next turn on" {
	sheet "$S" ann "ore grain wool brick brick grain" false ann:NR2: bob:ER2:
	play "$S" build NK
	refuse "$S" "joker NK: a knight built this turn serves as a joker from the next turn on" joker NK on die 4
	play "$S" end
	play "$S" "roll wool wool wool wool wool wool" end
	play "$S" "roll brick grain grain grain grain grain" "joker NK on die 2" end
	assert_eq '["NK"]' "$(jq -c '.players[0].jokers' "$S")"
	sheet "$S" ann "ore grain wool brick brick grain" false ann:NR1:NR2,NS2,NR3,NSP,NR4,NSB,NR5,NSQ,DK1 bob:ER2:
	play "$S" build DK2
	refuse "$S" "joker D: a knight built this turn serves as a joker from the next turn on" joker D on die 4 ore
}

# ---- points ----

@test "Longest Road: five roads in a line at least; branches do not count" {
	sheet "$S" ann "brick lumber brick lumber grain wool" false ann:NR2:NR1,NS2,NR3,NSP bob:ER2:
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 2 (castles 0) (settlements 2, cities 0, longest road no, largest army no; road 3, knights 0)" "${lines[0]}"
	sheet "$S" ann "brick lumber brick lumber grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ bob:ER2:
	play "$S" build NR1
	assert_eq '{"holder":"ann","lost":[]}' "$(jq -c .awards.longest_road "$S")"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 5 (castles 0) (settlements 4, cities 0, longest road held, largest army no; road 5, knights 0)" "${lines[0]}"
	# Four roads meeting in the middle make a road of two.
	sheet "$S" ann "brick lumber brick lumber grain wool" false ann:NR2:NR6,ER6,SR6,WR6 bob:ER1:
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 0 (castles 0) (settlements 0, cities 0, longest road no, largest army no; road 2, knights 0)" "${lines[0]}"
}

@test "Longest Road passes only to a longer road; another's settlement breaks a road" {
	sheet "$S" bob "brick lumber brick lumber grain wool" false ann:NR2:NR1,NS2,NR3,NSP,NR4,NSB,NR5,NSQ bob:ER2:ES2,ER3,ESP,ER4,ESB,ER5,ESQ
	holds "$S" longest_road ann
	play "$S" build ER1
	assert_eq '{"holder":"ann","lost":[]}' "$(jq -c .awards.longest_road "$S")"
	play "$S" build ER6
	assert_eq '{"holder":"bob","lost":["ann"]}' "$(jq -c .awards.longest_road "$S")"
	# ann's five roads run through the middle; on a map with a settlement there, bob's leaves her three and two.
	dicegame-sheet map --island 3 | jq '.sites |= map(select(.id != "XWN")) |
		.sites += [{id: "SM", kind: "settlement", points: 5, at: "m", x: 500, y: 500}]' >"$BATS_TEST_TMPDIR/mid.map.json"
	sheet "$S" bob "brick lumber brick lumber grain wool" false ann:NR2:NR4,NR5,NR6,SR6,SR5 bob:ER2:ER6
	jq --slurpfile m "$BATS_TEST_TMPDIR/mid.map.json" '.map = $m[0]' "$S" >"$S.new" && mv "$S.new" "$S"
	holds "$S" longest_road ann
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 1 (castles 0) (settlements 0, cities 0, longest road held, largest army no; road 5, knights 0)" "${lines[0]}"
	play "$S" build SM
	assert_eq '{"holder":null,"lost":["ann"]}' "$(jq -c .awards.longest_road "$S")"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 0 (castles 0) (settlements 0, cities 0, longest road lost, largest army no; road 3, knights 0)" "${lines[0]}"
}

@test "Largest Army: the first to three knights, then only strictly more" {
	sheet "$S" ann "ore grain wool ore grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ,DK1 bob:ER2:
	play "$S" build NK
	assert_eq '{"holder":null,"lost":[]}' "$(jq -c .awards.largest_army "$S")"
	play "$S" build DK2
	assert_eq '{"holder":"ann","lost":[]}' "$(jq -c .awards.largest_army "$S")"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 6 (castles 0) (settlements 4, cities 0, longest road no, largest army held; road 4, knights 3)" "${lines[0]}"
	sheet "$S" bob "ore grain wool ore grain wool" false ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ,DK1,DK2,NK bob:ER2:ES2,ER3,ESP,ER4,ESB,ER5,ESQ,EK
	holds "$S" largest_army ann
	play "$S" build MK
	assert_eq '{"holder":"ann","lost":[]}' "$(jq -c .awards.largest_army "$S")"
}

@test "castles, an option: six dice of one face, gold too, nothing needed first; 2 points each" {
	sheet "$S" ann "wool wool wool wool wool grain" false ann:NR2: bob:ER2:
	refuse "$S" "castle XNE: castles are not played in this game (new --castles)" build XNE
	sheet "$S" ann "wool wool wool wool wool grain" true ann:NR2: bob:ER2:XES
	refuse "$S" "castle XNE costs six dice of one face: 5 free dice show one face at most" build XNE
	refuse "$S" "castle XES is bob's" build XES
	assert_eq "XNE XSW XWN" "$(sheet "$S" ann "gold gold gold gold gold gold" true ann:NR2: bob:ER2:XES; builds "$S")"
	play "$S" build XSW
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 2 (castles 1) (settlements 0, cities 0, longest road no, largest army no; road 1, knights 0)" "${lines[0]}"
	# A joker may make the sixth die.
	sheet "$S" ann "wool wool wool wool wool grain" true ann:NR2:NK bob:ER2:
	play "$S" "joker NK on die 6"
	refuse "$S" "castle XNE costs six dice of one face: 5 free dice show one face at most" build XNE
	sheet "$S" ann "ore ore ore ore ore grain" true ann:NR2:NK bob:ER2:
	play "$S" "joker NK on die 6" "build XNE"
}

@test "ten points win at once; with nothing left to build the most points win" {
	sheet "$S" ann "gold gold gold gold gold gold" true ann:NR2:NS2,NR3,NSP,NR4,NSB,NR5,NSQ,NCB,NCQ,XNE bob:ER2:
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 8 (castles 1) (settlements 4, cities 2, longest road no, largest army no; road 4, knights 0)" "${lines[0]}"
	play "$S" build XES
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 10 (castles 2) (settlements 4, cities 2, longest road no, largest army no; road 4, knights 0) winner" "${lines[0]}"
	assert_eq "null" "$(jq .turn "$S")"
	refuse "$S" "the game is over" end
	# Every site built, nobody at ten: the end of the turn ends the game.
	q() { printf '%s' "$1R1,$1R3,$1R4,$1R5,$1R6,$1S0,$1S2,$1SP,$1SB,$1SQ,$1CB,$1CQ,$1K"; }
	sheet "$S" ann "ore ore ore ore ore ore" false "ann:NR2:$(q N),DK1" "bob:ER2:$(q E),DK2" "cy:SR2:$(q S),MK" "dee:WR2:$(q W)"
	run -0 dicegame-sheet list "$S"
	assert_eq $'reroll DIE... to FACE... (63 choices; list --all shows each)\nend' "$output"
	play "$S" end
	run -0 dicegame-sheet score "$S"
	assert_eq "$(printf '%s\n' \
		"ann 7 (castles 0) (settlements 5, cities 2, longest road no, largest army no; road 6, knights 2) winner" \
		"bob 7 (castles 0) (settlements 5, cities 2, longest road no, largest army no; road 6, knights 2) winner" \
		"cy 7 (castles 0) (settlements 5, cities 2, longest road no, largest army no; road 6, knights 2) winner" \
		"dee 7 (castles 0) (settlements 5, cities 2, longest road no, largest army no; road 6, knights 1) winner")" "$output"
}

# ---- whole games ----

# by_hand FILE LOG: plays a game's log again as moves given by hand, without the faces the sheet rolls itself.
by_hand() {
	jq -r '.log[]' "$2" | sed -E 's/^roll .*/roll/; s/^(reroll [0-9 ]+) to .*/\1/' | while IFS= read -r m; do
		dicegame-sheet -i "$1" move "$m" 2>/dev/null || return 1
	done
}

@test "two and four automatic players play to a winner; the same moves by hand give the same sheet" {
	for game in ann,bob:11 ann,bob,cy,dee:3; do
		dicegame-sheet new --island 3 --players "${game%:*}" --seed "${game#*:}" >"$S"
		dicegame-sheet auto --all <"$S" >"$BATS_TEST_TMPDIR/auto.json"
		run -0 dicegame-sheet validate "$BATS_TEST_TMPDIR/auto.json"
		assert_eq "null" "$(jq .turn "$BATS_TEST_TMPDIR/auto.json")"
		by_hand "$S" "$BATS_TEST_TMPDIR/auto.json"
		assert_file_eq "$BATS_TEST_TMPDIR/auto.json" "$S"
	done
	run -0 dicegame-sheet score --json "$S"
	assert_eq '[3,true,false,["cy"]]' "$(jq -c '[.island, .over, (.players | map(.score >= 10) | any), .winners]' <<<"$output")"
}

@test "a game on physical dice is refereed move by move and validates" {
	dicegame-sheet new --island 3 --players ann,bob --external >"$S"
	play "$S" "start NR2; start SR2"
	play "$S" "roll brick lumber ore" "build NR1" end
	play "$S" "roll brick lumber ore ore" "build SR1" end
	play "$S" "roll brick lumber grain wool ore" "reroll 5 to wool" "build NS2" end
	run -0 dicegame-sheet validate "$S"
	assert_eq '["start NR2","start SR2","roll brick lumber ore","build NR1","end","roll brick lumber ore ore","build SR1","end","roll brick lumber grain wool ore","reroll 5 to wool","build NS2","end"]' "$(jq -c .log "$S")"
	jq '.players[1].built = ["SR1", "NR1"]' "$S" >"$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr dicegame-sheet validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: players[1].built: NR1 is ann's" "$stderr"
	run -0 dicegame-sheet view "$S"
	run -0 dicegame-sheet render "$S"
	assert_eq "$(printf '%s\n' \
		"Extra: our own shared map, not the printed one" "turn 4, bob to play; 10 victory points win" \
		"dice: 6 to roll" "" "ann (start road NR2)" "  roads        NR1 NR2" "  settlements  NS2" \
		"  points       1 of 10; longest road no (road 2), largest army no (knights 0)" "" \
		"bob (start road SR2)" "  roads        SR1 SR2" \
		"  points       0 of 10; longest road no (road 2), largest army no (knights 0)")" "$(head -12 <<<"$output")"
}

@test "render --svg marks each used joker beside its name, which stays legible" {
	dicegame-sheet new --island 3 --castles --players ann,bob,cy,dee --seed 5 | dicegame-sheet auto --turns 80 >"$S"
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/s.svg"
	run -0 xmllint --xpath 'count(//*[@class="used"])' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq "$(jq '[.players[].jokers[]] | length' "$S")" "$output"
	[ "$output" -gt 0 ]
	run -0 xmllint --xpath 'count(//*[@text-decoration])' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq 0 "$output"
}

@test "render --svg draws the one map with every player's marks in their colour, labelled as ours" {
	dicegame-sheet new --island 3 --castles --players ann,bob,cy,dee --seed 4 | dicegame-sheet auto --turns 40 >"$S"
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/s.svg"
	run -0 grep -c 'stroke-width="9"' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq 24 "$output"
	for c in c0392b 2e5fa8 e67e22 7d3c98; do
		run -0 grep -c "fill=\"#$c\"" "$BATS_TEST_TMPDIR/s.svg"
		[ "$output" -ge 2 ]
	done
	run -0 grep -c 'stroke="#c0392b"' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq "$(jq '[.players[0].start] + .players[0].built | map(select(test("R[0-9]"))) | length' "$S")" "$output"
	run -0 grep -o '>[^<]*our own[^<]*<' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq $'>Extra: our own shared map, not the printed one<\n>The map is our own design, not the printed Extra map.<' "$output"
}

@test "render --svg: a player's start and each award on a line of its own, the castles' line short" {
	sheet "$S" ann "ore ore ore ore ore ore" false ann:NR1:NR2 bob:SR1:
	holds "$S" longest_road ann
	holds "$S" largest_army ann
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	run -0 xmllint --xpath '//*[@id="players"]/*[local-name()="text"]/text()' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq $'ann 3\nstart NR1\nLongest Road 1\nLargest Army 2\nbob 0\nstart SR1' "$output"
	run -0 grep -o '>Castle[^<]*<' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq '>Castles are not played<' "$output"
	jq '.castles = true' "$S" >"$S.new"
	dicegame-sheet render --svg "$S.new" | grep -q '>Castle: six dice of one face<'
}

@test "render --svg names every site a move can name, and draws the castles only when they are played" {
	for castles in "" --castles; do
		dicegame-sheet new --island 3 $castles --players ann,bob --seed 2 | dicegame-sheet auto --turns 30 >"$S"
		dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
		run -0 xmllint --xpath '//*[@id="names"]/*[local-name()="text"]/text()' "$BATS_TEST_TMPDIR/s.svg"
		names=$output
		want=$(dicegame-sheet map --island 3 | jq -r --arg c "$castles" '.sites[] |
			select(.kind != "desert" and (.kind != "castle" or $c != "")) | .id')
		for id in $want; do
			grep -qx "$id" <<<"$names" || { echo "no name $id"; false; }
		done
		grep -qx 'D: any, with DK1 and DK2' <<<"$names"
		run -0 xmllint --xpath 'count(//*[starts-with(@class, "castle ")])' "$BATS_TEST_TMPDIR/s.svg"
		assert_eq "$([ -n "$castles" ] && echo 4 || echo 0)" "$output"
	done
	run -0 grep -c 'XNE' "$BATS_TEST_TMPDIR/s.svg"
	dicegame-sheet new --island 3 --players ann,bob --seed 2 | dicegame-sheet render --svg >"$BATS_TEST_TMPDIR/s.svg"
	run -1 grep -c 'XNE' "$BATS_TEST_TMPDIR/s.svg"
}

@test "a headless Chromium reads every name of the Extra's map clear of the others, of the roads and of the drawings" {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	dicegame-sheet new --island 3 --players ann,bob --seed 1 | dicegame-sheet auto --turns 30 |
		dicegame-sheet render --svg >"$BATS_TEST_TMPDIR/two.svg"
	dicegame-sheet new --island 3 --castles --players ann,bob,cy,dee --seed 5 | dicegame-sheet auto --turns 80 |
		dicegame-sheet render --svg >"$BATS_TEST_TMPDIR/four.svg"
	dicegame-sheet new --island 3 --castles --players ann,bob,cy --seed 3 | dicegame-sheet auto --all |
		dicegame-sheet render --svg >"$BATS_TEST_TMPDIR/end.svg"
	# 24 roads, 20 settlements, 8 cities, 7 knights, 4 jokers, the desert's rule, 4 castles.
	run -0 timeout 120 "$py" "$ROOT/tests/labels-browser.py" "$BATS_TEST_TMPDIR"/{two,four,end}.svg
	assert_eq "labels-browser: 200 names clear in 3 pictures" "$output"
}

@test "render: no line of the text is longer than 78 columns, for a mail" {
	for castles in "" --castles; do
		dicegame-sheet new --island 3 $castles --players ann,bob,cy,dee --seed 5 >"$S"
		for turns in 0 20 200; do
			[ "$turns" = 0 ] || dicegame-sheet -i "$S" auto --turns 20 2>/dev/null || true
			run -0 dicegame-sheet render "$S"
			run -0 awk 'length($0) > 78 { print length($0) ": " $0 }' <<<"$output"
			assert_eq "" "$output"
		done
	done
	run -0 dicegame-sheet new --island 3 --players ann,bob --seed 1
	run -0 dicegame-sheet render <<<"$output"
	assert_eq "Extra: our own shared map, not the printed one" "${lines[0]}"
	assert_eq "ann chooses a start road on the coast" "${lines[1]}"
	run -0 grep -A1 '^  roads ' <<<"$output"
	assert_eq "  roads        NR1 NR2 NR3 NR4 NR5 NR6 ER1 ER2 ER3 ER4 ER5 ER6 SR1 SR2 SR3 SR4
               SR5 SR6 WR1 WR2 WR3 WR4 WR5 WR6" "$output"
}

@test "completion: --castles and island 3 from the program; start roads and the Extra's ids in moves" {
	run -0 dicegame-sheet --complete new --cas
	assert_eq "--castles" "$output"
	run -0 dicegame-sheet --complete map --island ''
	assert_eq $'1\n2\n3' "$output"
	comp() {
		bash -c "PATH='$PATH'; source '$ROOT/completions/bash/dicegame-sheet'; COMP_WORDS=($1); COMP_CWORD=$2; _dicegame_sheet; printf '%s\n' \"\${COMPREPLY[@]}\""
	}
	run -0 comp "dicegame-sheet move st" 2
	assert_eq "start" "$output"
	run -0 comp "dicegame-sheet move start ''" 3
	assert_eq "NR1 NR2 ER1 ER2 SR1 SR2 WR1 WR2" "$(paste -sd ' ' <<<"$output")"
	run -0 comp "dicegame-sheet move build NR1 NS" 4
	assert_eq "NS0 NS2 NSP NSB NSQ" "$(paste -sd ' ' <<<"$output")"
	run -0 comp "dicegame-sheet move build X" 3
	assert_eq "XNE XES XSW XWN" "$(paste -sd ' ' <<<"$output")"
	run -0 comp "dicegame-sheet move joker S" 3
	assert_eq "SK" "$output"
	# "S" may begin an island's id or the Extra's: the sheet -i names decides.
	run -0 comp "dicegame-sheet move build S" 3
	assert_eq "S3 S4 S5 S7 S9 S11" "$(paste -sd ' ' <<<"$output")"
	dicegame-sheet new --island 3 --seed 1 >"$S"
	run -0 comp "dicegame-sheet -i $S move build S" 5
	assert_eq "SR1 SR2 SR3 SR4 SR5 SR6 SS0 SS2 SSP SSB SSQ SCB SCQ SK" "$(paste -sd ' ' <<<"$output")"
	run -0 comp "dicegame-sheet -i $S move joker ''" 5
	assert_eq "NK EK SK WK D" "$(paste -sd ' ' <<<"$output")"
	command -v zsh >/dev/null || skip "zsh is not installed (make deps)"
	zsh -n "$ROOT/completions/zsh/_dicegame-sheet"
}

@test "the example Extra game plays to a winner, validates and renders" {
	run -0 --separate-stderr sh "$ROOT/examples/dicegame-extra.sh" 7 "$BATS_TEST_TMPDIR/x.svg"
	assert_eq "$(printf 'start %s\n' NR1 NR2 ER1 ER2 SR1 SR2 WR1 WR2)" "$(head -8 <<<"$output")"
	assert_eq "dicegame-sheet: ann's dice after roll: ore wool ore" "$stderr"
	assert_eq "bob 11 (castles 0) (settlements 6, cities 2, longest road held, largest army held; road 7, knights 3) winner" "${lines[11]}"
	assert_eq "Extra: our own shared map, not the printed one" "${lines[13]}"
	assert_eq "game over, won by bob with 11 victory points" "${lines[14]}"
	xmllint --noout "$BATS_TEST_TMPDIR/x.svg"
}

@test "refereed by mail with dicegame-sheet itself: each player's moves only in their turn, views for the players" {
	dicegame-sheet new --island 3 --players ann,bob >"$S"
	run -1 --separate-stderr dicegame-sheet -i "$S" --as bob move start SR1
	assert_eq "dicegame-sheet: move 'start SR1': it is ann's turn, not bob's" "$stderr"
	dicegame-sheet -i "$S" --as ann move start NR1 2>/dev/null
	dicegame-sheet -i "$S" --as bob move start SR1 2>/dev/null
	dicegame-sheet -i "$S" --as ann move roll 2>/dev/null
	run -1 --separate-stderr dicegame-sheet -i "$S" --as bob auto
	assert_eq "dicegame-sheet: it is ann's turn, not bob's" "$stderr"
	dicegame-sheet view "$S" >"$BATS_TEST_TMPDIR/view.json"
	assert_eq 'true null null' "$(jq -c '.view, .secret, .seed' "$BATS_TEST_TMPDIR/view.json" | paste -sd ' ')"
	run -0 dicegame-sheet validate "$BATS_TEST_TMPDIR/view.json"
	for _ in $(seq 300); do
		jq -e '.turn == null' "$S" >/dev/null && break
		who=$(jq -r .turn.player "$S")
		dicegame-sheet -i "$S" --as "$who" auto
	done
	assert_eq "null" "$(jq .turn "$S")"
	run -0 dicegame-sheet validate "$S"
}

@test "Largest Army passes to a player with strictly more knights (a map with eight)" {
	jq '.sites += [range(2; 9) | {id: "K\(.)", kind: "knight", points: 3,
		hex: ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"], x: 500, y: 500}]' \
		"$DG/ring.map.json" >"$BATS_TEST_TMPDIR/knights.map.json"
	sheet "$S" bob "ore grain wool ore grain wool" false ann:R0:K,K2,K3 bob:R6:K4,K5,K6
	jq --slurpfile m "$BATS_TEST_TMPDIR/knights.map.json" '.map = $m[0] | .turn.number = 10' "$S" >"$S.new" && mv "$S.new" "$S"
	holds "$S" largest_army ann
	run -0 dicegame-sheet list "$S"
	assert_eq "$(printf '%s\n' 'reroll DIE... to FACE... (63 choices; list --all shows each)' 'build K7' 'build K8' end)" "$output"
	play "$S" build K7
	assert_eq '{"holder":"bob","lost":["ann"]}' "$(jq -c .awards.largest_army "$S")"
	play "$S" build K8
	run -0 dicegame-sheet score "$S"
	assert_eq "$(printf '%s\n' \
		"ann 0 (castles 0) (settlements 0, cities 0, longest road no, largest army lost; road 1, knights 3)" \
		"bob 2 (castles 0) (settlements 0, cities 0, longest road no, largest army held; road 1, knights 5)")" "$output"
}

@test "the Extra is clean under valgrind, on success and on refusal" {
	case $CATAN_BIN in
	*build-san*) skip "the sanitizer build checks leaks itself" ;;
	esac
	command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
	dicegame-sheet new --island 3 --castles --players ann,bob,cy --seed 3 >"$S"
	run -0 vg dicegame-sheet -i "$S" auto --turns 12
	run -0 vg dicegame-sheet render --svg "$S"
	run -0 vg dicegame-sheet render "$S"
	run -0 vg dicegame-sheet list "$S"
	run -0 vg dicegame-sheet validate "$S"
	run -1 vg dicegame-sheet -i "$S" move 'build WC0'
	run -0 vg dicegame-sheet map --map "$DG/ring.map.json"
	run -2 vg dicegame-sheet map --map "$FIXTURES/dicegame/island-two.map.json" --island 3
	jq '.sites[0].ends = ["a0"]' "$DG/ring.map.json" >"$BATS_TEST_TMPDIR/bad.json"
	run -3 vg dicegame-sheet map --map "$BATS_TEST_TMPDIR/bad.json"
}

@test "a sheet of the Extra with one player is refused as read, not only by its replay" {
	dicegame-sheet new --island 3 --players ann,bob --seed 1 | jq '.players |= .[:1] | .turn.start_road = "ann"' >"$S"
	run -3 --separate-stderr dicegame-sheet validate "$S"
	assert_eq "dicegame-sheet: $S: players: the Extra is for 2 to 4 players, not 1" "$stderr"
	run -3 --separate-stderr dicegame-sheet score "$S"
	assert_eq "dicegame-sheet: $S: players: the Extra is for 2 to 4 players, not 1" "$stderr"
}
