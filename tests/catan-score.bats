#!/usr/bin/env bats
# catan-score: victory points with their breakdown on states, records and views; the winner;
# the public points turn by turn as CSV, JSON and SVG.

load test_helper

setup() {
	D=$BATS_TEST_TMPDIR
	# jq helpers for positions made by hand: the bank and the deck made to match the hands,
	# and whose turn it is.
	cat >"$D/lib.jq" <<'EOF'
def fixbank: .position as $p | .position.bank = ($p.bank | with_entries(.key as $r |
	.value = 19 - ([$p.players[].hand[$r]] | add)));
def fixdeck: .position as $p | .position.deck = ([["knight", 14], ["road-building", 2],
	["year-of-plenty", 2], ["monopoly", 2], ["victory-point", 5]] | map(.[0] as $c |
	(.[1] - ([$p.players[] | (.dev[$c], .dev_new[$c], .played[$c])] | add)) as $n |
	[range($n)] | map($c)) | add);
def turn($who; $phase): .position.current = $who | .position.phase = $phase |
	.position.rolled = ($phase == "main") | .position.turn = 10;
EOF
	catan-newboard --beginner --seed 1 --players red,blue,white --rules outcomes=external >"$D/b3.json"
}

# position FILTER: the three-player beginner game changed by the jq filter, in $D/s.json.
position() {
	jq -L "$D" "include \"lib\"; $1" "$D/b3.json" >"$D/s.json"
}

# fixture: the 125-move game of tests/fixtures/validate in $D/game.json.
fixture() {
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$D/start.json"
	catan-move -f "$FIXTURES/validate/game.moves" <"$D/start.json" >"$D/game.json"
}

@test "a table per player: buildings, road, knights, awards, cards, points" {
	fixture
	run -0 --separate-stderr catan-score "$D/game.json"
	assert_eq "player  settlements  cities  road  knights  awards        vp cards  points
red               2       0     5        0  longest road         0       4
blue              2       0     2        1  -                    0       2
white             2       1     3        1  -                    0       4
orange            2       0     3        0  -                    1       3
rules: outcomes=external
no winner yet: 10 points win" "$output"
	assert_eq "" "$stderr"
}

@test "a record is replayed to its last position" {
	fixture
	jq 'del(.position)' "$D/game.json" >"$D/record.json"
	run -0 catan-score "$D/game.json"
	want=$output
	run -0 catan-score <"$D/record.json"
	assert_eq "$want" "$output"
	jq '.log[3] = "red build road 1-5"' "$D/record.json" >"$D/bad.json"
	run -1 --separate-stderr catan-score "$D/bad.json"
	assert_eq "" "$output"
	assert_eq "catan-score: move 4 'red build road 1-5': the road must touch your road, settlement or city" "$stderr"
}

@test "--json gives the same scores for programs" {
	fixture
	run -0 catan-score --json "$D/game.json"
	run -0 jq -c '[.view, .totals, .points_to_win, .winner, (.players[] | [.colour, .settlements, .cities,
		.road_length, .knights, .awards, .vp_cards, .points])]' <<<"$output"
	assert_eq '[null,"full",10,null,["red",2,0,5,0,["longest_road"],0,4],["blue",2,0,2,1,[],0,2],["white",2,1,3,1,[],0,4],["orange",2,0,3,0,[],1,3]]' "$output"
}

@test "longest road: through another player's settlement it is broken, around it it is not" {
	# Red's seven roads in a line from 1 to 37, blue's settlement on 19 in the middle: 4 and 3.
	position '.position.players.red.roads = ["1-5", "5-9", "9-14", "14-19", "19-25", "25-31", "31-37"]
		| .position.players.blue.settlements += [19]'
	run -0 catan-score --json "$D/s.json"
	run -0 jq -c '[.players[] | .road_length]' <<<"$output"
	assert_eq '[4,1,1]' "$output"
	# The same line, blue's settlement on its end at 1: the road may end there.
	position '.position.players.red.roads = ["1-5", "5-9", "9-14", "14-19", "19-25", "25-31", "31-37"]
		| .position.players.red.settlements = [29] | .position.players.blue.settlements += [1]
		| .position.awards.longest_road = "red"'
	run -0 catan-score --json "$D/s.json"
	run -0 jq -c '[.players[] | .road_length]' <<<"$output"
	assert_eq '[7,1,1]' "$output"
	# Six roads round the desert, blue's settlement on one corner: the ring runs from that
	# corner round to it again without passing through it.
	position '.position.players.red.roads = ["19-25", "25-31", "31-36", "30-36", "24-30", "19-24", "29-35"]
		| .position.awards.longest_road = "red"
		| .position.players.blue.settlements += [31]'
	run -0 catan-score --json "$D/s.json"
	run -0 jq -c '[.players[] | .road_length]' <<<"$output"
	assert_eq '[6,1,1]' "$output"
}

