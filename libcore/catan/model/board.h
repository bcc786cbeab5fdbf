/* board.h: board layouts: the beginner board and random boards from the generator. */
#ifndef CATAN_BOARD_H
#define CATAN_BOARD_H

#include "model/ruleset.h"
#include "model/types.h"

enum numbers_mode { NUMBERS_SPIRAL, NUMBERS_RANDOM };
/* Harbour kinds on a random board: shuffled from the seed, or in the rule set's table order. */
enum harbours_mode { HARBOURS_SHUFFLED, HARBOURS_FIXED };

/* board_beginner: fills b with the beginner board (catan-newboard(1), "The beginner board"). */
void board_beginner(struct board *b);
/*
 * board_random: a random board of the rule set's composition: shuffles
 * terrains, then harbour kinds, then lays the tokens (spiral from a random
 * corner, or shuffled until no 6 and 8 are neighbours), drawing from rng
 * in that order.  With HARBOURS_FIXED the harbour kinds are drawn all the
 * same and put back in the table's order, so that the terrains and tokens
 * are those of the shuffled board from the same rng.
 */
void board_random(const struct ruleset *rs, struct board *b, uint64_t rng[4], enum numbers_mode mode,
		  enum harbours_mode harbours);
/*
 * board_index: computes b's derived by_token and token_first from its
 * terrain and tokens (nhex hexes); to be called whenever a board is made,
 * read or edited.
 */
void board_index(struct board *b, int nhex);
/* board_desert: the desert hex (the first one, should a custom board have more), or -1. */
int board_desert(const struct geometry *geo, const struct board *b);
/* board_red_neighbours: 1 when two hexes holding red tokens (rs_token_red: 6 or 8) share a side, on rs's board. */
int board_red_neighbours(const struct ruleset *rs, const struct board *b);

/*
 * Beginner starting pieces by colour: two settlements and two roads
 * (0-based nodes, paths by ends), for the base game's four colours (green
 * and brown have no beginner set-up).
 */
struct beginner_pieces {
	int8_t settlement[2];	/* [1] is the one that pays the starting resources */
	int8_t road[2][2];
};
extern const struct beginner_pieces board_beginner_pieces[COL_GREEN];

#endif
