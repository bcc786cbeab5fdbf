#!/usr/bin/env bats
# catan-match: games between players over a range of seeds: the lines, the table, the
# seats' rotation, the same lines however the work is split, and programs that play a seat
# by the player protocol (catan-player(5)), failures included.

load test_helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	# A program's time for each answer where the test is about something else than time: ample,
	# so that a machine loaded by other suites never turns an answer late into a fault.
	PATIENT="--move-time 120000"
}

@test "the line of seed 1 between two random players is always the same" {
	run -0 --separate-stderr catan-match --seeds 1 -q random random
	assert_eq '{"seed":1,"seats":["red","blue"],"players":["random","random"],"winner":"blue","points":[8,10],"turns":782,"moves":1944,"end":"won","forfeits":[]}' "$output"
	assert_eq "" "$stderr"
}

@test "the table gives each player's games, wins with the Wilson interval, points, turns, and the Elo difference" {
	run -0 --separate-stderr catan-match --seeds 1-12 random greedy random
	[ "${#lines[@]}" -eq 12 ]
	assert_eq "player         games   wins    rate  95% interval    points  turns faults
1  random x2      12      0    0.0%    0.0% -  24.2%   2.46   72.0      0
2  greedy         12     12  100.0%   75.8% - 100.0%  10.08   72.0      0
12 games, 12 won, 0 without a winner
elo random - greedy: -inf (95% interval -inf to -318; random holds 2 of 3 seats)" "$stderr"
	# --summary: the table alone, on stdout.
	run -0 --separate-stderr catan-match --seeds 1-12 --summary random greedy random
	assert_eq "12 games, 12 won, 0 without a winner" "${lines[3]}"
	assert_eq "" "$stderr"
}

@test "the table fits in 80 columns: a long name is cut in its middle and written whole under it" {
	local long="exec:sh $ROOT/examples/player.sh"
	run -0 --separate-stderr catan-match $PATIENT --seeds 1-2 --summary --fallback none "$long" greedy greedy
	assert_eq "player                games   wins    rate  95% interval    points  turns faults
1  exec:...layer.sh       2      0    0.0%    0.0% -  65.8%   2.00   56.5      0
2  greedy x2              2      2  100.0%   34.2% - 100.0%   7.00   56.5      0
2 games, 2 won, 0 without a winner
player 1: $long
elo $long - greedy: -inf (95% interval -inf to +234; $long holds 1 of 3 seats)" "$output"
	assert_eq 80 "$(head -4 <<<"$output" | awk '{ print length }' | sort -n | tail -1)"
}

@test "the Elo difference of two players comes with its interval" {
	run -0 --separate-stderr catan-match --seeds 1-20 --turn-limit 150 --summary random random
	assert_eq "" "$(grep elo <<<"$output" || true)"
	run -0 catan-match --seeds 1-6 --summary greedy random random random
	assert_eq "elo greedy - random: +inf (95% interval +268 to +inf; greedy holds 1 of 4 seats)" "${lines[-1]}"
}

@test "seats rotate with the seed: seat s is played by player (s + seed) mod n" {
	run -0 catan-match --seeds 4-7 -q greedy random random
	assert_eq '["random","random","greedy"]
["random","greedy","random"]
["greedy","random","random"]
["random","random","greedy"]' "$(jq -c .players <<<"$output")"
}

@test "-j gives the lines of a plain run in seed order, and the shards of a range give them all" {
	catan-match -q --seeds 1-60 random greedy random >plain
	run -0 catan-match -q -j 2 --seeds 1-60 random greedy random
	assert_eq "$(cat plain)" "$output"
	for k in 1 2 3 4 5 6 7; do catan-match -q --seeds 1-60 --shard $k/7 random greedy random; done | sort >shards
	sort plain | cmp - shards
	# A range split in blocks gives the same lines too.
	{ catan-match -q --seeds 1-25 random greedy random; catan-match -q --seeds 26-60 random greedy random; } >blocks
	cmp plain blocks
}

