/* playout.c: random play-outs in one process: games, moves per second of CPU time, mean moves per game. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "play/autoplay.h"
#include "rules/rules.h"
#include "model/state.h"

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/*
 * playout [GAMES [POLICY [two|six]]]: GAMES games (default 2000) from random
 * boards (seeds 1..GAMES), four players of POLICY (default random) or, with
 * "two", Catan for Two's two players and two neutral seats, or with "six"
 * six players of the 5-6 player extension, each game from
 * its set-up to its end (the turn limit 1000 stops a game that stalls),
 * moves applied with RULES_NO_LOG.  The time counted is the whole: new
 * boards, choices, moves; the new boards' share is also shown.
 */
int main(int argc, char **argv)
{
	long games = argc > 1 ? atol(argv[1]) : 2000, moves = 0, ended = 0, turns = 0;
	int pol = argc > 2 && argv[2][0] == 'g' ? POL_GREEDY : POL_RANDOM;
	int two = argc > 3 && argv[3][0] == 't', six = argc > 3 && argv[3][0] == 's';
	double play = 0, setup = 0;
	struct game g;
	struct autoplay a;
	struct cerr e;

	for (long k = 0; k < games; k++) {
		struct newgame o = { .nplayers = two ? 2 : six ? 6 : 4, .seed = (uint64_t)k + 1 };
		long made;
		int why;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)s;
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)(two ? VAR_TWO : six ? VAR_SIX : VAR_BASE);
		double t0 = cpu_now();
		if (game_new(&g, &o, &e) || autoplay_init(&a, &g, pol, &e))
			goto fail;
		a.turn_limit = 1000;
		double t1 = cpu_now();
		if (autoplay_run(&a, &g, -1, RULES_NO_LOG, &made, &why, &e))
			goto fail;
		double t2 = cpu_now();
		setup += t1 - t0;
		play += t2 - t1;
		moves += made;
		turns += g.pos.turn;
		ended += why == AUTO_OVER;
		autoplay_free(&a);
		game_free(&g);
	}
	double all = play + setup;
	printf("playout: %.0f %s games per CPU second (%ld games from random boards, %s, "
	       "%ld ended by a win)\n", (double)games / all, policy_names[pol], games,
	       two ? "Catan for Two" : six ? "six players, 5-6 player extension" : "four players", ended);
	printf("playout: %.0f moves per CPU second; %.1f moves and %.1f turns per game; "
	       "%.2f us per move; new boards %.1f%% of the time\n", (double)moves / all,
	       (double)moves / (double)games, (double)turns / (double)games,
	       1e6 * all / (double)moves, 100 * setup / all);
	return 0;
fail:
	fprintf(stderr, "playout: game %ld: %s\n", games, e.msg);
	return 1;
}
