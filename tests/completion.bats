#!/usr/bin/env bats
# completion: the bash and zsh completions as a person meets them, typed into real
# interactive shells, and examples/human-vs-bots.sh on a terminal (tmux sends the keys and
# reads the screen).

load test_helper

setup() {
	command -v tmux >/dev/null || skip "tmux is not installed (make deps)"
	# Each test its own tmux server (-L): a server shared by tests run at once exits under
	# one when the other ends its last session. The server stays up when its last session
	# ends (exit-empty off), so that a test's next session does not meet a server on its
	# way out ("server exited unexpectedly"); teardown ends it.
	S=catan-$$-$BATS_TEST_NUMBER
	# The server's socket in the test's own folder, which bats removes: tmux leaves it behind.
	export TMUX_TMPDIR=$BATS_TEST_TMPDIR
	tmux -L "$S" -f /dev/null start-server \; set-option -g exit-empty off
	cat >"$BATS_TEST_TMPDIR/rc.bash" <<RC
PS1='$ '
PATH='$PATH'
source '$ROOT/completions/bash/catan-move'
RC
	mkdir -p "$BATS_TEST_TMPDIR/zdot"
	cat >"$BATS_TEST_TMPDIR/zdot/.zshrc" <<RC
PS1='$ '
path=(${CATAN_BIN} \$path)
fpath=('$ROOT/completions/zsh' \$fpath)
autoload -U compinit
compinit -u -D
RC
	catan-newboard --beginner --seed 1 | catan-move 'red roll' >"$BATS_TEST_TMPDIR/g.json"
}

teardown() {
	tmux -L "$S" kill-server 2>/dev/null || true
}

# shell bash|zsh: starts the shell in a tmux session and waits for its prompt.
shell() {
	case $1 in
	bash) tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 160 -y 20 \
		"bash --noprofile --rcfile '$BATS_TEST_TMPDIR/rc.bash' -i" ;;
	zsh) tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 160 -y 20 \
		"ZDOTDIR='$BATS_TEST_TMPDIR/zdot' zsh -i" ;;
	esac
	# The prompt, '$ ' (the screen is read without trailing blanks).
	eventually prompted
}

# prompted: the screen shows the shell's prompt.
prompted() {
	tmux -L "$S" capture-pane -t "$S" -p | grep -qx '\$'
}

# typed KEYS...: clears the line, sends the keys (a Tab is the word Tab), then a mark where the
# cursor stands, and prints the last line of the screen once it holds the mark, shown as an X.
typed() {
	tmux -L "$S" send-keys -t "$S" C-u
	more "$@"
}

# more KEYS...: typed, on the line as it stands.  The mark is typed after the keys, so it shows
# only once the shell has read every key before it, however long a completion takes: two marks
# in turn, @ and %, which no key or completion here holds, so that the last call's mark still on
# the screen is never taken for this one's.
mark=%
more() {
	[ "$mark" = @ ] && mark=% || mark=@
	for k; do
		tmux -L "$S" send-keys -t "$S" "$k"
		sleep 0.3
	done
	tmux -L "$S" send-keys -t "$S" -l "$mark"
	eventually marked || true	# a line without its mark is shown, and the test says what it wanted
	printf '%s\n' "$line" | tr '@%' XX
}

# marked: the screen's last line, in line, holds this call's mark.
marked() {
	line=$(tmux -L "$S" capture-pane -t "$S" -p | grep -v '^$' | tail -n 1)
	[[ "$line" == *"$mark"* ]]
}

