#!/bin/sh
# match-parallel.sh: a match split into N shards run by GNU parallel on the machines HOSTS
# names (parallel -S: ":" is this machine, "4/host" four jobs at once on host, over ssh),
# and resumable: shard K's lines go to DIR/K.jsonl, DIR/joblog records every job, and the
# same command run again plays only the shards that failed, were killed or never ran
# (--resume-failed).  When every shard is done it writes every line, sorted: the same
# bytes as the sorted lines of one plain catan-match run of the same arguments.
#   sh examples/match-parallel.sh out 4 : --seeds 1-1000 greedy random random random
#   SSH='ssh -F cluster.conf' sh examples/match-parallel.sh out 64 8/node1,8/node2,: \
#       --seeds 1-10000000 random random random random > lines.jsonl
# CATAN_MATCH names the program on every machine (default: catan-match on its PATH).
set -eu
if [ $# -lt 4 ]; then
	echo "usage: sh examples/match-parallel.sh DIR N HOSTS CATAN-MATCH-ARGUMENT..." >&2
	exit 2
fi
dir=$1 n=$2 hosts=$3
shift 3
mkdir -p "$dir"
# -q: each argument reaches catan-match as it is, on whichever machine runs it.
parallel -q --joblog "$dir/joblog" --resume-failed -S "$hosts" --ssh "${SSH:-ssh}" \
	--results "$dir/{}.jsonl" "${CATAN_MATCH:-catan-match}" -q --shard "{}/$n" "$@" \
	::: $(seq "$n") >/dev/null
k=1
while [ "$k" -le "$n" ]; do
	cat "$dir/$k.jsonl"
	k=$((k + 1))
done | sort
