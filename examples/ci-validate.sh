#!/bin/sh
# ci-validate.sh: checks a folder of recorded games the way a CI step does: every file, one line
# per failure, one summary line, and one exit status (catan-validate's highest: 1 an illegal
# game, 3 a file that is not a game, 4 a file that cannot be read; 2 when DIR is not a folder
# or holds no game, so that a mistyped path never gives a green CI).
#
#   sh examples/ci-validate.sh DIR              every *.json below DIR, on this machine
#   SHARD=K/N sh examples/ci-validate.sh DIR    only share K (0 .. N-1) of N: a CI job matrix of
#                                               N machines splits the folder, each runs one share
#   sh examples/ci-validate.sh                  a demonstration on a few new games
#
# When one machine is not enough, the same command spreads further:
#   - a CI matrix: N jobs, each with SHARD=K/N (file i, in sorted order, goes to share i mod N);
#   - GNU parallel over ssh, when every host sees the folder at the same path (a shared file
#     system, or the same checkout):
#         find DIR -name '*.json' | parallel -X -S host1,host2,: --workdir . \
#             catan-validate -q --json > report.jsonl
#   - xargs, for a list too long for one command line (catan-validate -j already uses every
#     core of the machine it runs on):
#         find DIR -name '*.json' -print0 | xargs -0 catan-validate -q --json > report.jsonl
# Each gives one JSON object per failing file; the status of the whole is the highest:
#         jq -s 'map(.status) | max // 0' report.jsonl
# A CI system that reads reports of its own takes catan-validate's directly (one command, so
# that the report is one document):
#         catan-validate --format github DIR/*.json         # GitHub Actions: annotations on the lines
#         catan-validate --format junit DIR/*.json >report.xml   # GitLab, Jenkins: JUnit XML
#         catan-validate --format tap DIR/*.json            # prove and other TAP readers
set -u

tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

dir=${1:-}
if [ -z "$dir" ]; then
	dir=$tmp/games
	mkdir "$dir"
	catan-newboard --beginner --seed 1 --rules outcomes=external |
		catan-move 'red roll 6 3' 'red end' 'blue roll 4 4' 'blue end' >"$dir/beginner.json"
	for seed in 1 2 3; do catan-newboard --seed "$seed" >"$dir/random-$seed.json"; done
fi

[ -d "$dir" ] || { echo "ci-validate: '$dir' is not a folder" >&2; exit 2; }

shard=${SHARD:-0/1}
k=${shard%/*} n=${shard#*/}
case "$k/$n" in
*[!0-9/]* | /* | */ | */0) echo "ci-validate: SHARD must be K/N with 0 <= K < N, not '$shard'" >&2; exit 2 ;;
esac
[ "$k" -lt "$n" ] || { echo "ci-validate: SHARD must be K/N with 0 <= K < N, not '$shard'" >&2; exit 2; }

# This machine's files, in a fixed order; then every one of them checked, failures as JSON.
find "$dir" -type f -name '*.json' | LC_ALL=C sort | awk -v k="$k" -v n="$n" '(NR - 1) % n == k' >"$tmp/files"
if ! find "$dir" -type f -name '*.json' | grep -q .; then
	echo "ci-validate: no games (*.json) in '$dir'" >&2
	exit 2
fi
tr '\n' '\0' <"$tmp/files" | xargs -0 -r catan-validate -q --json >"$tmp/report"
# xargs says 126 or 127 when catan-validate could not be run at all: that is no pass either.
case $? in 126 | 127) echo "ci-validate: cannot run catan-validate (is it on PATH?)" >&2; exit 4 ;; esac

# One line per failure, as catan-validate prints it, then the summary and the status.
jq -r 'if .error.index then "\(.file): move \(.error.index) '\''\(.error.move)'\'': \(.error.message)"
       else "\(.file): \(.error.message)" end' "$tmp/report"
files=$(wc -l <"$tmp/files")
failed=$(wc -l <"$tmp/report")
status=$(jq -s 'map(.status) | max // 0' "$tmp/report")
where=""
[ "$n" -gt 1 ] && where=" shard $shard:"
echo "ci-validate:$where $((files)) files, $((failed)) failed, status $status"
exit "$status"
