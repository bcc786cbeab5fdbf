#!/usr/bin/env bats
# dicegame-sheet: the Catan Dice Game, Island One and Island Two.

load test_helper
load dicegame_helper

DG=$FIXTURES/dicegame

setup() {
	S=$BATS_TEST_TMPDIR/s.json
}

# fresh FILE [OPTION...]: a new sheet in FILE.
fresh() {
	local f=$1
	shift
	dicegame-sheet new "$@" >"$f"
}

# bad_input FILE MESSAGE [SUBCOMMAND]: the sheet in FILE is refused as input (status 3).
bad_input() {
	run -3 --separate-stderr dicegame-sheet "${3:-score}" "$1"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: $1: $2" "$stderr"
}

# q FILE FILTER: a compact jq value of the sheet.
q() {
	jq -c "$2" "$1"
}

# script FILE MOVES-FILE [N]: plays the first N lines (all by default) of a fixture game.
script() {
	local f=$1 n=0 line
	while IFS= read -r line; do
		n=$((n + 1))
		[ -n "${3:-}" ] && [ "$n" -gt "$3" ] && break
		play "$f" "$line" || return 1
	done <"$2"
}

# ---- help, version, usage ----

@test "--help prints the usage on stdout and exits 0" {
	run -0 --separate-stderr dicegame-sheet --help
	assert_eq "" "$stderr"
	assert_eq "usage: dicegame-sheet [-c] new [--island 1|2|3] [--players NAMES] [--seed N]" "${lines[0]}"
	assert_eq "                      [--map FILE] [--external] [--castles]" "${lines[1]}"
	[[ "$output" == *"exit status: 0 done, 1 the rules say no, 2 usage, 3 bad input, 4 system error"* ]]
}

@test "SUB --help prints the subcommand's usage, what it does and only the options it takes" {
	run -0 --separate-stderr dicegame-sheet score --help
	assert_eq "" "$stderr"
	assert_eq "usage: dicegame-sheet score [--json] [FILE]" "${lines[0]}"
	assert_eq "the scores and, once the game is over, the winners" "${lines[1]}"
	assert_eq "options:" "${lines[2]}"
	assert_eq "      --json     JSON instead of text (score)" "${lines[4]}"
	[[ "$output" != *--svg* && "$output" != *--island* && "$output" != *subcommands:* ]]
	# The options may come first, and the common ones are listed too.
	run -0 dicegame-sheet -c --help auto
	assert_eq "usage: dicegame-sheet [-c] [-i FILE] auto [--turns N | --all [--max-turns N]]" "${lines[0]}"
	[[ "$output" == *"--compact"* && "$output" == *"--max-turns N"* && "$output" != *"--json"* ]]
}

@test "--version prints the version" {
	run -0 dicegame-sheet --version
	assert_eq "dicegame-sheet (catan-tools) 0.1.0" "$output"
}

@test "the man page names every option of the usage" {
	run -0 dicegame-sheet --help
	for opt in $(grep -o -- '--[a-z-]*' <<<"$output" | sort -u); do
		grep -qF -- "${opt//-/\\-}" "$ROOT/man/dicegame-sheet.1" || {
			echo "man page lacks $opt" >&2
			return 1
		}
	done
	grep -q '^\.SH EXIT STATUS' "$ROOT/man/dicegame-sheet.1"
	grep -q '^\.SH EXIT STATUS' "$ROOT/man/dicegame-sheet.5"
}

@test "no subcommand is a usage error" {
	run -2 --separate-stderr dicegame-sheet
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: name a subcommand: new, move, list, score, render, validate, view, auto, map" \
		"${stderr_lines[0]}"
	assert_eq "Try 'dicegame-sheet --help' for more information." "${stderr_lines[1]}"
}

@test "an unknown subcommand or option is a usage error" {
	run -2 --separate-stderr dicegame-sheet fly
	[[ "${stderr_lines[0]}" == "dicegame-sheet: unknown subcommand 'fly'" ]]
	run -2 --separate-stderr dicegame-sheet new --frob
	assert_eq "dicegame-sheet: unknown option '--frob'" "${stderr_lines[0]}"
}

@test "option errors go through the front end: its wording, the program's name, the pointer to --help" {
	run -2 --separate-stderr dicegame-sheet new --frob
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: unknown option '--frob'" "${stderr_lines[0]}"
	assert_eq "Try 'dicegame-sheet --help' for more information." "${stderr_lines[-1]}"
	run -2 --separate-stderr dicegame-sheet new --seed
	assert_eq "dicegame-sheet: option '--seed' needs a value" "${stderr_lines[0]}"
	assert_eq "Try 'dicegame-sheet --help' for more information." "${stderr_lines[-1]}"
	run -2 --separate-stderr dicegame-sheet -x list
	assert_eq "dicegame-sheet: unknown option '-x'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet fly
	assert_eq "Try 'dicegame-sheet --help' for more information." "${stderr_lines[-1]}"
}

@test "--complete offers subcommands, each subcommand's options and an option's fixed values" {
	run -0 dicegame-sheet --complete ''
	assert_eq "$(printf '%s\n' new move list score render validate view auto map)" "$output"
	run -0 dicegame-sheet --complete s
	assert_eq "score" "$output"
	run -0 dicegame-sheet --complete render --
	assert_eq $'--compact\n--svg\n--help\n--version' "$output"
	run -0 dicegame-sheet --complete new --island ''
	assert_eq $'1\n2\n3' "$output"
	run -0 dicegame-sheet --complete -c new --isl
	assert_eq "--island" "$output"
	run -0 dicegame-sheet --complete -i ''
	assert_eq "@file" "$output"
	run -0 dicegame-sheet --complete -i s.json move ro
	assert_eq "@words" "$output"
	run -0 dicegame-sheet --complete score --json ''
	assert_eq "@file" "$output"
	run -0 dicegame-sheet --complete new ''
	assert_eq "" "$output"
}

@test "bash completion asks the program, and completes moves itself" {
	comp() {
		bash -c "PATH='$PATH'; source '$ROOT/completions/bash/dicegame-sheet'; COMP_WORDS=($1); COMP_CWORD=$2; _dicegame_sheet; printf '%s\n' \"\${COMPREPLY[@]}\""
	}
	run -0 comp "dicegame-sheet sc" 1
	assert_eq "score" "$output"
	run -0 comp "dicegame-sheet new --island ''" 3
	assert_eq $'1\n2\n3' "$output"
	run -0 comp "dicegame-sheet render --s" 2
	assert_eq "--svg" "$output"
	run -0 comp "dicegame-sheet move joker ''" 3
	assert_eq "$(printf '%s\n' K1 K2 K3 K4 K5 K6 D1 D2)" "$output"
	run -0 comp "dicegame-sheet move k" 2
	assert_eq "keep" "$output"
	run -0 comp "dicegame-sheet move reroll ''" 3
	assert_eq "all" "$output"
	run -0 comp "dicegame-sheet move keep ''" 3
	assert_eq "$(printf '%s\n' roll reroll keep joker gold build end ore grain wool lumber brick gold to on die)" "$output"
}

@test "an option another subcommand owns is a usage error" {
	run -2 --separate-stderr dicegame-sheet render --json
	[[ "${stderr_lines[0]}" == "dicegame-sheet: --json means nothing to 'render'" ]]
	run -2 --separate-stderr dicegame-sheet -i x.json list
	[[ "${stderr_lines[0]}" == "dicegame-sheet: -i is for move and auto, not 'list'" ]]
}

@test "bad option values are usage errors" {
	run -2 --separate-stderr dicegame-sheet new --island 4
	[[ "${stderr_lines[0]}" == "dicegame-sheet: --island takes 1, 2 or 3, not '4'" ]]
	run -2 --separate-stderr dicegame-sheet new --seed -1
	[[ "${stderr_lines[0]}" == "dicegame-sheet: --seed takes a whole number from 0 to 2^53-1, not '-1'" ]]
	run -2 --separate-stderr dicegame-sheet new --seed 9007199254740992
	[[ "${stderr_lines[0]}" == "dicegame-sheet: --seed takes a whole number from 0 to 2^53-1, not '9007199254740992'" ]]
	run -2 --separate-stderr dicegame-sheet new --players 'a,b,c,d,e'
	assert_eq "dicegame-sheet: 1 to 4 players" "$stderr"
	run -2 --separate-stderr dicegame-sheet new --players 'ann,ann'
	assert_eq "dicegame-sheet: player name 'ann' given twice" "$stderr"
	run -2 --separate-stderr dicegame-sheet new --players 'a b'
	assert_eq "dicegame-sheet: bad player name 'a b': 1 to 16 letters, digits, '-' or '_'" "$stderr"
	run -2 --separate-stderr dicegame-sheet new --external --seed 4
	[[ "${stderr_lines[0]}" == "dicegame-sheet: --seed means nothing with --external" ]]
}

