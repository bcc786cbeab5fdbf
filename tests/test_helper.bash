# test_helper.bash: shared set-up for the bats suite.
# CATAN_BIN and CATAN_UNIT name the build tree under test (tests/run-suite sets them).

bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
: "${CATAN_BIN:=$ROOT/build/bin}"
: "${CATAN_UNIT:=$ROOT/build/unit}"
# The programs linked dynamically, for valgrind (the ones in bin are static).
: "${CATAN_DYN:=${CATAN_BIN%/bin}/bin-dyn}"
PATH="$CATAN_BIN:$PATH"
FIXTURES=$ROOT/tests/fixtures
export CATAN_BIN CATAN_UNIT CATAN_DYN ROOT FIXTURES PATH

# A fixed game used by many tests: the beginner board with a fixed seed.
beginner() {
	catan-newboard --beginner --seed 1 "$@"
}

# assert_eq EXPECTED ACTUAL: exact comparison with both shown on failure.
assert_eq() {
	if [ "$1" != "$2" ]; then
		printf 'expected: %s\nactual:   %s\n' "$1" "$2" >&2
		return 1
	fi
}

# assert_file_eq FILE1 FILE2: byte comparison with a diff on failure.
assert_file_eq() {
	if ! cmp -s "$1" "$2"; then
		diff -u "$1" "$2" | head -40 >&2
		return 1
	fi
}

# eventually COMMAND...: runs COMMAND until it succeeds, every tenth of a second, for
# WAIT_SECONDS (120) at most; its status then.  What another process does in its own time (a
# shell's prompt, a screen drawn, a process gone, a mail delivered) is waited for this way:
# a passing test waits only as long as it must, and a machine busy with other suites (make
# check twice at once) gets all the time it needs.
eventually() {
	local end=$((SECONDS + ${WAIT_SECONDS:-120}))
	until "$@"; do
		[ "$SECONDS" -lt "$end" ] || return 1
		sleep 0.1
	done
}

# unit_passes PROGRAM [ARG...]: runs the C test $CATAN_UNIT/PROGRAM, which must exit 0 with
# "N checks, 0 failed" last; on a failure its failed checks and notes are shown.
unit_passes() {
	run "$CATAN_UNIT/$1" "${@:2}"
	if [ "$status" -ne 0 ]; then
		printf '%s\n' "$output" | grep -E '^(not ok|#)' | head -40 >&2
	fi
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" =~ ^[0-9]+\ checks,\ 0\ failed$ ]]
}

# vg PROGRAM ARG...: runs PROGRAM's dynamically linked twin under valgrind; any
# leak or memory error exits 99.
vg() {
	local prog=$1
	shift
	valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
		--error-exitcode=99 "$CATAN_DYN/$prog" "$@"
}

# selenium_python: a python3 that has Selenium (Debian's python3-selenium is /usr/bin/python3's).
selenium_python() {
	for py in python3 /usr/bin/python3; do
		command -v "$py" >/dev/null && "$py" -c 'import selenium' 2>/dev/null && { echo "$py"; return; }
	done
}

# A refereed game's key, the same at every run, for tests whose games must repeat.
SECRET=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

# newgame FILE NEWBOARD-ARGS...: catan-newboard's game into FILE; with --secret, the same at
# every run: the key SECRET, and the deck (which the key drawn at random shuffled) of the game
# without --secret.
newgame() {
	local g=$1 a seeded=()
	shift
	catan-newboard "$@" >"$g"
	for a; do [ "$a" = --secret ] || seeded+=("$a"); done
	if [ ${#seeded[@]} -lt $# ]; then
		catan-newboard "${seeded[@]}" >"$g.seeded"
		jq --arg k "$SECRET" --slurpfile s "$g.seeded" \
			'.secret = $k | .start.deck = $s[0].start.deck | .position.deck = $s[0].start.deck' \
			"$g" >"$g.new" && mv "$g.new" "$g"
	fi
}

# unnamed_buy DIR: in DIR/full.json, nine moves of the three-player beginner game with external
# outcomes (seed 1) in which red buys a victory point card; in DIR/public.json the same game as the
# public saw it: a record (no position, the deck's counts) whose eighth move is 'red buy'.
unnamed_buy() {
	catan-newboard --beginner --seed 1 --players red,blue,white --rules outcomes=external >"$1/b.json"
	catan-move 'red roll 5 5' 'red end' 'blue roll 1 1' 'blue end' 'white roll 1 2' 'white end' \
		'red roll 1 2' 'red buy victory-point' 'red end' <"$1/b.json" >"$1/full.json"
	jq 'del(.position) | .log[7] = "red buy" | .start.deck = {"knight": 14, "road-building": 2,
		"year-of-plenty": 2, "monopoly": 2, "victory-point": 5}' "$1/full.json" >"$1/public.json"
}
