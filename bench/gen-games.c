/* gen-games: a corpus of games played at random through the rules engine, for bench/validate.sh. */
#include <stdio.h>
#include <stdlib.h>

#include "model/move.h"
#include "rules/movegen.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/state.h"
#include "doc/state_json.h"

/*
 * The move to play: builds, buys and card plays before trades, trades
 * before ending the turn, so that games go on to a winner; any other
 * move (roll, discard, robber) is the only kind on offer anyway.
 */
static int pick(const struct move *m, int n, uint64_t rng[4])
{
	int best = -1, bestw = -1, ties = 0;
	for (int i = 0; i < n; i++) {
		int w = 1;
		if (m[i].verb == MV_BUILD)
			w = m[i].piece == PC_ROAD ? 3 : 5;
		else if (m[i].verb == MV_BUY || m[i].verb == MV_PLAY)
			w = 4;
		else if (m[i].verb == MV_TRADE)
			w = 2;
		else if (m[i].verb == MV_END)
			w = 0;
		if (w > bestw) {
			best = i;
			bestw = w;
			ties = 1;
		} else if (w == bestw && rng_below(rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	/* Roads alone would run out the supply: end the turn some of the time instead. */
	if (bestw == 3 && rng_below(rng, 3) == 0)
		for (int i = 0; i < n; i++)
			if (m[i].verb == MV_END)
				return i;
	return best;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: gen-games SEED GAMES MAX-MOVES DIR\n");
		return 2;
	}
	uint64_t seed = strtoull(argv[1], NULL, 10), rng[4];
	int games = atoi(argv[2]), maxmoves = atoi(argv[3]);
	const char *dir = argv[4];
	long total = 0;
	static struct move moves[1024];

	rng_seed(rng, seed);
	for (int k = 0; k < games; k++) {
		struct newgame o = { .nplayers = 4,
				     .colour = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE },
				     .seed = seed + (uint64_t)k };
		struct cerr e;
		struct game g;
		rules_default(&o.rules);
		if (game_new(&g, &o, &e) != C_OK) {
			fprintf(stderr, "gen-games: %s\n", e.msg);
			return 1;
		}
		for (int i = 0; i < maxmoves && g.pos.phase != PH_OVER; i++) {
			int n = movegen_legal(&g, NOBODY, 0, moves, 1024);
			if (n > 1024)
				n = 1024;
			if (n == 0)
				break;
			int c = pick(moves, n, rng);
			if (rules_apply(&g, &moves[c], 0, &e) != C_OK) {
				char text[160];
				move_format(&g, &moves[c], text, sizeof text);
				fprintf(stderr, "gen-games: game %d: listed move '%s' refused: %s\n", k,
					text, e.msg);
				return 1;
			}
		}
		total += (long)g.log.len;
		char path[4096], *out;
		size_t len;
		snprintf(path, sizeof path, "%s/game-%04d.json", dir, k);
		FILE *f = fopen(path, "w");
		if (!f || game_write(&g, 0, &out, &len, &e) != C_OK || fwrite(out, 1, len, f) != len ||
		    fclose(f) != 0) {
			fprintf(stderr, "gen-games: cannot write %s\n", path);
			return 1;
		}
		free(out);
		game_free(&g);
	}
	printf("%d games, %ld moves\n", games, total);
	return 0;
}
