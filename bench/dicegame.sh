#!/bin/sh
# dicegame.sh: automatic 15-turn solo games of the dice game per second, in one process.
# usage: sh bench/dicegame.sh [BUILD-DIR]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
echo "dicegame: goal 200000 or more games per second on Island One, 150000 on Island Two"
"$b/bench/dicegame" 1
"$b/bench/dicegame" 2
