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
	prompt_after 'build settlement (intersection):'
	tmux -L "$S" send-keys -t "$S" help Enter
	prompt_after '^Commands ('
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

# hvb COLSxROWS FILE [VARIABLE=VALUE]: human-vs-bots.sh (seed 5, greedy bots) on FILE, in a
# terminal of that size.
hvb() {
	mkdir -p "$BATS_TEST_TMPDIR/home"
	tmux -L "$S" -f /dev/null new-session -d -s "$S" -x "${1%x*}" -y "${1#*x}" \
		"${3:-} HOME='$BATS_TEST_TMPDIR/home' PATH='$PATH' sh '$ROOT/examples/human-vs-bots.sh' 5 greedy '$2'"
	: >"$BATS_TEST_TMPDIR/last"
}

# at_prompt [TEXT]: the screen (in $BATS_TEST_TMPDIR/screen) is another than at the last
# prompt, shows TEXT (a grep pattern) and ends with an empty prompt.
at_prompt() {
	tmux -L "$S" capture-pane -t "$S" -p >"$BATS_TEST_TMPDIR/screen"
	! cmp -s "$BATS_TEST_TMPDIR/screen" "$BATS_TEST_TMPDIR/last" &&
		grep -v '^$' "$BATS_TEST_TMPDIR/screen" | tail -n 1 | grep -q '^red> *$' &&
		grep -q -- "${1:-}" "$BATS_TEST_TMPDIR/screen"
}

# prompt [TEXT]: waits (eventually) for at_prompt, and shows the screen if it never comes.
prompt() {
	eventually at_prompt "$@" || { cat "$BATS_TEST_TMPDIR/screen"; return 1; }
	cp "$BATS_TEST_TMPDIR/screen" "$BATS_TEST_TMPDIR/last"
}

# enter KEYS: the keys, then Enter.
enter() {
	tmux -L "$S" send-keys -t "$S" "$1" Enter
}

# under_board FILE: the screen's rows under the board of red's view of FILE, which fills its
# first rows whole, as catan-render --screen draws it.
under_board() {
	catan-render --screen --view red "$1" >"$BATS_TEST_TMPDIR/board"
	run -0 wc -l <"$BATS_TEST_TMPDIR/board"
	assert_eq 19 "$output"
	head -n 19 "$BATS_TEST_TMPDIR/screen" >"$BATS_TEST_TMPDIR/top"
	assert_file_eq "$BATS_TEST_TMPDIR/board" "$BATS_TEST_TMPDIR/top"
	tail -n +20 "$BATS_TEST_TMPDIR/screen" | sed 's/ *$//'
}

@test "examples/human-vs-bots.sh on a terminal of 80x24: the board stays whole, the choices come in steps under it, what red can do is always shown" {
	G=$BATS_TEST_TMPDIR/t.json
	hvb 80x24 "$G"
	# The 54 places of the first settlement: as many as fit, and + shows the next ones.
	prompt
	run -0 under_board "$G"
	assert_eq "build settlement (intersection):
a 1    b 2    c 3    d 4    e 5    f 6    g 7    h 8    i 9    j 10   k 11
l 12   m 13   n 14   o 15   p 16   q 17   r 18   s 19   t 20   u 21   v 22
  ... 32 more: + shows them, or type one
red>" "$output"
	enter +
	prompt
	run -0 under_board "$G"
	assert_eq "w 23   x 24   y 25   z 26   aa 27  ab 28  ac 29  ad 30  ae 31  af 32  ag 33" "${lines[1]}"
	assert_eq "  ... 10 more: + shows them, or type one" "${lines[3]}"
	for move in a a a a; do
		enter "$move"
		prompt
	done
	# Red's turn: what happened since the last one, cut to the rows left, and what red can do.
	run -0 jq -r '[.log[] | select(startswith("red build"))] | length' "$G"
	assert_eq 4 "$output"
	# In colour (as tmux writes it again), red's pieces in red, and the last road built bold
	# and underlined, not in the reverse video of the white pieces.
	tmux -L "$S" capture-pane -t "$S" -p -e >"$BATS_TEST_TMPDIR/colour"
	grep -qF $'\033[31mr' "$BATS_TEST_TMPDIR/colour"
	grep -qF $'\033[1;4m\033[31mr' "$BATS_TEST_TMPDIR/colour"
	run -1 grep -F $'\033[1;4;7m' "$BATS_TEST_TMPDIR/colour"
	run -0 under_board "$G"
	assert_eq "Since your last turn: you: settlement 1, road 1-4; blue: settlement 41, road
  41-45; white: settlement 9, road 9-14; orange: settlement 40, road 35-40,
  settlement 29, road 29-35; white: settlement 10, road 10-14; ... (log: all)
a roll
red>" "$output"
	enter a
	prompt 'you rolled'
	run -0 under_board "$G"
	assert_eq "Since your last turn: you: settlement 1, road 1-4; blue: settlement 41, road
  41-45; white: settlement 9, road 9-14; orange: settlement 40, ... (log: all)
you rolled 5; you received brick 1
a offer (32)  b end
red>" "$output"
	# An offer in steps: to whom, what red gives, what red gets; what red can do stays under them.
	enter a
	prompt 'to whom'
	run -0 under_board "$G"
	assert_eq "offer (to whom):
a blue ...     b white ...    c orange ...   d all ...

You can: offer (32)  end
red>" "$output"
	enter d
	prompt 'give'
	enter -
	prompt 'to whom'
	# log: the last moves that fit on the screen.
	enter log
	prompt "^The game's moves, as you may see them (17 in all):$"
	run -0 sed -n "/^red> log$/,\$p" "$BATS_TEST_TMPDIR/screen"
	assert_eq "red> log
The game's moves, as you may see them (17 in all):
$(catan-move --view red <"$G" | jq -r '.log | to_entries[] | "  \(.key + 1) \(.value)"')
red>" "$(sed 's/ *$//' <<<"$output")"
	enter quit
	# With NO_COLOR, no colour at all.  (The session may be gone already: it ends with the
	# script, which quit ends; under load it has, and kill-session found no target.)
	tmux -L "$S" kill-session -t "$S" 2>/dev/null || true
	hvb 80x24 "$G.2" NO_COLOR=1
	prompt
	tmux -L "$S" capture-pane -t "$S" -p -e >"$BATS_TEST_TMPDIR/colour"
	run -1 grep -cF $'\033[' "$BATS_TEST_TMPDIR/colour"
	run -0 under_board "$G.2"
	enter quit
}