@test "a move that is no move is refused with status 1, as catan-move refuses one" {
	fresh "$S" --seed 1
	run -1 --separate-stderr dicegame-sheet -i "$S" move fly
	assert_eq "dicegame-sheet: move 'fly': unknown move 'fly' (roll, reroll, keep, joker, gold, build, end, start)" "$stderr"
	run -1 --separate-stderr dicegame-sheet -i "$S" move 'gold on 1 2'
	assert_eq "dicegame-sheet: move 'gold on 1 2': expected 'gold on dice N N to RESOURCE'" "$stderr"
	run -1 --separate-stderr dicegame-sheet -i "$S" move 'reroll'
	assert_eq "dicegame-sheet: move 'reroll': name the dice to roll again: reroll 1 3 5" "$stderr"
}

@test "no moves named is a usage error" {
	fresh "$S" --seed 1
	run -2 --separate-stderr dicegame-sheet -i "$S" move
	[[ "${stderr_lines[0]}" == "dicegame-sheet: name the moves: move roll" ]]
}

# ---- new sheets ----

@test "new writes the canonical Island One sheet" {
	run -0 dicegame-sheet new --seed 1
	assert_eq "$(cat "$DG/new-seed1.json")" "$output"
}

@test "the same seed gives the same bytes, and -c writes one line" {
	fresh "$S" --seed 42
	fresh "$BATS_TEST_TMPDIR/t.json" --seed 42
	assert_file_eq "$S" "$BATS_TEST_TMPDIR/t.json"
	run -0 dicegame-sheet -c new --seed 1
	assert_eq 1 "${#lines[@]}"
	assert_eq "$(jq -c . "$DG/new-seed1.json")" "$output"
}

@test "without --seed the dice come from a secret key: 64 hexadecimal digits, the draws counted, no seed" {
	fresh "$S"
	run -0 q "$S" '[(.secret | test("^[0-9a-f]{64}$")), .draws, has("seed"), has("rng")]'
	assert_eq '[true,0,false,false]' "$output"
	fresh "$BATS_TEST_TMPDIR/other.json"
	[ "$(q "$S" .secret)" != "$(q "$BATS_TEST_TMPDIR/other.json" .secret)" ]
	# Played and replayed exactly from the key; a view holds neither key nor draws.
	run -0 dicegame-sheet -i "$S" auto --turns 4
	run -0 dicegame-sheet validate "$S"
	run -0 q "$S" '.draws > 0'
	assert_eq true "$output"
	run -0 bash -c "dicegame-sheet view '$S' | jq -c '[has(\"secret\"), has(\"draws\")]'"
	assert_eq '[false,false]' "$output"
	jq '.draws += 1' "$S" > "$BATS_TEST_TMPDIR/bad.json"
	run -1 --separate-stderr dicegame-sheet validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: the log replayed does not give this sheet: draws differs" "$stderr"
}

@test "a sheet's secret is read strictly" {
	fresh "$S"
	jq '.secret = "ABC"' "$S" > "$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr dicegame-sheet score "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: secret: expected 64 lower-case hexadecimal digits" "$stderr"
	jq '.seed = 3' "$S" > "$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr dicegame-sheet score "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: a sheet with a secret has no 'seed' or 'rng'" "$stderr"
	jq 'del(.draws)' "$S" > "$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr dicegame-sheet score "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: missing key 'draws'" "$stderr"
}

@test "with --seed the dice come from the seed: the same sheet twice" {
	fresh "$S" --seed 12
	run -0 q "$S" '[.seed, (.rng | length), has("secret")]'
	assert_eq '[12,4,false]' "$output"
	run -0 dicegame-sheet auto --turns 5 < "$S"
	first=$output
	run -0 dicegame-sheet auto --turns 5 < "$S"
	assert_eq "$first" "$output"
}

@test "an external sheet has no seed and no generator" {
	fresh "$S" --external
	run -0 q "$S" '[.outcomes, has("seed"), has("rng")]'
	assert_eq '["external",false,false]' "$output"
}

@test "Island Two sheets carry the awards and no scoring track" {
	fresh "$S" --island 2 --players ann,bob --seed 1
	run -0 q "$S" '[.map, .awards, (.players[0] | has("track")), .turn.dice_count]'
	assert_eq '["island-two",{"longest_road":{"holder":null,"lost":[]},"largest_army":{"holder":null,"lost":[]}},false,3]' "$output"
}

# ---- rolling ----

@test "roll draws the faces from the generator and logs them" {
	fresh "$S" --seed 1
	play "$S" roll
	run -0 q "$S" '[.turn.rolls, .turn.dice, .log]'
	assert_eq '[1,["grain","brick","wool","gold","gold","brick"],["roll grain brick wool gold gold brick"]]' "$output"
}

@test "a second roll is refused; reroll changes only the dice named" {
	fresh "$S" --external
	play "$S" 'roll ore ore ore ore ore ore'
	refuse "$S" "the dice are rolled: reroll chosen dice or build" 'roll ore ore ore ore ore ore'
	play "$S" 'reroll 5 2 to gold wool'
	run -0 q "$S" '[.turn.dice, .log[1]]'
	assert_eq '[["ore","wool","ore","ore","gold","ore"],"reroll 2 5 to wool gold"]' "$output"
}

@test "keep names the dice kept and rolls the others again: the log holds the reroll" {
	fresh "$S" --seed 1
	play "$S" roll
	cp "$S" "$BATS_TEST_TMPDIR/t.json"
	play "$S" 'keep 3 1'
	run -0 q "$S" '[.turn.rolls, .turn.dice, .log[1]]'
	assert_eq '[2,["grain","wool","wool","lumber","grain","brick"],"reroll 2 4 5 6 to wool lumber grain brick"]' "$output"
	play "$BATS_TEST_TMPDIR/t.json" 'reroll 2 4 5 6'
	assert_file_eq "$S" "$BATS_TEST_TMPDIR/t.json"
	fresh "$BATS_TEST_TMPDIR/t.json" --seed 1
	play "$BATS_TEST_TMPDIR/t.json" roll keep 3 1
	assert_file_eq "$S" "$BATS_TEST_TMPDIR/t.json"
	play "$S" reroll all
	run -0 q "$S" '[.turn.rolls, .turn.dice, .log[2]]'
	assert_eq '[3,["grain","brick","lumber","gold","lumber","grain"],"reroll 1 2 3 4 5 6 to grain brick lumber gold lumber grain"]' "$output"
	run -0 dicegame-sheet validate "$S"
	assert_eq "" "$output"
}

@test "keep FACE... keeps the first dice in play that show the faces named, as people say it" {
	fresh "$S" --seed 1
	play "$S" roll
	run -0 q "$S" '.turn.dice'
	assert_eq '["grain","brick","wool","gold","gold","brick"]' "$output"
	cp "$S" "$BATS_TEST_TMPDIR/t.json"
	play "$S" 'keep wheat WOOL'
	play "$BATS_TEST_TMPDIR/t.json" 'keep 1 3'
	assert_file_eq "$S" "$BATS_TEST_TMPDIR/t.json"
	run -0 q "$S" '.log[1]'
	assert_eq '"reroll 2 4 5 6 to wool lumber grain brick"' "$output"
	# Two dice show the face named twice: the first two of them, in die order.
	fresh "$S" --external
	play "$S" 'roll ore gold wool gold ore gold' 'keep gold ore gold to brick brick brick'
	run -0 q "$S" '[.turn.dice, .log[1]]'
	assert_eq '[["ore","gold","brick","gold","brick","brick"],"reroll 3 5 6 to brick brick brick"]' "$output"
}

@test "keep FACE... is refused when the dice in play do not show the faces, or numbers and faces mix" {
	fresh "$S" --seed 1
	refuse "$S" "roll the dice first" 'keep ore'
	play "$S" roll
	refuse "$S" "no die in play shows ore" 'keep grain ore'
	refuse "$S" "gold is named 3 times to keep; 2 dice in play show it" 'keep gold gold gold'
	refuse "$S" "wool is named 2 times to keep; 1 die in play shows it" 'keep wool wool'
	refuse "$S" "name the dice to keep by their numbers or by their faces, not both: found 'ore'" 'keep 1 ore'
	refuse "$S" "name the dice to keep by their numbers or by their faces, not both: found '2'" 'keep wool 2'
	refuse "$S" "this sheet rolls its own dice: give no faces" 'keep wool to ore'
	fresh "$S" --external
	play "$S" 'roll ore ore ore ore ore ore'
	refuse "$S" "every die is kept: none is left to roll again" 'keep ore ore ore ore ore ore'
	refuse "$S" "this sheet's dice are physical: give the 5 faces rolled" 'keep ore'
}

