#!/usr/bin/env bats
# install: make install puts binaries, man pages and completions in their places; uninstall removes them.

load test_helper

@test "make install and make uninstall with DESTDIR and PREFIX" {
	d=$BATS_TEST_TMPDIR/root
	# The tree under test as it is: building it here would race the suite's other runs.
	run -0 make -s -C "$ROOT" install NOBUILD=1 B="${CATAN_BIN%/bin}" DESTDIR="$d" PREFIX=/opt/catan
	for f in "$ROOT"/cmd/*.c "$ROOT"/cmd/*.sh; do
		b=${f##*/} b=${b%.*}
		[ -x "$d/opt/catan/bin/$b" ] || { echo "no $b"; false; }
		[ -f "$d/opt/catan/share/man/man1/$b.1" ] || { echo "no $b.1"; false; }
		[ -f "$d/opt/catan/share/bash-completion/completions/$b" ] || { echo "no bash $b"; false; }
		[ -f "$d/opt/catan/share/zsh/vendor-completions/_$b" ] || { echo "no zsh $b"; false; }
	done
	[ -f "$d/opt/catan/share/man/man5/catan-state.5" ]
	run -0 "$d/opt/catan/bin/catan-newboard" --version
	# The referee's mail set-up (docs/pbem.md), with this installation's paths in place of the
	# source's marks; tests/pbem-mta.bats runs it behind a mail system.
	p=$d/opt/catan/share/catan-tools/pbem
	run -0 ls "$p"
	assert_eq $'crontab\ndeliver\nmailfilter\nprocmailrc\nsend' "$output"
	run -0 stat -c '%n %a' "$p"/*
	assert_eq "$p/crontab 644
$p/deliver 755
$p/mailfilter 644
$p/procmailrc 644
$p/send 755" "$output"
	run -1 grep -l '@[A-Z]*@' "$p"/*
	run -0 grep -h '^PATH=' "$p"/*
	assert_eq 'PATH=/opt/catan/bin:/usr/bin:/bin
PATH=/opt/catan/bin:/usr/bin:/bin
PATH="/opt/catan/bin:/usr/bin:/bin"
PATH=/opt/catan/bin:/usr/bin:/bin
PATH=/usr/sbin:/usr/bin:/bin' "$output"
	grep -qxF '* * * * * /opt/catan/share/catan-tools/pbem/send -p 30 $HOME/catan/outbox $HOME/catan/sent' "$p/crontab"
	grep -qxF 'INCLUDERC=/opt/catan/share/catan-tools/pbem/procmailrc' <(sed -n 's/^#   //p' "$p/procmailrc")
	# The referee finds its program in libexec, also when called through a link, and runs
	# the catan-move beside it, whatever PATH holds.
	[ -x "$d/opt/catan/libexec/catan-tools/catan-referee" ]
	run -0 "$d/opt/catan/bin/catan-referee" --version
	assert_eq "catan-referee (catan-tools) 0.1.0" "$output"
	ln -s "$d/opt/catan/bin/catan-referee" "$BATS_TEST_TMPDIR/referee"
	mkdir "$BATS_TEST_TMPDIR/outbox"
	"$d/opt/catan/bin/catan-newboard" --beginner >"$BATS_TEST_TMPDIR/game.json"
	run -0 "$BATS_TEST_TMPDIR/referee" --passwords=red \
		"$BATS_TEST_TMPDIR/game.json" "$ROOT/tests/fixtures/mail/players" "$BATS_TEST_TMPDIR/outbox"
	pw=$(sed -n 's/^  password //p' "$BATS_TEST_TMPDIR"/outbox/*.eml | head -n 1)
	code=$(sed -n 's/^Your code for your next mail: \([a-z0-9]*\)\..*/\1/p' "$BATS_TEST_TMPDIR"/outbox/*.eml | head -n 1)
	rm "$BATS_TEST_TMPDIR"/outbox/*.eml
	printf 'From: Alice <alice@example.org>\nSubject: hi\n\nroll\npassword %s\ncode %s\n' "$pw" "$code" |
		PATH=/usr/bin:/bin run -0 "$BATS_TEST_TMPDIR/referee" \
		"$BATS_TEST_TMPDIR/game.json" "$ROOT/tests/fixtures/mail/players" "$BATS_TEST_TMPDIR/outbox"
	run -0 jq -r '.log[0]' "$BATS_TEST_TMPDIR/game.json"
	[[ $output == "red roll "[1-6]" "[1-6] ]]
	run -0 make -s -C "$ROOT" uninstall DESTDIR="$d" PREFIX=/opt/catan
	run -0 find "$d" -type f
	assert_eq "" "$output"
}

@test "installed under any PREFIX, the completions load as README says: bash by XDG_DATA_DIRS, zsh by fpath" {
	[ -f /usr/share/bash-completion/bash_completion ] || skip "bash-completion is not installed (make deps)"
	command -v zsh >/dev/null || skip "zsh is not installed (make deps)"
	d=$BATS_TEST_TMPDIR/root
	run -0 make -s -C "$ROOT" install NOBUILD=1 B="${CATAN_BIN%/bin}" DESTDIR="$d" PREFIX=/opt/catan
	p=$d/opt/catan
	# A copy installed elsewhere (under /usr/local, as README says a user may; in a home's
	# .local) must not answer for this one: the copy under test is marked, the shells are
	# given a home of the test's own, and each check asks whether the marked copy loaded.
	printf '\n_catan_tools_under_test=1\n' >>"$p/share/bash-completion/completions/catan-move"
	printf '\n_catan_tools_under_test=1\n' >>"$p/share/zsh/vendor-completions/_catan-move"
	mkdir "$BATS_TEST_TMPDIR/home"
	local own=(HOME="$BATS_TEST_TMPDIR/home" XDG_DATA_HOME="$BATS_TEST_TMPDIR/home/.local/share" PATH="$p/bin:$PATH")
	load='source /usr/share/bash-completion/bash_completion; __load_completion catan-move; complete -p catan-move; echo "marked ${_catan_tools_under_test:-no}"'
	run -0 env -u BASH_COMPLETION_USER_DIR "${own[@]}" XDG_DATA_DIRS="$p/share:/usr/local/share:/usr/share" bash -c "$load"
	assert_eq $'complete -F _catan_move catan-move\nmarked 1' "$output"
	# Without it, bash-completion does not look there (another copy may load, never this one).
	run env -u BASH_COMPLETION_USER_DIR "${own[@]}" XDG_DATA_DIRS=/usr/local/share:/usr/share bash -c "$load"
	assert_eq "marked no" "${lines[-1]}"
	# zsh: this copy found first on fpath, with the folders of any other copy left out of the
	# default one, and registered by compinit.
	run -0 env "${own[@]}" zsh -fc "keep=(); for f in \$fpath; do [[ -e \$f/_catan-move ]] || keep+=(\$f); done
		fpath=(\$keep); fpath+=($p/share/zsh/vendor-completions)
		autoload -Uz compinit; compinit -u -d $BATS_TEST_TMPDIR/zcd; print \${_comps[catan-move]}
		print -l \$^fpath/_catan-move(N)"
	assert_eq "_catan-move
$p/share/zsh/vendor-completions/_catan-move" "$output"
}
