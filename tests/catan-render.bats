#!/usr/bin/env bats
# catan-render: golden text pictures, widths, colour, SVG and PNG, a browser's screenshot,
# views that leak nothing, errors; the HTML replay, stepped through in a headless Chromium.

load test_helper

R=$ROOT/tests/fixtures/render

setup() {
	P=$BATS_TEST_TMPDIR
	sh "$R/positions.sh" "$P"
}

@test "the beginner board is drawn as the golden text, with and without labels" {
	run -0 --separate-stderr catan-render --color never "$P/beginner.json"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$P/out"
	assert_file_eq "$R/beginner.txt" "$P/out"
	catan-render --labels --color never <"$P/beginner.json" >"$P/out"
	assert_file_eq "$R/beginner-labels.txt" "$P/out"
}

@test "a mid-game position, a pending seven and a finished game are drawn as the golden text" {
	for f in midgame seven over; do
		catan-render --color never "$P/$f.json" >"$P/$f.txt"
		assert_file_eq "$R/$f.txt" "$P/$f.txt"
	done
}

@test "a view is drawn as the golden text: counts for the others, the player's own cards" {
	catan-render --view blue "$P/midgame.json" >"$P/out"
	assert_file_eq "$R/midgame-blue.txt" "$P/out"
	catan-render --view white "$P/over.json" >"$P/out"
	assert_file_eq "$R/over-white.txt" "$P/out"
}

@test "--screen draws a mid-game position as the golden text of at most 80 columns and 24 lines" {
	run -0 --separate-stderr catan-render --screen "$P/midgame.json"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$P/out"
	assert_file_eq "$R/midgame-screen.txt" "$P/out"
	catan-render --screen --view blue "$P/midgame.json" >"$P/out"
	assert_file_eq "$R/midgame-blue-screen.txt" "$P/out"
	# In colour: the same text less its escapes, within the same 80 by 24.
	for view in "" "--view blue"; do
		# shellcheck disable=SC2086 # $view is an option and its value, or nothing
		catan-render --screen $view --color always "$P/midgame.json" >"$P/c.txt"
		[[ "$(cat "$P/c.txt")" == *$'\033['* ]]
		sed 's/\x1b\[[0-9;]*m//g' "$P/c.txt" >"$P/plain"
		# shellcheck disable=SC2086
		catan-render --screen $view "$P/midgame.json" >"$P/never"
		assert_file_eq "$P/never" "$P/plain"
		run -0 awk 'length > w { w = length } END { print w, NR }' "$P/plain"
		assert_eq "80 19" "$output"
	done
}

# numbers BOARD GAME: what the board's text (a file, the board alone) names, each kind on a line: the
# tokens "(N)", the harbours "RATE[ RES] a,b" (a harbour's rate, resource and intersections, on one
# line or on the lines of its block), and the bare numbers left (with the hexes' "#N", the path
# names "a-b" and the owners' letters taken out), sorted.
numbers() {
	local board=$1
	tr 'rbwogn' '      ' <"$board" | sed 's/RBWOGN/      /g' >"$board.plain"
	echo "tokens $(grep -oE '\([0-9]+\)' "$board.plain" | tr -d '()' | sort -n | paste -sd ' ')"
	echo "nodes-of-harbours $(grep -oE '[0-9]+,[0-9]+' "$board.plain" | sort -t, -k1n | paste -sd ' ')"
	echo "rates $(grep -oE '[23]:1' "$board.plain" | sort | uniq -c | awk '{ print $2 "x" $1 }' | paste -sd ' ')"
	echo "bare $(sed -E 's/\([0-9]+\)//g; s/[0-9]+,[0-9]+//g; s/[23]:1//g; s/#[0-9]+//g; s/[0-9]+-[0-9]+//g' "$board.plain" |
		grep -oE '[0-9]+' | sort -n | paste -sd ' ')"
}

@test "--screen and --labels tell tokens, intersections and harbours apart without colour" {
	tokens=$(jq -r '[.board.hexes[].token | select(. != null)] | sort | map(tostring) | join(" ")' "$P/midgame.json")
	harbours=$(catan-newboard --geometry | jq -r '[.coast[] | select(.harbour != null) | .path | split("-") |
		map(tonumber) | sort | "\(.[0]),\(.[1])"] | sort_by(split(",")[0] | tonumber) | join(" ")')
	for layout in "--screen" "--labels" "--labels --width 78"; do
		# The board alone: the screen's rows without the panel on their right.
		# shellcheck disable=SC2086 # $layout is options
		catan-render $layout --color never "$P/midgame.json" >"$P/text"
		if [ "$layout" = --screen ]; then cut -c 1-56 "$P/text" >"$P/board"; else sed '/^Turn /,$d' "$P/text" >"$P/board"; fi
		run -0 numbers "$P/board"
		# Every token in parentheses, every harbour with its rate and its two intersections,
		# and the bare numbers the intersections', each once.
		assert_eq "tokens $tokens
nodes-of-harbours $harbours
rates 2:1x5 3:1x4
bare $(seq 1 54 | paste -sd ' ')" "$output"
	done
	# A harbour's name stands clear of the board: a blank between it and a hex's side.
	run -1 grep -E '(lumber|brick|wool|grain|ore)\|' "$P/text"
}

@test "--screen fits 80 columns and 24 lines on every position and random boards, thirty hexes too" {
	for f in beginner midgame seven over; do
		run -0 sh -c "catan-render --screen '$P/$f.json' | awk 'length > 80 || NR > 24 { print NR \": \" \$0 }'"
		assert_eq "" "$output"
	done
	for seed in 1 2 3; do
		catan-newboard --seed "$seed" | catan-move --auto 120 >"$P/g.json"
		run -0 sh -c "catan-render --screen '$P/g.json' | awk 'length > 80 || NR > 24 { print NR \": \" \$0 }'"
		assert_eq "" "$output"
		catan-newboard --seed "$seed" --rules variant=two | catan-move --auto 60 >"$P/g.json"
		run -0 sh -c "catan-render --screen '$P/g.json' | awk 'length > 80 || NR > 24 { print NR \": \" \$0 }'"
		assert_eq "" "$output"
		catan-newboard --seed "$seed" --rules variant=five_six | catan-move --auto 120 >"$P/g.json"
		run -0 sh -c "catan-render --screen '$P/g.json' | awk 'length > 80 || NR > 24 { print NR \": \" \$0 }'"
		assert_eq "" "$output"
		run -0 catan-render --screen "$P/g.json"
		assert_eq 24 "${#lines[@]}"
	done
}

@test "--screen fits six players on the thirty-hex board in 80x24: set-up, mid game, building phase, the end" {
	catan-newboard --seed 1 --players red,blue,white,orange,green,brown >"$P/s0.json"
	catan-move --auto 12 <"$P/s0.json" >"$P/s12.json"
	catan-move --auto 200 <"$P/s0.json" >"$P/s200.json"
	catan-move --until-end <"$P/s0.json" >"$P/end.json"
	run -0 catan-render "$P/s200.json"
	[[ "$output" == *"special building phase after green's turn: blue builds or passes"* ]]
	for f in s0 s12 s200 end; do
		for view in "" "--view brown"; do
			# shellcheck disable=SC2086 # $view is an option and its value, or nothing
			run -0 sh -c "catan-render --screen $view '$P/$f.json' | awk 'length > w { w = length } END { print (w <= 80), NR }'"
			assert_eq "1 24" "$output"
			# Every player's line shows: the others' cards make room for it.
			# shellcheck disable=SC2086
			run -0 sh -c "catan-render --screen $view '$P/$f.json' | grep -c '  [rbwogn] [a-z]*[:*] [0-9]* pts*,'"
			assert_eq 6 "$output"
		done
	done
	# The bottom coast's harbours share the row of the bottom intersections, where they have room.
	run -0 catan-render --screen "$P/s0.json"
	assert_eq "        2:1 wool 74,78  78      79      80  2:1 lumber 76,79" "${lines[23]}"
	run -0 catan-render --screen "$P/end.json"
	assert_eq "       2:1 wool 74,78  W78     O79     o80  2:1 lumber 76,79" "${lines[23]}"
	assert_eq "                   3:1 1,4     3:1 2,6                          Turn 260: game" "${lines[0]}"
}

