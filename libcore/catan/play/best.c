/* best.c: the best player: short determinized play-outs scored by the value network (best.h documents it). */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "play/best.h"
#include "play/deal.h"
#include "rules/movegen.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "play/value.h"

struct best {
	struct knowledge k;
	struct autoplay pa;	/* greedy players for the play-outs */
	struct move *cand;	/* the candidates, best first once ranked */
	double *sum;
	int *visits;
	int n, trades, limit;
	uint64_t seed;
};

/* One play-out of m from the deal of round r: the seat's chance to win where it stops. */
static double play_out(struct best *b, const struct move *m, uint64_t round, struct cerr *e)
{
	struct game d;
	uint64_t rng[4];
	double win[MAXPLAYERS];
	int why;

	rng_seed(rng, b->seed ^ (round + 1) * 0xbf58476d1ce4e5b9u);
	deal_game(&b->k, rng, &d);
	if (rules_apply(&d, m, RULES_NO_LOG, e) != C_OK)
		return 0;
	b->pa.turn = d.pos.turn;
	b->pa.trades = b->trades + (m->verb == MV_TRADE || m->verb == MV_OFFER);
	b->pa.turn_limit = b->limit;
	if (autoplay_run(&b->pa, &d, -1, RULES_NO_LOG, NULL, &why, e) != C_OK)
		return 0;
	value_chances(&d, &d.pos, win);
	return win[b->k.seat];
}

/* The same offer: to the same seats, the same cards each way. */
static int same_offer(const struct move *a, const struct move *b)
{
	return a->to == b->to && memcmp(a->give, b->give, sizeof a->give) == 0 &&
	       memcmp(a->get, b->get, sizeof a->get) == 0;
}

/* Whether m stays a candidate, given the turn's trades tt and whether a road building of two roads is listed. */
static int keep(const struct move *m, const struct turn_trades *tt, int two_roads)
{
	switch (m->verb) {
	case MV_PLAY:
		return m->card != DEV_ROAD_BUILDING || m->npath == 2 || !two_roads;
	case MV_TRADE:
		return tt->maritime < BEST_TRADES_PER_TURN;
	case MV_OFFER:
		if (m->to != NOBODY || tt->offers >= BEST_OFFERS_PER_TURN)
			return 0;
		for (int i = 0; i < tt->offers && i < AUTO_OFFERS_KEPT; i++)
			if (same_offer(m, &tt->offer[i]))
				return 0;
		return 1;
	}
	return 1;
}

/*
 * candidates: b->cand gets seat's moves that keep() leaves; their number,
 * or minus a status (C_ILLEGAL: no move; C_SYSTEM).
 */
static int candidates(struct best *b, const struct turn_trades *tt, struct cerr *e)
{
	const struct game *g = &b->k.seen;
	int seat = b->k.seat, n, cap = 64, kept = 0, two_roads = 0;

	for (;;) {
		struct move *nb = realloc(b->cand, (size_t)cap * sizeof *nb);
		if (!nb)
			return -cerr_set(e, C_SYSTEM, "out of memory");
		b->cand = nb;
		if ((n = movegen_legal(g, seat, MG_NO_OUTCOMES | MG_OFFERS, b->cand, cap)) <= cap)
			break;
		cap = n;
	}
	if (n == 0)
		return -cerr_set(e, C_ILLEGAL, "no legal move for the player to move");
	for (int i = 0; i < n; i++)
		two_roads |= b->cand[i].verb == MV_PLAY && b->cand[i].card == DEV_ROAD_BUILDING && b->cand[i].npath == 2;
	for (int i = 0; i < n; i++)
		if (keep(&b->cand[i], tt, two_roads))
			b->cand[kept++] = b->cand[i];
	return kept ? kept : n;	/* nothing kept (only trades left): the listing stands */
}

/* Sorts the candidates i..n-1 by mean, the higher first, stable (the earlier first among equals). */
static void rank(struct best *b, int from, int n)
{
	for (int i = from + 1; i < n; i++)
		for (int j = i; j > from; j--) {
			double ma = b->sum[j - 1] / b->visits[j - 1], mb = b->sum[j] / b->visits[j];
			if (mb <= ma)
				break;
			struct move m = b->cand[j - 1];
			double s = b->sum[j - 1];
			int v = b->visits[j - 1];
			b->cand[j - 1] = b->cand[j], b->sum[j - 1] = b->sum[j], b->visits[j - 1] = b->visits[j];
			b->cand[j] = m, b->sum[j] = s, b->visits[j] = v;
		}
}

int best_choose(const struct game *g, int seat, int budget, uint64_t seed, const struct turn_trades *tt,
		struct move *m, unsigned long *playouts, struct cerr *e)
{
	struct best *b = calloc(1, sizeof *b);
	int rc;

	if (!b)
		return cerr_set(e, C_SYSTEM, "out of memory");
	if (budget <= 0)
		budget = BEST_BUDGET;
	deal_know(g, seat, &b->k);
	b->seed = seed ^ 0x94d049bb133111ebu;
	b->trades = tt->offers + tt->maritime;
	b->limit = b->k.seen.pos.turn + BEST_HORIZON;
	b->limit = b->limit < 1 ? 1 : b->limit > MAX_TURN ? MAX_TURN : b->limit;
	if ((rc = autoplay_init(&b->pa, &b->k.seen, POL_GREEDY, e)))
		goto out;
	if ((b->n = candidates(b, tt, e)) < 0) {
		rc = -b->n;
		goto out;
	}
	if (b->n == 1) {
		*m = b->cand[0];
		goto out;
	}
	b->sum = calloc((size_t)b->n, sizeof *b->sum);
	b->visits = calloc((size_t)b->n, sizeof *b->visits);
	if (!b->sum || !b->visits) {
		rc = cerr_set(e, C_SYSTEM, "out of memory");
		goto out;
	}
	/* Each candidate once on the first deal; the BEST_WIDE best go on. */
	for (int i = 0; i < b->n; i++) {
		b->sum[i] = play_out(b, &b->cand[i], 0, e);
		b->visits[i] = 1;
	}
	rank(b, 0, b->n);
	unsigned long made = (unsigned long)b->n;
	int alive = b->n < BEST_WIDE ? b->n : BEST_WIDE, left = budget - b->n, phases = 0;
	for (int x = alive; x > 1; x = (x + 1) / 2)
		phases++;
	uint64_t round = 1;
	for (int ph = 0; alive > 1 && ph < phases; ph++) {
		int rounds = left / ((phases - ph) * alive);
		for (int r = 0; r < rounds; r++, round++)
			for (int i = 0; i < alive; i++) {
				b->sum[i] += play_out(b, &b->cand[i], round, e);
				b->visits[i]++;
			}
		left -= rounds * alive;
		made += (unsigned long)rounds * (unsigned long)alive;
		rank(b, 0, alive);
		alive = (alive + 1) / 2;
	}
	*m = b->cand[0];
	if (playouts)
		*playouts += made;
out:
	autoplay_free(&b->pa);
	free(b->cand);
	free(b->sum);
	free(b->visits);
	free(b);
	return rc;
}

void best_use(struct autoplay *a)
{
	a->best = best_choose;
}
