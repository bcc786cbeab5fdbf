#!/usr/bin/env bats
# pbem-mta: the play-by-email set-up that make install ships (examples/pbem/: the procmail
# recipe, the maildrop filter, the .forward wrapper deliver, the send step and the crontab,
# docs/pbem.md) behind a real mail system: Debian's Exim, delivering locally, with local
# accounts for the referee and the players, who mail their moves by Exim's sendmail from their
# own accounts and read the replies in their own mailboxes.  It needs root and Exim, procmail
# and maildrop (sh .ci/deps), and skips without them; it runs on the plain build alone.  The
# accounts' names carry this run's number; every test removes what it made.

load test_helper

COLOURS="red blue white orange"

setup_file() {
	export PBEM_SKIP=
	case $CATAN_BIN in
	*build-san*) PBEM_SKIP="the mail system's test runs on the plain build"; return ;;
	esac
	[ "$(id -u)" = 0 ] || { PBEM_SKIP="it makes local accounts: run as root"; return; }
	local p
	for p in /usr/sbin/exim4 /usr/bin/procmail /usr/bin/maildrop /usr/sbin/useradd /usr/sbin/runuser /usr/bin/flock; do
		[ -x $p ] || { PBEM_SKIP="no $p (sh .ci/deps installs Exim, procmail and maildrop)"; return; }
	done
	export DOMAIN
	DOMAIN=$(exim4 -bP -n qualify_domain) || { PBEM_SKIP="exim4 has no configuration"; return; }
	# A name no account has, this run's: pbNNNN followed by the account's part.
	export SFX=pb$$
	getent passwd "${SFX}red" >/dev/null && { PBEM_SKIP="an account ${SFX}red exists already"; return; }
	for p in $COLOURS stranger; do
		useradd -m -s /bin/sh "$SFX$p"
	done
	# Exim must hand a local account's mail to its mailbox (Debian's "local delivery only").
	if ! exim4 -bt "${SFX}red@$DOMAIN" | grep -q 'transport = mail_spool'; then
		PBEM_SKIP="exim4 does not deliver to local mailboxes (dpkg-reconfigure exim4-config: local delivery only)"
		return
	fi
	# The tree under test, installed where every account can read it.
	export T
	T=$(mktemp -d /tmp/catan-pbem.XXXXXX)
	chmod 755 "$T"
	make -s -C "$ROOT" install NOBUILD=1 B="${CATAN_BIN%/bin}" PREFIX="$T/usr" >/dev/null
	export PBEM=$T/usr/share/catan-tools/pbem
}

teardown_file() {
	[ -n "${SFX:-}" ] || return 0
	drop_queue
	settle || drop_queue
	local p
	for p in $COLOURS stranger; do
		userdel -r "$SFX$p" 2>/dev/null || true
	done
	[ -z "${T:-}" ] || rm -rf "$T"
}

setup() {
	[ -z "$PBEM_SKIP" ] || skip "$PBEM_SKIP"
	REF=${SFX}ref$BATS_TEST_NUMBER
	RH=/home/$REF
	C=$RH/catan
	FROM="Catan referee <$REF@$DOMAIN>"
	declare -gA PW
	for p in $COLOURS stranger; do
		clear "$p"
	done
}

teardown() {
	[ -n "${REF:-}" ] || return 0
	# A mail deferred goes at once, one being delivered when its delivery ends.
	drop_queue
	settle || drop_queue
	userdel -r "$REF" 2>/dev/null || true
}

# drop_queue: this run's mail that Exim still holds, removed.
drop_queue() {
	local id
	for id in $(exim4 -bp | awk -v s="$SFX" '/^ *[0-9]+[smhd] / { id = $3 } index($0, s) && id { print id; id = "" }'); do
		exim4 -Mrm "$id" >/dev/null || true
	done
}

# queue_empty: Exim holds no mail of this run's accounts.
queue_empty() {
	if exim4 -bp | grep -q "$SFX"; then return 1; fi
}