@test "--since draws what changed on the board bold and underlined, never in white's reverse video, in colour only" {
	catan-render --screen --color always --since "$P/beginner.json" "$P/midgame.json" >"$P/c.txt"
	run -0 grep -o $'\033\\[[0-9;]*1;4m[^\033]*' "$P/c.txt"
	assert_eq $'\033[1;31;1;4mr\n\033[1;34;1;4mb' "$output"
	run -0 catan-render --color always --since "$P/beginner.json" "$P/midgame.json"
	[[ "$output" == *$'\033[1;31;1;4m'* ]]
	# Reverse video (7) is the robber's alone; the white pieces are black on white, never underlined
	# unless they changed.
	grep -o $'\033\\[[0-9;]*m[^\033]*' "$P/c.txt" | sort -u >"$P/marks"
	run -0 grep -E $'\033\\[([0-9]*;)*7(;[0-9]*)*m' "$P/marks"
	assert_eq $'\033[1;7mrob' "$output"
	run -0 grep -F '30;107' "$P/marks"
	assert_eq $'\033[1;30;107m  cards, 0 dev\n\033[1;30;107mw\n\033[1;30;107mw white: 2 pts, 6\n\033[1;30;107mw32\n\033[1;30;107mww18' "$output"
	# Without colour the text is the same as without --since.
	catan-render --screen --since "$P/beginner.json" "$P/midgame.json" >"$P/out"
	assert_file_eq "$R/midgame-screen.txt" "$P/out"
	catan-newboard --seed 9 >"$P/other.json"
	run -2 catan-render --screen --since "$P/other.json" "$P/midgame.json"
	assert_eq "catan-render: --since: $P/other.json is not a game on the same board" "${lines[0]}"
	run -2 catan-render --screen --labels "$P/midgame.json"
	assert_eq "catan-render: --screen is text of its own: give it without --svg, --png, --html or --labels" "${lines[0]}"
	run -2 catan-render --screen --svg "$P/midgame.json"
	assert_eq "catan-render: --screen is text of its own: give it without --svg, --png, --html or --labels" "${lines[0]}"
}

@test "the picture says what is pending: discards, the robber, an open offer, the winner" {
	run -0 catan-render "$P/seven.json"
	[[ "$output" == *"Pending: white owes 4 cards, orange owes 4 cards; then red moves the robber"* ]]
	run -0 catan-render "$P/midgame.json"
	[[ "$output" == *"Open offer: blue gives ore 1 for wool 1, to all (declined by orange)"* ]]
	run -0 catan-render "$P/over.json"
	[[ "$output" == *"game over: red has won with 10 points"* ]]
	[[ "$output" == *"[robber]"* ]]
}

@test "text fits 80 columns without labels and 96 with, on every position and random boards" {
	for s in 1 2 3 4 5 6 7 8; do catan-newboard --seed $s >"$P/random$s.json"; done
	for f in "$P"/*.json; do
		for v in "" --view=red; do
			w=$(catan-render --color never $v "$f" | awk '{ if (length > m) m = length } END { print m }')
			[ "$w" -le 80 ] || { echo "$f $v: $w columns"; false; }
			w=$(catan-render --labels --color never $v "$f" | awk '{ if (length > m) m = length } END { print m }')
			[ "$w" -le 96 ] || { echo "$f $v --labels: $w columns"; false; }
		done
	done
}

@test "a game played to its end by the engine alone is drawn with its winner" {
	run -0 bash "$ROOT/examples/beginner-game.sh" "$P/final.json"
	for v in "" --view=blue; do
		run -0 catan-render --color never $v "$P/final.json"
		[[ "${lines[*]}" == *"game over: "*" has won with "*" points"* ]]
		[[ "${lines[*]}" == *"* winner *"* ]]
		w=$(awk '{ if (length > m) m = length } END { print m }' <<<"$output")
		[ "$w" -le 80 ]
	done
	catan-render --svg --view white "$P/final.json" >"$P/final.svg"
	run -0 xmllint --noout "$P/final.svg"
}

@test "every phase is drawn: set-up, roll, discard, robber, main, over, and a record" {
	catan-newboard --seed 9 >"$P/setup.json"
	run -0 catan-render "$P/setup.json"
	[[ "$output" == *"Set-up, placement 1 of 8: red places a settlement"* ]]
	run -0 catan-move 'red build settlement 12' <"$P/setup.json"
	run -0 catan-render <<<"$output"
	[[ "$output" == *"red places a road"* ]]
	run -0 catan-move 'white discard ore 2 wool 1 lumber 1' 'orange discard grain 2 brick 2' <"$P/seven.json"
	run -0 catan-render <<<"$output"
	[[ "$output" == *"Turn 9: red moves the robber"* ]]
	jq 'del(.position)' "$P/midgame.json" >"$P/record.json"
	run -0 catan-render "$P/record.json"
	assert_eq "$(catan-render "$P/midgame.json")" "$output"
	[[ "$output" == *"Last moves (18 in all):"* ]]
}

@test "--at N draws the position after move N of a game or a record; a record draws its last" {
	jq 'del(.position)' "$P/midgame.json" >"$P/record.json"
	run -0 catan-render --at 18 "$P/record.json"
	assert_eq "$(catan-render "$P/midgame.json")" "$output"
	run -0 catan-render --at -18 --log 0 "$P/midgame.json"
	assert_eq "$(catan-render --log 0 "$P/record.json" --at 0)" "$output"
	# The position after move 5 is the one catan-move gives after those moves.
	jq '.log[0:5] | .[]' -r "$P/midgame.json" >"$P/five.txt"
	jq 'del(.position) | .log = []' "$P/midgame.json" >"$P/start.json"
	run -0 catan-render --at 5 "$P/midgame.json"
	[[ "$output" == *"Last moves (5 in all):"* ]]
	run -0 catan-render --at -1 "$P/midgame.json"
	[[ "$output" == *"Last moves (17 in all):"* ]]
	run -2 --separate-stderr catan-render --at 19 "$P/midgame.json"
	assert_eq "catan-render: --at 19: the game has 18 moves" "$stderr"
	run -2 --separate-stderr catan-render --at x "$P/midgame.json"
	assert_eq "catan-render: --at: 'x' is not a move number" "${stderr_lines[0]}"
	catan-move --view red <"$P/midgame.json" >"$P/view.json"
	run -2 --separate-stderr catan-render --at 3 "$P/view.json"
	assert_eq "catan-render: --at needs the game from its start: a view has none" "$stderr"
}

@test "the log lists the last N moves, or none" {
	run -0 catan-render --log 2 "$P/midgame.json"
	[[ "$output" == *$'Last moves (18 in all):\n    17. blue offer all ore 1 for wool 1\n    18. orange reject' ]]
	run -0 catan-render -n 0 "$P/midgame.json"
	[[ "$output" != *"Last moves"* ]]
	# At most 150, the newest.
	jq '.log += [range(200) | "red end"]' "$P/midgame.json" >"$P/long.json"
	run -0 catan-render --log 100000 "$P/long.json"
	run -0 grep -cE '^ +[0-9]+\. [a-z]' <<<"$output"
	assert_eq 150 "$output"
	run -0 catan-render --log 100000 "$P/long.json"
	assert_eq "   218. red end" "${lines[-1]}"
}

@test "colour: every player's pieces read on a light and on a dark terminal: white is black on white" {
	catan-render --color always "$P/midgame.json" >"$P/c.txt"
	esc=$'\033['
	# White's letters in black on a white ground; no text in bright or plain white, or in black, alone.
	grep -qF "${esc}1;30;107mw" "$P/c.txt" || grep -qF "${esc}1;30;107mW" "$P/c.txt"
	assert_eq "" "$(grep -o $'\033\\[[0-9;]*m' "$P/c.txt" | sort -u | grep -E '\[(1;)?(97|37|30)m' || true)"
}

@test "colour: --color always and never, auto off a terminal, NO_COLOR honoured on a terminal" {
	esc=$'\033['
	run -0 catan-render --color always "$P/beginner.json"
	[[ "$output" == *"$esc"* ]]
	run -0 catan-render --color=never "$P/beginner.json"
	[[ "$output" != *"$esc"* ]]
	run -0 catan-render "$P/beginner.json"
	[[ "$output" != *"$esc"* ]]
	run -0 env NO_COLOR=1 catan-render --color always "$P/beginner.json"
	[[ "$output" == *"$esc"* ]]
	# The same text less its escapes.
	catan-render --color always "$P/midgame.json" | sed 's/\x1b\[[0-9;]*m//g' >"$P/plain"
	catan-render --color never "$P/midgame.json" >"$P/never"
	assert_file_eq "$P/never" "$P/plain"
	if command -v script >/dev/null; then
		run -0 script -qec "TERM=xterm catan-render '$P/beginner.json'" /dev/null
		[[ "$output" == *"$esc"* ]]
		run -0 script -qec "TERM=xterm NO_COLOR=1 catan-render '$P/beginner.json'" /dev/null
		[[ "$output" != *"$esc"* ]]
	fi
}

@test "SVG is well-formed XML and rsvg-convert draws it" {
	for f in beginner midgame seven over; do
		catan-render --svg "$P/$f.json" >"$P/$f.svg"
		run -0 xmllint --noout "$P/$f.svg"
		catan-render --svg --labels --view red "$P/$f.json" >"$P/$f-l.svg"
		run -0 xmllint --noout "$P/$f-l.svg"
		run -0 rsvg-convert -o "$P/$f.png" "$P/$f.svg"
		[ "$(head -c 8 "$P/$f.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
	done
	run -0 grep -c '<polygon class="hex' "$P/midgame.svg"
	assert_eq 19 "$output"
	run -0 grep -c '<g class="road' "$P/midgame.svg"
	assert_eq 10 "$output"
	grep -q 'id="robber"' "$P/midgame.svg"
	grep -q 'fill="#c62828">6</text>' "$P/midgame.svg"
}

@test "the SVG board fills its half of the picture and its labels are set in readable type" {
	catan-render --svg --labels "$P/midgame.json" >"$P/b.svg"
	w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$P/b.svg")
	# The sea behind the board is the first rounded rectangle.
	sea=$(sed -n 's/.*<rect x="10" y="10" width="\([0-9.]*\)".*rx=.*/\1/p' "$P/b.svg")
	awk -v w="$w" -v s="$sea" 'BEGIN { exit !(s >= 800 && s >= w / 2) }'
	# Every label is at least 11 px high (126 of them: 72 paths, 54 intersections), and so is
	# every other text.
	run -0 awk '/<g id="labels"/ { on = 1 } on && /<text/ { n++; match($0, /font-size="[0-9.]*"/)
		v = substr($0, RSTART + 11, RLENGTH - 12) + 0; if (v < 11) print "small: " $0 }
		/<\/g>/ { on = 0 } END { print n }' "$P/b.svg"
	assert_eq 126 "$output"
	run -0 sh -c "grep -o 'font-size=\"[0-9.]*\"' '$P/b.svg' | tr -dc '0-9.\n' | sort -n | head -1"
	assert_eq 12 "$output"
}

