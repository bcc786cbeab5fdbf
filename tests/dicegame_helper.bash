# dicegame_helper.bash: what the dice game's bats files share.

# play FILE MOVE...: applies the moves in place; a refusal fails the test.
play() {
	local f=$1
	shift
	dicegame-sheet -i "$f" move "$@"
}

# refuse FILE MESSAGE MOVE: the move is refused with status 1 and exactly
# "dicegame-sheet: move 'MOVE': MESSAGE", stdout stays empty and FILE is untouched.
refuse() {
	local f=$1 msg=$2
	shift 2
	cp "$f" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr dicegame-sheet -i "$f" move "$@"
	assert_eq "" "$output"
	assert_eq "dicegame-sheet: move '$*': $msg" "$stderr"
	assert_file_eq "$BATS_TEST_TMPDIR/before" "$f"
}