@test "bash: a quoted move is completed word by word with its quote kept open" {
	command -v bash >/dev/null
	shell bash
	run -0 typed "catan-move 'red bui" Tab
	assert_eq "\$ catan-move 'red build X" "$output"
	run -0 typed "catan-move 'red bui" Tab ro Tab
	assert_eq "\$ catan-move 'red build road X" "$output"
	# Two candidates: their common part, the quote still open.
	run -0 typed "catan-move 'red b" Tab
	assert_eq "\$ catan-move 'red buX" "$output"
	# The first word, begun just after the quote.
	run -0 typed "catan-move 'or" Tab
	assert_eq "\$ catan-move 'orange X" "$output"
	# With -i FILE the next word comes from the game's legal moves.
	run -0 typed "catan-move -i $BATS_TEST_TMPDIR/g.json 'red build road 5-" Tab
	assert_eq "\$ catan-move -i $BATS_TEST_TMPDIR/g.json 'red build road 5-9 X" "$output"
	# Options complete as before, with their space.
	run -0 typed "catan-move --bo" Tab
	assert_eq "\$ catan-move --bots X" "$output"
	run -0 typed "catan-move --ke" Tab
	assert_eq "\$ catan-move --keep X" "$output"
	run -0 typed "catan-move --sta" Tab
	assert_eq "\$ catan-move --status X" "$output"
	run -0 typed "catan-move --errors j" Tab
	assert_eq "\$ catan-move --errors json X" "$output"
}

@test "zsh: a quoted move is completed word by word, and no verb is offered after the piece" {
	command -v zsh >/dev/null || skip "zsh is not installed (make deps)"
	shell zsh
	run -0 typed "catan-move 'red bui" Tab
	assert_eq "\$ catan-move 'red build X" "$output"
	run -0 typed "catan-move 'red bui" Tab ro Tab
	assert_eq "\$ catan-move 'red build road X" "$output"
	run -0 typed "catan-move 'red build road " Tab
	assert_eq "\$ catan-move 'red build road X" "$output"
	run -0 typed "catan-move 'or" Tab
	assert_eq "\$ catan-move 'orange X" "$output"
	run -0 typed "catan-move -i $BATS_TEST_TMPDIR/g.json 'red build road 5-" Tab
	assert_eq "\$ catan-move -i $BATS_TEST_TMPDIR/g.json 'red build road 5-9 X" "$output"
	run -0 typed "catan-move --bo" Tab
	assert_eq "\$ catan-move --bots X" "$output"
	run -0 typed "catan-move --ke" Tab
	assert_eq "\$ catan-move --keep X" "$output"
	run -0 typed "catan-move --sta" Tab
	assert_eq "\$ catan-move --status X" "$output"
	run -0 typed "catan-move --errors j" Tab
	assert_eq "\$ catan-move --errors json X" "$output"
}

@test "zsh: the Extra's moves: start roads and its sites; --castles from the program" {
	command -v zsh >/dev/null || skip "zsh is not installed (make deps)"
	shell zsh
	run -0 typed "dicegame-sheet move st" Tab
	assert_eq "\$ dicegame-sheet move start X" "$output"
	run -0 typed "dicegame-sheet move joker S" Tab
	assert_eq "\$ dicegame-sheet move joker SK X" "$output"
	run -0 typed "dicegame-sheet move build XS" Tab
	assert_eq "\$ dicegame-sheet move build XSW X" "$output"
	run -0 typed "dicegame-sheet new --cas" Tab
	assert_eq "\$ dicegame-sheet new --castles X" "$output"
}

@test "zsh: options are offered with what each does, from the program's option table" {
	command -v zsh >/dev/null || skip "zsh is not installed (make deps)"
	shell zsh
	run -0 typed "catan-newboard --geo" Tab
	assert_eq "\$ catan-newboard --geometry X" "$output"
	# Two that begin alike: the list under the line holds each with its help.
	tmux -L "$S" send-keys -t "$S" C-u "catan-newboard --se" Tab Tab
	listed() {
		screen=$(tmux -L "$S" capture-pane -t "$S" -p)
		grep -q -- '--secret' <<<"$screen"
	}
	eventually listed || true	# the screen is shown below
	grep -q -- '--seed .*-- seed the generator' <<<"$screen" || { echo "$screen"; false; }
	grep -q -- '--secret .*-- hidden outcomes from a secret key' <<<"$screen" || { echo "$screen"; false; }
	# A program of shell and Python has them too.
	run -0 catan-referee --complete-describe --te
	assert_eq "--text-only:replies in plain text alone" "$output"
	run -0 dicegame-sheet --complete-describe new --se
	assert_eq "--seed:the dice generator's seed" "$output"
}

