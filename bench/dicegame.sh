#!/bin/sh
# dicegame.sh: automatic games of the dice game per second, in one process: solo games on the
# islands, four players on the Extra's shared map.
# usage: sh bench/dicegame.sh [BUILD-DIR]   (after make; BUILD-DIR defaults to build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
echo "dicegame: goal 200000 or more games per second on Island One, 150000 on Island Two, 5000 on the Extra"
"$b/bench/dicegame" 1
"$b/bench/dicegame" 2
"$b/bench/dicegame" 3 4