# broken CHAIN: red holds the longest road with CHAIN (roads), blue has five in a line, and white
# builds a settlement on 25, in the middle of red's road.
broken() {
	position "turn(\"white\"; \"main\") | .position.players.red.roads = $1
		| .position.players.blue.roads = [\"37-42\", \"42-47\", \"47-51\", \"51-54\", \"50-54\", \"40-45\"]
		| .position.players.white.roads += [\"20-26\", \"20-25\"]
		| .position.players.white.hand = {\"brick\": 1, \"lumber\": 1, \"wool\": 1, \"grain\": 1}
		| .position.awards.longest_road = \"red\" | fixbank | fixdeck"
	catan-move 'white build settlement 25' <"$D/s.json" >"$D/after.json"
}

@test "longest road: a tie after a break, the holder keeps it" {
	broken '["1-5", "5-9", "9-14", "14-19", "19-25", "25-31", "31-37", "29-35"]'
	run -0 catan-score "$D/s.json"
	assert_eq "red               2       0     7        0  longest road         0       4" "${lines[1]}"
	run -0 catan-score "$D/after.json"
	assert_eq "player  settlements  cities  road  knights  awards        vp cards  points
red               2       0     5        0  longest road         0       4
blue              2       0     5        0  -                    0       2
white             3       0     3        0  -                    0       3
rules: outcomes=external
no winner yet: 10 points win" "$output"
}

@test "longest road: broken below a longer road, the award goes to it" {
	broken '["5-9", "9-14", "14-19", "19-25", "25-31", "31-37", "29-35"]'
	run -0 catan-score "$D/after.json"
	assert_eq "player  settlements  cities  road  knights  awards        vp cards  points
red               2       0     4        0  -                    0       2
blue              2       0     5        0  longest road         0       4
white             3       0     3        0  -                    0       3
rules: outcomes=external
no winner yet: 10 points win" "$output"
}

@test "largest army changes hands with a fourth knight" {
	position 'turn("blue"; "roll") | .position.players.red.played.knight = 3
		| .position.players.blue.played.knight = 3 | .position.players.blue.dev.knight = 1
		| .position.awards.largest_army = "red" | fixdeck'
	run -0 catan-score "$D/s.json"
	assert_eq "red               2       0     1        3  largest army         0       4" "${lines[1]}"
	assert_eq "blue              2       0     1        3  -                    0       2" "${lines[2]}"
	catan-move 'blue play knight' 'blue robber 4 steal white lumber' <"$D/s.json" >"$D/after.json"
	run -0 catan-score "$D/after.json"
	assert_eq "red               2       0     1        3  -                    0       2" "${lines[1]}"
	assert_eq "blue              2       0     1        4  largest army         0       4" "${lines[2]}"
}

@test "victory point cards count in a full state and are hidden in another player's view" {
	position '.position.players.red.dev["victory-point"] = 1 | .position.players.blue.dev["victory-point"] = 2
		| .position.players.blue.dev_new["victory-point"] = 1 | fixdeck'
	run -0 catan-score "$D/s.json"
	assert_eq "player  settlements  cities  road  knights  awards  vp cards  points
red               2       0     1        0  -              1       3
blue              2       0     1        0  -              3       5
white             2       0     1        0  -              0       2
rules: outcomes=external
no winner yet: 10 points win" "$output"
	catan-move --view blue <"$D/s.json" >"$D/view.json"
	run -0 catan-score "$D/view.json"
	assert_eq "player  settlements  cities  road  knights  awards  vp cards  points
red               2       0     1        0  -              ?       2
blue              2       0     1        0  -              3       5
white             2       0     1        0  -              ?       2
rules: outcomes=external
totals are public: the other players' victory point cards are hidden (blue's view)
no winner yet: 10 points win" "$output"
	run -0 catan-score --json "$D/view.json"
	run -0 jq -c '[.view, .totals, (.players[] | [.vp_cards, .points])]' <<<"$output"
	assert_eq '["blue","public",[null,2],[3,5],[null,2]]' "$output"
}

@test "the winner when the game is over, with the victory point card that won it, in views too" {
	catan-newboard --beginner --seed 1 --players red,blue,white --rules outcomes=external \
		--rules points_to_win=4 >"$D/b3.json"
	position 'turn("red"; "main") | .position.players.red.dev["victory-point"] = 1
		| .position.players.red.roads += ["14-19"]
		| .position.players.red.hand = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
		| fixbank | fixdeck'
	catan-move 'red build settlement 19' <"$D/s.json" >"$D/won.json"
	run -0 catan-score "$D/won.json"
	assert_eq "red               3       0     2        0  -              1       4" "${lines[1]}"
	assert_eq "winner: red with 4 points" "${lines[-1]}"
	catan-move --view white <"$D/won.json" >"$D/view.json"
	run -0 catan-score "$D/view.json"
	assert_eq "red               3       0     2        0  -              1       4" "${lines[1]}"
	assert_eq "blue              2       0     1        0  -              ?       2" "${lines[2]}"
	assert_eq "winner: red with 4 points" "${lines[-1]}"
}

@test "--timeline: the public points after every turn of a scripted game, as CSV" {
	fixture
	run -0 --separate-stderr catan-score --timeline "$D/game.json"
	assert_eq "" "$stderr"
	assert_eq 42 "${#lines[@]}"
	assert_eq "turn,red,blue,white,orange" "${lines[0]}"
	assert_eq "0,2,2,2,2" "${lines[1]}"
	assert_eq "26,2,2,2,2" "${lines[27]}"
	assert_eq "27,2,2,3,2" "${lines[28]}"
	assert_eq "33,4,2,3,2" "${lines[34]}"
	assert_eq "39,4,2,4,2" "${lines[40]}"
	assert_eq "40,4,2,4,2" "${lines[41]}"
	run -0 catan-score --timeline --json "$D/game.json"
	run -0 jq -c '[.players, .turns[0], .turns[-1], (.turns | length)]' <<<"$output"
	assert_eq '[["red","blue","white","orange"],{"turn":0,"points":[2,2,2,2]},{"turn":40,"points":[4,2,4,2]},41]' "$output"
}

@test "--timeline: a game won, and a game from its set-up" {
	catan-newboard --beginner --seed 1 --players red,blue,white --rules outcomes=external \
		--rules points_to_win=3 >"$D/g.json"
	catan-move 'red roll 3 3' 'red build road 14-19' 'red end' 'blue roll 1 1' 'blue end' \
		'white roll 3 3' 'white end' 'red roll 1 1' 'red build settlement 19' <"$D/g.json" >"$D/won.json"
	run -0 catan-score --timeline "$D/won.json"
	assert_eq "turn,red,blue,white
0,2,2,2
1,2,2,2
2,2,2,2
3,2,2,2
4,3,2,2" "$output"
	catan-newboard --seed 3 --players red,blue >"$D/su.json"
	run -0 catan-score --timeline "$D/su.json"
	assert_eq $'turn,red,blue\n0,0,0' "$output"
	catan-move 'red build settlement 8' 'red build road 8-13' 'blue build settlement 26' \
		'blue build road 21-26' 'blue build settlement 38' 'blue build road 33-38' \
		'red build settlement 16' 'red build road 11-16' <"$D/su.json" >"$D/g.json"
	run -0 catan-score --timeline "$D/g.json"
	assert_eq $'turn,red,blue\n0,2,2' "$output"
}

@test "--timeline --svg draws a well-formed chart with a line per player" {
	command -v xmllint >/dev/null || skip "xmllint is not installed"
	fixture
	catan-score --timeline --svg "$D/game.json" >"$D/t.svg"
	run -0 --separate-stderr xmllint --noout "$D/t.svg"
	assert_eq "" "$stderr"
	run -0 xmllint --xpath 'count(//*[local-name()="polyline"])' "$D/t.svg"
	assert_eq 8 "$output"
	for c in '#d32f2f' '#1e63c6' '#fafafa' '#f57c00'; do
		grep -q "<polyline class=\"line [a-z]*\" fill=\"none\" stroke=\"$c\"" "$D/t.svg"
	done
	run -0 xmllint --xpath '//*[local-name()="text"][contains(., "orange")]/text()' "$D/t.svg"
	assert_eq "orange 3" "$output"
}

@test "--timeline --svg is a large chart where every line, the white one too, has a dark outline" {
	command -v xmllint >/dev/null || skip "xmllint is not installed"
	fixture
	catan-score --timeline --svg "$D/game.json" >"$D/t.svg"
	run -0 xmllint --xpath 'string(/*/@width)' "$D/t.svg"
	assert_eq 800 "$output"
	run -0 xmllint --xpath 'string(/*/@height)' "$D/t.svg"
	assert_eq 450 "$output"
	# Each player's line is drawn over a wider line of the same points in a dark colour, drawn
	# before every player's line.
	run -0 awk '/<polyline/ { match($0, /stroke="#[0-9a-f]*" stroke-width="[0-9.]*"/)
		split(substr($0, RSTART, RLENGTH), q, "\""); match($0, /points="[^"]*"/); pts = substr($0, RSTART, RLENGTH)
		match($0, /class="[a-z]* [a-z]*"/); split(substr($0, RSTART + 7, RLENGTH - 8), c, " ")
		if (q[2] == "#2b2619") { under[c[2]] = q[4]; at[c[2]] = pts; if (lines) print "an outline over a line" }
		else { lines++; print q[2], (at[c[2]] == pts && under[c[2]] - q[4] >= 3) ? "outlined" : "bare" } }' "$D/t.svg"
	assert_eq $'#d32f2f outlined\n#1e63c6 outlined\n#fafafa outlined\n#f57c00 outlined' "$output"
	# The plot area behind the lines is darker than the white line.
	run -0 xmllint --xpath 'string(//*[local-name()="rect"][@class="plot"]/@fill)' "$D/t.svg"
	assert_eq "#ddd3b8" "$output"
	run -0 sh -c "grep -o 'font-size=\"[0-9]*\"' '$D/t.svg' | sort -u"
	assert_eq 'font-size="15"' "$output"
}

@test "--timeline --svg gives exact points: a dot with a tooltip at each change, the last points at the lines' end" {
	command -v xmllint >/dev/null || skip "xmllint is not installed"
	fixture
	catan-score --timeline --svg "$D/game.json" >"$D/t.svg"
	# Each dot's tooltip says the points and the move (as #move-N of the replay), and the dots
	# are where the CSV's columns change.
	run -0 xmllint --xpath '//*[local-name()="circle"]/*[local-name()="title"]/text()' "$D/t.svg"
	assert_eq "red: 2 points after move 0 (turn 0)
red: 4 points after move 101 (turn 33)
blue: 2 points after move 0 (turn 0)
white: 2 points after move 0 (turn 0)
white: 3 points after move 85 (turn 27)
white: 4 points after move 124 (turn 39)
orange: 2 points after move 0 (turn 0)" "$output"
	catan-score --timeline "$D/game.json" | awk -F, 'NR == 1 { for (i = 2; i <= NF; i++) name[i] = $i; next }
		{ for (i = 2; i <= NF; i++) if (NR == 2 || $i != last[i]) print name[i] ": " $i " points (turn " $1 ")"; split($0, last, ",") }' |
		sort >"$D/want"
	sed 's/ after move [0-9]* / /' <<<"$output" | sort >"$D/got"
	assert_file_eq "$D/want" "$D/got"
	# The last points, 4 and 2, stand at the lines' end, at their exact height: on the grid's
	# lines for 4 and 2 (text is set 5 below the line it is level with).
	run -0 xmllint --xpath '//*[local-name()="text"][@class="end"]/text()' "$D/t.svg"
	assert_eq $'4\n2' "$output"
	for v in 4 2; do
		ye=$(xmllint --xpath "string(//*[local-name()='text'][@class='end'][.='$v']/@y)" "$D/t.svg")
		yg=$(xmllint --xpath "string(//*[local-name()='text'][@text-anchor='end'][.='$v']/@y)" "$D/t.svg")
		assert_eq "$yg" "$ye"
	done
}

@test "--timeline --svg draws every line at its exact points; lines that run together show as stripes" {
	fixture
	catan-newboard --seed 7 | catan-move --until-end --policy greedy >"$D/end.json"
	for f in game end; do
		catan-score --timeline --svg "$D/$f.json" >"$D/t.svg"
		# A point's height is a whole number of points on the grid: the grid's labels give its scale.
		run -0 awk '/text-anchor="end">[0-9]+<\/text>/ { match($0, /y="[0-9.]*"/); y = substr($0, RSTART + 3, RLENGTH - 4) - 5
			match($0, />[0-9]+</); v = substr($0, RSTART + 1, RLENGTH - 2); grid[v] = y; top = v }
			/<polyline class="line/ { match($0, /points="[^"]*"/); n = split(substr($0, RSTART + 8, RLENGTH - 9), p, /[ ,]/)
				for (i = 2; i <= n; i += 2) { v = (grid[0] - p[i]) / (grid[0] - grid[top]) * top
					if (v - int(v + 0.5) > 0.02 || int(v + 0.5) - v > 0.02) { print "off:", p[i], v; bad = 1 } }
				k++ }
			END { print k " lines" }' "$D/t.svg"
		assert_eq "4 lines" "$output"
	done
	# The seats' lines narrow seat by seat, each over the one before: where they run together, a
	# stripe of each shows.
	run -0 sh -c "grep -o 'class=\"line [a-z]*\" fill=\"none\" stroke=\"#[0-9a-f]*\" stroke-width=\"[0-9.]*\"' '$D/t.svg' | sed 's/.*line \([a-z]*\).*width=\"\(.*\)\"/\1 \2/'"
	assert_eq $'red 13\nblue 10\nwhite 7\norange 4' "$output"
}

