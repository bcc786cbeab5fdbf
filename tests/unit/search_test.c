/*
 * search_test: the search and best players' moves are functions of what their seat sees, their
 * seed and their budget: the same position gives the same move, and so do the seat's view and a
 * game whose hidden cards (other hands, the deck, the generator) are otherwise, in every rule set.
 */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "play/best.h"
#include "rules/movegen.h"
#include "rng.h"
#include "rules/rules.h"
#include "play/search.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"
#include "unit.h"

#define BUDGET 16

/* A player under test: its name and its choice with a fixed budget and trades. */
struct chooser {
	const char *name;
	int budget;
	int (*choose)(const struct game *g, int seat, int budget, uint64_t seed, struct move *m, struct cerr *e);
};

static int search_at(const struct game *g, int seat, int budget, uint64_t seed, struct move *m, struct cerr *e)
{
	return search_choose(g, seat, budget, seed, 0, m, NULL, e);
}

static int best_at(const struct game *g, int seat, int budget, uint64_t seed, struct move *m, struct cerr *e)
{
	static const struct turn_trades none;
	return best_choose(g, seat, budget, seed, &none, m, NULL, e);
}

static const struct chooser search_player = { "search", BUDGET, search_at };
/* best's budget passes its first look at every candidate, so that its halving runs too. */
static const struct chooser best_player = { "best", 3 * BUDGET, best_at };

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
			for (int a = 0; a < NRES && !moved && t != seat && u != seat &&
					!seat_may_see(g, &g->pos, seat, t, HID_HAND) &&
					!seat_may_see(g, &g->pos, seat, u, HID_HAND); a++)
				for (int b = 0; b < NRES && !moved; b++)
					if (a != b && p->pl[t].hand[a] && p->pl[u].hand[b]) {
						p->pl[t].hand[a]--, p->pl[t].hand[b]++;
						p->pl[u].hand[b]--, p->pl[u].hand[a]++;
						moved = 1;
					}
	for (int t = 0, done = 0; t < h->nplayers && !done; t++)
		for (int i = 0; t != seat && !seat_may_see(g, &g->pos, seat, t, HID_DEV) && i < p->deck_len && !done; i++)
			for (int d = 0; d < NDEV; d++)
				if (p->pl[t].dev[d] && p->deck[i] != d) {
					p->pl[t].dev[p->deck[i]]++;
					p->pl[t].dev[d]--;
					p->deck[i] = (uint8_t)d;
					moved = done = 1;
					break;
				}
	rng_shuffle(rng, p->deck, p->deck_len);
	pos_deck_counts(p);
	rng_seed(p->rng, rng_next(rng));
	return moved;
}

/* Checks the player at g's position for its actor. */
static void check_position(struct unit *u, const struct chooser *c, const struct game *g, const char *name,
			   long move, uint64_t rng[4], int *moved)
{
	struct cerr e = { 0 };
	struct move m1, m2;
	struct game h, v;
	struct position before = g->pos;
	int seat = autoplay_actor(g);

	if (seat == NOBODY)
		return;
	int rc = c->choose(g, seat, c->budget, 7, &m1, &e);
	CHECK(u, rc == C_OK, "%s, %s, move %ld: %s", c->name, name, move, e.msg);
	if (rc)
		return;
	CHECK(u, memcmp(&before, &g->pos, sizeof before) == 0, "%s, %s, move %ld: the game is unchanged", c->name,
	      name, move);
	CHECK(u, c->choose(g, seat, c->budget, 7, &m2, &e) == C_OK && same(&m1, &m2),
	      "%s, %s, move %ld: the same seed and budget give the same move", c->name, name, move);
	if (game_copy(&h, g, &e) == C_OK) {
		*moved += hide_otherwise(g, seat, &h, rng);
		CHECK(u, c->choose(&h, seat, c->budget, 7, &m2, &e) == C_OK && same(&m1, &m2),
		      "%s, %s, move %ld: other hidden cards give the same move", c->name, name, move);
		game_free(&h);
	}
	if (game_view(g, seat, &v, &e) == C_OK) {
		CHECK(u, c->choose(&v, seat, c->budget, 7, &m2, &e) == C_OK && same(&m1, &m2),
		      "%s, %s, move %ld: the seat's view gives the same move", c->name, name, move);
		game_free(&v);
	}
}

/*
 * Checks the player that answers an offer to all, the first listed, made
 * by the player to move at g's position when it may make one (greedy
 * players never offer, so their games hold no answer to check).
 */