# piece_clashes SVG: every path name on its road and every intersection's number on its
# building, one line each, then the counts of roads and buildings.
piece_clashes() {
	# A road: its path's name and its line; a label: its text and where it stands.
	awk '
	/<g class="road/ { match($0, /road [0-9]+-[0-9]+</); name = substr($0, RSTART + 5, RLENGTH - 6)
		match($0, /x1="[0-9.]*" y1="[0-9.]*" x2="[0-9.]*" y2="[0-9.]*"/); split(substr($0, RSTART, RLENGTH), q, "\"")
		x1[name] = q[2]; y1[name] = q[4]; x2[name] = q[6]; y2[name] = q[8]; nroad++ }
	/<g class="(settlement|city)/ { match($0, /M[0-9.]* [0-9.]*/); split(substr($0, RSTART + 1, RLENGTH - 1), q, " ")
		match($0, /<title>[a-z]* [a-z]* [0-9]+</); t = substr($0, RSTART, RLENGTH - 1); sub(/.* /, "", t)
		# The outline from its bottom left corner: a city 42 by 44, a settlement 22 by 26.
		city = $0 ~ /<g class="city/; bw[t] = city ? 42 : 22; bh[t] = city ? 44 : 26
		bx[t] = q[1]; by[t] = q[2]; nb++ }
	/<text class="(path|node)"/ { match($0, />[0-9-]+</); t = substr($0, RSTART + 1, RLENGTH - 2)
		match($0, /x="[0-9.]*" y="[0-9.]*"/); split(substr($0, RSTART, RLENGTH), q, "\"")
		lx[t] = q[2]; ly[t] = q[4] - 4 }
	function dist(px, py, ax, ay, bx, by,   dx, dy, u) {
		dx = bx - ax; dy = by - ay; u = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
		u = u < 0 ? 0 : u > 1 ? 1 : u; return sqrt((ax + u * dx - px) ^ 2 + (ay + u * dy - py) ^ 2) }
	END {
		for (r in x1) if (dist(lx[r], ly[r], x1[r], y1[r], x2[r], y2[r]) < 12) print "on its road: " r
		# A building spans its path: the label stands outside that box, less a little halo.
		for (n in bx) if (lx[n] > bx[n] - 8 && lx[n] < bx[n] + bw[n] + 8 && ly[n] > by[n] - bh[n] - 4 && ly[n] < by[n] + 4)
			print "on its building: " n
		print nroad, nb }' "$1"
}

@test "with --labels no path's name lies on a road and no number on a building" {
	catan-render --svg --labels "$P/midgame.json" >"$P/b.svg"
	run -0 piece_clashes "$P/b.svg"
	assert_eq "10 8" "$output"
	# Two cities, drawn taller and wider than a settlement.
	catan-render --svg --labels "$P/over.json" >"$P/o.svg"
	run -0 piece_clashes "$P/o.svg"
	assert_eq "10 9" "$output"
	# Cities on the coast, where an intersection's number stands out to sea: to either side,
	# above and below.
	jq '.position.players.red.settlements = [29] | .position.players.red.cities = [5, 22] |
		.position.players.orange.cities = [50, 27] | .position.players.white.cities = [12, 43]' \
		"$P/midgame.json" >"$P/coast.json"
	catan-render --svg --labels "$P/coast.json" >"$P/c.svg"
	run -0 piece_clashes "$P/c.svg"
	assert_eq "10 13" "$output"
}

