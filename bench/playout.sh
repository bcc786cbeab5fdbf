#!/bin/sh
# playout.sh: random play-outs of the base game per second, in one process (the rules engine alone).
# usage: sh bench/playout.sh [BUILD-DIR]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2046
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Ilibcore -I"$b" $(pkg-config --cflags jansson) \
	-o "$tmp/playout" bench/playout.c "$b/libcore.a" $(pkg-config --libs jansson)
echo "playout: goal 2000 or more games per second (random boards, set-up included)"
"$tmp/playout" 4
"$tmp/playout" 3