@test "examples/human-vs-bots.sh on a terminal: rlwrap gives the prompt line editing and a history" {
	command -v rlwrap >/dev/null || skip "rlwrap is not installed (make deps)"
	mkdir -p "$BATS_TEST_TMPDIR/home"
	tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 120 -y 40 \
		"HOME='$BATS_TEST_TMPDIR/home' PATH='$PATH' sh '$ROOT/examples/human-vs-bots.sh' 5 greedy '$BATS_TEST_TMPDIR/h.json'"
	# prompt_after TEXT: waits (eventually) until the screen shows TEXT and then an empty prompt.
	shows() {
		tmux -L "$S" capture-pane -t "$S" -p -S -100 | grep -v '^$' | tail -n 1 | grep -q '^red> *$' &&
			tmux -L "$S" capture-pane -t "$S" -p -S -100 | grep -q "$1"
	}
	prompt_after() {
		eventually shows "$1"
	}
	prompt_after 'Your moves:'
	tmux -L "$S" send-keys -t "$S" help Enter
	prompt_after 'Commands:'
	# The Up key brings the last line back, and the cursor keys edit it.
	run -0 typed Up
	assert_eq "red> helpX" "$output"
	run -0 more BSpace Left Left Left Left z
	assert_eq "red> zXhelp" "$output"
	tmux -L "$S" send-keys -t "$S" C-e C-u quit Enter
	eventually test -s "$BATS_TEST_TMPDIR/home/.human-vs-bots_history"
	run -0 cat "$BATS_TEST_TMPDIR/home/.human-vs-bots_history"
	assert_eq $'help\nquit' "$output"
}