@test "a game is catan-newboard's game of its seed, with its rules, and its document validates" {
	mkdir games
	run -0 --separate-stderr catan-match --seeds 3-4 --rules variant=two --players blue,red --games games -q greedy random
	assert_eq '["blue","red"]' "$(jq -c .seats <<<"${lines[0]}")"
	catan-newboard --seed 3 --rules variant=two --players blue,red >new.json
	assert_eq "$(jq -c .start new.json)" "$(jq -c .start games/3.json)"
	run -0 catan-validate games/3.json games/4.json
	assert_eq "$(jq -r .winner <<<"$(head -1 <<<"$(catan-match --seeds 3 --rules variant=two --players blue,red -q greedy random)")")" \
		"$(catan-score games/3.json | sed -n 's/^winner: \([a-z]*\).*/\1/p')"
}

@test "the search player plays with its budget: the same lines however the seeds are split, in both games" {
	mkdir games
	catan-match -q --seeds 1-4 --games games search:30 greedy >plain
	assert_eq '["greedy","search:30"]
["search:30","greedy"]
["greedy","search:30"]
["search:30","greedy"]' "$(jq -c .players plain)"
	run -0 catan-match -q -j 2 --seeds 1-4 search:30 greedy
	assert_eq "$(cat plain)" "$output"
	{ catan-match -q --seeds 1-4 --shard 1/2 search:30 greedy; catan-match -q --seeds 1-4 --shard 2/2 search:30 greedy; } | sort >shards
	sort plain | cmp - shards
	run -0 catan-validate -q games/1.json games/2.json games/3.json games/4.json
	# Its budget changes its moves: play-outs are its strength.
	run -0 catan-match -q --seeds 1-4 search:31 greedy
	[ "$output" != "$(cat plain)" ]
	run -0 catan-match -q --seeds 1 --rules variant=two search:30 greedy
	assert_eq '"won"' "$(jq -c .end <<<"$output")"
	# The table names it with its budget, and --tally reads its lines back.
	run -0 catan-match --tally plain
	[[ ${lines[1]} == "1  search:30       4 "* ]]
}

@test "usage errors exit 2 and say what is wrong" {
	run -2 --separate-stderr catan-match random grredy
	[[ ${stderr%%$'\n'*} == "catan-match: unknown player 'grredy' (random, greedy, search[:N], best[:N], or exec:COMMAND)" ]]
	run -2 --separate-stderr catan-match random search:0
	[[ ${stderr%%$'\n'*} == "catan-match: search:0: the budget is a number of play-outs, 1 to 1000000" ]]
	run -2 --separate-stderr catan-match random best:0
	[[ ${stderr%%$'\n'*} == "catan-match: best:0: the budget is a number of play-outs, 1 to 1000000" ]]
	run -2 --separate-stderr catan-match random greedy:5
	[[ ${stderr%%$'\n'*} == "catan-match: unknown player 'greedy:5' (random, greedy, search[:N], best[:N], or exec:COMMAND)" ]]
	run -2 --separate-stderr catan-match random
	[[ ${stderr%%$'\n'*} == "catan-match: a game needs 2 to 4 players, not 1" ]]
	run -2 --separate-stderr catan-match --rules variant=two random random random
	[[ ${stderr%%$'\n'*} == "catan-match: variant=two needs 2 players, not 3" ]]
	run -2 --separate-stderr catan-match --seeds 9-3 random random
	[[ ${stderr%%$'\n'*} == "catan-match: --seeds: '9-3' is not a range A-B of seeds (0 to 9223372036854775807)" ]]
	run -2 --separate-stderr catan-match --shard 4/3 random random
	[[ ${stderr%%$'\n'*} == "catan-match: --shard: '4/3' is not K/N with 1 <= K <= N" ]]
	run -2 --separate-stderr catan-match --players red,blue,white random random
	[[ ${stderr%%$'\n'*} == "catan-match: 3 colours named for 2 players" ]]
	run -2 --separate-stderr catan-match --rules outcomes=external random random
	run -2 --separate-stderr catan-match --games nowhere random random
	run -2 --separate-stderr catan-match --summary --quiet random random
	assert_eq "" "$output"
}

