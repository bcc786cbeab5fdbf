#!/usr/bin/env bats
# catan-validate --format: the report in the forms CI systems read (JUnit XML, GitHub Actions
# annotations, TAP) beside the text and JSON lines, each with its summary at the end.

load test_helper

# Three files in $D, named as given from there: a state that passes (pretty, 125 moves), the
# record with an illegal fourth move, and a file that is no JSON.
setup() {
	D=$BATS_TEST_TMPDIR
	cd "$D"
	catan-newboard --beginner --seed 1 --rules outcomes=external >start.json
	catan-move -f "$FIXTURES/validate/game.moves" <start.json >game.json
	jq '.log = .log[:3] + ["red build road 1-5"] + .log[3:] | del(.position)' game.json >bad.json
	printf 'not json\n' >nj.json
	# The line where the illegal move stands in bad.json, the document as catan-move writes it.
	line=$(grep -n '"red build road 1-5"' bad.json | cut -d: -f1)
}

# timeless: the report with its times, timestamp and host name made fixed.
timeless() {
	sed -E 's/time="[0-9]+\.[0-9]{3}"/time="T"/g; s/timestamp="[0-9T:-]+"/timestamp="S"/; s/hostname="[^"]*"/hostname="H"/'
}

@test "--format text and --format json are the lines of old, and --json is --format json" {
	run -3 catan-validate game.json bad.json nj.json
	text=$output
	run -3 catan-validate --format text game.json bad.json nj.json
	assert_eq "$text" "$output"
	run -3 catan-validate --json game.json bad.json nj.json
	json=$output
	run -3 catan-validate --format json game.json bad.json nj.json
	assert_eq "$json" "$output"
	assert_eq '{"file":"game.json","ok":true,"status":0,"moves_checked":125,"error":null}' "${lines[0]}"
}

