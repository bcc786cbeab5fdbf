#!/usr/bin/env bats
# readme: README.md's examples of its programs section run as written, one after the other in one
# folder, as a reader following them would run them (each on what the ones before made), with the
# files they name from examples/ alone: a moves file, records, a referee's players and mail, exports
# from elsewhere.  A line whose comment says "refused: exit N" must exit with N, any other with 0;
# an output shown after "# =>" (on the example's line, or on comment lines right after it) must be
# what the example prints, "..." standing for any text.  The picture of the beginner board is what
# its command draws.

load test_helper

# context: the folder the examples run in holds the clone's examples/ and nothing else: every
# file they name is there.
context() {
	ln -s "$ROOT/examples" examples
}

# examples: README's programs section as lines "run\tCOMMAND" and "out\tTEXT" (an output shown).
examples() {
	sed -n '/^## The programs/,/^## [^T]/p' "$ROOT/README.md" | awk '
		/^    (catan-|dicegame-sheet|sh examples\/|for |mkdir |cp )/ {
			cmd = substr($0, 5); print "run\t" cmd; last = 1
			if (match(cmd, / # => /)) print "out\t" substr(cmd, RSTART + 6)
			next
		}
		last && /^    # => / { print "out\t" substr($0, 10); next }
		{ last = 0 }'
}

# like TEXT SHOWN: 0 when TEXT is SHOWN, each "..." in SHOWN standing for any text.
like() {
	local rest=$2 pat=""
	while [[ $rest == *...* ]]; do
		pat+=$(printf '%q' "${rest%%...*}")'*'
		rest=${rest#*...}
	done
	[ -z "$rest" ] || pat+=$(printf '%q' "$rest")
	eval "[[ \$1 == $pat ]]"
}

@test "the output matcher takes ... for any text, and nothing else" {
	like "unknown verb 'buid' (verbs: a, b)" "unknown verb 'buid' (verbs: ...)"
	like 'a*b' 'a*b'
	run -1 like 'axb' 'a*b'
	run -1 like "game.json: ok, 12 moves" "game.json: ok, 125 moves"
	like "x [y] z" "x [y] ..."
}

@test "README.md's examples run as written, in order, and print what they show" {
	# What they run, each program's own tests run under the sanitizers: this test is the page's.
	case $CATAN_BIN in *build-san*) skip "the page's examples are checked on the plain build" ;; esac
	cd "$BATS_TEST_TMPDIR"
	# What an example keeps in the temporary folder (human-vs-bots.sh's game) stays in the test's.
	export TMPDIR=$BATS_TEST_TMPDIR
	context
	examples >steps
	grep -q $'^run\tcatan-referee --games games outbox' steps
	[ "$(grep -c $'^run\t' steps)" -gt 20 ]
	[ "$(grep -c $'^out\t' steps)" -ge 4 ]
	n=0 shown=""
	# check: the example before's output against what README shows for it.
	check() {
		[ -n "$shown" ] || return 0
		like "$output" "$shown" || {
			printf 'line %d: %s\nprints:\n%s\nREADME shows:\n%s\n' "$n" "$line" "$output" "$shown"
			return 1
		}
	}
	while IFS=$'\t' read -r kind text; do
		if [ "$kind" = out ]; then
			shown+=${shown:+$'\n'}$text
			continue
		fi
		check
		shown="" line=$text n=$((n + 1))
		want=0
		[[ $line =~ \#\ refused:\ exit\ ([0-9]) ]] && want=${BASH_REMATCH[1]}
		run bash -c "$line" </dev/null
		[ "$status" -eq "$want" ] || { echo "line $n: '$line' exited $status, not $want"; echo "$output"; false; }
	done <steps
	check
}

@test "README.md's picture of the beginner board is what its command draws" {
	cmd=$(grep -o 'The beginner board (`[^`]*`)' "$ROOT/README.md" | sed 's/.*(`//; s/`)$//')
	assert_eq "catan-newboard --beginner --seed 1 | catan-render" "$cmd"
	# The indented block after the paragraph that names it.
	awk '/^The beginner board \(`/ { on = 1; next } on && /^    / { inb = 1; print substr($0, 5); next }
	     on && inb && /^$/ { print; next } on && inb { exit }' "$ROOT/README.md" >"$BATS_TEST_TMPDIR/shown"
	bash -c "$cmd" >"$BATS_TEST_TMPDIR/drawn"
	# The block's blank lines at its end are the paragraph's.
	sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$BATS_TEST_TMPDIR/shown"
	assert_file_eq "$BATS_TEST_TMPDIR/drawn" "$BATS_TEST_TMPDIR/shown"
}