@test "a headless Chromium shows every line where all the lines run together" {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	catan-newboard --seed 7 | catan-move --until-end --policy greedy | catan-score --timeline --svg >"$D/t.svg"
	run -0 timeout 120 "$py" "$ROOT/tests/chart-browser.py" "$D/t.svg"
	assert_eq "chart-browser: 4 lines seen together" "$output"
}

@test "--timeline --svg's legend gives each player's points as catan-score's table does, and the public points where they differ" {
	catan-newboard --seed 7 | catan-move --until-end --policy greedy >"$D/end.json"
	catan-score --timeline --svg "$D/end.json" >"$D/t.svg"
	run -0 catan-score --json "$D/end.json"
	want=$(jq -r '.players[] | "\(.colour) \(.points)"' <<<"$output")
	run -0 sed -n 's/.*<text class="legend"[^>]*>\(.*\)<\/text>/\1/p' "$D/t.svg"
	assert_eq "$want" "$output"
	# Red, blue and white hold a victory point card each: the public points their lines end at.
	run -0 sed -n 's/.*<text class="public"[^>]*>\(.*\)<\/text>/\1/p' "$D/t.svg"
	assert_eq $'5 public\n4 public\n3 public' "$output"
	run -0 catan-score --timeline "$D/end.json"
	assert_eq "76,5,4,3,10" "${lines[-1]}"
}