# settle: waits (eventually) until Exim holds no mail of this run's accounts: all delivered.
settle() {
	eventually queue_empty && return 0
	echo "Exim still holds:" >&2
	exim4 -bp >&2
	return 1
}

# as USER COMMAND...: COMMAND run as USER in a login's environment, the installed programs
# first on PATH.
as() {
	local u=$1
	shift
	runuser -u "$u" -- env -i HOME="/home/$u" USER="$u" LOGNAME="$u" SHELL=/bin/sh LANG=C.UTF-8 \
		PATH="$T/usr/bin:/usr/bin:/bin" "$@"
}

# cron PATTERN: the job of the referee's crontab (the shipped one, its address set) whose
# command holds PATTERN, run as cron runs it: by /bin/sh as the account, with cron's
# environment (HOME, LOGNAME, SHELL, PATH=/usr/bin:/bin) and the crontab's settings over it.
cron() {
	local vars cmd
	mapfile -t vars < <(grep -E '^[A-Z_]+=' "$RH/crontab")
	cmd=$(grep -vE '^(#|[A-Z_]+=|$)' "$RH/crontab" | grep -F -- "$1" | sed -E 's/^([^ ]+ +){5}//')
	[ -n "$cmd" ] || return 1
	runuser -u "$REF" -- env -i HOME="$RH" LOGNAME="$REF" SHELL=/bin/sh PATH=/usr/bin:/bin \
		"${vars[@]}" /bin/sh -c "$cmd"
}

# put FILE < text: the referee's FILE, written by the referee's account.
put() {
	as "$REF" sh -c 'cat >"$1"' sh "$1"
}

# newref HOOK [--allow-seeded] GAME-OPTION...: this test's referee account REF with the game
# that catan-newboard GAME-OPTION... makes in ~/catan (C), its players the players' accounts,
# the shipped crontab with its address, and HOOK, the way the mail reaches the referee:
# procmail, maildrop or forward (deliver).  ARGS: the referee's arguments after --from.
newref() {
	local hook=$1 c seeded=
	shift
	[ "${1:-}" != --allow-seeded ] || { seeded=$1; shift; }
	useradd -m -s /bin/sh "$REF"
	as "$REF" mkdir -p "$C/outbox" "$C/sent"
	as "$REF" catan-newboard --beginner --players red,blue,white,orange "$@" >"$BATS_TEST_TMPDIR/game.json"
	for c in $COLOURS; do
		printf '%s %s\n' "$c" "$SFX$c@$DOMAIN"
	done >"$BATS_TEST_TMPDIR/players"
	put "$C/game.json" <"$BATS_TEST_TMPDIR/game.json"
	put "$C/players" <"$BATS_TEST_TMPDIR/players"
	sed "s/catan@example\.org/$REF@$DOMAIN/" "$PBEM/crontab" | put "$RH/crontab"
	ARGS="$seeded${seeded:+ }$C/game.json $C/players $C/outbox"
	hook "$hook"
}

# hook KIND: the referee's mail handed on by KIND (procmail, maildrop, forward) as docs/pbem.md
# says, with the referee's arguments ARGS.
hook() {
	case $1 in
	procmail)
		printf 'CATAN_FROM="%s"\nCATAN_ARGS="%s"\nINCLUDERC=%s/procmailrc\n' "$FROM" "$ARGS" "$PBEM" |
			put "$RH/.procmailrc" ;;
	maildrop)
		printf 'CATAN_FROM="%s"\nCATAN_ARGS="%s"\ninclude "%s/mailfilter"\n' "$FROM" "$ARGS" "$PBEM" |
			put "$RH/.mailfilter"
		as "$REF" chmod 600 "$RH/.mailfilter" ;;
	forward)
		printf '"|%s/deliver --from %s %s"\n' "$PBEM" "$REF@$DOMAIN" "$ARGS" |
			put "$RH/.forward" ;;
	esac
	# What Exim logs of a mail delivered to the referee (ROUTE), and of one deferred (DEFER).
	local r=$1 t=${1}_pipe cmd=/usr/bin/$1 to="$REF <$REF@$DOMAIN>" deferred="$REF@$DOMAIN"
	if [ "$1" = forward ]; then
		r=userforward t=address_pipe cmd=$PBEM/deliver
		to="|$PBEM/deliver --from $REF@$DOMAIN $ARGS <$REF@$DOMAIN>" deferred=$to
	fi
	ROUTE="$to R=$r T=$t"
	DEFER="$deferred R=$r T=$t defer (0): Child process of $t transport returned 75 (could mean temporary error) from command: $cmd"
	run -0 exim4 -bt "$REF@$DOMAIN"
	[[ $output == *"transport = $t"* ]]
}

