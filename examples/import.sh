#!/bin/sh
# import.sh: a game recorded by catanatron, checked by our rules and scored.
#
#   sh examples/import.sh [EXPORT.json]
#
# Without an argument it imports the small catanatron export of the tests (the beginner board
# and a few turns).  catan-import writes a record (a start and a log, no position); every other
# command reads it: catan-validate replays it, catan-score scores where it ends.
set -eu

here=$(dirname "$0")
export_file=${1:-$here/../tests/fixtures/import/catanatron-beginner.json}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

catan-import "$export_file" > "$tmp/record.json"
echo "imported $(jq '.log | length' "$tmp/record.json") moves of $(jq -r '.players | join(", ")' "$tmp/record.json")"
catan-validate "$tmp/record.json" | sed "s|$tmp/||"
catan-score "$tmp/record.json"