@test "a player has the same colour in the chart and on the board" {
	fixture
	catan-score --timeline --svg "$D/game.json" >"$D/t.svg"
	catan-render --svg "$D/game.json" >"$D/b.svg"
	for p in red blue white orange; do
		# The chart: the legend's line beside the player's name; the board: the player's roads.
		chart=$(grep -B1 ">$p [0-9]*</text>" "$D/t.svg" | sed -n '1s/.*stroke="\(#[0-9a-f]*\)" stroke-width=.*/\1/p')
		board=$(grep "class=\"road $p\"" "$D/b.svg" | sed -n '1s/.*stroke="\(#[0-9a-f]*\)" stroke-width="10".*/\1/p')
		[ -n "$board" ]
		assert_eq "$board" "$chart"
	done
}

@test "a view does not show every card for a timeline" {
	fixture
	catan-move --view red <"$D/game.json" >"$D/view.json"
	run -1 --separate-stderr catan-score --timeline "$D/view.json"
	assert_eq "" "$output"
	assert_eq "catan-score: this is red's view of a game, which does not show every card played out: use the full game" "$stderr"
}

@test "unreadable input exits 3 with the JSON path" {
	printf '{"format": "catan-state/9"}' >"$D/bad.json"
	run -3 --separate-stderr catan-score "$D/bad.json"
	assert_eq "" "$output"
	assert_eq "catan-score: $D/bad.json: format: expected \"catan-state/1\", found \"catan-state/9\"" "$stderr"
	run -4 --separate-stderr catan-score "$D/none.json"
	assert_eq "catan-score: $D/none.json: cannot open: No such file or directory" "$stderr"
}