@test "five or six players play the 5-6 player extension, as catan-newboard decides; a rule set named keeps its range" {
	mkdir games
	# Six players with six colours, six alone, five with the rule set named: the extension's games.
	local r=random
	for args in "--players brown,green,red,blue,white,orange $r $r $r $r $r $r" "$r $r $r $r $r $r" \
		"--rules variant=five_six $r $r $r $r $r"; do
		run -0 --separate-stderr catan-match --seeds 3 -q --turn-limit 5 --games games $args
		assert_eq "" "$stderr"
		assert_eq five_six "$(jq -r .rules.variant games/3.json)"
		assert_eq "$(jq -c .seats <<<"$output")" "$(jq -c .players games/3.json)"
	done
	run -0 jq -c .players games/3.json
	assert_eq '["red","blue","white","orange","green"]' "$output"
	# The lines of the six colours and of six players alone: the same colours differently seated.
	run -0 catan-match --seeds 3 -q --turn-limit 5 --players red,blue,white,orange,green,brown \
		random random random random random random
	a=$output
	run -0 catan-match --seeds 3 -q --turn-limit 5 random random random random random random
	assert_eq "$a" "$output"
	# Refused: the base game named seats four at most; colours for another number of players.
	run -2 --separate-stderr catan-match --rules variant=base random random random random random
	assert_eq "catan-match: a game needs 2 to 4 players, not 5; variant=five_six takes 3 to 6" "${stderr_lines[0]}"
	assert_eq "Try 'catan-match --help' for more information." "${stderr_lines[-1]}"
	run -2 --separate-stderr catan-match --players red,blue,white,orange,green,brown random random random random random
	assert_eq "catan-match: 6 colours named for 5 players" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-match random random random random random random random
	assert_eq "catan-match: a game needs 2 to 4 players, not 7" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-match --players red,green random random
	assert_eq "catan-match: variant=base plays red, blue, white, orange, not green" "${stderr_lines[0]}"
	run -2 --separate-stderr catan-match --neutral 14,41 random random
	assert_eq "catan-match: neutral settlements belong to variant=two" "${stderr_lines[0]}"
	assert_eq "" "$output"
}

@test "paired players (paired_players=on): best, search, greedy and random play a game to its end, which validates" {
	mkdir games
	run -0 --separate-stderr catan-match --seeds 3 -q --games games --rules paired_players=on \
		best:30 search:30 greedy random greedy
	assert_eq "" "$stderr"
	assert_eq '"won"' "$(jq -c .end <<<"$output")"
	assert_eq '[]' "$(jq -c .forfeits <<<"$output")"
	assert_eq on "$(jq -r .rules.paired_players games/3.json)"
	catan-validate games/3.json
	# The first turn's end hands it to the player three seats on (orange, after red), not to
	# the player on red's left as the building phase would.
	run -0 jq -r '.log | (map(test(" end$")) | index(true)) as $i | [.[$i], .[$i + 1]] | map(split(" ")[0]) | join(" ")' games/3.json
	assert_eq "red orange" "$output"
}

@test "the example players in shell and Python play a match against built-in ones" {
	run -0 --separate-stderr catan-match $PATIENT --seeds 1-2 --fallback none "exec:sh $ROOT/examples/player.sh" greedy
	[ "${#lines[@]}" -eq 2 ]
	assert_eq '[[],[]]' "$(jq -sc 'map(.forfeits)' <<<"$output")"
	assert_eq '["won","won"]' "$(jq -sc 'map(.end)' <<<"$output")"
	[[ $stderr == *"2 games, 2 won, 0 without a winner"* ]]
	# Python, in Catan for Two (neutral pieces) and with knights that answer the robber.
	run -0 catan-match $PATIENT --seeds 1-2 --fallback none "exec:python3 $ROOT/examples/player.py" greedy -q \
		--rules variant=two
	assert_eq '[[],[]]' "$(jq -sc 'map(.forfeits)' <<<"$output")"
	run -0 catan-match $PATIENT --seeds 5 --fallback none --rules knight_interrupt=on -q \
		"exec:python3 $ROOT/examples/player.py" "exec:sh $ROOT/examples/player.sh" greedy
	assert_eq '[]' "$(jq -c .forfeits <<<"$output")"
	assert_eq 'won' "$(jq -r .end <<<"$output")"
}

