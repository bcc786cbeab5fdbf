/*
 * search_test: the search player's move is a function of what its seat sees, its seed and its
 * budget: the same position gives the same move, and so do the seat's view and a game whose hidden
 * cards (other hands, the deck, the generator) are otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "rng.h"
#include "rules/rules.h"
#include "play/search.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"
#include "unit.h"

#define BUDGET 16

static int same(const struct move *a, const struct move *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/*
 * hide_otherwise: h, a copy of g, gets other hidden cards that seat cannot
 * tell from g's: two hidden hands swap two cards of different kinds, a
 * hidden development card swaps with one of another kind in the deck, the
 * deck is shuffled and the generator seeded again.  Returns whether a card
 * moved.
 */
static int hide_otherwise(const struct game *g, int seat, struct game *h, uint64_t rng[4])
{
	struct position *p = &h->pos;
	int moved = 0;
	for (int t = 0; t < h->nplayers && !moved; t++)
		for (int u = t + 1; u < h->nplayers && !moved; u++)
			for (int a = 0; a < NRES && !moved && t != seat && u != seat; a++)
				for (int b = 0; b < NRES && !moved; b++)
					if (a != b && p->pl[t].hand[a] && p->pl[u].hand[b]) {
						p->pl[t].hand[a]--, p->pl[t].hand[b]++;
						p->pl[u].hand[b]--, p->pl[u].hand[a]++;
						moved = 1;
					}
	for (int t = 0; t < h->nplayers && !seat_may_see(g, &g->pos, seat, t, HID_DEV); t++)
		for (int i = 0; i < p->deck_len; i++)
			for (int d = 0; d < NDEV; d++)
				if (t != seat && p->pl[t].dev[d] && p->deck[i] != d) {
					p->pl[t].dev[p->deck[i]]++;
					p->pl[t].dev[d]--;
					p->deck[i] = (uint8_t)d;
					pos_deck_counts(p);
					moved = 1;
					i = p->deck_len;
					break;
				}
	rng_shuffle(rng, p->deck, p->deck_len);
	pos_deck_counts(p);
	rng_seed(p->rng, rng_next(rng));
	return moved;
}

/* Checks the search at g's position for its actor. */
static void check_position(struct unit *u, const struct game *g, const char *name, long move, uint64_t rng[4],
			   int *moved)
{
	struct cerr e = { 0 };
	struct move m1, m2;
	struct game h, v;
	struct position before = g->pos;
	int seat = autoplay_actor(g);

	if (seat == NOBODY)
		return;
	int rc = search_choose(g, seat, BUDGET, 7, 0, &m1, &e);
	CHECK(u, rc == C_OK, "%s, move %ld: %s", name, move, e.msg);
	if (rc)
		return;
	CHECK(u, memcmp(&before, &g->pos, sizeof before) == 0, "%s, move %ld: the game is unchanged", name, move);
	CHECK(u, search_choose(g, seat, BUDGET, 7, 0, &m2, &e) == C_OK && same(&m1, &m2),
	      "%s, move %ld: the same seed and budget give the same move", name, move);
	if (game_copy(&h, g, &e) == C_OK) {
		*moved += hide_otherwise(g, seat, &h, rng);
		CHECK(u, search_choose(&h, seat, BUDGET, 7, 0, &m2, &e) == C_OK && same(&m1, &m2),
		      "%s, move %ld: other hidden cards give the same move", name, move);
		game_free(&h);
	}
	if (game_view(g, seat, &v, &e) == C_OK) {
		CHECK(u, search_choose(&v, seat, BUDGET, 7, 0, &m2, &e) == C_OK && same(&m1, &m2),
		      "%s, move %ld: the seat's view gives the same move", name, move);
		game_free(&v);
	}
}

/* A greedy game of o, its position checked every `every` moves. */
static void check_game(struct unit *u, const struct newgame *o, const char *name, int every, int *moved)
{
	struct game g;
	struct autoplay a;
	struct cerr e = { 0 };
	uint64_t rng[4];

	rng_seed(rng, o->seed);
	if (game_new(&g, o, &e) != C_OK || autoplay_init(&a, &g, POL_GREEDY, &e) != C_OK) {
		CHECK(u, 0, "%s: %s", name, e.msg);
		return;
	}
	for (long move = 0; g.pos.phase != PH_OVER && g.pos.turn < 300; move++) {
		if (move % every == 0)
			check_position(u, &g, name, move, rng, moved);
		int why;
		if (autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, &why, &e) != C_OK || why != AUTO_COUNT)
			break;
	}
	autoplay_free(&a);
	game_free(&g);
}

int main(void)
{
	struct unit u = { 0, 0 };
	struct newgame o = { .nplayers = 4, .seed = 3, .colour = { 0, 1, 2, 3 } };
	int moved = 0;

	rules_default(&o.rules);
	check_game(&u, &o, "base, 4 players", 7, &moved);
	o.rules.outcomes = OUT_EXTERNAL;
	o.seed = 4;
	check_game(&u, &o, "base, 4 players, external outcomes", 23, &moved);
	rules_default(&o.rules);
	o.nplayers = 2;
	o.seed = 5;
	o.rules.variant = VAR_TWO;
	check_game(&u, &o, "Catan for Two", 9, &moved);
	CHECK(&u, moved > 10, "hidden cards were moved in %d positions", moved);

	/* Refused: a seat with no move. */
	struct game g;
	struct move m;
	struct cerr e = { 0 };
	o = (struct newgame){ .nplayers = 4, .seed = 3, .colour = { 0, 1, 2, 3 } };
	rules_default(&o.rules);
	if (game_new(&g, &o, &e) == C_OK) {
		CHECK(&u, search_choose(&g, 1, BUDGET, 7, 0, &m, &e) == C_ILLEGAL &&
				  strcmp(e.msg, "no legal move for the player to move") == 0,
		      "a seat with no move: %s", e.msg);
		game_free(&g);
	}
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
