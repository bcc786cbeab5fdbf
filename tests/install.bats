#!/usr/bin/env bats
# install: make install puts binaries, man pages and completions in their places; uninstall removes them.

load test_helper

@test "make install and make uninstall with DESTDIR and PREFIX" {
	d=$BATS_TEST_TMPDIR/root
	run -0 make -s -C "$ROOT" install DESTDIR="$d" PREFIX=/opt/catan
	for f in "$ROOT"/cmd/*.c; do
		b=$(basename "$f" .c)
		[ -x "$d/opt/catan/bin/$b" ] || { echo "no $b"; false; }
		[ -f "$d/opt/catan/share/man/man1/$b.1" ] || { echo "no $b.1"; false; }
		[ -f "$d/opt/catan/share/bash-completion/completions/$b" ] || { echo "no bash $b"; false; }
		[ -f "$d/opt/catan/share/zsh/vendor-completions/_$b" ] || { echo "no zsh $b"; false; }
	done
	[ -f "$d/opt/catan/share/man/man5/catan-state.5" ]
	run -0 "$d/opt/catan/bin/catan-newboard" --version
	run -0 make -s -C "$ROOT" uninstall DESTDIR="$d" PREFIX=/opt/catan
	run -0 find "$d" -type f
	assert_eq "" "$output"
}
