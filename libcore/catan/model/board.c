/* board.c: the beginner board, random boards, and number-token placement. */
#include <string.h>

#include "model/board.h"
#include "model/geom.h"
#include "rng.h"


/* Intersections are 0-based here: catan-state(5)'s intersection 9 is 8. */
const struct beginner_pieces board_beginner_pieces[COL_GREEN] = {
	[COL_RED] = { { 8, 28 }, { { 8, 13 }, { 28, 34 } } },
	[COL_BLUE] = { { 41, 39 }, { { 36, 41 }, { 39, 44 } } },
	[COL_WHITE] = { { 17, 31 }, { { 17, 22 }, { 25, 31 } } },
	[COL_ORANGE] = { { 14, 40 }, { { 9, 14 }, { 40, 45 } } },
};

void board_beginner(struct board *b)
{
	static const uint8_t terrain[GEOM_BASE_NHEX] = {
		T_MOUNTAINS, T_PASTURE, T_FOREST,
		T_FIELDS, T_HILLS, T_PASTURE, T_HILLS,
		T_FIELDS, T_FOREST, T_DESERT, T_FOREST, T_MOUNTAINS,
		T_FOREST, T_MOUNTAINS, T_FIELDS, T_PASTURE,
		T_HILLS, T_FIELDS, T_PASTURE,
	};
	static const uint8_t token[GEOM_BASE_NHEX] = {
		10, 2, 9,
		12, 6, 4, 10,
		9, 11, 0, 3, 8,
		8, 3, 4, 5,
		5, 6, 11,
	};
	static const uint8_t harbour[GEOM_BASE_NHARBOUR] = {
		HB_GENERIC, RES_GRAIN, RES_ORE, HB_GENERIC, RES_WOOL,
		HB_GENERIC, HB_GENERIC, RES_BRICK, RES_LUMBER,
	};
	memset(b, 0, sizeof *b);	/* the places of a larger board's hexes too: boards compare whole */
	memcpy(b->terrain, terrain, sizeof terrain);
	memcpy(b->token, token, sizeof token);
	memcpy(b->harbour, harbour, sizeof harbour);
	board_index(b, GEOM_BASE_NHEX);
}

void board_index(struct board *b, int nhex)
{
	uint8_t count[MAX_TOKEN + 2] = { 0 };
	for (int h = 0; h < nhex; h++)
		if (b->terrain[h] < T_DESERT && b->token[h] <= MAX_TOKEN)
			count[b->token[h] + 1]++;
	b->token_first[0] = 0;
	for (int t = 1; t < MAX_TOKEN + 2; t++)
		b->token_first[t] = (uint8_t)(b->token_first[t - 1] + count[t]);
	memset(count, 0, sizeof count);
	for (int h = 0; h < nhex; h++)
		if (b->terrain[h] < T_DESERT && b->token[h] <= MAX_TOKEN) {
			int t = b->token[h];
			b->by_token[b->token_first[t] + count[t]++] = (uint8_t)h;
		}
	size_t used = b->token_first[MAX_TOKEN + 1];	/* the rest of the array, cleared */
	memset(b->by_token + used, 0, sizeof b->by_token - used);
}

int board_desert(const struct geometry *geo, const struct board *b)
{
	for (int h = 0; h < geo->nhex; h++)
		if (b->terrain[h] == T_DESERT)
			return h;
	return -1;
}

int board_red_neighbours(const struct ruleset *rs, const struct board *b)
{
	const struct geometry *geo = rs->geom;
	for (int h = 0; h < geo->nhex; h++) {
		if (!rs_token_red(rs, b->token[h]))
			continue;
		for (int k = 0; k < 6; k++) {
			int n = geo->hex_hexes[h][k];
			if (n >= 0 && rs_token_red(rs, b->token[n]))
				return 1;
		}
	}
	return 0;
}

/* The spiral of 001 from a corner (geom.h's spiral); tokens in A, B, ... order, the deserts skipped. */
static void lay_spiral(const struct ruleset *rs, struct board *b, int corner)
{
	const int8_t *order = rs->geom->spiral + corner * rs->geom->nhex;
	for (int i = 0, t = 0; i < rs->geom->nhex; i++) {
		int h = order[i];
		b->token[h] = b->terrain[h] == T_DESERT ? 0 : rs->tokens[t++];
	}
}

static void lay_random(const struct ruleset *rs, struct board *b, uint64_t rng[4])
{
	uint8_t tok[MAX_HEX];
	do {
		int t = 0;
		memcpy(tok, rs->tokens, rs->ntoken);
		rng_shuffle(rng, tok, rs->ntoken);
		for (int h = 0; h < rs->geom->nhex; h++)
			b->token[h] = b->terrain[h] == T_DESERT ? 0 : tok[t++];
	} while (board_red_neighbours(rs, b));
}

void board_random(const struct ruleset *rs, struct board *b, uint64_t rng[4], enum numbers_mode mode,
		  enum harbours_mode harbours)
{
	int nhex = rs->geom->nhex, n = 0;
	memset(b, 0, sizeof *b);
	for (int t = 0; t < NTERRAIN; t++)
		for (int k = 0; k < rs->terrains[t]; k++)
			b->terrain[n++] = (uint8_t)t;
	rng_shuffle(rng, b->terrain, nhex);
	memcpy(b->harbour, rs->harbours, rs->geom->nharbour);
	rng_shuffle(rng, b->harbour, rs->geom->nharbour);
	if (harbours == HARBOURS_FIXED)	/* drawn and put back: the rest of the board as if shuffled */
		memcpy(b->harbour, rs->harbours, rs->geom->nharbour);
	if (mode == NUMBERS_SPIRAL)
		lay_spiral(rs, b, (int)rng_below(rng, rs->geom->ncorner));
	else
		lay_random(rs, b, rng);
	board_index(b, nhex);
}