@test "bad options exit 2 with a short usage" {
	run -2 --separate-stderr catan-score --svg "$D/b3.json"
	assert_eq "catan-score: --svg draws the timeline: give --timeline too" "${stderr_lines[0]}"
	assert_eq "Try 'catan-score --help' for more information." "${stderr_lines[1]}"
	run -2 --separate-stderr catan-score --timeline --svg --json "$D/b3.json"
	assert_eq "catan-score: --svg and --json are two ways to print: give one" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-score "$D/b3.json" "$D/b3.json"
	assert_eq "catan-score: unexpected argument '$D/b3.json': give one game" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-score --colour
	assert_eq "catan-score: unknown option '--colour'" "${stderr_lines[0]}"
}

@test "bash completion offers the options of catan-score" {
	run -0 bash -c "source '$ROOT/completions/bash/catan-score'; COMP_WORDS=(catan-score --t); COMP_CWORD=1; _catan_score; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq "--timeline" "$output"
}

@test "--at N scores the position after move N" {
	catan-newboard --beginner --seed 1 | catan-move --auto 60 >"$D/g.json"
	run -0 catan-score --at 0 "$D/g.json"
	assert_eq "$(catan-newboard --beginner --seed 1 | catan-score)" "$output"
	run -0 catan-score --at 60 "$D/g.json"
	assert_eq "$(catan-score "$D/g.json")" "$output"
	catan-newboard --beginner --seed 1 | catan-move --auto 20 >"$D/g20.json"
	run -0 catan-score --json --at -40 "$D/g.json"
	assert_eq "$(catan-score --json "$D/g20.json")" "$output"
	run -2 --separate-stderr catan-score --at 3 --timeline "$D/g.json"
	assert_eq "catan-score: --at and --timeline do not go together: the timeline is every turn" "${stderr_lines[0]}"
}