@test "examples/human-vs-bots.sh on a terminal of 80x24: the discard card by card, the robber's hex and then whom it robs" {
	# Seed 6 played by greedy players: red rolls a seven at turn 33 and must discard 5 of 11 cards.
	G=$BATS_TEST_TMPDIR/t.json
	catan-newboard --seed 6 | catan-move --auto 105 --policy greedy >"$G"
	run -0 jq -c '.owes.red' < <(catan-move --status <"$G")
	assert_eq '{"what":"discard","cards":5}' "$output"
	hvb 80x24 "$G"
	prompt 'Discard'
	run -0 under_board "$G"
	assert_eq "Discard 5 of your cards, one at a time:
a brick (5)  b lumber (3)  c wool (2)  d ore (1)


red>" "$output"
	for card in a b brick; do
		enter "$card"
		prompt
	done
	run -0 under_board "$G"
	assert_eq "Discard 5 of your cards, one at a time (chosen: brick 2 lumber 1):
a brick (3)  b lumber (2)  c wool (2)  d ore (1)


red>" "$output"
	enter a
	prompt
	enter a
	# Then the robber: its hex (a hex with more than one player to rob opens a step), then whom.
	prompt 'robber (hex):'
	run -0 under_board "$G"
	assert_eq "robber (hex):
a 1        b 2        c 3        d 4        e 5        f 6        g 7
h 8        i 9 ...    j 10       k 12       l 13 ...   m 14 ...   n 15 ...
o 16       p 17       q 18 ...   r 19
red>" "$output"
	enter l
	prompt 'steal (whom)'
	run -0 under_board "$G"
	assert_eq "robber 13 steal (whom):
a blue     b orange


red>" "$output"
	enter a
	prompt 'You can\|^a '
	run -0 jq -r '.log[-4:][]' "$G"
	assert_eq "red discard brick 4 lumber 1
blue discard brick 1 lumber 1 wool 2
white discard brick 5
red robber 13 steal blue ore" "$output"
	run -0 under_board "$G"
	assert_eq "Since your last turn: you: discard brick 4 lumber 1; blue: discard brick 1
  lumber 1 wool 2; white: discard brick 5; you: robber to 13, stole from blue
  (ore); you received ore 1; you lost brick 4, lumber 1
a road (7)  b offer (64)  c play road-building (36)  d end
red>" "$output"
	enter quit
}

@test "examples/human-vs-bots.sh on a terminal of 70x20: the board is text in 70 columns, and a line under it says why" {
	G=$BATS_TEST_TMPDIR/t.json
	hvb 70x20 "$G"
	prompt 'build settlement (intersection):'
	run -0 tail -n 11 "$BATS_TEST_TMPDIR/screen"
	assert_eq "This terminal is 70x20, smaller than the 80x24 that keeps the board
on the screen: the board is text that scrolls (\"board\" draws it
again).
build settlement (intersection):
a 1    b 2    c 3    d 4    e 5    f 6    g 7    h 8    i 9    j 10
k 11   l 12   m 13   n 14   o 15   p 16   q 17   r 18   s 19   t 20
u 21   v 22   w 23   x 24   y 25   z 26   aa 27  ab 28  ac 29  ad 30
ae 31  af 32  ag 33  ah 34  ai 35  aj 36  ak 37  al 38  am 39  an 40
ao 41  ap 42  aq 43  ar 44  as 45  at 46  au 47  av 48  aw 49  ax 50
ay 51  az 52  ba 53  bb 54
red>" "$(sed 's/ *$//' <<<"$output")"
	# Nothing wraps: every line, joined again where the terminal wrapped it, within 70 columns
	# (but the first, which names the game's file);
	# the board above is catan-render's labelled text in that width.
	tmux -L "$S" capture-pane -t "$S" -p -J -S - | sed 's/ *$//' >"$BATS_TEST_TMPDIR/all"
	run -0 awk 'length > 70 && !/^You are red; .* The game is kept in /' "$BATS_TEST_TMPDIR/all"
	assert_eq "" "$output"
	catan-move --view red <"$G" | catan-render --labels --width 70 --color never --log 0 |
		sed 's/ *$//' >"$BATS_TEST_TMPDIR/board"
	grep -qF "$(sed -n 2p "$BATS_TEST_TMPDIR/board")" "$BATS_TEST_TMPDIR/all"
	grep -qF "$(tail -n 1 "$BATS_TEST_TMPDIR/board")" "$BATS_TEST_TMPDIR/all"
	enter a
	prompt 'build road (path):'
	run -0 tail -n 3 "$BATS_TEST_TMPDIR/screen"
	assert_eq "build road (path):
a 1-4   b 1-5
red>" "$(sed 's/ *$//' <<<"$output")"
	enter quit
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