# passwords: each seat's password drawn and mailed by the send step; PW[colour] as its player
# reads it in their mailbox.
passwords() {
	local c
	run -0 as "$REF" catan-referee --passwords --from "$FROM" "$C/game.json" "$C/players" "$C/outbox"
	assert_eq $'red\nblue\nwhite\norange' "$output"
	run -0 cron /send
	settle
	for c in $COLOURS; do
		inbox "$c"
		PW[$c]=$(sed -n 's/^  password //p' <<<"$output" | head -n 1)
		[[ ${PW[$c]} =~ ^[a-z0-9]{4}(-[a-z0-9]{4}){4}$ ]] || { echo "$c: $output"; false; }
		clear "$c"
	done
}

# clear WHO: WHO's mailbox emptied (Exim makes it, for its owner, at the first mail).
clear() {
	[ ! -e "/var/mail/$SFX$1" ] || : >"/var/mail/$SFX$1"
}

# inbox WHO: the mails in WHO's mailbox (mbox.py), in output.
inbox() {
	run -0 "$FIXTURES/mail/mbox.py" "/var/mail/$SFX$1"
}

# mail WHO ID SUBJECT < text: a mail as WHO's mail program writes it, with WHO's password and
# their seat's current code last, as the referee's newest mail to them shows it (the same mail
# again for the same arguments and text, while the code holds).
mail() {
	local code
	printf 'From: %s <%s>\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s@%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: 8bit\n\n' \
		"$1" "$SFX$1@$DOMAIN" "$FROM" "$3" "Sat, 21 Nov 2026 10:00:00 +0000" "$2.$SFX" "$DOMAIN"
	cat
	[ -z "${PW[$1]:-}" ] || printf 'password %s\n' "${PW[$1]}"
	code=$(awk -v c="$1" '$1 == c { print $2 }' "$C/game.json.codes" 2>/dev/null)
	[ -z "$code" ] || printf 'code %s\n' "$code"
}

# post WHO < message: the message sent from WHO's account by Exim's sendmail, to its To:.
post() {
	runuser -u "$SFX$1" -- /usr/sbin/sendmail -i -t
}

# exim_id ID: Exim's id for the last mail whose Message-ID is <ID.SFX@DOMAIN> (status 1: none).
exim_id() {
	awk -v m="id=$1.$SFX@$DOMAIN" '$4 == "<=" && $NF == m { id = $3 } END { if (id) print id; exit !id }' \
		/var/log/exim4/mainlog
}

# exim_log EXIM-ID: what Exim logged of that mail, without the times and with SIZE for its size.
exim_log() {
	grep " $1 " /var/log/exim4/mainlog | cut -d' ' -f3- | sed -E 's/ S=[0-9]+ / S=SIZE /'
}

# wait_log EXIM-ID TEXT: waits (eventually) until Exim logged TEXT of that mail.
wait_log() {
	eventually grep -qF " $1 $2" /var/log/exim4/mainlog && return 0
	exim_log "$1" >&2
	return 1
}