@test "a program is sent the game, its view, its legal moves, the moves made and the end" {
	cat >rec.sh <<SH
tee -a transcript | sh "$ROOT/examples/player.sh"
SH
	run -0 catan-match $PATIENT --seeds 1 -q greedy "exec:sh rec.sh"
	assert_eq $'catan-player 1\ngame 1 red' "$(head -2 transcript)"
	[[ $(sed -n 3p transcript) == 'view {"format":"catan-state/1","view":"red",'* ]]
	assert_eq "legal 54" "$(sed -n 4p transcript)"
	assert_eq "over blue red=2 blue=10" "$(tail -1 transcript)"
	# The view is a view catan-move lists the same moves from; the others' moves come as "move".
	sed -n '3s/^view //p' transcript | catan-move --list --as red >listed
	sed -n '5,58p' transcript | cmp - listed
	assert_eq "go" "$(sed -n 59p transcript)"
	assert_eq "ok red build settlement 1" "$(sed -n 60p transcript)"
	grep -q '^move blue build settlement ' transcript
	grep -q '^move blue buy$' transcript
	run -1 grep -q '^move blue buy [a-z]' transcript
}

# gone PATTERN: no process's command line matches PATTERN.
gone() {
	if pgrep -f "$1" >/dev/null; then return 1; fi
}

@test "a program that is silent, ends, or answers illegally is handled, never hangs" {
	run -1 catan-match --seeds 1 --move-time 200 -q random 'exec:sleep 30'
	assert_eq '[{"seat":"red","move":0,"why":"timeout","detail":"no answer in the time for a move","then":"random"}]' \
		"$(jq -c .forfeits <<<"$output")"
	run -1 catan-match --seeds 1 --fallback greedy -q random 'exec:exit 3'
	assert_eq '[{"seat":"red","move":0,"why":"exit","detail":"the program ended, or closed its input or output","then":"greedy"}]' \
		"$(jq -c .forfeits <<<"$output")"
	run -1 --separate-stderr catan-match $PATIENT --seeds 2 --fallback none -q random 'exec:while read -r l; do [ "$l" = go ] && echo blue build city 9; done'
	assert_eq '{"seed":2,"seats":["red","blue"],"players":["random","exec:while read -r l; do [ \"$l\" = go ] && echo blue build city 9; done"],"winner":"red","points":[1,0],"turns":0,"moves":2,"end":"forfeit","forfeits":[{"seat":"blue","move":2,"why":"illegal","detail":"'"'"'blue build city 9'"'"': set-up: blue must place a settlement now","then":"forfeit"}]}' "$output"
	run -1 catan-match $PATIENT --seeds 1 --fallback none -q random 'exec:head -c 9000 /dev/zero | tr "\0" x; sleep 30'
	assert_eq 'long' "$(jq -r '.forfeits[0].why' <<<"$output")"
	# A program that leaves a child behind: the child is ended with it.  (Times of this run's
	# own, which another run of the suite at the same moment does not use.  A process killed
	# is gone a moment later, not at once: a loaded machine takes its time.)
	run -1 catan-match --seeds 1 --move-time 200 -q random "exec:sleep 31.$$ & sleep 32.$$"
	eventually gone "sleep 3[12]\\.$$"
}

@test "a program that failed in every game fails the match, named with its first failure; one that played some does not" {
	# fickle.sh fails as red (seed 1) and plays as blue (seed 2).
	cat >fickle.sh <<SH
IFS= read -r hello; IFS= read -r game
case \$game in *" red") exit 3 ;; esac
exec sh $ROOT/examples/player.sh
SH
	run -0 --separate-stderr catan-match $PATIENT --seeds 1-2 random "exec:sh fickle.sh"
	assert_eq '[1,0]' "$(jq -sc 'map(.forfeits | length)' <<<"$output")"
	[[ $stderr == *"2 games, 2 won, 0 without a winner"* ]]
	run -1 --separate-stderr catan-match $PATIENT --seeds 1 random "exec:sh fickle.sh"
	assert_eq 1 "${#lines[@]}"
	assert_eq "catan-match: player 2, exec:sh fickle.sh, failed in every game (1 of 1); the first time: exit: the program ended, or closed its input or output" "${stderr_lines[-1]}"
	[[ ${stderr_lines[0]} == "player "* ]]
	# A program that cannot start, given twice: named once; the lines and the table are written all the same.
	run -1 --separate-stderr catan-match --seeds 1-3 --summary exec:nonexistent random exec:nonexistent
	[[ $output == *$'\n'"3 games, 3 won, 0 without a winner"$'\n'* ]]
	assert_eq "catan-match: player 1, exec:nonexistent, failed in every game (3 of 3); the first time: exit: the program ended, or closed its input or output" "${stderr_lines[-1]}"
	assert_eq 1 "$(grep -c '^catan-match: ' <<<"$stderr")"
	run -1 --separate-stderr catan-match --seeds 1-3 -q random exec:nonexistent
	assert_eq 3 "${#lines[@]}"
}

