#!/usr/bin/env bats
# manual: every EXAMPLES block of every man page runs as written (exit status 0),
# in a folder holding what the examples name: a game, records, a file of set-up
# moves, a referee's files (a game, its players, a mail), a dice sheet.  A folder an
# example writes into (an outbox) is its own to make, as its reader's would be.

load test_helper

# context: the files the examples read, made by the programs themselves.
context() {
	catan-newboard --beginner --seed 1 >game.json
	mkdir records
	for s in 1 2 3; do catan-newboard --seed "$s" | catan-move --auto 40 >"records/game-$s.json"; done
	catan-newboard --seed 42 | catan-move --auto 16 | jq -r '.log[]' >setup.txt
	printf 'red red@example.org\nblue blue@example.org\nwhite white@example.org\norange orange@example.org\n' >players
	printf 'From: red@example.org\nSubject: my turn\nMessage-ID: <1@example.org>\n\nroll\n' >mail.eml
	echo 'red roll' >moves.txt
	dicegame-sheet new --seed 1 --players ann,bob >sheet.json
	cp sheet.json g.json
	ln -s "$ROOT/examples" examples
	cp "$FIXTURES/import/catanatron-beginner.json" catanatron.json
	cp "$FIXTURES/import/beginner.catan" game.catan
	cp "$FIXTURES/import/beginner.soclog" game.soclog
	cp "$FIXTURES/import/jsettlers-midgame.game.json" saved.game.json
}

# blocks PAGE: the page's EXAMPLES blocks (between .nf and .fi), as shell text, one file each.
blocks() {
	awk -v dir="$PWD" '/^\.SH EXAMPLES/ { on = 1; next } /^\.SH/ { on = 0 }
	     on && /^\.nf/ { n++; inb = 1; next } on && /^\.fi/ { inb = 0; next }
	     on && inb { f = sprintf("%s/block-%02d.sh", dir, n); print >> f }' "$1"
	sed -i 's/\\-/-/g; s/\\(bu/*/g; s/\\e/\\/g; s/\\&//g' block-*.sh 2>/dev/null || true
}

@test "every man page's EXAMPLES run as written" {
	command -v rsvg-convert >/dev/null || skip "no rsvg-convert for the --png example"
	for page in "$ROOT"/man/*.[15]; do
		dir=$BATS_TEST_TMPDIR/$(basename "$page")
		mkdir "$dir"
		cd "$dir"
		context
		blocks "$page"
		for b in block-*.sh; do
			[ -e "$b" ] || continue
			run bash -e -c "from=red@example.org; $(cat "$b")"
			[ "$status" -eq 0 ] || { echo "$(basename "$page") $b failed ($status):"; cat "$b"; echo "$output"; false; }
		done
	done
}