# no_bounce: Exim failed no delivery of this run's and made no bounce (a mail from <>) for it.
no_bounce() {
	run -0 awk -v s="$SFX" '$4 == "<=" && $5 == "<>" { b[$3] = 1 }
		($4 == "**" || $4 == "=>") && index($0, s) && ($4 == "**" || b[$3]) { print }' /var/log/exim4/mainlog
	assert_eq "" "$output"
}

# played N: the game's log has N moves.
played() {
	run -0 jq '.log | length' "$C/game.json"
	assert_eq "$1" "$output"
}

# delivered WHO ID SUBJECT < text: WHO's mail sent, and delivered to the referee by ROUTE: Exim's
# log of it is its arrival, the delivery and the end.  E: its Exim id.
delivered() {
	mail "$1" "$2" "$3" | post "$1"
	settle
	E=$(exim_id "$2")
	run -0 exim_log "$E"
	[ "${#lines[@]}" = 3 ]
	assert_eq "$E => $ROUTE" "${lines[1]}"
	assert_eq "$E Completed" "${lines[2]}"
}

# deferred WHO ID SUBJECT < text: WHO's mail sent while the game's folder is read-only, so that
# the referee cannot keep its work beside the game (exit 75): Exim defers it and holds it, no
# mailbox nor folder has it, nothing is played.  Then the folder writable again, Exim's next try
# delivers it.  E: its Exim id.
deferred() {
	local n
	n=$(jq '.log | length' "$C/game.json")
	chmod 555 "$C"
	mail "$1" "$2" "$3" | post "$1"
	E=$(exim_id "$2")
	wait_log "$E" "=="
	run -0 exim_log "$E"
	assert_eq "$E <= $SFX$1@$DOMAIN U=$SFX$1 P=local S=SIZE id=$2.$SFX@$DOMAIN
$E == $DEFER" "$output"
	run -0 exim4 -bp
	[[ $output == *" $E <$SFX$1@$DOMAIN>"* ]]
	run -1 grep -rlF "$2.$SFX@$DOMAIN" /var/mail "$C"
	played "$n"
	chmod 755 "$C"
	exim4 -M "$E"
	settle
	run -0 exim_log "$E"
	[ "${#lines[@]}" = 4 ]
	assert_eq "$E => $ROUTE" "${lines[2]}"
	assert_eq "$E Completed" "${lines[3]}"
}

# kept ID: the mail of Message-ID <ID.SFX@DOMAIN> is the last of those kept in kept/new/.
kept() {
	run -0 ls -tr "$C/kept/new"
	grep -qxF "Message-ID: <$1.$SFX@$DOMAIN>" "$C/kept/new/${lines[-1]}"
}

