/* dicegame.c: automatic 15-turn solo games of the dice game per second of CPU time, in one process. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dice_auto.h"
#include "dice_game.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct dmap map;
	struct dgame g;
	struct cerr e;
	const char *names[] = { "solo" };
	int island = argc > 1 ? atoi(argv[1]) : 1;
	long games = 0, points = 0;
	double t0, t;

	if (dice_map_builtin(island, &map, &e)) {
		fprintf(stderr, "dicegame: %s\n", e.msg);
		return 2;
	}
	dice_game_init(&g);
	t0 = now();
	do {
		for (int k = 0; k < 1000; k++, games++) {
			if (dice_game_start(&g, &map, 1, names, 0, (uint64_t)games, &e))
				goto fail;
			while (!g.over)
				if (dice_auto_turn(&g, &e))
					goto fail;
			points += island == 1 ? dice_track_total(&g.p[0]) : (long)g.number;
		}
		t = now() - t0;
	} while (t < 1.0);
	printf("dicegame: %.0f automatic solo games per CPU second on island %d (%ld games, mean %s %.1f)\n",
	       (double)games / t, island, games, island == 1 ? "score" : "turns", (double)points / (double)games);
	dice_game_free(&g);
	return 0;
fail:
	fprintf(stderr, "dicegame: game %ld: %s\n", games, e.msg);
	dice_game_free(&g);
	return 1;
}
