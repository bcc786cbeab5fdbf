/* strength.c: one player against others: wins with their 95% interval, CPU per decision (the ladder of bench/README.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play/autoplay.h"
#include "play/best.h"
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

/* The rule sets of the ladder: name, variant, players. */
static const struct {
	const char *name;
	int variant, players;
} tables[] = {
	{ "base", VAR_BASE, 4 }, { "three", VAR_BASE, 3 }, { "two", VAR_TWO, 2 },
	{ "five", VAR_SIX, 5 }, { "six", VAR_SIX, 6 },
};

/*
 * strength GAMES PLAYER OTHERS [TABLE] [FIRST]: GAMES games from random
 * boards (seeds FIRST.. FIRST+GAMES-1, FIRST 1 by default, default rules),
 * one PLAYER (a policy as catan-move's --policy takes it: best:1000,
 * search:1000, greedy) against OTHERS in every other seat, at TABLE: base
 * (four players, the default), three, two (Catan for Two), five or six
 * (the 5-6 player extension).  PLAYER sits in seat (game seed mod
 * players), so every seat gets its share.  Prints one line: wins, the win
 * rate with its 95% Wilson interval and parity, PLAYER's decisions (every
 * move it makes, a forced one included), its CPU time per decision and
 * decisions per CPU second, its play-outs (search's and best's) per CPU
 * second, turns a game; and a line for `strength-sum`
 * to add runs over seed blocks.
 */
int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: strength GAMES PLAYER OTHERS [base|three|two|five|six] [FIRST]\n");
		return 2;
	}
	long games = atol(argv[1]), first = argc > 5 ? atol(argv[5]) : 1;
	int t = 0, hero, hero_budget, other, other_budget;
	long wins = 0, decisions = 0, turns = 0, ended = 0;
	unsigned long playouts = 0;
	double think = 0;
	struct cerr e;

	while (argc > 4 && t < (int)(sizeof tables / sizeof tables[0]) && strcmp(argv[4], tables[t].name) != 0)
		t++;
	if (t == (int)(sizeof tables / sizeof tables[0]) || games < 1 ||
	    autoplay_policy_parse(argv[2], &hero, &hero_budget, &e) ||
	    autoplay_policy_parse(argv[3], &other, &other_budget, &e)) {
		fprintf(stderr, "strength: bad arguments\n");
		return 2;
	}
	int players = tables[t].players;
	for (long k = 0; k < games; k++) {
		struct newgame o = { .nplayers = players, .seed = (uint64_t)(first + k) };
		struct game g;
		struct autoplay a;
		int me = (int)((first + k) % players);
		for (int s = 0; s < players; s++)
			o.colour[s] = (uint8_t)s;
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)tables[t].variant;
		if (game_new(&g, &o, &e) || autoplay_init(&a, &g, other, &e))
			goto fail;
		search_use(&a);
		best_use(&a);
		for (int s = 0; s < MAXPLAYERS; s++)
			a.budget[s] = other_budget;
		a.policy[me] = (uint8_t)hero;
		a.budget[me] = hero_budget;
		a.turn_limit = 1000;
		for (;;) {
			int seat = autoplay_actor(&g), why;
			if (seat == NOBODY || g.pos.turn > a.turn_limit)
				break;
			double t0 = seat == me ? cpu_now() : 0;
			unsigned long p0 = a.playouts;
			if (autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, &why, &e))
				goto fail;
			if (seat == me) {
				think += cpu_now() - t0;
				decisions++;
				playouts += a.playouts - p0;
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
	printf("%s vs %d %s (%s, seeds %ld-%ld): %ld/%ld wins, %.1f%% [%.1f%%, %.1f%%] (parity %.1f%%); "
	       "%ld decisions, %.2f ms CPU each, %.0f a second, %.0f play-outs a CPU second; %.1f turns a game, %ld ended\n",
	       argv[2], players - 1, argv[3], tables[t].name, first, first + games - 1, wins, games,
	       100.0 * (double)wins / (double)games, 100 * lo, 100 * hi, 100.0 / players, decisions,
	       1e3 * think / (double)decisions, (double)decisions / think, (double)playouts / think, (double)turns / (double)games, ended);
	printf("sum %s %s %s %d %ld %ld %ld %.6f %ld %ld %lu\n", argv[2], argv[3], tables[t].name, players, games, wins,
	       decisions, think, turns, ended, playouts);
	return 0;
fail:
	fprintf(stderr, "strength: %s\n", e.msg);
	return 1;
}