@test "vp_cards=played: a victory point card counts once played, in public" {
	catan-newboard --beginner --seed 1 --rules vp_cards=played |
		jq '.position.players.red.dev["victory-point"] = 2 | .position.deck |= (index("victory-point") as $i | del(.[$i])) | .position.deck |= (index("victory-point") as $i | del(.[$i]))' |
		catan-move 'red roll' >"$D/g.json"
	run -0 catan-score --json "$D/g.json"
	run -0 jq -c '.players[0] | [.points, .vp_cards]' <<<"$output"
	assert_eq '[2,2]' "$output"
	catan-move -i "$D/g.json" 'red play victory-point'
	run -0 catan-score --json "$D/g.json"
	run -0 jq -c '.players[0].points' <<<"$output"
	assert_eq 3 "$output"
	run -0 catan-move --view blue <"$D/g.json"
	run -0 catan-score --json - <<<"$output"
	run -0 jq -c '.players[0].points' <<<"$output"
	assert_eq 3 "$output"
}

@test "--json names the game's rules options" {
	catan-newboard --seed 1 --rules road_tie=aside --rules points_to_win=12 >"$D/g.json"
	run -0 catan-score --json "$D/g.json"
	run -0 jq -c '[.rules.road_tie, .rules.points_to_win, .rules.variant, (.rules | length)]' <<<"$output"
	assert_eq '["aside",12,"base",14]' "$output"
	run -0 catan-score "$D/g.json"
	assert_eq "rules: points_to_win=12, road_tie=aside" "${lines[-2]}"
}

@test "a record whose card bought is unnamed is scored as the public saw it: every victory point card hidden, the totals public" {
	unnamed_buy "$D"
	run -0 --separate-stderr catan-score "$D/full.json"
	assert_eq "red               2       0     1        0  -              1       3" "${lines[1]}"
	# Red's card may be a victory point: the record does not say, so no total claims to be whole.
	run -0 --separate-stderr catan-score "$D/public.json"
	assert_eq "player  settlements  cities  road  knights  awards  vp cards  points
red               2       0     1        0  -              ?       2
blue              2       0     1        0  -              ?       2
white             2       0     1        0  -              ?       2
rules: outcomes=external
totals are public: the players' victory point cards are hidden (the public's view: the record does not name every card)
no winner yet: 10 points win" "$output"
	assert_eq "" "$stderr"
	run -0 catan-score --json "$D/public.json"
	assert_eq 'null "public" [null,null,null] [2,2,2]' \
		"$(jq -c '.view, .totals, [.players[].vp_cards], [.players[].points]' <<<"$output" | paste -sd' ')"
	# Before the card was bought the record names everything: the totals are whole.
	run -0 catan-score --at 7 "$D/public.json"
	assert_eq "red               2       0     1        0  -              0       2" "${lines[1]}"
	assert_eq "no winner yet: 10 points win" "${lines[-1]}"
	# The points turn by turn come from one replay of every move: refused, the move named.
	run -1 --separate-stderr catan-score --timeline "$D/public.json"
	assert_eq "catan-score: move 8 'red buy' does not name the card bought: the points turn by turn need every outcome" "$stderr"
	assert_eq "" "$output"
}
