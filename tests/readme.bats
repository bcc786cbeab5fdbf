#!/usr/bin/env bats
# readme: every example line of README.md's programs section runs as written, in
# order, in a folder holding what the examples name; a line whose comment says
# "refused: exit N" must exit with N, any other with 0.

load test_helper

@test "README.md's examples run as written" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$ROOT/examples" examples
	mkdir records
	for s in 1 2 3; do catan-newboard --seed "$s" | catan-move --auto 40 >"records/game-$s.json"; done
	# The moves file of the referee line: a legal move of blue's where README's game stands then.
	catan-newboard --beginner --seed 1 | catan-move 'red roll' 'red end' 'blue roll' |
		catan-move --list --as blue | head -1 >moves.txt
	# The referee's: the players' addresses, an outbox, a mail from red, a folder of games.
	printf 'red alice@example.org\nblue bob@example.net\nwhite carol@example.com\norange dave@example.org\n' >players
	mkdir outbox games
	printf 'From: Alice <alice@example.org>\nSubject: turn\n\nroll\n' >mail.eml
	catan-newboard --beginner >games/friday.json
	# The importer's: a catanatron export, and a folder of them.
	mkdir exports
	cp "$FIXTURES/import/catanatron-beginner.json" catanatron-game.json
	cp "$FIXTURES/import/catanatron-beginner.json" exports/
	cp "$FIXTURES/import/beginner.catan" table.catan
	cp "$FIXTURES/import/beginner.soclog" server.soclog
	cp "$FIXTURES/import/jsettlers-midgame.game.json" saved.game.json
	cp players games/friday.players
	sed -n '/^## The programs/,/^## [^T]/p' "$ROOT/README.md" |
		grep -E '^    (catan-|dicegame-sheet|sh examples/)' | sed 's/^    //' >lines
	grep -q '^catan-referee --games games outbox' lines
	[ "$(wc -l <lines)" -gt 20 ]
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		want=0
		[[ $line =~ \#\ refused:\ exit\ ([0-9]) ]] && want=${BASH_REMATCH[1]}
		run bash -c "$line" </dev/null
		[ "$status" -eq "$want" ] || { echo "line $n: '$line' exited $status, not $want"; echo "$output"; false; }
	done <lines
}
