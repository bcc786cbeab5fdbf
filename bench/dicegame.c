/* dicegame.c: automatic dice games per second of CPU time, in one process; on the Extra, the wins by seat. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dice_auto.h"
#include "dice_game.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* play: one automatic game from seed to its end; C_OK or the failure in e. */
static int play(struct dgame *g, const struct dmap *map, int n, int castles, uint64_t seed, struct cerr *e)
{
	static const char *const names[] = { "p1", "p2", "p3", "p4" };
	int rc = dice_game_start(g, map, n, names, 0, seed, e);
	g->castles = (uint8_t)castles;
	while (!rc && !g->over)
		rc = dice_auto_turn(g, e);
	return rc;
}

/*
 * seats: GAMES Extra games of n automatic players (seeds 0..GAMES-1), each seat's share of the
 * wins (a shared win split) with a 95% interval, the share of games won with 10 points, the mean
 * and the most turns.  Every seat plays the same policy: the shares measure the map and the order of play.
 */
static int seats(const struct dmap *map, int n, long games, int castles)
{
	struct dgame g;
	struct cerr e;
	double win[DICE_MAXPLAYERS] = { 0 };
	long ten = 0, turns = 0, most = 0;
	dice_game_init(&g);
	for (long k = 0; k < games; k++) {
		if (play(&g, map, n, castles, (uint64_t)k, &e)) {
			fprintf(stderr, "dicegame: game %ld: %s\n", k, e.msg);
			dice_game_free(&g);
			return 1;
		}
		unsigned w = dice_winners(&g);
		int nw = __builtin_popcount(w);
		for (int i = 0; i < n; i++)
			if (w & (1u << i)) {
				win[i] += 1.0 / nw;
				ten += dice_vp(&g, i) >= DICE_WIN_VP && nw == 1;
			}
		turns += g.number;
		most = (long)g.number > most ? (long)g.number : most;
	}
	printf("dicegame: the Extra, %d players%s, %ld games: wins by seat", n, castles ? " with castles" : "", games);
	for (int i = 0; i < n; i++) {
		double p = win[i] / (double)games, h = 1.96 * sqrt(p * (1 - p) / (double)games);
		printf("%s %.1f%% (%.1f-%.1f)", i ? "," : "", 100 * p, 100 * (p - h), 100 * (p + h));
	}
	printf("; won with 10 points %.1f%%, mean turns %.1f, most %ld\n", 100.0 * (double)ten / (double)games,
	       (double)turns / (double)games, most);
	dice_game_free(&g);
	return 0;
}

int main(int argc, char **argv)
{
	struct dmap map;
	struct dgame g;
	struct cerr e;
	int island = argc > 1 ? atoi(argv[1]) : 1;
	int n = island == DICE_EXTRA ? (argc > 2 ? atoi(argv[2]) : 4) : 1;
	int castles = argc > 4 && strcmp(argv[4], "castles") == 0;
	long games = 0, points = 0;
	double t0, t;

	if (dice_map_builtin(island, &map, &e)) {
		fprintf(stderr, "dicegame: %s\n", e.msg);
		return 2;
	}
	if (argc > 3)
		return seats(&map, n, atol(argv[3]), castles);
	dice_game_init(&g);
	t0 = now();
	do {
		for (int k = 0; k < 1000; k++, games++) {
			if (play(&g, &map, n, 0, (uint64_t)games, &e))
				goto fail;
			points += island == 1 ? dice_track_total(&g.p[0]) : (long)g.number;
		}
		t = now() - t0;
	} while (t < 1.0);
	if (island == DICE_EXTRA)
		printf("dicegame: %.0f automatic %d-player games per CPU second on the Extra (%ld games, mean turns %.1f)\n",
		       (double)games / t, n, games, (double)points / (double)games);
	else
		printf("dicegame: %.0f automatic solo games per CPU second on island %d (%ld games, mean %s %.1f)\n",
		       (double)games / t, island, games, island == 1 ? "score" : "turns", (double)points / (double)games);
	dice_game_free(&g);
	return 0;
fail:
	fprintf(stderr, "dicegame: game %ld: %s\n", games, e.msg);
	dice_game_free(&g);
	return 1;
}