# label_clashes SVG: every path name whose box meets a token's disc, a hex number's box or a
# building, one line each, then the count of path names.  A building is its outline's boxes,
# grown by its stroke (1): a settlement 22 wide from 14 above its intersection to 12 below; a
# city's tower 14 wide from its roof's peak, 30 above, to 14 below, its hall 42 wide, 2 above
# to 14 below, both from 22 left of the intersection.  A text's box is its advance widths in DejaVu
# Sans (digits 0.636 em, '-' 0.361, '#' 0.838) centred on x, from the digits' height (0.729 em)
# above the baseline y down to it; a label's box grows by its halo (stroke 3.5, so 1.75).
label_clashes() {
	awk '
	function width(t, s,   i, c, w) { w = 0
		for (i = 1; i <= length(t); i++) { c = substr(t, i, 1); w += c == "-" ? 0.361 : c == "#" ? 0.838 : 0.636 }
		return w * s }
	function attr(name,   v) { if (!match($0, " " name "=\"[0-9.]*\"")) return ""
		v = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 4); return v + 0 }
	function inner() { match($0, />[^<]*</); return substr($0, RSTART + 1, RLENGTH - 2) }
	/<g id="tokens"/ { tok = 1 } tok && /<\/g>/ { tok = 0 }
	tok && /<circle/ && attr("r") > 10 { ncx++; cx[ncx] = attr("cx"); cy[ncx] = attr("cy"); cr[ncx] = attr("r") }
	tok && /<text/ && inner() ~ /^#/ { s = attr("font-size"); w = width(inner(), s); nh++; hn[nh] = inner()
		hx0[nh] = attr("x") - w / 2; hx1[nh] = attr("x") + w / 2; hy0[nh] = attr("y") - 0.729 * s; hy1[nh] = attr("y") }
	function box(t, x0, y0, x1, y1) { nb++; bn[nb] = t; bx0[nb] = x0 - 1; by0[nb] = y0 - 1; bx1[nb] = x1 + 1; by1[nb] = y1 + 1 }
	/<g class="(settlement|city)/ { match($0, /d="M[0-9.]* [0-9.]*/); split(substr($0, RSTART + 4, RLENGTH - 4), q, " ")
		match($0, /<title>[^<]*</); t = substr($0, RSTART + 7, RLENGTH - 8)
		if ($0 ~ /<g class="city/) { x = q[1] + 22; y = q[2] - 14
			box(t " tower", x - 22, y - 30, x - 8, y + 14); box(t " hall", x - 22, y - 2, x + 20, y + 14) }
		else { x = q[1] + 11; y = q[2] - 12; box(t, x - 11, y - 14, x + 11, y + 12) } }
	/<text class="path"/ { s = attr("font-size"); w = width(inner(), s); np++; pn[np] = inner()
		px0[np] = attr("x") - w / 2 - 1.75; px1[np] = attr("x") + w / 2 + 1.75
		py0[np] = attr("y") - 0.729 * s - 1.75; py1[np] = attr("y") + 1.75 }
	function clamp(v, a, b) { return v < a ? a : v > b ? b : v }
	END {
		for (i = 1; i <= np; i++) {
			for (j = 1; j <= ncx; j++) {
				dx = clamp(cx[j], px0[i], px1[i]) - cx[j]; dy = clamp(cy[j], py0[i], py1[i]) - cy[j]
				if (dx * dx + dy * dy < cr[j] * cr[j]) print pn[i] " on the token at " cx[j] "," cy[j]
			}
			for (j = 1; j <= nh; j++)
				if (px0[i] < hx1[j] && hx0[j] < px1[i] && py0[i] < hy1[j] && hy0[j] < py1[i])
					print pn[i] " on hex number " hn[j]
			for (j = 1; j <= nb; j++)
				if (px0[i] < bx1[j] && bx0[j] < px1[i] && py0[i] < by1[j] && by0[j] < py1[i])
					print pn[i] " on " bn[j]
		}
		print np }' "$1"
}

@test "with --labels no path's name touches a token, a hex number or a building, on both boards" {
	catan-newboard --seed 5 >"$P/random.json"
	catan-newboard --seed 3 --players red,blue,white --rules variant=five_six >"$P/five-six.json"
	six=red,blue,white,orange,green,brown
	# Late in the game, cities and settlements crowd the paths' names: on the corners of the
	# paths, a city's tower and hall reach out over where the names stand on an empty board.
	catan-move --auto 400 --policy greedy <"$P/random.json" >"$P/random-late.json"
	catan-newboard --seed 1 | catan-move --until-end --policy greedy >"$P/base-end.json"
	catan-newboard --seed 2 | catan-move --auto 400 --policy greedy >"$P/base-late.json"
	catan-newboard --seed 1 --players $six | catan-move --until-end --policy greedy >"$P/six-end.json"
	catan-newboard --seed 4 --players $six | catan-move --auto 400 --policy greedy >"$P/six-late.json"
	catan-move --until-end --policy greedy <"$P/five-six.json" >"$P/five-six-end.json"
	for f in beginner random five-six midgame over random-late base-end base-late six-end six-late five-six-end; do
		catan-render --svg --labels "$P/$f.json" >"$P/$f.svg"
		run -0 label_clashes "$P/$f.svg"
		# Nothing but the count of paths: 72 on the base board, 109 on the thirty hexes.
		case $f in five-six* | six*) want=109 ;; *) want=72 ;; esac
		assert_eq "$want" "$output"
	done
	# That game did come to cities beside the paths.
	run -0 grep -c '<g class="city' "$P/six-end.svg"
	assert_eq 7 "$output"
}

@test "--width 78 fits the labelled text in 78 columns: path names on the base board, numbers alone on thirty hexes" {
	run -0 --separate-stderr catan-render --labels --width 78 --color never "$P/midgame.json"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$P/out"
	assert_file_eq "$R/midgame-labels-78.txt" "$P/out"
	six=red,blue,white,orange,green,brown
	catan-newboard --seed 4 --players $six | catan-move --auto 40 >"$P/six.json"
	catan-render --labels --width 78 --color never "$P/six.json" >"$P/out"
	assert_file_eq "$R/six-labels-78.txt" "$P/out"
	# Every position, random boards, Catan for Two and the thirty hexes (six players, and five
	# with the variant), whole games too: at most 78 columns, the panel included.
	for s in 1 2 3; do catan-newboard --seed $s >"$P/random$s.json"; done
	catan-newboard --seed 4 --players $six >"$P/six-new.json"
	catan-newboard --seed 4 --players $six | catan-move --until-end --policy greedy >"$P/six-end.json"
	catan-newboard --seed 3 --players red,blue,white --rules variant=five_six >"$P/five-six.json"
	catan-newboard --seed 3 --rules variant=two --players red,blue >"$P/two.json"
	catan-move --until-end --policy greedy <"$P/two.json" >"$P/two-end.json"
	for f in "$P"/*.json; do
		for v in "" --view=red; do
			w=$(catan-render --labels --width 78 --log 20 --color never $v "$f" | awk '{ if (length > m) m = length } END { print m }')
			[ "$w" -le 78 ] || { echo "$f $v: $w columns"; false; }
		done
	done
	# The path names stay where they fit (the base board and Catan for Two: six columns a
	# step); on thirty hexes the intersections' numbers name the paths.
	for f in random1 two; do
		grep -q ' 10-14 ' <(catan-render --labels --width 78 "$P/$f.json")
	done
	run -1 grep -q ' 10-14 ' <(catan-render --labels --width 78 "$P/six-new.json")
	grep -q ' 62 ' <(catan-render --labels --width 78 "$P/six-new.json")
	# Room enough: the layout of --labels as it is; without labels, the compact picture.
	assert_eq "$(catan-render --labels "$P/midgame.json")" "$(catan-render --labels --width 96 "$P/midgame.json")"
	assert_eq "$(catan-render "$P/midgame.json")" "$(catan-render --width 80 "$P/midgame.json")"
	# Too narrow for any board: the narrowest, and the panel wrapped to the width.
	run -0 catan-render --labels --width 40 --log 20 --color never "$P/midgame.json"
	assert_eq "$(catan-render --labels --width 70 --board-only "$P/six-new.json")" \
		"$(catan-render --labels --width 40 --board-only "$P/six-new.json")"
	awk '/^Turn 6/ { p = 1 } p && length > 40 { print; bad = 1 } END { exit bad }' <<<"$output"
}

@test "--board-only draws the text's board without the panel, and the SVG without its panel" {
	for f in beginner midgame over; do
		catan-render --labels --width 78 --color never "$P/$f.json" >"$P/all.txt"
		catan-render --labels --width 78 --color never --board-only "$P/$f.json" >"$P/board.txt"
		# The whole text is the board, a blank line, then the panel from its title.
		n=$(wc -l <"$P/board.txt")
		assert_eq "$(cat "$P/board.txt")" "$(head -n "$n" "$P/all.txt")"
		run -0 sed -n "$((n + 1))p" "$P/all.txt"
		assert_eq "" "$output"
		run -0 sed -n "$((n + 2))p" "$P/all.txt"
		[[ $output == Turn* || $output == Set-up* || $output == *won* ]]
		catan-render --svg --board-only --labels "$P/$f.json" >"$P/b.svg"
		run -0 xmllint --noout "$P/b.svg"
		run -1 grep -q 'id="panel"' "$P/b.svg"
		# As wide as the sea and its margins: the picture is the board.
		sea=$(sed -n 's/.*<rect x="10" y="10" width="\([0-9.]*\)".*rx=.*/\1/p' "$P/b.svg")
		w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$P/b.svg")
		awk -v w="$w" -v s="$sea" 'BEGIN { exit !(w - s >= 19 && w - s <= 21) }'
	done
}