@test "keep and reroll all with physical dice: the faces of the dice rolled again, in die order" {
	fresh "$S" --external
	play "$S" 'roll ore ore ore ore ore ore' 'keep 2 1 3 to wool grain brick'
	run -0 q "$S" '[.turn.dice, .log[1]]'
	assert_eq '[["ore","ore","ore","wool","grain","brick"],"reroll 4 5 6 to wool grain brick"]' "$output"
	play "$S" 'REROLL ALL to gold gold gold gold gold gold'
	run -0 q "$S" '[.turn.dice, .log[2]]'
	assert_eq '[["gold","gold","gold","gold","gold","gold"],"reroll 1 2 3 4 5 6 to gold gold gold gold gold gold"]' "$output"
	fresh "$S" --island 2 --external
	play "$S" 'roll ore ore ore' 'reroll all to wool wool wool' 'keep 2 to brick brick'
	run -0 q "$S" '[.turn.dice, .log[1:]]'
	assert_eq '[["brick","wool","brick"],["reroll 1 2 3 to wool wool wool","reroll 1 3 to brick brick"]]' "$output"
}

@test "keep and reroll all are refused as reroll is, and when no die is left to roll" {
	fresh "$S" --seed 5
	refuse "$S" "roll the dice first" 'keep 1'
	refuse "$S" "roll the dice first" 'reroll all'
	play "$S" roll
	refuse "$S" "name the dice to keep: keep 1 3 5 (or reroll all)" keep
	refuse "$S" "name the dice to keep: keep 1 3 5 (or reroll all)" 'keep to ore'
	refuse "$S" "every die is kept: none is left to roll again" 'keep 1 2 3 4 5 6'
	refuse "$S" "there is no die 7: dice are numbered 1 to 6" 'keep 7'
	refuse "$S" "die 2 named twice" 'keep 2 2'
	refuse "$S" "expected a die number, found 'all'" 'reroll all 1'
	refuse "$S" "expected a die number, found 'all'" 'keep all'
	refuse "$S" "this sheet rolls its own dice: give no faces" 'keep 1 to ore ore ore ore ore'
	play "$S" 'keep 1' 'keep 2'
	refuse "$S" "a turn has three rolls at most" 'reroll all'
	fresh "$S" --island 2 --seed 5
	play "$S" roll
	refuse "$S" "there is no die 4: this turn rolls 3 dice" 'keep 4'
	refuse "$S" "every die is kept: none is left to roll again" 'keep 1 2 3'
	fresh "$S" --external
	play "$S" 'roll ore ore ore ore ore ore'
	refuse "$S" "this sheet's dice are physical: give the 4 faces rolled" 'keep 5 6'
	refuse "$S" "4 dice rolled, 5 faces given" 'keep 5 6 to ore ore ore ore ore'
	refuse "$S" "6 dice rolled, 1 face given" 'reroll all to ore'
	refuse "$S" "1 die rolled, 2 faces given" 'keep 1 2 3 4 5 to ore ore'
	refuse "$S" "1 die named, 2 faces given" 'reroll 6 to ore ore'
	fresh "$S" --external
	play "$S" 'roll brick lumber ore ore ore ore' 'build R0'
	refuse "$S" "no more rolls after a joker, a gold trade or a build" 'keep 1 to ore ore ore ore ore'
	refuse "$S" "no more rolls after a joker, a gold trade or a build" 'reroll all to ore ore ore ore ore ore'
}

@test "a log holds rerolls only as the dice rolled again" {
	fresh "$S" --external
	jq '.log = ["roll ore ore ore ore ore ore", "keep 1 to ore ore ore ore ore"]' "$S" >"$BATS_TEST_TMPDIR/b.json"
	bad_input "$BATS_TEST_TMPDIR/b.json" "log[1]: 'keep 1 to ore ore ore ore ore': the log names the dice rolled again: reroll DIE... to FACE..."
	jq '.log = ["roll ore ore ore ore ore ore", "reroll all to ore ore ore ore ore ore"]' "$S" >"$BATS_TEST_TMPDIR/b.json"
	bad_input "$BATS_TEST_TMPDIR/b.json" "log[1]: 'reroll all to ore ore ore ore ore ore': the log names the dice rolled again: reroll DIE... to FACE..."
}

@test "a turn has three rolls at most" {
	fresh "$S" --seed 5
	play "$S" roll 'reroll 1' 'reroll 1 2 3 4 5 6'
	refuse "$S" "a turn has three rolls at most" 'reroll 1'
}

@test "reroll before the roll is refused" {
	fresh "$S" --seed 5
	refuse "$S" "roll the dice first" 'reroll 1'
}

@test "no reroll after a joker, a gold trade or a build" {
	fresh "$S" --external
	play "$S" 'roll brick lumber wool grain ore ore' 'build S3'
	refuse "$S" "no more rolls after a joker, a gold trade or a build" 'reroll 5'
}

@test "dice that do not exist are refused" {
	fresh "$S" --seed 5
	play "$S" roll
	refuse "$S" "there is no die 7: dice are numbered 1 to 6" 'reroll 7'
	refuse "$S" "die 2 named twice" 'reroll 2 2'
	fresh "$S" --island 2 --seed 5
	play "$S" roll
	refuse "$S" "there is no die 4: this turn rolls 3 dice" 'reroll 4'
}

@test "physical dice need their faces; generated dice refuse them" {
	fresh "$S" --external
	refuse "$S" "this sheet's dice are physical: give the 6 faces rolled" roll
	refuse "$S" "6 dice rolled, 5 faces given" 'roll ore ore ore ore ore'
	play "$S" 'roll ore ore ore ore ore ore'
	refuse "$S" "this sheet's dice are physical: give the 2 faces rolled" 'reroll 1 2'
	fresh "$S" --seed 1
	refuse "$S" "this sheet rolls its own dice: give no faces" 'roll ore ore ore ore ore ore'
}

@test "Island Two starts with three dice and adds one a turn up to six" {
	fresh "$S" --island 2 --players a,b,c,d --external
	run -0 q "$S" '.turn.dice_count'
	assert_eq 3 "$output"
	for n in 4 5 6 6 6; do
		play "$S" "roll $(printf 'gold %.0s' $(seq $(q "$S" .turn.dice_count)))" end
		run -0 q "$S" '.turn.dice_count'
		assert_eq "$n" "$output"
	done
}

# ---- building: Island One ----

@test "roads follow the network" {
	fresh "$S" --external
	play "$S" 'roll brick lumber brick lumber brick lumber'
	refuse "$S" "road R1 needs R0 first" 'build R1'
	play "$S" 'build R0 R1'
	run -0 q "$S" '[.players[0].built, .turn.used]'
	assert_eq '[["R0","R1"],[1,2,3,4]]' "$output"
	refuse "$S" "road R0 is already built" 'build R0'
	refuse "$S" "road start is already built" 'build start'
}

@test "settlements need the one before them and their road" {
	fresh "$S" --external
	play "$S" 'roll brick lumber wool grain brick lumber'
	refuse "$S" "settlement S5 needs S4 first" 'build S5'
	refuse "$S" "settlement S4 needs S3 first" 'build S4'
	play "$S" 'build S3 R0'
	play "$S" end 'roll brick lumber wool grain brick lumber'
	refuse "$S" "settlement S4 needs road R2 first" 'build S4'
	play "$S" 'build R2 S4'
	run -0 q "$S" '.players[0].built'
	assert_eq '["S3","R0","R2","S4"]' "$output"
}

@test "cities need the one before them and their road" {
	fresh "$S" --external
	play "$S" 'roll ore ore ore grain grain ore'
	refuse "$S" "city C12 needs C7 first" 'build C12'
	refuse "$S" "city C7 needs road R1 first" 'build C7'
	play "$S" end 'roll brick lumber brick lumber gold gold' 'build R0 R1' end 'roll ore ore ore grain grain ore' 'build C7' end
	run -0 q "$S" '.players[0].track'
	assert_eq '["X",2,7]' "$output"
}

@test "knights are built in order on Island One" {
	fresh "$S" --external
	play "$S" 'roll ore wool grain ore wool grain'
	refuse "$S" "knight K2 needs K1 first" 'build K2'
	play "$S" 'build K1 K2'
	run -0 q "$S" '[.players[0].built, .turn.built]'
	assert_eq '[["K1","K2"],["K1","K2"]]' "$output"
}

@test "a build needs its resources among the dice not yet spent" {
	fresh "$S" --external
	play "$S" 'roll brick wool ore ore grain gold'
	refuse "$S" "road R0 costs brick and lumber: missing lumber" 'build R0'
	refuse "$S" "settlement S3 costs brick, lumber, wool and grain: missing lumber" 'build S3'
	play "$S" 'build K1'
	refuse "$S" "knight K2 costs ore, wool and grain: missing wool and grain" 'build K2'
}

@test "a city costs three ore and two grain" {
	fresh "$S" --external
	play "$S" 'roll brick lumber brick lumber gold gold' 'build R0 R1' end 'roll ore grain wool lumber brick gold'
	refuse "$S" "city C7 costs 3 ore and 2 grain: missing 2 ore and grain" 'build C7'
}

@test "sites the sheet does not have are refused" {
	fresh "$S" --external
	play "$S" 'roll ore ore ore ore ore ore'
	refuse "$S" "there is no site Q9 on this sheet" 'build Q9'
	refuse "$S" "there is no site K7 on this sheet" 'joker K7 on die 1'
}

