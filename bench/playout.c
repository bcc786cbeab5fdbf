/* playout.c: random play-outs of the base game per second of CPU time, in one process (rules engine). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rng.h"
#include "rules.h"
#include "state.h"

#define MAXMOVES 4096
#define MOVE_CAP 5000		/* a game still running after this many moves is dropped */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A greedy random policy: a city, else a settlement, else another build or card, else a trade, else the first move. */
static const struct move *pick(const struct move *ms, int n, uint64_t rng[4])
{
	int best = -1, rank = 0;
	if (n > MAXMOVES)
		n = MAXMOVES;
	for (int i = 0; i < n; i++) {
		const struct move *m = &ms[i];
		int r = m->verb == MV_BUILD ? (m->piece == PC_CITY ? 5 : m->piece == PC_SETTLEMENT ? 4 : 2)
			: m->verb == MV_BUY ? 3 : m->verb == MV_PLAY ? 3 : m->verb == MV_TRADE ? 1 : 0;
		if (r > rank || (r == rank && r > 0 && rng_below(rng, 4) == 0)) {
			best = i;
			rank = r;
		}
	}
	/* Trades only now and then, so that turns end. */
	if (best < 0 || (rank == 1 && rng_below(rng, 2)))
		return &ms[rng_below(rng, (uint32_t)n)];
	return &ms[best];
}

int main(int argc, char **argv)
{
	static struct move ms[MAXMOVES];
	int nplayers = argc > 1 ? atoi(argv[1]) : 4;
	long games = 0, finished = 0, moves = 0;
	uint64_t rng[4];
	struct cerr e;
	double t0, t;

	rng_seed(rng, 1);
	t0 = now();
	do {
		for (int k = 0; k < 200; k++, games++) {
			struct game g;
			struct newgame o = { .nplayers = nplayers, .seed = (uint64_t)games };
			for (int s = 0; s < nplayers; s++)
				o.colour[s] = (uint8_t)s;
			rules_default(&o.rules);
			if (game_new(&g, &o, &e) != C_OK)
				goto fail;
			for (int i = 0; i < MOVE_CAP && g.pos.phase != PH_OVER; i++, moves++) {
				int n = rules_legal_moves(&g, ms, MAXMOVES);
				if (n == 0 || rules_apply(&g, pick(ms, n, rng), RULES_NO_LOG, &e) != C_OK)
					goto fail;
			}
			finished += g.pos.phase == PH_OVER;
			game_free(&g);
		}
		t = now() - t0;
	} while (t < 1.0);
	printf("playout: %d players: %.0f games per second (%ld games, %ld finished, %.0f moves each, %.1fM moves/s)\n",
	       nplayers, games / t, games, finished, (double)moves / games, moves / t / 1e6);
	return 0;
fail:
	fprintf(stderr, "playout: %s\n", e.msg);
	return 1;
}
