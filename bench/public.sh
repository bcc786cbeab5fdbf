#!/bin/sh
# public.sh: what catan-validate costs on a record that did not see everything (issue 42), against
# the same record whole: each record whole; with the steals and the cards bought unnamed; with the
# discards unnamed too, as a JSettlers2 client's log and a table's transcription have them; and as
# each seat saw it (catan-move --view).  Each file is validated alone (catan-validate -q -j 1,
# processor time, best of 3; about a millisecond of each is the process's start).
# usage: sh bench/public.sh [BUILD-DIR] [RECORD...]   (after make; BUILD-DIR defaults to build)
# A RECORD is a document whose every line names its outcome (catan-import of a catanatron export);
# without any, the catanatron exports of ../shared/corpora beside the repository, when present and
# GAMES is not set, else GAMES (20) games played to their end by automatic players from seeds 1 up, as
# records with external outcomes.  A run over a second is not repeated.
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
[ $# -gt 0 ] && shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/in" "$tmp/whole" "$tmp/buys" "$tmp/discards" "$tmp/views"

if [ $# -eq 0 ]; then
	corpus=../shared/corpora/catanatron-json
	i=0
	if [ -d "$corpus" ] && [ -z "${GAMES:-}" ]; then
		for f in "$corpus"/*/*.json; do
			i=$((i + 1))
			"$b/bin/catan-import" "$f" >"$tmp/in/$i.json"
		done
	else
		# A game's record with external outcomes: the dice and cards are the log's, the deck counts.
		while [ "$i" -lt "${GAMES:-20}" ]; do
			i=$((i + 1))
			"$b/bin/catan-newboard" --seed "$i" | "$b/bin/catan-move" --until-end |
				jq '.rules.outcomes = "external" | del(.seed, .position, .start.rng)
					| .start.deck |= (group_by(.) | map({(.[0]): length}) | add)' >"$tmp/in/$i.json"
		done
	fi
else
	i=0
	for f in "$@"; do
		i=$((i + 1))
		cp "$f" "$tmp/in/$i.json"
	done
fi

# The record hidden as the public saw it: the card bought, the card stolen, then the discards.
buys='.log |= map(sub(" buy [a-z-]+$"; " buy") | sub("(?<a> robber [0-9]+ steal [a-z]+) [a-z]+$"; "\(.a)"))'
discards='.log |= map(sub(" discard .*$"; " discard"))'
for f in "$tmp"/in/*.json; do
	n=${f##*/}
	jq 'del(.position)' "$f" >"$tmp/whole/$n"
	jq "del(.position) | $buys" "$f" >"$tmp/buys/$n"
	jq "del(.position) | $buys | $discards" "$f" >"$tmp/discards/$n"
	# (A record that does not replay has no views.)
	for c in $(jq -r '.players[]' "$f"); do
		"$b/bin/catan-move" --view "$c" <"$tmp/whole/$n" >"$tmp/views/${n%.json}-$c.json" 2>/dev/null ||
			rm "$tmp/views/${n%.json}-$c.json"
	done
done

# cpu FILE: catan-validate's least processor time of three runs on FILE (one when it takes over a
# second), in ns, and its status.
cpu() {
	least=""
	for k in 1 2 3; do
		"$b/bench/cputime" "$b/bin/catan-validate" -q -j 1 "$1" >"$tmp/out" 2>"$tmp/t" || :
		t=$(tail -n 1 "$tmp/t" | cut -d' ' -f1)
		if [ -z "$least" ] || [ "$t" -lt "$least" ]; then least=$t; fi
		[ "$t" -lt 1000000000 ] || break
	done
	# cputime exits 1 for any failure: the status from what -q wrote (nothing when it passed).
	if [ ! -s "$tmp/out" ]; then st=0
	elif grep -q 'too many to follow$' "$tmp/out"; then st=4
	else st=1
	fi
	echo "$least $st"
}

echo "public: catan-validate -j 1 on $i records, each alone (processor time, best of 3 under a second)"
for way in whole buys discards views; do
	for f in "$tmp/$way"/*.json; do
		cpu "$f"
	done | sort -n | awk -v way="$way" '
	{ t[NR] = $1; sum += $1; st[$2]++ }
	END {
		names["whole"] = "whole"; names["buys"] = "steals and buys unnamed"
		names["discards"] = "the discards too"; names["views"] = "each seat'"'"'s view"
		printf "  %-24s %3d files: %2d ok, %2d refused, %2d at a cap   total %8.3f s   median %7.1f ms   most %8.1f ms\n",
			names[way], NR, st[0], st[1], st[4], sum / 1e9, t[int((NR + 1) / 2)] / 1e6, t[NR] / 1e6
	}'
done