@test "ids and words are read without regard to case" {
	fresh "$S" --external
	play "$S" 'ROLL Brick LUMBER wood clay ore ore' 'Build r0 r1'
	run -0 q "$S" '.log'
	assert_eq '["roll brick lumber lumber brick ore ore","build R0","build R1"]' "$output"
}

# ---- jokers and gold ----

@test "a knight's joker turns one die to its resource, once a game" {
	fresh "$S" --external
	play "$S" 'roll ore wool grain ore brick brick'
	refuse "$S" "joker K1 needs knight K1 built" 'joker K1 on die 5'
	play "$S" 'build K1' 'joker K1 on die 5'
	run -0 q "$S" '[.turn.dice, .players[0].jokers, .log[-1]]'
	assert_eq '[["ore","wool","grain","ore","ore","brick"],["K1"],"joker K1 on die 5"]' "$output"
	refuse "$S" "joker K1 is used already" 'joker K1 on die 6'
	play "$S" end 'roll ore wool grain ore brick brick'
	refuse "$S" "joker K1 is used already" 'joker K1 on die 6'
}

@test "a joker names its own resource or none; K6 needs one named" {
	fresh "$S" --external
	play "$S" 'roll ore wool grain ore wool grain' 'build K1 K2' end
	play "$S" 'roll ore wool grain ore wool grain' 'build K3 K4' end
	play "$S" 'roll ore wool grain ore wool grain' 'build K5 K6'
	play "$S" end 'roll gold gold gold gold gold gold'
	refuse "$S" "joker K2 gives grain, not ore" 'joker K2 on die 1 ore'
	refuse "$S" "joker K6 gives any resource: name it" 'joker K6 on die 1'
	refuse "$S" "gold is no resource: name ore, grain, wool, lumber or brick" 'joker K6 on die 1 gold'
	play "$S" 'joker K2 on die 1 grain' 'joker K6 on die 2 wood'
	run -0 q "$S" '[.turn.dice, .log[-2:]]'
	assert_eq '[["grain","lumber","gold","gold","gold","gold"],["joker K2 on die 1","joker K6 on die 2 lumber"]]' "$output"
	refuse "$S" "joker K5 gives brick, not wool" 'joker K5 on die 1 wool'
}

@test "a joker cannot turn a die already spent or one showing its resource" {
	fresh "$S" --external
	play "$S" 'roll ore wool grain ore brick lumber' 'build K1'
	refuse "$S" "die 1 is spent this turn" 'joker K1 on die 1'
	refuse "$S" "die 4 already shows ore" 'joker K1 on die 4'
	refuse "$S" "R0 has no joker" 'joker R0 on die 4'
}

@test "two gold make one resource; the second die is set aside" {
	fresh "$S" --external
	play "$S" 'roll gold ore gold gold lumber wool'
	refuse "$S" "die 2 shows ore, not gold" 'gold on dice 1 2 to brick'
	refuse "$S" "a gold trade needs two different dice" 'gold on dice 1 1 to brick'
	refuse "$S" "gold is no resource: name ore, grain, wool, lumber or brick" 'gold on dice 1 3 to gold'
	play "$S" 'gold on dice 3 1 to brick'
	run -0 q "$S" '[.turn.dice, .turn.used, .turn.locked]'
	assert_eq '[["gold","ore","brick","gold","lumber","wool"],[1],true]' "$output"
	refuse "$S" "die 1 is spent this turn" 'gold on dice 1 4 to brick'
	refuse "$S" "die 3 shows brick, not gold" 'gold on dice 3 4 to grain'
	play "$S" 'build R0'
	run -0 q "$S" '.turn.used'
	assert_eq '[1,3,5]' "$output"
}

@test "three gold trades in one turn" {
	fresh "$S" --external
	play "$S" 'roll gold gold gold gold gold gold' 'gold on dice 1 2 to ore' 'gold on dice 3 4 to wool' 'gold on dice 5 6 to grain' 'build K1'
	run -0 q "$S" '[.turn.dice, .turn.used]'
	assert_eq '[["ore","gold","wool","gold","grain","gold"],[1,2,3,4,5,6]]' "$output"
}

# ---- ending turns and scoring ----

@test "end before the roll is refused; a turn with nothing built scores X" {
	fresh "$S" --external
	refuse "$S" "roll the dice first" end
	refuse "$S" "roll the dice first" 'build R0'
	play "$S" 'roll gold gold gold gold gold gold' end
	run -0 q "$S" '[.players[0].track, .turn.number, .turn.rolls, .turn.dice]'
	assert_eq '[["X"],2,0,[]]' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "solo -2 (1 turn, 1 X)" "$output"
}

@test "a scripted Island One game scores its track to the end" {
	fresh "$S" --external
	script "$S" "$DG/island-one-game.moves"
	run -0 q "$S" '[.players[0].track, .turn]'
	assert_eq '[[3,2,7,"X",3,4,4,9,2,12,6,6,"X",2,7],null]' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "solo 63 (15 turns, 2 X) winner" "$output"
	run -0 dicegame-sheet score --json "$S"
	assert_eq '{"island":1,"over":true,"players":[{"name":"solo","score":63,"turns":15,"x":2}],"winners":["solo"]}' "$(jq -c . <<<"$output")"
	run -0 dicegame-sheet validate "$S"
	assert_eq "" "$output"
	refuse "$S" "the game is over" roll
	run -0 dicegame-sheet list "$S"
	assert_eq "" "$output"
}

@test "the scripted Island One game renders as text" {
	fresh "$S" --external
	script "$S" "$DG/island-one-game.moves"
	run -0 dicegame-sheet render "$S"
	assert_eq "$(cat "$DG/island-one-game.txt")" "$output"
}

@test "players take turns and the best total wins; ties share the win" {
	fresh "$S" --external --players ann,bob
	play "$S" 'roll brick lumber wool grain ore ore' 'build S3' end
	run -0 q "$S" '.turn.player'
	assert_eq '"bob"' "$output"
	refuse "$S" "roll the dice first" 'build S3'
	run -1 --separate-stderr dicegame-sheet -i "$S" --as ann move 'roll ore ore ore ore ore ore'
	assert_eq "dicegame-sheet: move 'roll ore ore ore ore ore ore': it is bob's turn, not ann's" "$stderr"
	run -1 --separate-stderr dicegame-sheet -i "$S" --as bob move 'roll brick lumber wool grain ore ore' 'build S3' end 'roll ore ore ore ore ore ore'
	assert_eq "dicegame-sheet: move 'roll ore ore ore ore ore ore': it is ann's turn, not bob's" "$stderr"
	dicegame-sheet -i "$S" --as bob move 'roll brick lumber wool grain ore ore' 'build S3' end
	for t in $(seq 2 15); do
		play "$S" 'roll gold gold gold gold gold gold' end 'roll gold gold gold gold gold gold' end
	done
	run -0 dicegame-sheet score "$S"
	assert_eq "ann -25 (15 turns, 14 X) winner
bob -25 (15 turns, 14 X) winner" "$output"
}

# ---- Island Two ----

@test "Island Two builds settlements, cities and knights in any order" {
	fresh "$S" --external --island 2
	play "$S" 'roll ore wool grain' 'build K3' end
	play "$S" 'roll brick lumber brick lumber' 'build R0 R2' end
	play "$S" 'roll brick lumber wool grain ore' 'build S4'
	refuse "$S" "settlement S5 needs road R5 first" 'build S5'
	run -0 q "$S" '.players[0].built'
	assert_eq '["R0","R2","S4","K3"]' "$output"
}

@test "desert jokers need both knights above them" {
	fresh "$S" --external --island 2
	play "$S" 'roll ore wool grain' 'build K6' end 'roll gold gold gold gold' end 'roll ore wool grain gold gold'
	refuse "$S" "joker D1 needs knights K6 and K7 built" 'joker D1 on die 4 brick'
	refuse "$S" "K6 has no joker" 'joker K6 on die 4'
	refuse "$S" "desert D1 holds a joker and cannot be built" 'build D1'
	play "$S" 'build K7' 'joker D1 on die 4 brick'
	run -0 q "$S" '[.turn.dice, .players[0].jokers]'
	assert_eq '[["ore","wool","grain","brick","gold"],["D1"]]' "$output"
}

@test "longest road goes with the mark, then to a longer road; largest army to more knights" {
	fresh "$S" --external --island 2 --players ann,bob
	script "$S" "$DG/island-two-game.moves" 5
	run -0 q "$S" '.awards.longest_road'
	assert_eq '{"holder":"ann","lost":[]}' "$output"
	script "$S" <(sed -n 6p "$DG/island-two-game.moves")
	run -0 q "$S" '.awards.longest_road'
	assert_eq '{"holder":"bob","lost":["ann"]}' "$output"
	script "$S" <(sed -n 7p "$DG/island-two-game.moves")
	run -0 q "$S" '.awards.largest_army'
	assert_eq '{"holder":"ann","lost":[]}' "$output"
	script "$S" <(sed -n 8,9p "$DG/island-two-game.moves")
	run -0 q "$S" '.awards'
	assert_eq '{"longest_road":{"holder":"ann","lost":["ann","bob"]},"largest_army":{"holder":"ann","lost":[]}}' "$output"
	script "$S" <(sed -n 10p "$DG/island-two-game.moves")
	run -0 q "$S" '.awards.largest_army'
	assert_eq '{"holder":"bob","lost":["ann"]}' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 2 (settlements 0, cities 0, longest road held, largest army lost; road 7, knights 3)
bob 2 (settlements 0, cities 0, longest road lost, largest army held; road 6, knights 4)" "$output"
}