@test "procmail: a whole game from the players' own accounts, the replies sent by the crontab's send line" {
	# The dice are in the mails (outcomes=external, which the referee takes for tests alone), and
	# three points win: four mails make a game.
	newref procmail --allow-seeded --seed 1 --rules outcomes=external --rules points_to_win=3
	passwords
	# move WHO ID TEXT: WHO mails TEXT; the referee plays it; cron's send mails the replies.
	move() {
		printf '%s\n' "$3" | delivered "$1" "$2" "Catan: my move"
		run -0 cron /send
		settle
	}
	move red m1 $'Hi all,\n\nroll 1 2\nend'
	# Each player's mailbox holds one reply, from the referee's address, saying what red played.
	for c in $COLOURS; do
		inbox "$c"
		[ "$(grep -c '^==$' <<<"$output")" = 1 ]
		grep -qxF "From: $FROM" <<<"$output"
		grep -qxF "To: $SFX$c@$DOMAIN" <<<"$output"
		grep -qxF "Subject: $([ $c = red ] && echo 'Re: Catan: my move' || echo 'Catan: red played; blue to play (roll)')" <<<"$output"
		run -0 sed -n '/^Now: /,/^  red end$/p' <<<"$output"
		assert_eq $'Now: blue to play (roll).\n\nred played:\n\n  red roll 1 2\n  red end' "$output"
		clear "$c"
	done
	move blue m2 $'roll 1 2\nend'
	# A reply answers the mail.
	inbox blue
	grep -qxF "In-Reply-To: <m2.$SFX@$DOMAIN>" <<<"$output"
	move white m3 $'roll 6 6\nend'
	# Orange has two grain and three ore: a city, the third point, the game.
	move orange m4 $'roll 6 6\nbuild city 41'
	run -0 jq -c '[.position.phase, .log]' "$C/game.json"
	assert_eq '["over",["red roll 1 2","red end","blue roll 1 2","blue end","white roll 6 6","white end","orange roll 6 6","orange build city 41"]]' "$output"
	for c in $COLOURS; do
		inbox "$c"
		[ "$(grep -c '^==$' <<<"$output")" = 3 ]
		run -0 awk '/^==$/ { n++ } n == 2' <<<"$output"
		grep -qxF "Subject: $([ $c = orange ] && echo 'Re: Catan: my move' || echo 'Catan: orange played; orange has won the game')" <<<"$output"
		grep -qxF 'Turn 4: game over: orange has won with 3 points' <<<"$output"
		run -0 sed -n '/^Now: /,/^  orange build city 41$/p' <<<"$output"
		assert_eq $'Now: orange has won the game.\n\norange played:\n\n  orange roll 6 6\n  orange build city 41' "$output"
	done
	run -0 sed 's/^[0-9TZ:-]* //' "$C/game.json.log"
	assert_eq "passwords given to red, blue, white, orange
red <${SFX}red@$DOMAIN>: applied 2 move(s)
blue <${SFX}blue@$DOMAIN>: applied 2 move(s)
white <${SFX}white@$DOMAIN>: applied 2 move(s)
orange <${SFX}orange@$DOMAIN>: applied 2 move(s)" "$output"
	# All sent, each once: 4 passwords and 16 replies; nothing kept aside, no bounce.
	run -0 ls "$C/outbox"
	assert_eq "" "$output"
	run -0 ls "$C/sent"
	[ "${#lines[@]}" = 20 ]
	[ ! -e "$C/kept" ]
	no_bounce
}

@test "procmail: a mail the referee cannot play now waits in Exim's queue and is played once when Exim delivers it again; the same mail delivered twice is played once; the crontab's tick line runs" {
	newref procmail
	passwords
	# Blue asks whose turn it is; the reply goes to blue alone.
	printf 'status\n' | delivered blue t0 "Catan: whose turn?"
	played 0
	run -0 cron /send
	settle
	inbox blue
	[ "$(grep -c '^==$' <<<"$output")" = 1 ]
	grep -qxF "Subject: Re: Catan: whose turn?" <<<"$output"
	clear blue
	printf 'roll\n' | deferred red t1 "Catan: my roll"
	# Procmail's log has the referee's error and its status.
	grep -q "^catan-referee: .*$C" "$C/procmail.log"
	grep -qxF 'procmail: Program failure (75) of "catan-referee"' "$C/procmail.log"
	played 1
	roll=$(jq -r '.log[0]' "$C/game.json")
	[[ $roll =~ ^red\ roll\ [1-6]\ [1-6]$ ]]
	run -0 tail -n 1 "$C/game.json.log"
	[[ $output == *" red <${SFX}red@$DOMAIN>: applied 1 move(s)" ]]
	run -0 cron /send
	settle
	for c in $COLOURS; do
		inbox "$c"
		[ "$(grep -c '^==$' <<<"$output")" = 1 ]
		grep -qxF "  $roll" <<<"$output"
		clear "$c"
	done
	# The same mail again, as a mail system may deliver it: not played, not answered.
	printf 'roll\n' | delivered red t1 "Catan: my roll"
	played 1
	run -0 tail -n 1 "$C/game.json.log"
	[[ $output == *" red <${SFX}red@$DOMAIN>: ignored: mail <t1.$SFX@$DOMAIN> was handled already" ]]
	run -0 ls "$C/outbox"
	assert_eq "" "$output"
	[ ! -e "$C/kept" ]
	no_bounce
	# The deadlines' job, under cron's PATH: its first tick starts the clock of red, whom the game
	# waits for.
	run -0 cron --tick
	assert_eq "" "$output"
	run -0 jq -r '.owes | keys | join(",")' "$C/game.json.clock"
	assert_eq red "$output"
	run -0 cat "$C/tick.log"
	assert_eq "" "$output"
}