@test "a program may answer a JSON move, and the view it is sent lists its moves" {
	cat >json.sh <<'SH'
while IFS= read -r line; do
	case $line in
	"game "*) colour=${line##* } ;;
	"view "*) printf '%s\n' "${line#view }" >view.json ;;
	go) catan-move --list --json --as "$colour" <view.json | head -1 ;;
	esac
done
SH
	run -0 catan-match $PATIENT --seeds 3 --fallback none -q "exec:sh json.sh" greedy
	assert_eq '[]' "$(jq -c .forfeits <<<"$output")"
	assert_eq 'won' "$(jq -r .end <<<"$output")"
}

# sshd_loopback DIR: an sshd of the test's own on 127.0.0.1 (its host key, the test's key
# authorized, a free high port) and DIR/ssh_config naming it "catanloop"; 1 when it cannot start.
sshd_loopback() {
	local d=$1 port sshd=/usr/sbin/sshd
	[ -x "$sshd" ] && command -v ssh >/dev/null || return 1
	# Run as root, sshd wants its privilege separation folder (the package's own; in /run).
	[ "$(id -u)" != 0 ] || [ -d /run/sshd ] || mkdir -p /run/sshd 2>/dev/null || return 1
	ssh-keygen -q -t ed25519 -N '' -f "$d/host_key" && ssh-keygen -q -t ed25519 -N '' -f "$d/user_key" || return 1
	cp "$d/user_key.pub" "$d/authorized_keys"
	for port in $(shuf -i 20000-60000 -n 5); do
		cat >"$d/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $d/host_key
AuthorizedKeysFile $d/authorized_keys
PidFile $d/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
CONF
		cat >"$d/ssh_config" <<CONF
Host catanloop
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $d/user_key
  IdentitiesOnly yes
  UserKnownHostsFile /dev/null
  StrictHostKeyChecking no
  BatchMode yes
  LogLevel ERROR
CONF
		"$sshd" -f "$d/sshd_config" -E "$d/sshd.log" || continue
		WAIT_SECONDS=30 eventually ssh -F "$d/ssh_config" catanloop true 2>/dev/null && return 0
		[ -s "$d/sshd.pid" ] && kill "$(cat "$d/sshd.pid")"
	done
	return 1
}

teardown() {
	if [ -s "$BATS_TEST_TMPDIR/sshd.pid" ]; then kill "$(cat "$BATS_TEST_TMPDIR/sshd.pid")" 2>/dev/null || true; fi
}

@test "GNU parallel over this machine gives the lines of a plain run, and a killed shard resumed gives them too" {
	command -v parallel >/dev/null || skip "GNU parallel is not installed (make deps)"
	catan-match -q --seeds 1-60 greedy random random | sort >plain
	run -0 --separate-stderr sh "$ROOT/examples/match-parallel.sh" out 4 2/: --seeds 1-60 greedy random random
	assert_eq "$(cat plain)" "$output"
	# A catan-match killed in the middle of shard 3 (some of its lines written) while 'break' exists.
	cat >flaky <<SH
#!/bin/sh
case " \$* " in *" 3/4 "*) if [ -e "$PWD/break" ]; then catan-match "\$@" | head -3; kill -KILL \$\$; fi ;; esac
exec catan-match "\$@"
SH
	chmod +x flaky
	touch break
	run -1 env CATAN_MATCH="$PWD/flaky" sh "$ROOT/examples/match-parallel.sh" resumed 4 2/: --seeds 1-60 greedy random random
	assert_eq "3" "$(wc -l <resumed/3.jsonl)"
	assert_eq "137" "$(awk '$1 == 3 { print $7 }' resumed/joblog)"
	rm break
	run -0 --separate-stderr env CATAN_MATCH="$PWD/flaky" sh "$ROOT/examples/match-parallel.sh" resumed 4 2/: --seeds 1-60 greedy random random
	assert_eq "$(cat plain)" "$output"
	# Only the killed shard ran again.
	assert_eq "5" "$(grep -c ' --shard ' resumed/joblog)"
}

