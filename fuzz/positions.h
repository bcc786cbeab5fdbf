/* positions.h: the games the move targets play on, built once when a target starts. */
#ifndef CATAN_FUZZ_POSITIONS_H
#define CATAN_FUZZ_POSITIONS_H

#include "model/types.h"

#define NPOSITIONS 17

/*
 * positions_build: fills games[0 .. NPOSITIONS-1] with positions of every
 * phase: a beginner start, a random board in set-up, games after automatic
 * moves (early, middle, late, over), a game with external outcomes, a
 * three-player and a two-player game.  The same every run.  Aborts when a
 * game cannot be made (the target cannot run without them).
 */
void positions_build(struct game games[NPOSITIONS]);

/*
 * positions_seeds: when the environment names a folder in FUZZ_SEED_DIR,
 * writes a seed input there for every legal move of every position: the
 * position's byte, then the move as text (or, with json, as a JSON object).
 */
void positions_seeds(const struct game games[NPOSITIONS], int json);

/*
 * position_after: what must hold after rules_apply returned rc on g, a copy
 * of src: an accepted move leaves a game that keeps its invariants, reads
 * back the same and replays; a refused one (C_ILLEGAL) changes nothing.
 * Aborts with a message when one fails.
 */
void position_after(const struct game *src, const struct game *g, int rc);

#endif