@test "procmail: a stranger's mail is kept in kept/, unanswered and without a bounce" {
	newref procmail
	passwords
	printf 'roll\nend\n' | delivered stranger s1 "Catan: let me play"
	kept s1
	[ "${#lines[@]}" = 1 ]
	grep -qxF 'procmail: Program failure (1) of "catan-referee"' "$C/procmail.log"
	run -0 tail -n 1 "$C/game.json.log"
	[[ $output == *" refused: mail from unknown sender '${SFX}stranger@$DOMAIN' (subject 'Catan: let me play'); no reply" ]]
	played 0
	run -0 ls "$C/outbox"
	assert_eq "" "$output"
	[ ! -e "/var/mail/${SFX}stranger" ]
	no_bounce
}

@test "procmail: a mail whose Subject: is raw UTF-8 is played and answered" {
	newref procmail
	passwords
	printf 'roll\n' | delivered red u1 "Zug für Grün"
	run -0 tail -n 1 "$C/game.json.log"
	[[ $output == *" red <${SFX}red@$DOMAIN>: applied 1 move(s)" ]] || { echo "$output"; cat "$C/procmail.log"; false; }
	played 1
	[ ! -e "$C/kept" ]
	run -0 cron /send
	settle
	inbox red
	grep -qxF "Subject: Re: Zug für Grün" <<<"$output"
	grep -qxF "  $(jq -r '.log[0]' "$C/game.json")" <<<"$output"
}

@test ".forward and deliver: a stranger's mail kept without a bounce; a mail deferred on a temporary failure and played once at Exim's next try; a wrong command line's errors in deliver's log, not in a bounce" {
	newref forward
	passwords
	printf 'roll\n' | delivered stranger f1 "Catan: let me play"
	kept f1
	[ "${#lines[@]}" = 1 ]
	run -0 sed 's/^[0-9TZ:-]* //' "$C/deliver.log"
	assert_eq "catan-referee: '${SFX}stranger@$DOMAIN' is not a player in $C/players
deliver: catan-referee exited 1: the mail is kept in $C/kept/new/$(ls "$C/kept/new")" "$output"
	[ ! -e "/var/mail/${SFX}stranger" ]
	# A temporary failure (kept/ and the log stay writable in the read-only folder).
	printf 'roll\n' | deferred red f2 "Catan: my roll"
	played 1
	run -0 tail -n 1 "$C/deliver.log"
	[[ $output == *" deliver: catan-referee exited 75: the mail is left to the mail system" ]]
	run -0 ls "$C/kept/new"
	[ "${#lines[@]}" = 1 ]
	# The outbox missing (a wrong command line, exit 2): the mail kept, the referee's words in
	# the log; the sender hears nothing.
	run -0 cron /send
	settle
	for c in $COLOURS; do clear "$c"; done
	mv "$C/outbox" "$C/outbox.away"
	printf 'list\n' | delivered red f3 "Catan: my moves?"
	kept f3
	[ "${#lines[@]}" = 2 ]
	run -0 tail -n 3 "$C/deliver.log"
	assert_eq "catan-referee: '$C/game.json' and '$C/players' must be files and '$C/outbox' a folder" "${lines[0]}"
	assert_eq "usage: catan-referee [--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE" "${lines[1]}"
	[[ ${lines[2]} == *" deliver: catan-referee exited 2: the mail is kept in $C/kept/new/"* ]]
	inbox red
	assert_eq "" "$output"
	played 1
	no_bounce
}