@test "a road as long as the holder's does not take the award" {
	fresh "$S" --external --island 2 --players ann,bob
	script "$S" "$DG/island-two-game.moves" 5
	play "$S" 'roll brick lumber gold gold gold gold' 'build R5'
	run -0 q "$S" '.awards.longest_road.holder'
	assert_eq '"ann"' "$output"
}

@test "used jokers do not shrink an army, and as many knights do not take it" {
	fresh "$S" --external --island 2 --players ann,bob
	script "$S" "$DG/island-two-game.moves" 8
	play "$S" 'roll brick brick brick gold gold gold' 'joker K1 on die 1' 'joker K2 on die 2' 'joker K3 on die 3' end
	run -0 q "$S" '[.awards.largest_army, .players[0].jokers]'
	assert_eq '[{"holder":"ann","lost":[]},["K1","K2","K3"]]' "$output"
	play "$S" 'roll ore wool grain gold gold gold' 'build K3'
	run -0 q "$S" '.awards.largest_army'
	assert_eq '{"holder":"ann","lost":[]}' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 2 (settlements 0, cities 0, longest road lost, largest army held; road 5, knights 3)
bob 2 (settlements 0, cities 0, longest road held, largest army no; road 6, knights 3)" "$output"
}

@test "a scripted Island Two game ends at once at ten victory points" {
	fresh "$S" --external --island 2 --players ann,bob
	script "$S" "$DG/island-two-game.moves"
	run -0 q "$S" '[.turn, .log[-1]]'
	assert_eq '[null,"build C12"]' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "ann 10 (settlements 4, cities 2, longest road held, largest army lost; road 7, knights 3) winner
bob 4 (settlements 2, cities 0, longest road lost, largest army held; road 6, knights 4)" "$output"
	refuse "$S" "the game is over" end
	run -0 dicegame-sheet validate "$S"
	run -0 dicegame-sheet render "$S"
	assert_eq "$(cat "$DG/island-two-game.txt")" "$output"
}

# ---- whole games by the automatic policy ----

@test "auto plays a whole Island One solo game that validates" {
	fresh "$S" --seed 7
	dicegame-sheet -i "$S" auto --all
	run -0 q "$S" '[(.players[0].track | length), .turn]'
	assert_eq '[15,null]' "$output"
	run -0 dicegame-sheet score "$S"
	assert_eq "$(cat "$DG/auto-seed7.score")" "$output"
	run -0 dicegame-sheet validate "$S"
}

@test "auto plays a whole Island Two game for three players that validates" {
	fresh "$S" --seed 11 --island 2 --players ann,bob,cy
	dicegame-sheet -i "$S" auto --all
	run -0 q "$S" '.turn'
	assert_eq null "$output"
	run -0 dicegame-sheet score --json "$S"
	assert_eq '["ann"]' "$(jq -c .winners <<<"$output")"
	run -0 dicegame-sheet validate "$S"
}

@test "auto --turns plays that many turns; auto refuses physical dice" {
	fresh "$S" --seed 3 --players ann,bob
	dicegame-sheet -i "$S" auto --turns 3
	run -0 q "$S" '[.turn.number, .turn.player, [.players[].track | length]]'
	assert_eq '[4,"bob",[2,1]]' "$output"
	fresh "$S" --external
	run -1 --separate-stderr dicegame-sheet -i "$S" auto
	assert_eq "dicegame-sheet: auto rolls the sheet's own dice; this sheet's dice are physical" "$stderr"
}

@test "auto --all gives up after --max-turns (1000) when nobody can finish: status 1, nothing written" {
	fresh "$S" --map "$DG/unwinnable.map.json" --players ann,bob --seed 1
	cp "$S" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr dicegame-sheet -i "$S" auto --all
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: auto --all: the game is not over after 1000 turns (--max-turns 1000)" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$S"
	run -1 --separate-stderr dicegame-sheet auto --all --max-turns 3 <"$S"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: auto --all: the game is not over after 3 turns (--max-turns 3)" "$stderr"
	dicegame-sheet -i "$S" auto --turns 1000
	run -0 q "$S" '[.turn.number, [.players[].built]]'
	assert_eq '[1001,[["A","S2","K1"],["A","S2","K1"]]]' "$output"
}

@test "auto --all plays a game that ends within --max-turns to its end" {
	fresh "$S" --island 2 --seed 1
	dicegame-sheet auto --all <"$S" >"$BATS_TEST_TMPDIR/all.json"
	run -0 q "$BATS_TEST_TMPDIR/all.json" '[.turn, .players[0].built[-1], ([.log[] | select(. == "end")] | length)]'
	assert_eq '[null,"K6",17]' "$output"
	run -0 --separate-stderr dicegame-sheet auto --all --max-turns 18 <"$S"
	assert_eq "" "$stderr"
	assert_eq "$(cat "$BATS_TEST_TMPDIR/all.json")" "$output"
	run -1 --separate-stderr dicegame-sheet auto --all --max-turns 17 <"$S"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: auto --all: the game is not over after 17 turns (--max-turns 17)" "$stderr"
}

@test "--max-turns takes 1 to 100000, goes with auto --all only" {
	fresh "$S" --island 2 --seed 1
	run -2 --separate-stderr dicegame-sheet auto --max-turns 5 <"$S"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: --max-turns bounds auto --all: give --all too" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet auto --turns 2 --max-turns 5 <"$S"
	assert_eq "dicegame-sheet: --max-turns bounds auto --all: give --all too" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet auto --all --max-turns 0 <"$S"
	assert_eq "dicegame-sheet: --max-turns takes a number from 1 to 100000, not '0'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet auto --all --max-turns 100001 <"$S"
	assert_eq "dicegame-sheet: --max-turns takes a number from 1 to 100000, not '100001'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet list --all --max-turns 5 "$S"
	assert_eq "dicegame-sheet: --max-turns means nothing to 'list'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet auto --turns 0 <"$S"
	assert_eq "dicegame-sheet: --turns takes a number from 1 to 100000, not '0'" "${stderr_lines[0]}"
}

@test "the example solo game runs and renders the sheet" {
	run -0 --separate-stderr sh "$ROOT/examples/dicegame-solo.sh" 7
	[[ "${lines[0]}" == "Island One: game over, won by solo with "* ]]
	[[ "$output" == *"track "* ]]
}

# ---- listing legal moves ----

@test "list gives the roll first, then rerolls, jokers, gold, builds and end" {
	fresh "$S" --external
	run -0 dicegame-sheet list "$S"
	assert_eq "roll FACE FACE FACE FACE FACE FACE" "$output"
	play "$S" 'roll gold gold brick lumber ore wool'
	run -0 dicegame-sheet list --all "$S"
	assert_eq 63 "$(grep -c '^reroll' <<<"$output")"
	assert_eq "reroll 1 2 3 4 5 6 to FACE FACE FACE FACE FACE FACE" "$(grep '^reroll' <<<"$output" | tail -1)"
	assert_eq "gold on dice 1 2 to ore
gold on dice 1 2 to grain
gold on dice 1 2 to wool
gold on dice 1 2 to lumber
gold on dice 1 2 to brick
build R0
end" "$(grep -v '^reroll' <<<"$output")"
}

@test "list --all matches the oracle positions; list gives their rerolls in one line" {
	for pos in "$DG"/list-*.json; do
		run -0 dicegame-sheet list --all "$pos"
		assert_eq "$(cat "${pos%.json}.list")" "$output"
		n=$(grep -c '^reroll' "${pos%.json}.list" || true)
		want=$(awk -v n="$n" '/^reroll/ { if (!done) print "reroll DIE... (" n " choices; list --all shows each)"; done = 1; next } { print }' "${pos%.json}.list")
		run -0 dicegame-sheet list "$pos"
		assert_eq "$want" "$output"
	done
}