@test "GNU parallel over ssh to an sshd on loopback and this machine gives the lines of a plain run" {
	command -v parallel >/dev/null || skip "GNU parallel is not installed (make deps)"
	sshd_loopback "$BATS_TEST_TMPDIR" || skip "sshd cannot start here: $(cat "$BATS_TEST_TMPDIR/sshd.log" 2>/dev/null)"
	catan-match -q --seeds 1-60 greedy random random | sort >plain
	run -0 --separate-stderr env SSH="ssh -F $BATS_TEST_TMPDIR/ssh_config" CATAN_MATCH="$CATAN_BIN/catan-match" \
		sh "$ROOT/examples/match-parallel.sh" out 6 1/catanloop,1/: --seeds 1-60 greedy random random
	assert_eq "$(cat plain)" "$output"
	# Some shards ran over ssh.
	awk 'NR > 1 { print $2 }' out/joblog | grep -qx catanloop
}

@test "an answer's bytes that are not UTF-8 are quoted in the line as U+FFFD: the line stays JSON" {
	run -1 catan-match $PATIENT --seeds 1 --fallback none -q random "exec:printf 'red \\377 x\\n'; sleep 5"
	assert_eq "'red � x': unknown verb '�'" "$(jq -r '.forfeits[0].detail' <<<"$output" | cut -d' ' -f1-6)"
}

@test "an answer with a NUL byte is refused at once, as its own fault, however it goes on" {
	# Before, a NUL first waited out the whole move time ('timeout'), and 'red end\0garbage' played 'red end'.
	for answer in '\0red build settlement 1\n' 'red build settlement 1\0garbage\n' '\0'; do
		SECONDS=0
		run -1 --separate-stderr catan-match --seeds 1 --move-time 60000 --fallback none -q random \
			"exec:while read -r l; do [ \"\$l\" = go ] && printf '$answer'; done; sleep 60"
		[ "$SECONDS" -lt 30 ]
		assert_eq '[0,"forfeit",{"seat":"red","move":0,"why":"nul","detail":"an answer with a NUL byte","then":"forfeit"}]' \
			"$(jq -c '[.moves, .end, .forfeits[0]]' <<<"$output")"
	done
	# The program is told why, as for an illegal answer.
	run -1 --separate-stderr catan-match $PATIENT --seeds 1 --fallback none -q random \
		"exec:while read -r l; do [ \"\$l\" = go ] && printf 'red end\\0\\n'; case \$l in error*) echo \"\$l\" >told ;; esac; done"
	assert_eq "error nul an answer with a NUL byte" "$(cat told)"
	run -0 catan-match --tally <<<"$output"
	[[ ${lines[2]} == "2  exec:"*" 1" ]]
}

@test "a progress line with the share done and the time left is shown on a terminal only, and cleared at the end" {
	command -v script >/dev/null || skip "no script(1)"
	run -0 script -qec "catan-match --seeds 1-3000 -j 2 random random >/dev/null" /dev/null
	[[ $output =~ $'\r\e[K'[0-9]+/3000\ games\ \([0-9]+%\),\ [0-9]+\ games/s,\ ([0-9]+\ (h|min)\ )?[0-9]+\ (s|min)\ left ]]
	[[ $output == *$'\r\e[Kplayer '* ]]
	run -0 --separate-stderr catan-match --seeds 1-3000 random random
	[[ $stderr == "player "* ]]
}

