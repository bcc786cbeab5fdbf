#!/usr/bin/env bats
# valgrind: the binaries free what they allocate and touch no memory they should not,
# on success and on refusal (plain build only: valgrind and ASan do not mix).

load test_helper

setup() {
	case $CATAN_BIN in
	*build-san*) skip "the sanitizer build checks leaks itself" ;;
	esac
	command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
}

@test "catan-newboard is clean under valgrind" {
	run -0 vg catan-newboard --seed 3
	run -2 vg catan-newboard --players red
}

@test "catan-move is clean under valgrind, applying and refusing" {
	catan-newboard --beginner --seed 1 >"$BATS_TEST_TMPDIR/g.json"
	run -0 vg catan-move 'red roll' --view red <"$BATS_TEST_TMPDIR/g.json"
	run -1 vg catan-move 'red roll' 'red build city 3' <"$BATS_TEST_TMPDIR/g.json"
	run -0 vg catan-move -i "$BATS_TEST_TMPDIR/g.json" 'red roll'
	run -3 vg catan-move 'red roll' <<<'{"format": 1}'
	# Moves kept before a refusal; moves from a pipe, past what is kept in memory; an over-long line.
	catan-newboard --beginner --seed 1 --rules outcomes=external >"$BATS_TEST_TMPDIR/e.json"
	run -1 vg catan-move --keep 'red roll 3 3' 'red end' 'red end' <"$BATS_TEST_TMPDIR/e.json"
	awk 'BEGIN { split("red blue white orange", c); for (t = 0; t < 2000; t++)
		printf "%-300s\n%-300s\n", c[t % 4 + 1] " roll 3 3", c[t % 4 + 1] " end" }' >"$BATS_TEST_TMPDIR/moves"
	run -0 vg catan-move -i "$BATS_TEST_TMPDIR/e.json" -f - <"$BATS_TEST_TMPDIR/moves"
	run -0 vg catan-move -i "$BATS_TEST_TMPDIR/e.json" -f - < <(cat "$BATS_TEST_TMPDIR/moves")
	run -1 vg catan-move -k -i "$BATS_TEST_TMPDIR/e.json" -f - < <(echo 'red roll 3 3'; head -c 10000 /dev/zero)
}

@test "catan-match is clean under valgrind, with threads, documents and a program" {
	mkdir "$BATS_TEST_TMPDIR/games"
	run -0 vg catan-match --seeds 1-3 -j 2 -q --games "$BATS_TEST_TMPDIR/games" greedy random random
	# The program's time is ample: a loaded machine must not make it fail (status 1).
	run -0 vg catan-match --seeds 1 --move-time 120000 -q "exec:sh $ROOT/examples/player.sh" greedy
	run -1 vg catan-match --seeds 1 --move-time 100 --fallback none -q random 'exec:sleep 5'
	run -2 vg catan-match --seeds 1 random nobody
	catan-match -q --seeds 1-4 greedy random >"$BATS_TEST_TMPDIR/lines"
	run -0 vg catan-match --tally "$BATS_TEST_TMPDIR/lines"
	run -3 vg catan-match --tally <<<'{"seed":1,"seats":["red","red"]}'
}

@test "catan-import is clean under valgrind, importing and refusing" {
	run -0 vg catan-import "$FIXTURES/import/catanatron-actions.json"
	run -3 vg catan-import --format catanatron <<<'{"colors": ["RED"]}'
	jq -c '.action_records[17][1] = "GOLD"' "$FIXTURES/import/catanatron-beginner.json" >"$BATS_TEST_TMPDIR/x.json"
	run -3 vg catan-import "$BATS_TEST_TMPDIR/x.json"
	run -0 vg catan-import "$FIXTURES/import/beginner.catan"
	sed 's/^blue rolls 5$/blue flies/' "$FIXTURES/import/beginner.catan" >"$BATS_TEST_TMPDIR/x.catan"
	run -3 vg catan-import "$BATS_TEST_TMPDIR/x.catan"
	run -0 vg catan-import "$FIXTURES/import/beginner.soclog"
	sed 's/PL=4/PL=7/' "$FIXTURES/import/beginner.soclog" >"$BATS_TEST_TMPDIR/x.soclog"
	run -1 vg catan-import "$BATS_TEST_TMPDIR/x.soclog"
	# The board of five and six: a save in the building phase, and one it refuses.
	run -0 vg catan-import "$FIXTURES/import/six-building.game.json"
	jq -c '.elements.SPECIAL_BUILDING_AFTER_PLAYER = 3' "$FIXTURES/import/six-building.game.json" >"$BATS_TEST_TMPDIR/x.game.json"
	run -3 vg catan-import "$BATS_TEST_TMPDIR/x.game.json"
}