static void check_answer(struct unit *u, const struct chooser *c, const struct game *g, const char *name,
			 long move, uint64_t rng[4], int *moved)
{
	struct cerr e = { 0 };
	struct game h;
	int cap = 4096, n, seat = autoplay_actor(g);
	struct move *ms = malloc((size_t)cap * sizeof *ms);

	if (!ms || seat == NOBODY || g->pos.phase != PH_MAIN || g->pos.offer.active ||
	    (n = movegen_legal(g, seat, MG_OFFERS, ms, cap)) > cap) {
		free(ms);
		return;
	}
	for (int i = 0; i < n; i++)
		if (ms[i].verb == MV_OFFER && ms[i].to == NOBODY) {
			if (game_copy(&h, g, &e) == C_OK) {
				CHECK(u, rules_apply(&h, &ms[i], 0, &e) == C_OK, "%s, move %ld: the offer: %s", name, move,
				      e.msg);
				check_position(u, c, &h, name, move, rng, moved);
				game_free(&h);
			}
			break;
		}
	free(ms);
}

/* A greedy game of o, its position checked every `every` moves. */
static void check_game(struct unit *u, const struct chooser *c, const struct newgame *o, const char *name,
		       int every, int *moved)
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
			check_position(u, c, &g, name, move, rng, moved);
		if (move % every == 0 && c == &best_player)
			check_answer(u, c, &g, name, move, rng, moved);
		int why;
		if (autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, &why, &e) != C_OK || why != AUTO_COUNT)
			break;
	}
	autoplay_free(&a);
	game_free(&g);
}

/*
 * The rule sets the players are checked in: players, variant, options by
 * name=value, the game's seed, and every how many moves each player is
 * asked (0: not at all; the search player's three games are those it was
 * always checked in).
 */
static const struct {
	const char *name;
	int nplayers, variant;
	const char *options[10];
	uint64_t seed;
	int best_every, search_every;
} tables[] = {
	{ "base, 4 players", 4, VAR_BASE, { NULL }, 3, 11, 7 },
	{ "base, 4 players, external outcomes", 4, VAR_BASE, { "outcomes=external" }, 4, 11, 23 },
	{ "Catan for Two", 2, VAR_TWO, { NULL }, 5, 11, 9 },
	{ "base, 3 players", 3, VAR_BASE, { NULL }, 6, 11, 0 },
	{ "base, 4 players, knights answer the robber", 4, VAR_BASE,
	  { "knight_interrupt=on", "friendly_robber=on", "dev_after_roll=on", "open_hands=on" }, 7, 11, 0 },
	{ "base, 4 players, the other options", 4, VAR_BASE,
	  { "trade_build=strict", "road_tie=aside", "vp_cards=played", "ignore_seven=on", "reroll_sevens=on",
	    "keep_settlement=on", "points_to_win=8", "discard_limit=9" }, 8, 11, 0 },
	{ "five and six, 5 players", 5, VAR_SIX, { NULL }, 9, 11, 0 },
	{ "five and six, 6 players", 6, VAR_SIX, { NULL }, 10, 11, 0 },
	{ "five and six, 6 paired players", 6, VAR_SIX, { "paired_players=on" }, 12, 13, 0 },
};

int main(void)
{
	struct unit u = { 0, 0 };
	struct cerr e = { 0 };
	int moved = 0;

	for (int i = 0; i < (int)(sizeof tables / sizeof tables[0]); i++) {
		struct newgame o = { .nplayers = tables[i].nplayers, .seed = tables[i].seed,
				     .colour = { 0, 1, 2, 3, 4, 5 } };
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)tables[i].variant;
		for (int k = 0; tables[i].options[k]; k++) {
			char key[32];
			const char *eq = strchr(tables[i].options[k], '=');
			snprintf(key, sizeof key, "%.*s", (int)(eq - tables[i].options[k]), tables[i].options[k]);
			CHECK(&u, rules_set(&o.rules, key, eq + 1, &e) == C_OK, "%s: %s", tables[i].name, e.msg);
		}
		if (tables[i].search_every)
			check_game(&u, &search_player, &o, tables[i].name, tables[i].search_every, &moved);
		check_game(&u, &best_player, &o, tables[i].name, tables[i].best_every, &moved);
	}
	CHECK(&u, moved > 10, "hidden cards were moved in %d positions", moved);

	/* Refused: a seat with no move. */
	struct game g;
	struct move m;
	struct newgame o = { .nplayers = 4, .seed = 3, .colour = { 0, 1, 2, 3 } };
	rules_default(&o.rules);
	if (game_new(&g, &o, &e) == C_OK) {
		for (int k = 0; k < 2; k++) {
			const struct chooser *c = k ? &best_player : &search_player;
			CHECK(&u, c->choose(&g, 1, c->budget, 7, &m, &e) == C_ILLEGAL &&
					  strcmp(e.msg, "no legal move for the player to move") == 0,
			      "%s: a seat with no move: %s", c->name, e.msg);
		}
		game_free(&g);
	}
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