@test "examples/human-vs-bots.sh on a terminal of 80x24: the whole board stays on the screen, in colour unless NO_COLOR" {
	mkdir -p "$BATS_TEST_TMPDIR/home"
	G=$BATS_TEST_TMPDIR/t.json
	tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
		"HOME='$BATS_TEST_TMPDIR/home' PATH='$PATH' sh '$ROOT/examples/human-vs-bots.sh' 5 greedy '$G'"
	# prompt [TEXT [N]]: waits (eventually) until the screen is another than at the last
	# prompt, shows N menus (1 unless said) and TEXT, and ends with an empty prompt.
	: >"$BATS_TEST_TMPDIR/last"
	at_prompt() {
		tmux -L "$S" capture-pane -t "$S" -p >"$BATS_TEST_TMPDIR/screen"
		! cmp -s "$BATS_TEST_TMPDIR/screen" "$BATS_TEST_TMPDIR/last" &&
			grep -v '^$' "$BATS_TEST_TMPDIR/screen" | tail -n 1 | grep -q '^red> *$' &&
			[ "$(grep -c '^Your moves:$' "$BATS_TEST_TMPDIR/screen")" = "${2:-1}" ] &&
			grep -q -- "${1:-}" "$BATS_TEST_TMPDIR/screen"
	}
	prompt() {
		eventually at_prompt "$@" || { cat "$BATS_TEST_TMPDIR/screen"; return 1; }
		cp "$BATS_TEST_TMPDIR/screen" "$BATS_TEST_TMPDIR/last"
	}
	# The screen's first lines are the board as catan-render --screen draws red's view, whole.
	for move in a a a a; do
		prompt
		catan-render --screen --view red "$G" >"$BATS_TEST_TMPDIR/board"
		run -0 wc -l <"$BATS_TEST_TMPDIR/board"
		assert_eq 19 "$output"
		head -n 19 "$BATS_TEST_TMPDIR/screen" >"$BATS_TEST_TMPDIR/top"
		assert_file_eq "$BATS_TEST_TMPDIR/board" "$BATS_TEST_TMPDIR/top"
		assert_eq "Your moves:" "$(sed -n 20p "$BATS_TEST_TMPDIR/screen")"
		# The 54 places of the first settlement are cut to the rows left.
		if [ "$move" = a ] && [ ! -e "$BATS_TEST_TMPDIR/first" ]; then
			cp "$BATS_TEST_TMPDIR/screen" "$BATS_TEST_TMPDIR/first"
			assert_eq "  ... 5 more lines: list shows them all" "$(sed -n 23p "$BATS_TEST_TMPDIR/screen")"
			# "list" shows the whole menu, below the prompt.
			tmux -L "$S" send-keys -t "$S" list Enter
			prompt '^                    aw 49  ax 50  ay 51  az 52  ba 53  bb 54$' 2
			tmux -L "$S" send-keys -t "$S" board Enter
			prompt '^  \.\.\. 5 more lines: list shows them all$'
		fi
		tmux -L "$S" send-keys -t "$S" "$move" Enter
	done
	prompt
	# Red's four placements are played, and the game goes on to red's first roll.
	run -0 jq -r '[.log[] | select(startswith("red build"))] | length' "$G"
	assert_eq 4 "$output"
	grep -q '  Turn 1: red to roll the *$' "$BATS_TEST_TMPDIR/screen"
	# In colour (as tmux writes it again), red's pieces in red, and the road just built
	# bold and underlined, not in the reverse video of the white pieces.
	tmux -L "$S" capture-pane -t "$S" -p -e >"$BATS_TEST_TMPDIR/colour"
	grep -qF $'\033[31mr' "$BATS_TEST_TMPDIR/colour"
	grep -qF $'\033[1;4m\033[31mr' "$BATS_TEST_TMPDIR/colour"
	run -1 grep -F $'\033[1;4;7m' "$BATS_TEST_TMPDIR/colour"
	tmux -L "$S" send-keys -t "$S" quit Enter
	# With NO_COLOR, no colour at all.  (The session may be gone already: it ends with the
	# script, which quit ends; under load it has, and kill-session found no target.)
	tmux -L "$S" kill-session -t "$S" 2>/dev/null || true
	: >"$BATS_TEST_TMPDIR/last"
	tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
		"NO_COLOR=1 HOME='$BATS_TEST_TMPDIR/home' PATH='$PATH' sh '$ROOT/examples/human-vs-bots.sh' 5 greedy '$G.2'"
	prompt
	tmux -L "$S" capture-pane -t "$S" -p -e >"$BATS_TEST_TMPDIR/colour"
	run -1 grep -cF $'\033[' "$BATS_TEST_TMPDIR/colour"
	head -n 19 "$BATS_TEST_TMPDIR/screen" >"$BATS_TEST_TMPDIR/top"
	catan-render --screen --view red "$G.2" >"$BATS_TEST_TMPDIR/board"
	assert_file_eq "$BATS_TEST_TMPDIR/board" "$BATS_TEST_TMPDIR/top"
	tmux -L "$S" send-keys -t "$S" quit Enter
}

@test "catan-render --screen on a terminal of 80x24: six players on the thirty-hex board fill it, nothing wraps" {
	catan-newboard --seed 1 --players red,blue,white,orange,green,brown >"$BATS_TEST_TMPDIR/s0.json"
	catan-move --auto 200 <"$BATS_TEST_TMPDIR/s0.json" >"$BATS_TEST_TMPDIR/s200.json"
	catan-move --until-end <"$BATS_TEST_TMPDIR/s0.json" >"$BATS_TEST_TMPDIR/end.json"
	for f in s0 s200 end; do
		catan-render --screen "$BATS_TEST_TMPDIR/$f.json" >"$BATS_TEST_TMPDIR/plain"
		# In colour, without the last newline, which would scroll the first line away.
		tmux -L "$S" -f /dev/null new-session -d -s "$S" -x 80 -y 24 \
			"PATH='$PATH' sh -c 'printf %s \"\$(catan-render --screen --color always $BATS_TEST_TMPDIR/$f.json)\"; sleep 600'"
		drawn() {
			tmux -L "$S" capture-pane -t "$S" -p | sed 's/ *$//' >"$BATS_TEST_TMPDIR/screen"
			cmp -s "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/screen"
		}
		eventually drawn || true	# the difference is shown below
		assert_file_eq "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/screen"
		tmux -L "$S" kill-session -t "$S"
	done
}