@test "list gives the rerolls in one line, while rerolls are allowed; --all gives each" {
	fresh "$S" --external
	run -0 --separate-stderr dicegame-sheet list "$S"
	assert_eq "roll FACE FACE FACE FACE FACE FACE" "$output"
	play "$S" 'roll gold gold brick lumber ore wool'
	run -0 --separate-stderr dicegame-sheet list "$S"
	assert_eq "" "$stderr"
	assert_eq "reroll DIE... to FACE... (63 choices; list --all shows each)
gold on dice 1 2 to ore
gold on dice 1 2 to grain
gold on dice 1 2 to wool
gold on dice 1 2 to lumber
gold on dice 1 2 to brick
build R0
end" "$output"
	run -0 dicegame-sheet list --all "$S"
	assert_eq 70 "${#lines[@]}"
	fresh "$S" --island 2 --seed 5
	play "$S" roll
	run -0 dicegame-sheet list <"$S"
	assert_eq $'reroll DIE... (7 choices; list --all shows each)\nend' "$output"
	run -0 dicegame-sheet list --all "$S"
	assert_eq $'reroll 1\nreroll 2\nreroll 1 2\nreroll 3\nreroll 1 3\nreroll 2 3\nreroll 1 2 3\nend' "$output"
	play "$S" 'keep 1' 'keep 1'
	run -0 dicegame-sheet list "$S"
	assert_eq "$(dicegame-sheet list --all "$S")" "$output"
	[[ "$output" != *reroll* ]]
}

@test "list refuses the options of other subcommands and more than one sheet" {
	fresh "$S" --seed 1
	run -2 --separate-stderr dicegame-sheet list --turns 2 "$S"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: --turns means nothing to 'list'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet list --all "$S" "$S"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: too many operands for 'list'" "${stderr_lines[0]}"
	run -2 --separate-stderr dicegame-sheet -i "$S" list --all
	assert_eq "dicegame-sheet: -i is for move and auto, not 'list'" "${stderr_lines[0]}"
}

# ---- in place, validation, strict input ----

@test "-i edits the file in place and writes nothing on stdout" {
	fresh "$S" --seed 2
	run -0 --separate-stderr dicegame-sheet -i "$S" move roll
	assert_eq "" "$output"
	run -0 q "$S" '.turn.rolls'
	assert_eq 1 "$output"
}

@test "-i says the dice of every roll and reroll on stderr, once the sheet is written" {
	fresh "$S" --seed 1 --players ann,bob --island 2
	run -0 --separate-stderr dicegame-sheet -i "$S" move roll end roll 'keep 2'
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: ann's dice after roll: grain brick wool
dicegame-sheet: bob's dice after roll: gold gold brick wool
dicegame-sheet: bob's dice after reroll 1 3 4: lumber gold grain brick" "$stderr"
	assert_eq '["lumber","gold","grain","brick"]' "$(q "$S" .turn.dice)"
	run -0 --separate-stderr dicegame-sheet -i "$S" move 'reroll 2' end
	assert_eq "dicegame-sheet: bob's dice after reroll 2: lumber grain grain brick" "$stderr"
	run -0 --separate-stderr dicegame-sheet -i "$S" move roll 'build R0'
	assert_eq "dicegame-sheet: ann's dice after roll: brick lumber gold lumber grain" "$stderr"
	run -0 --separate-stderr dicegame-sheet -i "$S" move end
	assert_eq "" "$stderr"
}

@test "the dice are not said for a refused move, physical dice, or a sheet written on stdout" {
	fresh "$S" --seed 1
	cp "$S" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr dicegame-sheet -i "$S" move roll 'reroll 7'
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: move 'reroll 7': there is no die 7: dice are numbered 1 to 6" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$S"
	run -0 --separate-stderr dicegame-sheet move roll <"$S"
	assert_eq "" "$stderr"
	assert_eq '["grain","brick","wool","gold","gold","brick"]' "$(jq -c .turn.dice <<<"$output")"
	fresh "$S" --external
	run -0 --separate-stderr dicegame-sheet -i "$S" move 'roll ore ore ore ore ore ore' 'keep 1 to wool wool wool wool wool'
	assert_eq "" "$output"
	assert_eq "" "$stderr"
}

@test "a refused move among several leaves the file byte for byte" {
	fresh "$S" --external
	cp "$S" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr dicegame-sheet -i "$S" move 'roll brick lumber ore ore ore ore; build R0; build R1; build S3'
	assert_eq "dicegame-sheet: move 'build R1': road R1 costs brick and lumber: missing brick and lumber" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$S"
}

@test "move reads stdin and writes the sheet on stdout" {
	fresh "$S" --external
	run -0 dicegame-sheet -c move 'roll ore ore ore ore ore ore' <"$S"
	assert_eq '["ore","ore","ore","ore","ore","ore"]' "$(jq -c .turn.dice <<<"$output")"
}

@test "pretty and compact output hold the same document, the same bytes each time" {
	fresh "$S" --external --island 2 --players a,b
	script "$S" "$DG/island-two-game.moves" 9
	play "$S" 'roll ore wool grain ore wool grain' 'build K3'
	dicegame-sheet move 'build K4' <"$S" >"$BATS_TEST_TMPDIR/p1.json"
	dicegame-sheet move 'build K4' <"$S" >"$BATS_TEST_TMPDIR/p2.json"
	dicegame-sheet -c move 'build K4' <"$S" >"$BATS_TEST_TMPDIR/c.json"
	assert_file_eq "$BATS_TEST_TMPDIR/p1.json" "$BATS_TEST_TMPDIR/p2.json"
	jq -c . "$BATS_TEST_TMPDIR/p1.json" >"$BATS_TEST_TMPDIR/pc.json"
	assert_file_eq "$BATS_TEST_TMPDIR/pc.json" "$BATS_TEST_TMPDIR/c.json"
	run -0 q "$BATS_TEST_TMPDIR/c.json" '[.turn.player, .players[1].built]'
	assert_eq '["b",["R0","R2","R3","R5","R6","K1","K2","K3","K4"]]' "$output"
}

@test "validate names the first log entry the rules refuse" {
	fresh "$S" --external
	script "$S" "$DG/island-one-game.moves" 3
	jq '.log[4] = "build S4"' "$S" >"$BATS_TEST_TMPDIR/bad.json"
	run -1 --separate-stderr dicegame-sheet validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: log[4] 'build S4': settlement S4 needs road R2 first" "$stderr"
}

@test "validate refuses generated faces the seed does not give" {
	fresh "$S" --seed 1
	play "$S" roll
	jq '.log[0] = "roll ore ore ore ore ore ore" | .turn.dice = ["ore","ore","ore","ore","ore","ore"]' "$S" >"$BATS_TEST_TMPDIR/bad.json"
	run -1 --separate-stderr dicegame-sheet validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: log[0] 'roll ore ore ore ore ore ore': the sheet's generator rolls grain brick wool gold gold brick, not ore ore ore ore ore ore" "$stderr"
}

@test "validate finds a position the log does not give" {
	fresh "$S" --external
	script "$S" "$DG/island-one-game.moves" 3
	jq '.players[0].track[2] = 9' "$S" >"$BATS_TEST_TMPDIR/bad.json"
	run -1 --separate-stderr dicegame-sheet validate "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: the log replayed does not give this sheet: players[0].track[2] differs" "$stderr"
}

@test "validate checks many files and exits with the worst status" {
	fresh "$S" --seed 1
	fresh "$BATS_TEST_TMPDIR/ok.json" --seed 2
	jq '.players[0].built = ["R0"]' "$S" >"$BATS_TEST_TMPDIR/bad.json"
	echo '{' >"$BATS_TEST_TMPDIR/broken.json"
	run -3 --separate-stderr dicegame-sheet validate "$S" "$BATS_TEST_TMPDIR/bad.json" "$BATS_TEST_TMPDIR/broken.json" "$BATS_TEST_TMPDIR/ok.json"
	assert_eq "" "$output"
	assert_eq 2 "${#stderr_lines[@]}"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: the log replayed does not give this sheet: players[0].built differs" "${stderr_lines[0]}"
}