# large_clashes SVG: in large print, every two things of the board that meet, one line each:
# the intersections' badges (their box from the number's place: 2 bold digits and 10 wide,
# the digits' height and 12 high, a building's roof or battlements 9 above),
# the harbours' boxes and discs, the tokens' discs and the texts (their
# advance widths in DejaVu Sans: digits 0.636 em, 0.696 in bold, '#' 0.838, ':' 0.337, a
# letter at most 0.974; the digits' height, 0.729 em, above the baseline); then the counts
# of badges, harbours and tokens.
large_clashes() {
	awk '
	function attr(s, name) { if (!match(s, " " name "=\"[-0-9.]*\"")) return ""
		return substr(s, RSTART + length(name) + 3, RLENGTH - length(name) - 4) + 0 }
	function adv(t, bold,   i, c, w) { w = 0
		for (i = 1; i <= length(t); i++) { c = substr(t, i, 1)
			w += c ~ /[0-9]/ ? (bold ? 0.696 : 0.636) : c == "#" ? 0.838 : c == ":" ? 0.337 : 0.974 }
		return w }
	function add(k, name, x0, y0, x1, y1) { n++; K[n] = k; N[n] = name; X0[n] = x0; Y0[n] = y0; X1[n] = x1; Y1[n] = y1 }
	function text(k, el, size,   t, w, x, y) { match(el, />[^<]*</); t = substr(el, RSTART + 1, RLENGTH - 2)
		w = adv(t, el ~ /bold/) * size; x = attr(el, "x"); y = attr(el, "y")
		add(k, t, x - w / 2, y - 0.729 * size, x + w / 2, y) }
	/<g id=/ { match($0, /id="[a-z]*"/); grp = substr($0, RSTART + 4, RLENGTH - 5) }
	grp == "badges" && /<g id="badges"/ { bf = attr($0, "font-size") }
	grp == "tokens" && /<circle/ && attr($0, "r") > 20 { x = attr($0, "cx"); y = attr($0, "cy"); r = attr($0, "r")
		add("token", "token at " x "," y, x - r, y - r, x + r, y + r); R[n] = r }
	grp == "tokens" && /<text/ { text(substr($0, index($0, ">") + 1, 1) == "#" ? "hexno" : "tokno", $0, attr($0, "font-size")) }
	grp == "harbours" && /<circle/ { x = attr($0, "cx"); y = attr($0, "cy"); r = attr($0, "r")
		add("harbour", "harbour at " x "," y, x - r, y - r, x + r, y + r); R[n] = r }
	grp == "harbours" && /<rect/ { x = attr($0, "x"); y = attr($0, "y")
		add("harbour", "harbour at " x "," y, x, y, x + attr($0, "width"), y + attr($0, "height")) }
	grp == "badges" && /<text class="node"/ { match($0, /<text[^>]*>[^<]*</); el = substr($0, RSTART, RLENGTH)
		match(el, />[^<]*</); t = substr(el, RSTART + 1, RLENGTH - 2)
		x = attr(el, "x"); y = attr(el, "y") - 0.3645 * bf; w = 2 * 0.696 * bf + 10; h = 0.729 * bf + 12
		add("badge", "badge " t, x - w / 2, y - h / 2 - ($0 ~ /<title>/ ? 9 : 0), x + w / 2, y + h / 2) }
	function clamp(v, a, b) { return v < a ? a : v > b ? b : v }
	# A disc (R, its radius) meets what comes nearer its centre than its radius.
	function meet(i, j,   t, cx, cy, dx, dy) {
		if (R[j]) { t = i; i = j; j = t }
		cx = (X0[i] + X1[i]) / 2; cy = (Y0[i] + Y1[i]) / 2
		if (!R[i])
			return X0[i] < X1[j] && X0[j] < X1[i] && Y0[i] < Y1[j] && Y0[j] < Y1[i]
		if (R[j])
			return (cx - (X0[j] + X1[j]) / 2) ^ 2 + (cy - (Y0[j] + Y1[j]) / 2) ^ 2 < (R[i] + R[j]) ^ 2
		dx = clamp(cx, X0[j], X1[j]) - cx; dy = clamp(cy, Y0[j], Y1[j]) - cy
		return dx * dx + dy * dy < R[i] * R[i] }
	function pair(a, b) { return index(" badge-badge badge-harbour badge-token badge-hexno badge-tokno hexno-token hexno-harbour harbour-harbour harbour-token hexno-hexno token-token ", " " a "-" b " ") }
	END {
		for (i = 1; i <= n; i++) { c[K[i]]++
			for (j = i + 1; j <= n; j++)
				if ((pair(K[i], K[j]) || pair(K[j], K[i])) && meet(i, j)) print N[i] " meets " N[j] }
		print c["badge"] + 0, c["harbour"] + 0, c["token"] + 0 }' "$1"
}