@test "--format junit: one test case per file, a failure or an error with the message, the counts" {
	run -3 --separate-stderr catan-validate --format junit game.json bad.json nj.json
	assert_eq "" "$stderr"
	run -0 timeless <<<"$output"
	assert_eq '<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="catan-validate" timestamp="S" hostname="H" tests="3" failures="1" errors="1" skipped="0" time="T">
  <properties/>
  <testcase name="game.json" classname="catan-validate" time="T"/>
  <testcase name="bad.json" classname="catan-validate" time="T">
    <failure type="illegal game" message="move 4 &apos;red build road 1-5&apos;: the road must touch your road, settlement or city">bad.json: move 4 &apos;red build road 1-5&apos;: the road must touch your road, settlement or city (line '"$line"', column 5)</failure>
  </testcase>
  <testcase name="nj.json" classname="catan-validate" time="T">
    <error type="not a game" message="not a JSON document: line 1, column 3: &apos;[&apos; or &apos;{&apos; expected near &apos;not&apos;">nj.json: not a JSON document: line 1, column 3: &apos;[&apos; or &apos;{&apos; expected near &apos;not&apos;</error>
  </testcase>
  <system-out/>
  <system-err/>
</testsuite>
<!-- catan-validate: 3 files, 1 passed, 2 failed (1 illegal, 1 not read as a game), 128 moves checked -->' "$output"
}

@test "the JUnit report keeps to the JUnit XML schema, odd file names and all" {
	command -v xmllint >/dev/null || skip "xmllint (libxml2-utils) is not installed"
	cp bad.json "$(printf 'we,ird:%%na\001me\377<&>"\x27.json')"
	catan-validate --format junit game.json bad.json nj.json we* >report.xml || true
	run -0 xmllint --noout --schema "$FIXTURES/junit/JUnit.xsd" report.xml
	run -0 xmllint --xpath 'string(//testcase[4]/@name)' report.xml
	assert_eq "we,ird:%na?me?<&>\"'.json" "$output"
	run -0 xmllint --xpath 'string(/testsuite/@tests)' report.xml
	assert_eq 4 "$output"
	# Every file passes: no failure, and still a valid document.
	catan-validate --format junit game.json start.json >pass.xml
	run -0 xmllint --noout --schema "$FIXTURES/junit/JUnit.xsd" pass.xml
	run -0 xmllint --xpath 'concat(/testsuite/@failures, " ", /testsuite/@errors)' pass.xml
	assert_eq "0 0" "$output"
}

@test "--format github: an error annotation per failing file, at its move's line, and a summary line" {
	run -3 --separate-stderr catan-validate --format github game.json bad.json nj.json
	assert_eq "" "$stderr"
	assert_eq "::error file=bad.json,line=$line,col=5,title=illegal game::move 4 'red build road 1-5': the road must touch your road, settlement or city
::error file=nj.json,line=1,col=3,title=not a game::not a JSON document: line 1, column 3: '[' or '{' expected near 'not'
catan-validate: 3 files, 1 passed, 2 failed (1 illegal, 1 not read as a game), 128 moves checked" "$output"
	run -0 catan-validate --format github game.json
	assert_eq "catan-validate: 1 file, 1 passed, 0 failed (0 illegal, 0 not read as a game), 125 moves checked" "$output"
}

@test "github: a compact document has its whole log on line 1, and the column of the move" {
	jq -c . bad.json >compact.json
	col=$(($(grep -bo '"red build road 1-5"' compact.json | cut -d: -f1) + 1))
	run -1 catan-validate --format github compact.json
	assert_eq "::error file=compact.json,line=1,col=$col,title=illegal game::move 4 'red build road 1-5': the road must touch your road, settlement or city" "${lines[0]}"
}

@test "github: properties escape % CR LF : and , and the message % CR LF, as GitHub's toolkit does" {
	jq '.log[3] = "red 100%"' bad.json >"$(printf 'a:b,c%%d\re.json')"
	run -1 catan-validate --format github a*
	assert_eq "::error file=a%3Ab%2Cc%25d%0De.json,line=$line,col=5,title=illegal game::move 4 'red 100%25': unknown verb '100%25' (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" "${lines[0]}"
	jq '. + {"x\ny": 1}' game.json >key.json
	run -3 catan-validate --format github key.json
	assert_eq "::error file=key.json,title=not a game::unknown key 'x%0Ay'" "${lines[0]}"
}

@test "github: a log entry the reader refuses is marked at its line" {
	jq '.log[5] = 3' bad.json >l5.json
	run -3 catan-validate --format github l5.json
	assert_eq "::error file=l5.json,line=$((line + 2)),col=5,title=not a game::log[5]: expected a move as a string, found an integer" "${lines[0]}"
}

@test "github: standard input has no file, and its messages say stdin" {
	run -1 catan-validate --format github <bad.json
	assert_eq "::error title=illegal game::stdin: move 4 'red build road 1-5': the road must touch your road, settlement or city" "${lines[0]}"
}

@test "--format tap: TAP version 14, the plan, ok or not ok per file with a YAML block, the summary" {
	run -3 --separate-stderr catan-validate --format tap game.json bad.json nj.json
	assert_eq "" "$stderr"
	assert_eq "TAP version 14
1..3
ok 1 - game.json: ok, 125 moves
not ok 2 - bad.json: move 4 'red build road 1-5': the road must touch your road, settlement or city
  ---
  message: \"the road must touch your road, settlement or city\"
  severity: fail
  data:
    status: 1
    moves_checked: 3
    index: 4
    move: \"red build road 1-5\"
    line: $line
    column: 5
  ...
not ok 3 - nj.json: not a JSON document: line 1, column 3: '[' or '{' expected near 'not'
  ---
  message: \"not a JSON document: line 1, column 3: '[' or '{' expected near 'not'\"
  severity: fail
  data:
    status: 3
    moves_checked: 0
    line: 1
    column: 3
  ...
# 3 files, 1 passed, 2 failed (1 illegal, 1 not read as a game), 128 moves checked" "$output"
}

@test "tap: a # or a backslash in a name is escaped, and prove reads the report" {
	cp game.json 'a#b\c.json'
	run -0 catan-validate --format tap 'a#b\c.json'
	assert_eq 'ok 1 - a\#b\\c.json: ok, 125 moves' "${lines[2]}"
	command -v prove >/dev/null || skip "prove (perl) is not installed"
	printf '#!/bin/sh\ncatan-validate --format tap "$@"\nexit 0\n' >t.sh
	run -1 prove --exec 'sh t.sh' game.json bad.json
}

@test "-q leaves out passing files in text and JSON only: TAP and JUnit count every file" {
	run -1 catan-validate -q --format tap game.json bad.json
	assert_eq "ok 1 - game.json: ok, 125 moves" "${lines[2]}"
	run -1 catan-validate -q --format junit game.json bad.json
	[[ "$output" == *'<testcase name="game.json"'* ]]
	run -1 catan-validate -q --format github game.json bad.json
	assert_eq 2 "${#lines[@]}"
}

@test "-j gives the same report in every form" {
	for i in 1 2 3 4 5 6; do cp bad.json "b$i.json"; cp game.json "g$i.json"; done
	for f in github tap; do
		run -3 catan-validate -j 1 --format "$f" ./*.json
		one=$output
		run -3 catan-validate -j 4 --format "$f" ./*.json
		assert_eq "$one" "$output"
	done
	run -3 catan-validate -j 1 --format junit ./*.json
	one=$(timeless <<<"$output")
	run -3 catan-validate -j 4 --format junit ./*.json
	assert_eq "$one" "$(timeless <<<"$output")"
}

@test "the progress line stays on the terminal: standard output holds only the report" {
	command -v script >/dev/null || skip "script(1) is not installed"
	run -0 script -qec "catan-validate --format tap game.json start.json >out.tap" /dev/null
	[[ "$output" == *"2/2 files, 0 failed, "*" files/s, "*" moves/s"* ]]
	run -0 cat out.tap
	assert_eq "TAP version 14" "${lines[0]}"
	assert_eq 5 "${#lines[@]}"
}

@test "an unknown form is a usage error" {
	run -2 --separate-stderr catan-validate --format xml game.json
	assert_eq "catan-validate: --format: 'xml' is not text, json, junit, github or tap" "${stderr_lines[0]}"
	assert_eq "" "$output"
}

@test "completion offers the forms" {
	run -0 catan-validate --complete --format ''
	assert_eq $'text\njson\njunit\ngithub\ntap' "$output"
}