@test "malformed sheets are refused with the JSON path and status 3" {
	fresh "$S" --seed 1
	B=$BATS_TEST_TMPDIR/b.json
	echo 'not json' >"$B"
	bad_input "$B" "not a JSON document: line 1, column 3: '[' or '{' expected near 'not'"
	jq '.frob = 1' "$S" >"$B"
	bad_input "$B" "unknown key 'frob'"
	jq '.format = "dicegame-sheet/9"' "$S" >"$B"
	bad_input "$B" "format: unknown format 'dicegame-sheet/9' (expected dicegame-sheet/1)"
	jq 'del(.log)' "$S" >"$B"
	bad_input "$B" "missing key 'log'"
	jq '.players[0].built = ["Q3"]' "$S" >"$B"
	bad_input "$B" "players[0].built[0]: there is no site Q3 on this sheet"
	jq '.players[0].built = ["R0", "R0"]' "$S" >"$B"
	bad_input "$B" "players[0].built[1]: R0 is named twice"
	jq '.players[0].jokers = ["R0"]' "$S" >"$B"
	bad_input "$B" "players[0].jokers[0]: R0 is not a joker"
	jq '.players[0].track = [-5]' "$S" >"$B"
	bad_input "$B" "players[0].track[0]: expected \"X\" or points from 0 to 999"
	jq '.players[0].track = [1]' "$S" >"$B"
	bad_input "$B" "players[0].track: solo has 1 turns scored; the turn count says 0"
	jq '.turn.rolls = 1 | .turn.dice = ["ore","ore","ore","ore","ore","sword"]' "$S" >"$B"
	bad_input "$B" "turn.dice[5]: expected ore, grain, wool, lumber, brick or gold"
	jq '.turn.rolls = 1 | .turn.dice = ["ore"]' "$S" >"$B"
	bad_input "$B" "turn.dice: expected 6 faces"
	jq '.turn.rolls = "1"' "$S" >"$B"
	bad_input "$B" "turn.rolls: expected an integer from 0 to 3, found a string"
	jq '.turn.rolls = 4' "$S" >"$B"
	bad_input "$B" "turn.rolls: expected an integer from 0 to 3, found 4"
	jq '.turn.player = "bob"' "$S" >"$B"
	bad_input "$B" "turn.player: turn 1 is solo's, not 'bob'"
	jq '.rng[0] = "xyz"' "$S" >"$B"
	bad_input "$B" "rng[0]: expected 16 lower-case hex digits"
	jq '.map = "island-nine"' "$S" >"$B"
	bad_input "$B" "map: no built-in map 'island-nine' (island-one, island-two, extra)"
	jq '.log = ["fly"]' "$S" >"$B"
	bad_input "$B" "log[0]: 'fly': unknown move 'fly' (roll, reroll, keep, joker, gold, build, end, start)"
	jq '.log = ["roll"]' "$S" >"$B"
	bad_input "$B" "log[0]: 'roll': the log records the faces rolled"
	jq '.awards = {}' "$S" >"$B"
	bad_input "$B" "unknown key 'awards' (Island Two sheets have awards)"
	jq '.players = []' "$S" >"$B"
	bad_input "$B" "players: expected 1 to 4 players"
	printf '{"format":"dicegame-sheet/1","format":"x"}' >"$B"
	bad_input "$B" "not a JSON document: line 1, column 37: duplicate object key near '\"format\"'"
}

@test "a malformed sheet is refused by move without touching the file" {
	fresh "$S" --seed 1
	jq '.turn.locked = "no"' "$S" >"$BATS_TEST_TMPDIR/b.json"
	cp "$BATS_TEST_TMPDIR/b.json" "$BATS_TEST_TMPDIR/before"
	run -3 --separate-stderr dicegame-sheet -i "$BATS_TEST_TMPDIR/b.json" move roll
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/b.json: turn.locked: expected a boolean, found a string" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/b.json"
}

@test "Island Two sheets are checked for their winner" {
	fresh "$S" --seed 1 --island 2
	jq '.players[0].built = ["S3","S4","S5","S7","C7","C12","C20"]' "$S" >"$BATS_TEST_TMPDIR/b.json"
	bad_input "$BATS_TEST_TMPDIR/b.json" "turn: a player has 10 victory points, so the game is over"
}

@test "a missing file is a system error" {
	run -4 --separate-stderr dicegame-sheet score "$BATS_TEST_TMPDIR/nothing.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/nothing.json: cannot open: No such file or directory" "$stderr"
}

# ---- maps ----

@test "map prints the built-in maps; a printed map plays like the built-in one" {
	run -0 dicegame-sheet map --island 2
	assert_eq "$(cat "$DG/island-two.map.json")" "$output"
	dicegame-sheet map >"$BATS_TEST_TMPDIR/one.json"
	fresh "$S" --map "$BATS_TEST_TMPDIR/one.json" --seed 9
	run -0 q "$S" '.map.name'
	assert_eq '"island-one"' "$output"
	dicegame-sheet -i "$S" auto --all
	fresh "$BATS_TEST_TMPDIR/b.json" --seed 9
	dicegame-sheet -i "$BATS_TEST_TMPDIR/b.json" auto --all
	assert_eq "$(q "$BATS_TEST_TMPDIR/b.json" .log)" "$(q "$S" .log)"
	run -0 dicegame-sheet validate "$S"
}

@test "a custom map sets the rules and the sheet" {
	fresh "$S" --map "$DG/tiny.map.json" --external
	play "$S" 'roll brick lumber wool grain brick lumber'
	refuse "$S" "settlement S2 needs road A first" 'build S2'
	play "$S" 'build A S2'
	run -0 dicegame-sheet render "$S"
	assert_eq "Tiny: solo's turn 1 of 15" "${lines[0]}"
	run -2 --separate-stderr dicegame-sheet new --map "$DG/tiny.map.json" --island 2
	assert_eq "dicegame-sheet: --island 2 but the map '$DG/tiny.map.json' is for island 1" "$stderr"
}

@test "bad maps are refused with the JSON path" {
	M=$BATS_TEST_TMPDIR/m.json
	jq '.sites[1].after = "S2"' "$DG/tiny.map.json" >"$M"
	run -3 --separate-stderr dicegame-sheet map --map "$M"
	assert_eq "dicegame-sheet: $M: sites[1].after: 'S2' is not a road listed before this site" "$stderr"
	jq '.sites[0].kind = "tower"' "$DG/tiny.map.json" >"$M"
	run -3 --separate-stderr dicegame-sheet map --map "$M"
	assert_eq "dicegame-sheet: $M: sites[0].kind: unknown kind 'tower' (start, road, settlement, city, knight, desert, castle)" "$stderr"
	jq '.sites[0].kind = "castle"' "$DG/tiny.map.json" >"$M"
	run -3 --separate-stderr dicegame-sheet map --map "$M"
	assert_eq "dicegame-sheet: $M: sites[0].kind: castles stand only on island 3 (the Extra)" "$stderr"
	jq '.sites[2].id = "A"' "$DG/tiny.map.json" >"$M"
	run -3 --separate-stderr dicegame-sheet map --map "$M"
	assert_eq "dicegame-sheet: $M: sites[2].id: id 'A' is used twice" "$stderr"
	jq '.sites[1].joker = "ore"' "$DG/tiny.map.json" >"$M"
	run -3 --separate-stderr dicegame-sheet map --map "$M"
	assert_eq "dicegame-sheet: $M: sites[1]: unknown key 'joker'" "$stderr"
}

# ---- pictures ----

@test "render --svg draws every sheet as valid SVG" {
	fresh "$S" --external --island 2 --players ann,bob
	script "$S" "$DG/island-two-game.moves" 12
	play "$S" 'roll ore ore gold gold gold gold'
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/s.svg"
	run -0 grep -c '<g transform' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq 2 "$output"
	run -0 grep -c '>gold</text>' "$BATS_TEST_TMPDIR/s.svg"
	assert_eq 4 "$output"
}

@test "render --svg: a used joker's name stays legible with a mark beside it; gold is not grain's yellow" {
	fresh "$S" --external
	play "$S" 'roll ore wool grain ore brick brick' 'build K1' 'joker K1 on die 5' end \
		'roll gold grain gold ore wool lumber'
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/s.svg"
	x() { xmllint --xpath "$1" "$BATS_TEST_TMPDIR/s.svg"; }
	# K1's joker is used: its name is greyed, nothing is drawn across it, and the mark stands
	# right of the name's box; the other five are as they were.
	run -0 x 'count(//*[@class="joker used"])'
	assert_eq 1 "$output"
	run -0 x 'count(//*[@class="joker"])'
	assert_eq 5 "$output"
	run -0 x 'string(//*[@class="joker used"]/*[local-name()="text"])'
	assert_eq ore "$output"
	run -0 x 'string(//*[@class="joker used"]/*[local-name()="text"]/@fill)'
	assert_eq "#6e6e6e" "$output"
	run -0 x 'count(//*[@class="joker used"]/*[local-name()="path"] | //*[@text-decoration])'
	assert_eq 0 "$output"
	right=$(x 'number(//*[@class="joker used"]/*[local-name()="rect"]/@x) + number(//*[@class="joker used"]/*[local-name()="rect"]/@width)')
	left=$(x 'number(//*[@class="joker used"]//*[local-name()="circle"]/@cx) - number(//*[@class="joker used"]//*[local-name()="circle"]/@r)')
	awk -v l="$left" -v r="$right" 'BEGIN { exit !(l >= r) }' || { echo "mark at $left, name's box to $right"; false; }
	# The dice: gold and grain faces far apart in colour (red, green, blue distance), gold in white.
	gold=$(x 'string(//*[@id="dice"]/*[local-name()="text"][.="gold"][1]/preceding-sibling::*[1]/@fill)')
	grain=$(x 'string(//*[@id="dice"]/*[local-name()="text"][.="grain"][1]/preceding-sibling::*[1]/@fill)')
	run -0 awk -v a="$gold" -v b="$grain" 'function h(s, i) { return index("0123456789abcdef", substr(s, i, 1)) - 1 }
		function c(s, i) { return 16 * h(s, i) + h(s, i + 1) }
		BEGIN { d = 0; for (i = 2; i <= 6; i += 2) d += (c(a, i) - c(b, i)) ^ 2; print (sqrt(d) >= 100) ? "apart" : a " " b " " sqrt(d) }'
	assert_eq apart "$output"
	run -0 x 'string(//*[@id="dice"]/*[local-name()="text"][.="gold"][1]/@fill)'
	assert_eq "#ffffff" "$output"
}