@test "--large-print: the board alone, every text at least a fortieth of its width, no two things on one place" {
	six=red,blue,white,orange,green,brown
	catan-newboard --seed 4 --players $six >"$P/six.json"
	catan-newboard --seed 4 --players $six | catan-move --until-end --policy greedy >"$P/six-end.json"
	catan-newboard --seed 2 --players $six | catan-move --auto 300 --policy greedy >"$P/six-late.json"
	catan-newboard --seed 3 --rules variant=two --players red,blue | catan-move --until-end --policy greedy >"$P/two-end.json"
	catan-newboard --seed 1 | catan-move --until-end --policy greedy >"$P/base-end.json"
	for f in beginner midgame over six six-end six-late two-end base-end; do
		catan-render --svg --large-print --labels --view red "$P/$f.json" >"$P/$f.svg"
		run -0 xmllint --noout "$P/$f.svg"
		run -1 grep -q 'id="panel"\|class="path"' "$P/$f.svg"
		w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$P/$f.svg")
		small=$(grep -o 'font-size="[0-9.]*"' "$P/$f.svg" | tr -dc '0-9.\n' | sort -n | head -1)
		awk -v w="$w" -v s="$small" 'BEGIN { exit !(s >= w / 40) }' || { echo "$f: $small for $w"; false; }
		# Every intersection's badge, the harbours, the tokens; and nothing else printed.
		run -0 large_clashes "$P/$f.svg"
		case $f in six*) want="80 11 28" ;; *) want="54 9 18" ;; esac
		assert_eq "$want" "$output"
		# The buildings of the board, each once, with their numbers.
		assert_eq "$(grep -o '<title>[a-z]* \(settlement\|city\) [0-9]*</title>' <(catan-render --svg --view red "$P/$f.json") | sort)" \
			"$(grep -o '<title>[a-z]* \(settlement\|city\) [0-9]*</title>' "$P/$f.svg" | sort)"
	done
	# The fortieth: 25 on the base board, 981 wide; 28 on thirty hexes, 1119 wide.
	grep -q '<svg [^>]*width="981"' "$P/beginner.svg"
	grep -q 'font-size="25"' "$P/beginner.svg"
	grep -q '<svg [^>]*width="1119"' "$P/six.svg"
	grep -q 'font-size="28"' "$P/six.svg"
	# Without labels: the buildings' badges alone.
	catan-render --svg --large-print "$P/over.json" >"$P/nolabels.svg"
	run -1 grep -q '<g class="node"' "$P/nolabels.svg"
	run -0 grep -c '<g class="\(settlement\|city\)' "$P/nolabels.svg"
	assert_eq 9 "$output"
	run -0 catan-render --png "$P/l.png" --large-print --labels "$P/midgame.json"
	[ "$(head -c 8 "$P/l.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

@test "--width, --board-only and --large-print are refused where they do not apply" {
	run -2 --separate-stderr catan-render --svg --width 78 "$P/beginner.json"
	assert_eq "catan-render: --width is for the text: give it without --svg, --png, --html or --screen" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --screen --width 78 "$P/beginner.json"
	assert_eq "catan-render: --width is for the text: give it without --svg, --png, --html or --screen" "${stderr_lines[0]}"
	for n in 0 -1 x 1001; do
		run -2 --separate-stderr catan-render --width "$n" "$P/beginner.json"
		assert_eq "catan-render: --width: '$n' is not a number of columns" "${stderr_lines[0]}"
	done
	run -2 --separate-stderr catan-render --large-print "$P/beginner.json"
	assert_eq "catan-render: --large-print is for a picture: give it with --svg or --png" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --html --large-print "$P/beginner.json"
	assert_eq "catan-render: --large-print is for a picture: give it with --svg or --png" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --html --board-only "$P/beginner.json"
	assert_eq "catan-render: --board-only is for the text, --svg or --png: give it without --html or --screen" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --screen --board-only "$P/beginner.json"
	assert_eq "catan-render: --board-only is for the text, --svg or --png: give it without --html or --screen" "${stderr_lines[0]}"
}

@test "--png writes a PNG through rsvg-convert and nothing on stdout" {
	run -0 --separate-stderr catan-render --png "$P/b.png" "$P/beginner.json"
	assert_eq "" "$output"
	assert_eq "" "$stderr"
	[ "$(head -c 8 "$P/b.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

@test "--png without rsvg-convert names the package and exits 4" {
	mkdir "$P/bin"
	ln -s "$CATAN_BIN/catan-render" "$P/bin/catan-render"
	run -4 --separate-stderr env PATH="$P/bin" catan-render --png "$P/b.png" "$P/beginner.json"
	assert_eq "catan-render: --png needs rsvg-convert, which is not installed (Debian package librsvg2-bin; or use --svg)" "$stderr"
	[ ! -e "$P/b.png" ]
}

@test "a headless Chromium shows the SVG: the screenshot is not blank" {
	browser=$(command -v chromium || command -v chromium-browser || true)
	[ -n "$browser" ] || skip "chromium is not installed (Debian package chromium: apt-get install chromium)"
	catan-render --svg "$P/midgame.json" >"$P/board.svg"
	w=$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$P/board.svg")
	h=$(sed -n 's/.*<svg [^>]*height="\([0-9]*\)".*/\1/p' "$P/board.svg")
	printf '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s"><rect width="%s" height="%s" fill="#fbf8ef"/></svg>\n' \
		"$w" "$h" "$w" "$h" >"$P/blank.svg"
	for f in board blank; do
		run timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
			--no-first-run --hide-scrollbars --user-data-dir="$BATS_TEST_TMPDIR/profile-$f" --window-size="$w,$h" \
			--screenshot="$P/$f.png" "file://$P/$f.svg"
		[ -s "$P/$f.png" ] || { echo "no screenshot: $output"; false; }
	done
	# A blank page compresses to almost nothing; the board with its colours does not.
	board=$(wc -c <"$P/board.png") blank=$(wc -c <"$P/blank.png")
	[ "$board" -gt $((blank * 10)) ] || { echo "board.png $board bytes, blank.png $blank bytes"; false; }
}

@test "a headless Chromium draws every picture: boards, the points chart, the dice sheets" {
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	catan-newboard --seed 3 --players red,blue,white --rules variant=five_six >"$P/five-six.json"
	for f in midgame over five-six; do
		catan-render --svg --labels "$P/$f.json" >"$P/$f.svg"
	done
	catan-render --svg --view blue "$P/midgame.json" >"$P/view.svg"
	catan-score --timeline --svg "$P/midgame.json" >"$P/timeline.svg"
	dicegame-sheet new --external --players ann,bob >"$P/d.json"
	dicegame-sheet -i "$P/d.json" move 'roll ore wool grain ore brick brick' 'build K1' \
		'joker K1 on die 5' end 'roll gold grain gold ore wool lumber'
	dicegame-sheet render --svg "$P/d.json" >"$P/sheet.svg"
	dicegame-sheet new --island 3 --castles --players ann,bob,cy,dee --seed 5 |
		dicegame-sheet auto --turns 80 | dicegame-sheet render --svg >"$P/extra.svg"
	# Two players, no castles, one holding both awards: the column's longest lines.
	dicegame-sheet new --island 3 --players ann,bob --seed 1 | dicegame-sheet auto --all |
		dicegame-sheet render --svg >"$P/extra-two.svg"
	run -0 timeout 300 "$py" "$ROOT/tests/svg-browser.py" \
		"$P"/{midgame,over,five-six,view,timeline,sheet,extra,extra-two}.svg
	assert_eq "svg-browser: 8 pictures drawn" "$output"
}

@test "--view on a full state draws what catan-move --view gives, for every player" {
	# Not over.json: a view document does not yet carry the winner's revealed victory point
	# cards (game_view reveals them; the view's JSON gives other players' cards as a count).
	for f in beginner midgame seven; do
		for c in red blue white orange; do
			catan-render --view $c "$P/$f.json" >"$P/a"
			catan-move --view $c <"$P/$f.json" >"$P/v.json"
			catan-render "$P/v.json" >"$P/b"
			assert_file_eq "$P/a" "$P/b"
			catan-render --svg --labels --view $c "$P/$f.json" >"$P/a"
			catan-render --svg --labels "$P/v.json" >"$P/b"
			assert_file_eq "$P/a" "$P/b"
		done
	done
}

@test "--view on a record draws its replayed last position as the player sees it" {
	catan-newboard --beginner --seed 1 | catan-move 'red roll' 'red end' >"$P/s.json"
	jq 'del(.position)' "$P/s.json" >"$P/r.json"
	catan-move --view blue <"$P/s.json" >"$P/v.json"
	catan-render --color never "$P/v.json" >"$P/want"
	run -0 --separate-stderr catan-render --color never --view blue "$P/r.json"
	assert_eq "$(cat "$P/want")" "$output"
	assert_eq "" "$stderr"
	[[ "$output" == *"2. red end"* ]]
	catan-render --svg --view blue "$P/s.json" >"$P/want"
	run -0 catan-render --svg --view blue "$P/r.json"
	assert_eq "$(cat "$P/want")" "$output"
	# A record whose log does not replay is refused, naming the move.
	jq '.log += ["blue end"]' "$P/r.json" >"$P/bad.json"
	run -1 --separate-stderr catan-render --view blue "$P/bad.json"
	[[ "${stderr_lines[0]}" == "catan-render: move 3 'blue end': "* ]]
}

@test "a view shows no other hand, no unplayed card of another, no deck order or generator" {
	for c in red blue white orange; do
		run -0 catan-render --view $c "$P/midgame.json"
		# Only the viewer's hand is listed card by card.
		hands=$(grep -c '^  cards: [0-9]* (' <<<"$output" || true)
		own=$(jq --arg c $c '[.position.players[$c].hand[]] | add' "$P/midgame.json")
		[ "$own" -eq 0 ] && want=0 || want=1
		assert_eq "$want" "$hands"
		[[ "$output" != *"knight 1"* || $c == red ]]
	done
	run -0 catan-render --view blue --svg --labels "$P/midgame.json"
	[[ "$output" != *"red buy knight"* ]]
	[[ "$output" != *"knight 1"* ]]
	for word in $(jq -r '.position.rng[]' "$P/midgame.json"); do
		[[ "$output" != *"$word"* ]]
	done
}

@test "views leak nothing over many random positions (libcore check)" {
	run -0 "$CATAN_UNIT/render_test"
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

@test "bad input, usage errors and another player's view are refused" {
	run -3 --separate-stderr catan-render <<<'{"format": 1}'
	assert_eq "" "$output"
	[[ "$stderr" == "catan-render: stdin: "* ]]
	run -4 --separate-stderr catan-render "$P/nothing.json"
	[[ "$stderr" == "catan-render: "* ]]
	run -2 --separate-stderr catan-render --color sometimes "$P/beginner.json"
	assert_eq "catan-render: --color: expected auto, always or never, not 'sometimes'" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --view green "$P/beginner.json"
	assert_eq "catan-render: --view: 'green' does not play in this game" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --view pink "$P/beginner.json"
	assert_eq "catan-render: --view: unknown colour 'pink'" "${stderr_lines[0]}"
	catan-newboard --beginner --players red,blue,white >"$P/three.json"
	run -2 --separate-stderr catan-render --view orange "$P/three.json"
	assert_eq "catan-render: --view: 'orange' does not play in this game" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render "$P/beginner.json" "$P/beginner.json"
	[[ "${stderr_lines[0]}" == "catan-render: unexpected argument "* ]]
	catan-move --view red <"$P/midgame.json" >"$P/red.json"
	run -1 --separate-stderr catan-render --view blue "$P/red.json"
	assert_eq "catan-render: this is red's view: it cannot show what blue may see" "$stderr"
	run -0 catan-render --view red "$P/red.json"
}

@test "bash completion offers the options and values of catan-render" {
	run -0 bash -c "source '$ROOT/completions/bash/catan-render'; COMP_WORDS=(catan-render --lab); COMP_CWORD=1; _catan_render; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq "--labels" "$output"
	run -0 bash -c "source '$ROOT/completions/bash/catan-render'; COMP_WORDS=(catan-render --sc); COMP_CWORD=1; _catan_render; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq "--screen" "$output"
	run -0 bash -c "source '$ROOT/completions/bash/catan-render'; COMP_WORDS=(catan-render --si); COMP_CWORD=1; _catan_render; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq "--since" "$output"
	run -0 bash -c "source '$ROOT/completions/bash/catan-render'; COMP_WORDS=(catan-render --color ''); COMP_CWORD=2; _catan_render; printf '%s\n' \"\${COMPREPLY[@]}\""
	assert_eq $'auto\nalways\nnever' "$output"
}

@test "catan-render is clean under valgrind: text, SVG, PNG, a view, the screen, refusals" {
	case $CATAN_BIN in
	*build-san*) skip "the sanitizer build checks leaks itself" ;;
	esac
	command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
	run -0 vg catan-render --labels --color always "$P/seven.json"
	run -0 vg catan-render --svg --view red "$P/over.json"
	run -0 vg catan-render --png "$P/x.png" "$P/midgame.json"
	catan-move --view red <"$P/midgame.json" >"$P/red.json"
	run -1 vg catan-render --view blue "$P/red.json"
	run -3 vg catan-render <<<'{"format": 1}'
	run -2 vg catan-render --color sometimes
	run -0 vg catan-render --screen --color always --since "$P/beginner.json" --view red "$P/over.json"
	run -2 vg catan-render --screen --since "$P/beginner.json" <<<"$(catan-newboard --seed 9)"
}

@test "--png never writes over the game drawn or a file that is not a picture, unless forced; '-' is stdout" {
	command -v rsvg-convert >/dev/null || skip "no rsvg-convert"
	catan-newboard --seed 2 >"$BATS_TEST_TMPDIR/g.json"
	cp "$BATS_TEST_TMPDIR/g.json" "$BATS_TEST_TMPDIR/keep.json"
	run -2 --separate-stderr catan-render --png "$BATS_TEST_TMPDIR/g.json" <"$BATS_TEST_TMPDIR/g.json"
	assert_eq "catan-render: --png: '$BATS_TEST_TMPDIR/g.json' is the game being drawn: the picture would replace it" "$stderr"
	run -2 --separate-stderr catan-render --png "$BATS_TEST_TMPDIR/g.json" "$BATS_TEST_TMPDIR/g.json"
	assert_file_eq "$BATS_TEST_TMPDIR/keep.json" "$BATS_TEST_TMPDIR/g.json"
	echo notes >"$BATS_TEST_TMPDIR/notes.txt"
	run -2 --separate-stderr catan-render --png "$BATS_TEST_TMPDIR/notes.txt" "$BATS_TEST_TMPDIR/g.json"
	assert_eq "catan-render: --png: '$BATS_TEST_TMPDIR/notes.txt' exists and is not a PNG picture (--force replaces it)" "$stderr"
	run -0 catan-render --png "$BATS_TEST_TMPDIR/b.png" "$BATS_TEST_TMPDIR/g.json"
	run -0 catan-render --png "$BATS_TEST_TMPDIR/b.png" "$BATS_TEST_TMPDIR/g.json"
	run -0 catan-render --png "$BATS_TEST_TMPDIR/notes.txt" --force "$BATS_TEST_TMPDIR/g.json"
	[ "$(head -c 4 "$BATS_TEST_TMPDIR/notes.txt" | tail -c 3)" = PNG ]
	catan-render --png - "$BATS_TEST_TMPDIR/g.json" >"$BATS_TEST_TMPDIR/out.png"
	[ "$(head -c 4 "$BATS_TEST_TMPDIR/out.png" | tail -c 3)" = PNG ]
	[ ! -e ./- ]
	[ ! -e "$BATS_TEST_TMPDIR/-" ]
}

# beginner_game: the 121 moves of examples/beginner-game.sh, in $P/game.json.
beginner_game() {
	sh "$ROOT/examples/beginner-game.sh" "$P/game.json" >/dev/null
}

# js_list NAME FILE: the entries of the page's list NAME, one a line, as written.
js_list() {
	sed -n "/^var $1 = \[\$/,/^\];\$/p" "$2" | sed '1d;$d'
}

@test "--html writes one self-contained page with every position of the game and its moves" {
	beginner_game
	run -0 --separate-stderr catan-render --html "$P/game.json"
	assert_eq "" "$stderr"
	printf '%s\n' "$output" >"$P/replay.html"
	assert_eq "<!DOCTYPE html>" "${lines[0]}"
	assert_eq "</html>" "${lines[-1]}"
	grep -qF '<title>Catan: a replay of 121 moves</title>' "$P/replay.html"
	grep -qF '<input id="slider" type="range" min="0" max="121" value="0" aria-label="move">' "$P/replay.html"
	grep -qxF 'var FIRST = 0;' "$P/replay.html"
	# A position for the start and for every move; the moves as the log gives them.
	assert_eq 122 "$(js_list P "$P/replay.html" | wc -l)"
	js_list M "$P/replay.html" >"$P/moves"
	jq -r '.log[] | "\"\(.)\","' "$P/game.json" >"$P/log"
	assert_file_eq "$P/log" "$P/moves"
	# The points chart is in it; nothing is fetched from anywhere: no address, no source, no link.
	grep -qF '<title>Public victory points after every turn</title>' "$P/replay.html"
	assert_eq 1 "$(grep -c '<line id="cursor" ' "$P/replay.html")"
	run -1 grep -Eic 'https?:|//www|src=|href=|url\(|@import' "$P/replay.html"
	assert_eq 0 "$output"
	# --at chooses the move the page opens at, counting back from the end when negative.
	catan-render --html --at -1 "$P/game.json" | grep -qxF 'var FIRST = 120;'
	catan-render --html --at 121 "$P/game.json" | grep -qxF 'var FIRST = 121;'
}

@test "--html --view lists the moves as the view does and never names another player's hidden card" {
	beginner_game
	catan-render --html --view white "$P/game.json" >"$P/white.html"
	grep -qF '<title>Catan: a replay of 121 moves as white sees it</title>' "$P/white.html"
	js_list M "$P/white.html" >"$P/moves"
	catan-move --view white <"$P/game.json" | jq -r '.log[] | "\"\(.)\","' >"$P/log"
	assert_file_eq "$P/log" "$P/moves"
	# red bought cards in this game: the full page names them, white's names none of them.
	catan-render --html "$P/game.json" | grep -qxF '"red buy victory-point",'
	grep -qxF '"red buy",' "$P/white.html"
	run -1 grep -cE 'red buy [a-z]' "$P/white.html"
	assert_eq 0 "$output"
}

@test "a long game makes a page of less than 400 bytes a move: positions as differences, panel lines by their text" {
	catan-newboard --seed 3 | catan-move --until-end --policy random >"$P/long.json"
	n=$(jq '.log | length' "$P/long.json")
	[ "$n" -gt 1000 ]
	size=$(catan-render --html "$P/long.json" | wc -c)
	[ "$size" -lt $((n * 400)) ] || { echo "$n moves: $size bytes"; false; }
	[ "$size" -gt $((n * 150)) ] || { echo "$n moves: $size bytes"; false; }
}

@test "--html gives the dice of the last roll of every position and a place to show them" {
	beginner_game
	catan-render --html "$P/game.json" >"$P/replay.html"
	grep -qF '<span id="num"></span> <span id="dice"></span> <span id="move"></span>' "$P/replay.html"
	jq -r '[foreach .log[] as $m (0; ($m | capture("^[a-z]+ roll (?<a>[1-6]) (?<b>[1-6])$")
		| (.a | tonumber) * 10 + (.b | tonumber)) // .; .)] | "var D = [0," + (map(tostring) | join(",")) + "];"' \
		"$P/game.json" >"$P/dice"
	grep -xF -f "$P/dice" "$P/replay.html"
	# The panel's lines of text come as their head's number and their text.
	grep -qxF '"<tspan x=\"936.8\" dy=\"19\">",' "$P/replay.html"
	run -1 grep -c '^"<tspan x=\\"936.8\\" dy=\\"19\\">[^<]*<\\/tspan>",$' "$P/replay.html"
}

@test "--html refuses a view, another format, a move beyond the log and a log that does not replay" {
	beginner_game
	catan-move --view red <"$P/game.json" >"$P/red.json"
	run -2 --separate-stderr catan-render --html "$P/red.json"
	assert_eq "" "$output"
	assert_eq "catan-render: --html needs the game from its start: a view has none (give the full game and --view COLOUR)" "$stderr"
	run -2 --separate-stderr catan-render --html --view red "$P/red.json"
	assert_eq "catan-render: --html needs the game from its start: a view has none (give the full game and --view COLOUR)" "$stderr"
	run -2 --separate-stderr catan-render --svg --html "$P/game.json"
	assert_eq "catan-render: --html is a page of its own: give it without --svg or --png" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --html --png x.png "$P/game.json"
	assert_eq "catan-render: --html is a page of its own: give it without --svg or --png" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-render --html --at 122 "$P/game.json"
	assert_eq "catan-render: --at 122: the game has 121 moves" "$stderr"
	run -2 --separate-stderr catan-render --html --view orange "$P/game.json"
	assert_eq "catan-render: --view: 'orange' does not play in this game" "$stderr"
	jq '.log[3] = "red build city 1"' "$P/game.json" >"$P/bad.json"
	run -1 --separate-stderr catan-render --html "$P/bad.json"
	assert_eq "" "$output"
	assert_eq "catan-render: move 4 'red build city 1': it is blue's turn, not red's" "$stderr"
}

# replay_in_browser GAME [--view COLOUR]: steps through the page of GAME in a headless Chromium
# driven by Selenium, checking every move against catan-render --svg --at K.
replay_in_browser() {
	local game=$1 k n
	shift
	[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
		skip "no Chromium or chromedriver (Debian packages chromium, chromium-driver)"
	py=$(selenium_python)
	[ -n "$py" ] || skip "no Selenium (Debian package python3-selenium)"
	catan-render --html "$@" "$game" >"$P/page.html"
	jq -r '.log[]' "$game" >"$P/moves"
	[ $# -eq 0 ] || catan-move "$@" <"$game" | jq -r '.log[]' >"$P/moves"
	n=$(wc -l <"$P/moves")
	mkdir -p "$P/svg"
	for ((k = 0; k <= n; k++)); do catan-render --svg "$@" --at "$k" "$game" >"$P/svg/$k.svg"; done
	run -0 timeout 300 "$py" "$ROOT/tests/html-replay.py" "$P/page.html" "$P/moves" "$P/svg"
	assert_eq "html-replay: $n moves stepped through" "$output"
}

@test "a headless Chromium steps through the whole replay and shows every position as --svg --at draws it" {
	beginner_game
	replay_in_browser "$P/game.json"
}

@test "a headless Chromium steps through a player's replay: every position as that player saw it" {
	beginner_game
	replay_in_browser "$P/game.json" --view blue
}

@test "a headless Chromium steps through a six-player game's replay on the thirty-hex board" {
	catan-newboard --seed 1 --players red,blue,white,orange,green,brown | catan-move --auto 80 >"$P/six.json"
	replay_in_browser "$P/six.json"
}

@test "a record whose card bought is unnamed is drawn as the public saw it: the buyer holds one card more, of no kind shown, the deck one fewer" {
	D=$BATS_TEST_TMPDIR
	unnamed_buy "$D"
	run -0 catan-render --color never "$D/full.json"
	assert_eq "  development cards: 1 (victory-point 1)" "$(grep -A2 '^red (r/R)' <<<"$output" | tail -1)"
	run -0 --separate-stderr catan-render --color never "$D/public.json"
	assert_eq "" "$stderr"
	assert_eq "What the public saw: hands and development cards are counts
Robber on hex 10 (desert); development cards left: 24" "$(grep -A1 '^What' <<<"$output")"
	assert_eq "red (r/R): 2 points shown
  cards: 2
  development cards: 1
blue (b/B): 2 points shown  <- to move
  cards: 5
  development cards: 0
white (w/W): 2 points shown
  cards: 5
  development cards: 0" "$(grep -A2 '^[a-z]* ([a-z]/[A-Z])' <<<"$output" | grep -v '^--')"
	assert_eq "     8. red buy" "$(grep '^ *8\. ' <<<"$output")"
	# Blue's view: red's card a count; red's own view needs the card it bought.
	run -0 catan-render --color never --view blue "$D/public.json"
	assert_eq "  development cards: 1" "$(grep -A2 '^red (r/R)' <<<"$output" | tail -1)"
	run -1 --separate-stderr catan-render --view red "$D/public.json"
	assert_eq "catan-render: move 8 'red buy' does not name the card bought, which red's view shows" "$stderr"
	assert_eq "" "$output"
	# The page steps through every move with its points: it needs every outcome.
	run -1 --separate-stderr catan-render --html "$D/public.json"
	assert_eq "catan-render: move 8 'red buy' does not name the card bought: the points turn by turn need every outcome" "$stderr"
	assert_eq "" "$output"
}
