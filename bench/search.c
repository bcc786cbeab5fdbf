/* search.c: the search player against greedy ones: wins with their 95% intervals, CPU per decision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play/autoplay.h"
#include "rules/rules.h"
#include "play/search.h"
#include "model/seats.h"
#include "model/state.h"

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The Wilson score interval at 95% of w wins in n games. */
static void wilson(long w, long n, double *lo, double *hi)
{
	double z = 1.96, p = (double)w / (double)n, z2n = z * z / (double)n;
	double c = (p + z2n / 2) / (1 + z2n);
	double h = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
	*lo = c - h;
	*hi = c + h;
}

/*
 * search GAMES BUDGET [two] [FIRST]: GAMES games from random boards
 * (seeds FIRST.. FIRST+GAMES-1, FIRST 1 by default), one search player of
 * BUDGET play-outs a decision against greedy players: three in the base
 * game, one in Catan for Two ("two"); the search player sits in seat
 * (game number mod players), so every seat gets its share.  Prints one
 * line: wins, the win rate with its 95% Wilson interval, the search's
 * decisions, its CPU time per decision and decisions per CPU second.
 */
int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: search GAMES BUDGET [two|base] [FIRST]\n");
		return 2;
	}
	long games = atol(argv[1]), first = argc > 4 ? atol(argv[4]) : 1;
	int budget = atoi(argv[2]), two = argc > 3 && strcmp(argv[3], "two") == 0;
	int players = two ? 2 : 4;
	long wins = 0, decisions = 0, turns = 0, ended = 0;
	double think = 0;
	struct cerr e;

	for (long k = 0; k < games; k++) {
		struct newgame o = { .nplayers = players, .seed = (uint64_t)(first + k) };
		struct game g;
		struct autoplay a;
		int me = (int)((first + k) % players);
		for (int s = 0; s < 4; s++)
			o.colour[s] = (uint8_t)s;
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)(two ? VAR_TWO : VAR_BASE);
		if (game_new(&g, &o, &e) || autoplay_init(&a, &g, POL_GREEDY, &e))
			goto fail;
		search_use(&a);
		a.policy[me] = POL_SEARCH;
		a.budget[me] = budget;
		a.turn_limit = 1000;
		for (;;) {
			int seat = autoplay_actor(&g), why;
			if (seat == NOBODY || g.pos.turn > a.turn_limit)
				break;
			double t0 = seat == me ? cpu_now() : 0;
			if (autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, &why, &e))
				goto fail;
			if (seat == me) {
				think += cpu_now() - t0;
				decisions++;
			}
			if (why != AUTO_COUNT)
				break;
		}
		ended += g.pos.phase == PH_OVER;
		wins += g.pos.phase == PH_OVER && game_winner(&g, &g.pos) == me;
		turns += g.pos.turn;
		autoplay_free(&a);
		game_free(&g);
	}
	double lo, hi;
	wilson(wins, games, &lo, &hi);
	printf("search:%d vs %s: %ld/%ld wins, %.1f%% [%.1f%%, %.1f%%] (parity %.0f%%); %ld decisions, "
	       "%.2f ms CPU each, %.0f a second; %.1f turns a game, %ld ended\n",
	       budget, two ? "greedy (Catan for Two)" : "3 greedy", wins, games, 100.0 * (double)wins / (double)games,
	       100 * lo, 100 * hi, 100.0 / players, decisions, 1e3 * think / (double)decisions,
	       (double)decisions / think, (double)turns / (double)games, ended);
	return 0;
fail:
	fprintf(stderr, "search: %s\n", e.msg);
	return 1;
}