@test "render --svg lays the sheet out as printed: hexes under the knights, costs, dice, track" {
	fresh "$S" --external --island 1 --players ann
	script "$S" "$DG/island-one-game.moves" 8
	play "$S" 'roll ore ore wool grain brick lumber'
	dicegame-sheet render --svg "$S" >"$BATS_TEST_TMPDIR/s.svg"
	xmllint --noout "$BATS_TEST_TMPDIR/s.svg"
	x() { xmllint --xpath "$1" "$BATS_TEST_TMPDIR/s.svg"; }
	# A hex of each knight's resource, the last one of any.
	run -0 sh -c "grep -o 'class=\"hex [a-z]*\"' '$BATS_TEST_TMPDIR/s.svg' | tr '\n' ,"
	assert_eq 'class="hex ore",class="hex grain",class="hex wool",class="hex lumber",class="hex brick",class="hex any",' "$output"
	# The building costs: four pieces, 2 + 4 + 5 + 3 dice.
	run -0 x 'count(//*[local-name()="g"][@id="costs"]/*[local-name()="rect"][@width="22"])'
	assert_eq 19 "$output"
	run -0 x 'string(//*[local-name()="g"][@id="costs"]/*[local-name()="text"][1])'
	assert_eq "Building costs" "$output"
	# The dice of the turn and the fifteen boxes of the scoring track.
	run -0 x 'count(//*[local-name()="g"][@id="dice"]/*[local-name()="rect"][@width="56"])'
	assert_eq 6 "$output"
	run -0 x 'count(//*[local-name()="rect"][@width="50"][@height="44"])'
	assert_eq 15 "$output"
	# No text is smaller than 12 pixels.
	run -0 sh -c "grep -o 'font-size=\"[0-9.]*\"' '$BATS_TEST_TMPDIR/s.svg' | tr -dc '0-9.\n' | sort -n | head -1"
	assert_eq 12 "$output"
}

# ---- unit tests ----

@test "the dice game's unit tests pass" {
	run -0 "$CATAN_UNIT/dice_test"
	[[ "${lines[-1]}" == "dice_test: "*" passed, 0 failed" ]]
}

@test "bash completion offers subcommands, options, ids and resources" {
	source "$ROOT/completions/bash/dicegame-sheet"
	COMP_WORDS=(dicegame-sheet re)
	COMP_CWORD=1
	_dicegame_sheet
	assert_eq "render" "${COMPREPLY[*]}"
	COMP_WORDS=(dicegame-sheet move build S)
	COMP_CWORD=3
	_dicegame_sheet
	assert_eq "S3 S4 S5 S7 S9 S11" "${COMPREPLY[*]}"
	COMP_WORDS=(dicegame-sheet new --is)
	COMP_CWORD=2
	_dicegame_sheet
	assert_eq "--island" "${COMPREPLY[*]}"
	COMP_WORDS=(dicegame-sheet -i s.json move joker K6 on die 2 to w)
	COMP_CWORD=10
	_dicegame_sheet
	assert_eq "wool" "${COMPREPLY[*]}"
	grep -q '^#compdef dicegame-sheet' "$ROOT/completions/zsh/_dicegame-sheet"
}

@test "dicegame-sheet is clean under valgrind, on success and on refusal" {
	case $CATAN_BIN in
	*build-san*) skip "the sanitizer build checks leaks itself" ;;
	esac
	command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
	fresh "$S" --seed 3 --island 2 --players ann,bob
	run -0 vg dicegame-sheet -i "$S" auto --turns 6
	run -0 vg dicegame-sheet render --svg "$S"
	run -0 vg dicegame-sheet validate "$S"
	run -1 vg dicegame-sheet -i "$S" move 'build C30'
	run -1 vg dicegame-sheet -i "$S" move fly
	run -3 vg dicegame-sheet score <<<'{"format": 1}'
	run -3 vg dicegame-sheet new --map "$FIXTURES/dicegame/island-one-game.txt"
}

@test "in place through a symbolic link, after a killed writer: the target is edited, the leftovers go" {
	dicegame-sheet new --seed 3 --players ann >"$BATS_TEST_TMPDIR/s.json"
	ln -s "$BATS_TEST_TMPDIR/s.json" "$BATS_TEST_TMPDIR/link.json"
	echo partial >"$BATS_TEST_TMPDIR/.s.json.new"
	echo partial >"$BATS_TEST_TMPDIR/s.json.tmpQ1w2E3"
	run -0 dicegame-sheet -i "$BATS_TEST_TMPDIR/link.json" move roll
	[ -L "$BATS_TEST_TMPDIR/link.json" ]
	run -0 jq -c '.log | length' "$BATS_TEST_TMPDIR/s.json"
	assert_eq 1 "$output"
	[ ! -e "$BATS_TEST_TMPDIR/.s.json.new" ]
	[ ! -e "$BATS_TEST_TMPDIR/s.json.tmpQ1w2E3" ]
}

@test "view: the sheet without its generator, which can be read, scored and validated but not played on" {
	dicegame-sheet new --players ann,bob --seed 3 | dicegame-sheet auto --turns 3 >"$BATS_TEST_TMPDIR/s.json"
	run -0 dicegame-sheet view "$BATS_TEST_TMPDIR/s.json"
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/v.json"
	run -0 jq -c '[.view, has("seed"), has("rng"), .outcomes, (.log | length)]' "$BATS_TEST_TMPDIR/v.json"
	assert_eq "[true,false,false,\"internal\",$(jq '.log | length' "$BATS_TEST_TMPDIR/s.json")]" "$output"
	run -0 dicegame-sheet validate "$BATS_TEST_TMPDIR/v.json"
	run -0 dicegame-sheet score "$BATS_TEST_TMPDIR/v.json"
	assert_eq "$(dicegame-sheet score "$BATS_TEST_TMPDIR/s.json")" "$output"
	run -1 --separate-stderr dicegame-sheet move roll <"$BATS_TEST_TMPDIR/v.json"
	assert_eq "dicegame-sheet: move 'roll': this is a view of the sheet, without its generator: moves need the whole sheet" "$stderr"
	run -1 --separate-stderr dicegame-sheet auto <"$BATS_TEST_TMPDIR/v.json"
	jq '.seed = 3' "$BATS_TEST_TMPDIR/v.json" >"$BATS_TEST_TMPDIR/bad.json"
	run -3 --separate-stderr dicegame-sheet score "$BATS_TEST_TMPDIR/bad.json"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/bad.json: 'seed', 'rng', 'secret' and 'draws' are left out of a view" "$stderr"
	dicegame-sheet new --players ann --external >"$BATS_TEST_TMPDIR/ext.json"
	run -0 dicegame-sheet view "$BATS_TEST_TMPDIR/ext.json"
	assert_eq "$(cat "$BATS_TEST_TMPDIR/ext.json")" "$output"
}

@test "a sheet of too many values, or a log of numbers, is refused before it is parsed, in little memory" {
	case $CATAN_BIN in *build-san*) skip "the sanitizer build reserves more address space than the limit" ;; esac
	# About 20 MB each, as the board game's documents are checked: parsed whole, a track of
	# numbers took 27 times its size (a 200 MB one 5.4 GiB, then no more memory).
	fresh "$S" --seed 1 --players ann,bob
	t=$(jq -c '.players[0].track = ["TRACK"] | .log = ["LOG"]' "$S")
	awk 'BEGIN { printf "0"; for (i = 0; i < 10000000; i++) printf ",0" }' >"$BATS_TEST_TMPDIR/zeros"
	{ printf '%s' "${t%%\"TRACK\"*}"; cat "$BATS_TEST_TMPDIR/zeros"; printf '%s\n' "${t#*\"TRACK\"}"; } |
		sed 's/"LOG"//' >"$BATS_TEST_TMPDIR/track.json"
	run -3 --separate-stderr bash -c "ulimit -v 150000; dicegame-sheet score '$BATS_TEST_TMPDIR/track.json'"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/track.json: players: more than 65536 values and keys, more than a sheet holds" "$stderr"
	{ printf '%s' "${t%%\"LOG\"*}"; cat "$BATS_TEST_TMPDIR/zeros"; printf '%s\n' "${t#*\"LOG\"}"; } |
		sed 's/"TRACK"//' >"$BATS_TEST_TMPDIR/log.json"
	run -3 --separate-stderr bash -c "ulimit -v 150000; dicegame-sheet validate '$BATS_TEST_TMPDIR/log.json'"
	assert_eq "dicegame-sheet: $BATS_TEST_TMPDIR/log.json: log[0]: expected a move as a string, found an integer" "$stderr"
	# A log's strings are read from the text, one at a time: a move too long to be one, or holding
	# a NUL, is refused as such, not read cut short.
	jq --arg m "roll $(printf 'grain %.0s' {1..60})" '.log = [$m]' "$S" >"$BATS_TEST_TMPDIR/long.json"
	bad_input "$BATS_TEST_TMPDIR/long.json" "log[0]: not a move: 365 bytes, or a NUL among them"
}