@test "--tally makes the table of a match's lines, in any order and from any pieces" {
	catan-match --seeds 1-12 --summary random greedy random >table
	catan-match -q --seeds 1-5 random greedy random >a
	catan-match -q --seeds 6-12 random greedy random >b
	run -0 --separate-stderr catan-match --tally b a
	assert_eq "$(cat table)" "$output"
	run -0 catan-match --tally < <(sort -r a b)
	assert_eq "$(cat table)" "$output"
	# A line of another match, or no line of a game, is refused with the file's line.
	catan-match -q --seeds 13 greedy random random >c
	run -3 --separate-stderr catan-match --tally a c
	assert_eq "catan-match: c: line 1: players: seat 1 of seed 13 is player 2, 'greedy', not 'random'" "$stderr"
	run -3 --separate-stderr catan-match --tally <<<'{"seed":1,"seats":["red","blue"]}'
	assert_eq "catan-match: stdin: line 1: players: missing" "$stderr"
	# A line cut short is told at its end, in the wording of every line that is not JSON.
	run -3 --separate-stderr catan-match --tally <<<'{"seed": 1,'
	assert_eq "catan-match: stdin: line 1: not a JSON line: column 11: string or '}' expected near end of file" "$stderr"
	run -3 --separate-stderr catan-match --tally </dev/null
	assert_eq "catan-match: no game's line to count" "$stderr"
	# A fault's reason is one of the protocol's; any other text would be written back unchecked.
	line='{"seed":2,"seats":["red","blue"],"players":["random","exec:x"],"winner":"red","points":[1,0],"turns":0,"moves":2,"end":"forfeit","forfeits":[{"seat":"blue","move":2,"why":"illegal","detail":"d","then":"forfeit"}]}'
	run -0 catan-match --tally <<<"$line"
	run -3 --separate-stderr catan-match --tally <<<"${line/\"illegal\"/\"]\\b\"}"
	assert_eq "catan-match: stdin: line 1: forfeits[0]: why: not a value it may have, or a key a fault has not" "$stderr"
	run -2 --separate-stderr catan-match --tally --seeds 1-3 a
}

@test "a program may make a domestic offer, which programs and built-in players answer" {
	# examples/player.py's loop, with a choice that offers once a turn.
	cat >offerer.py <<PY
import sys
sys.path.insert(0, "$ROOT/examples")
import player
offered = []
def offer(view, colour, legal):
    pos = view["position"]; hand = pos["players"][colour]["hand"]
    end = [m for m in legal if m.endswith(" end")]
    if end and pos["turn"] not in offered and any(hand.values()) and not all(hand.values()):
        offered.append(pos["turn"])
        give = [r for r in hand if hand[r]][0]; get = [r for r in hand if not hand[r]][0]
        return f"{colour} offer all {give} 1 for {get} 1"
    return end[0] if end else legal[0]
player.choose = offer
player.main()
PY
	mkdir games
	run -0 catan-match $PATIENT --seeds 1-3 --turn-limit 60 --fallback none -q --games games \
		'exec:python3 offerer.py' "exec:python3 $ROOT/examples/player.py" greedy
	assert_eq '[[],[],[]]' "$(jq -sc 'map(.forfeits)' <<<"$output")"
	jq -r '.log[]' games/*.json >log
	grep -q ' offer all ' log
	grep -q '^[a-z]* accept$' log
	grep -q '^[a-z]* reject$' log
	catan-validate -q games/*.json
}

@test "a program that offers without end stalls after 100 answers in a turn; the program answering it does not" {
	cat >staller.py <<PY
import sys
sys.path.insert(0, "$ROOT/examples")
import player
def offer(view, colour, legal):
    hand = view["position"]["players"][colour]["hand"]
    end = [m for m in legal if m.endswith(" end")]
    if end and any(hand.values()) and not all(hand.values()):
        give = [r for r in hand if hand[r]][0]; get = [r for r in hand if not hand[r]][0]
        return f"{colour} offer all {give} 1 for {get} 1"
    return end[0] if end else legal[0]
player.choose = offer
player.main()
PY
	run -1 catan-match $PATIENT --seeds 2 -q 'exec:python3 staller.py' greedy "exec:python3 $ROOT/examples/player.py"
	assert_eq '[{"seat":"blue","move":312,"why":"stall","detail":"'"'"'blue offer all grain 1 for brick 1'"'"': more than 100 answers in one turn","then":"random"}]' \
		"$(jq -c .forfeits <<<"$output")"
}

@test "completion offers the built-in players and exec:, and files after --tally" {
	run -0 catan-match --complete --seeds 1-4 ''
	assert_eq $'random\ngreedy\nsearch\nbest\nexec:' "$output"
	run -0 catan-match --complete --tally ''
	assert_eq "@file" "$output"
	run -0 catan-match --complete --fallback n
	assert_eq "none" "$output"
}