@test "maildrop: a mail played and answered; a temporary failure deferred and played once at Exim's next try; a stranger's mail kept without a bounce" {
	newref maildrop
	passwords
	printf 'status\n' | delivered blue d0 "Catan: whose turn?"
	run -0 ls "$C/outbox"
	[ "${#lines[@]}" = 1 ]
	printf 'roll\n' | deferred red d1 "Catan: my roll"
	played 1
	run -0 ls "$C/outbox"
	[ "${#lines[@]}" = 5 ]
	printf 'roll\n' | delivered stranger d2 "Catan: let me play"
	kept d2
	[ "${#lines[@]}" = 1 ]
	grep -qxF "mailfilter: catan-referee exited 1: the mail is kept in $C/kept/" "$C/maildrop.log"
	[ ! -e "/var/mail/${SFX}stranger" ]
	played 1
	no_bounce
}

@test "send: a run that finds another's lock sends nothing; a reply sendmail refuses stays; two runs at once send each reply once; -p removes what was sent more than DAYS days ago" {
	newref procmail
	run -0 as "$REF" catan-referee --passwords --from "$FROM" "$C/game.json" "$C/players" "$C/outbox"
	# Another run holds the lock: this one leaves every reply where it is.
	run -0 as "$REF" flock "$C/outbox" "$PBEM/send" "$C/outbox" "$C/sent"
	assert_eq "" "$output"
	run -0 ls "$C/outbox"
	[ "${#lines[@]}" = 4 ]
	# A sendmail that refuses: each reply stays, named.
	run -1 as "$REF" env SENDMAIL=/bin/false "$PBEM/send" "$C/outbox" "$C/sent"
	[ "${#lines[@]}" = 4 ]
	assert_eq "send: sendmail refused $C/outbox/$(ls "$C/outbox" | head -n 1) (1); it stays in the outbox" "${lines[0]}"
	run -0 ls "$C/outbox"
	[ "${#lines[@]}" = 4 ]
	# A slow sendmail, so that two runs meet.
	printf '#!/bin/sh\nsleep 0.3\nexec /usr/sbin/sendmail "$@"\n' | put "$RH/slow-sendmail"
	chmod 755 "$RH/slow-sendmail"
	as "$REF" env SENDMAIL="$RH/slow-sendmail" "$PBEM/send" "$C/outbox" "$C/sent" >"$BATS_TEST_TMPDIR/1" 2>&1 &
	as "$REF" env SENDMAIL="$RH/slow-sendmail" "$PBEM/send" "$C/outbox" "$C/sent" >"$BATS_TEST_TMPDIR/2" 2>&1 &
	wait %1
	wait %2
	settle
	run -0 cat "$BATS_TEST_TMPDIR/1" "$BATS_TEST_TMPDIR/2"
	assert_eq "" "$output"
	for c in $COLOURS; do
		inbox "$c"
		assert_eq 1 "$(grep -c '^==$' <<<"$output")"
		grep -qxF "Subject: Catan: your password for $c" <<<"$output"
	done
	run -0 ls "$C/outbox"
	assert_eq "" "$output"
	# Pruning: a reply sent 31 days ago goes, one of 29 days stays, and so do today's.
	as "$REF" touch -d '31 days ago' "$C/sent/old.eml"
	as "$REF" touch -d '29 days ago' "$C/sent/young.eml"
	run -0 as "$REF" "$PBEM/send" -p 30 "$C/outbox" "$C/sent"
	run -0 ls "$C/sent"
	[ "${#lines[@]}" = 5 ]
	[ ! -e "$C/sent/old.eml" ]
	[ -e "$C/sent/young.eml" ]
	# Usage.
	run -2 as "$REF" "$PBEM/send" -p x "$C/outbox" "$C/sent"
	assert_eq "usage: send [-p DAYS] OUTBOX SENT" "$output"
	run -2 as "$REF" "$PBEM/send" "$C/outbox"
	assert_eq "usage: send [-p DAYS] OUTBOX SENT" "$output"
}
