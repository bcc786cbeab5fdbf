#!/bin/sh
# dicegame.sh: automatic 15-turn solo games of the dice game per second, in one process.
# usage: sh bench/dicegame.sh [BUILD-DIR]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2046
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Ilibcore -I"$b" $(pkg-config --cflags jansson) \
	-o "$tmp/dicegame" bench/dicegame.c "$b/libcore.a" $(pkg-config --libs jansson)
echo "dicegame: goal 100000 or more games per second (Island One)"
"$tmp/dicegame" 1
"$tmp/dicegame" 2
