#!/usr/bin/env bats
# views.bats: every player's view of every position of a game reads back into the programs
# that take views: catan-move --list and --count, catan-render, catan-score.

load test_helper

# play_viewed NEWBOARD-ARGS... -- AUTO-ARGS...: a new game (refereed with SECRET when the
# arguments say --secret) played one automatic move at a time to its end; before the first
# move and after each, every player's view goes through catan-move --list, catan-render and
# catan-score, each of which must exit 0 (the first failure is shown with its move and
# colour).
play_viewed() {
	local g=$BATS_TEST_TMPDIR/g.json v=$BATS_TEST_TMPDIR/v.json err=$BATS_TEST_TMPDIR/err
	local newboard=() auto=() move=0 c colours
	while [ "$1" != -- ]; do newboard+=("$1"); shift; done
	shift
	auto=("$@")
	newgame "$g" "${newboard[@]}"
	colours=$(jq -r '.players[]' "$g")
	while :; do
		for c in $colours; do
			catan-move --view "$c" <"$g" >"$v" 2>"$err" &&
				catan-move --list <"$v" >/dev/null 2>>"$err" &&
				catan-render <"$v" >/dev/null 2>>"$err" &&
				catan-score <"$v" >/dev/null 2>>"$err" ||
				{ echo "move $move, $c's view: $(cat "$err")"; return 1; }
		done
		# Nobody has a legal move once the game is over.
		[ "$(catan-move --count <"$g")" != 0 ] || break
		catan-move -i "$g" --auto 1 "${auto[@]}" || return 1
		move=$((move + 1))
	done
	assert_eq over "$(jq -r .position.phase "$g")"
	echo "# $move moves" >&3
}

@test "every view of whole games reads back, lists its player's moves, scores and draws (in C)" {
	# Under the sanitizers, the same games with their views checked after one move in three:
	# the plain build checks them after every move.
	case $CATAN_UNIT in
	*build-san*) unit_passes views_test 1 3 ;;
	*) unit_passes views_test ;;
	esac
}

@test "every view of a refereed game with knight_interrupt goes through list, render and score" {
	case $CATAN_BIN in
	*build-san*) skip "four processes a view a move: the C test above runs the sanitizer build" ;;
	esac
	play_viewed --seed 4 --secret --players red,blue,white --rules knight_interrupt=on \
		--rules points_to_win=5 -- --policy red=greedy,blue=random,white=greedy
}

@test "every view of a refereed game of Catan for Two with knight_interrupt goes through the programs" {
	play_viewed --seed 9 --secret --rules variant=two --rules knight_interrupt=on \
		--rules points_to_win=5 -- --policy red=random,blue=greedy
}

@test "in the robber's answers and steal, a view lists its own moves, others' views none" {
	g=$BATS_TEST_TMPDIR/g.json
	newgame "$g" --seed 2 --secret --rules knight_interrupt=on
	seen=""
	for _ in $(seq 400); do
		catan-move -i "$g" --auto 1
		phase=$(jq -r .position.phase "$g")
		case $phase in
		interrupt) decider=$(jq -r .position.answering "$g") ;;
		steal) decider=$(jq -r .position.robber_by "$g") ;;
		*) continue ;;
		esac
		[[ "$seen" != *"$phase"* ]] || continue
		seen="$seen $phase"
		for c in red blue white orange; do
			catan-move --view "$c" <"$g" >"$BATS_TEST_TMPDIR/v.json"
			run -0 --separate-stderr catan-move --list <"$BATS_TEST_TMPDIR/v.json"
			if [ "$c" = "$decider" ]; then
				full=$(catan-move --list --as "$c" <"$g")
				assert_eq "$full" "$output"
			else
				assert_eq "" "$output"
				run -0 catan-move --count <"$BATS_TEST_TMPDIR/v.json"
				assert_eq 0 "$output"
			fi
			m=$(catan-move --list --as "$decider" <"$g" | head -1)
			run -1 --separate-stderr catan-move "$m" <"$BATS_TEST_TMPDIR/v.json"
			[[ "$stderr" == *"view of a game, which cannot be played on"* ]]
		done
		[[ "$seen" != *interrupt*steal* && "$seen" != *steal*interrupt* ]] || break
	done
	assert_eq " interrupt steal" "$(printf ' %s' $(printf '%s\n' $seen | sort))"
}
