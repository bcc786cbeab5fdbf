#!/usr/bin/env bats
# catan-rules: oracle files in tests/fixtures/rules/, each a position and the moves expected to
# pass or be refused with the exact message, run through catan-move.
#
# File format, one directive a line (# comments and blank lines skipped):
#   new ARGS...            start from catan-newboard ARGS
#   play MOVE              MOVE must be accepted; the game goes on from the result
#   ok MOVE                MOVE must be accepted; the game stays as it was
#   refuse MOVE :: MSG     MOVE must be refused with exit 1, nothing on stdout, and the
#                          message "catan-move: move 1 'MOVE': MSG"; the game stays as it was
#   expect FILTER          the jq FILTER must give true on the game
#   edit FILTER            the game becomes what the jq FILTER makes of it (to set up a hand)

load test_helper

run_oracle() {
	local file=$1 n=0 line verb rest game=$BATS_TEST_TMPDIR/game.json out=$BATS_TEST_TMPDIR/out.json
	local err=$BATS_TEST_TMPDIR/err
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case $line in ''|'#'*) continue ;; esac
		verb=${line%% *} rest=${line#* }
		case $verb in
		new)
			catan-newboard $rest >"$game" || { echo "$file:$n: catan-newboard $rest failed"; return 1; } ;;
		play|ok)
			if ! catan-move "$rest" <"$game" >"$out" 2>"$err"; then
				echo "$file:$n: '$rest' refused: $(cat "$err")"; return 1
			fi
			[ "$verb" = ok ] || mv "$out" "$game" ;;
		refuse)
			local move=${rest%% :: *} msg=${rest#* :: } status=0
			catan-move "$move" <"$game" >"$out" 2>"$err" || status=$?
			if [ "$status" != 1 ] || [ -s "$out" ]; then
				echo "$file:$n: '$move' gave status $status (expected 1) $(cat "$err")"; return 1
			fi
			if [ "$(cat "$err")" != "catan-move: move 1 '$move': $msg" ]; then
				echo "$file:$n: '$move'"; echo "  expected: $msg"; echo "  actual:   $(cat "$err")"; return 1
			fi ;;
		edit)
			jq "$rest" "$game" >"$out" && mv "$out" "$game" || { echo "$file:$n: edit failed"; return 1; } ;;
		expect)
			if [ "$(jq "$rest" "$game")" != true ]; then
				echo "$file:$n: expect $rest: $(jq -c "$rest" "$game")"; return 1
			fi ;;
		*)
			echo "$file:$n: unknown directive '$verb'"; return 1 ;;
		esac
	done <"$file"
}

@test "every rules oracle file in tests/fixtures/rules passes" {
	count=0
	for f in "$FIXTURES"/rules/*.txt; do
		run_oracle "$f"
		count=$((count + 1))
	done
	[ "$count" -ge 5 ]
}
