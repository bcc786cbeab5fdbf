/* search.c: the search player: sequential halving over determinized play-outs (search.h documents it). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "play/deal.h"
#include "rules/movegen.h"
#include "rng.h"
#include "rules/rules.h"
#include "play/search.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"

#define MAX_CANDIDATES 12

/* A cheap worth of seat's position: points first, then production, cards in hand and development cards. */
static long worth(const struct game *g, const struct position *p, int seat)
{
	long v = 1000L * score_total(g, p, seat), prod = 0, hand = pos_hand_size(p, seat);
	for (int h = 0; h < g->rs->geom->nhex; h++)
		prod += (long)(p->hex_yield[h] >> (8 * seat) & 0xff) * rs_roll_ways(g->rs, g->board.token[h]);
	for (int d = 0; d < NDEV; d++)
		v += 30L * (p->pl[seat].dev[d] + p->pl[seat].dev_new[d]);
	return v + 20 * prod + 10 * (hand < 8 ? hand : 8);
}

/* A play-out's end, worth 0 to 1 to seat: a win 1, another's 0, else by the lead in points. */
static double reward(const struct game *g, int seat)
{
	const struct position *p = &g->pos;
	if (p->phase == PH_OVER)
		return game_winner(g, p) == seat ? 1.0 : 0.0;
	int me = score_total(g, p, seat), best = 0;
	for (int t = 0; t < g->nplayers; t++)
		if (t != seat && seat_moves(g, t) && score_total(g, p, t) > best)
			best = score_total(g, p, t);
	double r = 0.5 + (me - best) / (2.0 * g->rules.points_to_win);
	return r < 0 ? 0 : r > 1 ? 1 : r;
}

struct search {
	struct knowledge k;
	struct autoplay pa;	/* greedy players for the play-outs */
	struct move cand[MAX_CANDIDATES];
	double sum[MAX_CANDIDATES];
	int visits[MAX_CANDIDATES];
	int n, trades;
	uint64_t seed;
};

/* One play-out of candidate c from the determinization of round r: its reward. */
static double play_out(struct search *s, int c, uint64_t round, struct cerr *e)
{
	struct game d;
	uint64_t rng[4];
	int why;

	rng_seed(rng, s->seed ^ (round + 1) * 0xd1342543de82ef95u);
	deal_game(&s->k, rng, &d);
	if (rules_apply(&d, &s->cand[c], RULES_NO_LOG, e) != C_OK)
		return 0;
	s->pa.turn = d.pos.turn;
	s->pa.trades = s->trades + (s->cand[c].verb == MV_TRADE);
	s->pa.turn_limit = d.pos.turn + SEARCH_HORIZON;
	if (d.pos.turn + SEARCH_HORIZON > MAX_TURN)
		s->pa.turn_limit = MAX_TURN;
	if (autoplay_run(&s->pa, &d, -1, RULES_NO_LOG, NULL, &why, e) != C_OK)
		return 0;
	return reward(&d, s->k.seat);
}

/*
 * offer_wanted: the one-for-one offer to all that seat would make: its
 * most plentiful card beyond the nearest build (the one that lacks the
 * fewest cards: city, settlement, card, road, with pieces left), for the
 * card that build lacks most.  0 when there is none worth making.
 */
static int offer_wanted(const struct game *g, int seat, int *give, int *get)
{
	static const uint8_t order[] = { BUY_CITY, BUY_SETTLEMENT, BUY_DEV, BUY_ROAD };
	const struct player *pl = &g->pos.pl[seat];
	const uint8_t *best = NULL;
	int best_lack = 0;
	for (int i = 0; i < NPURCHASE; i++) {
		const uint8_t *c = g->rs->cost[order[i]];
		int lack = 0;
		if ((order[i] == BUY_CITY && !pl->cities) || (order[i] == BUY_SETTLEMENT && !pl->settlements) ||
		    (order[i] == BUY_DEV && !g->pos.deck_len) || (order[i] == BUY_ROAD && !pl->roads))
			continue;
		for (int r = 0; r < NRES; r++)
			lack += pl->hand[r] < c[r] ? c[r] - pl->hand[r] : 0;
		if (lack > 0 && (!best || lack < best_lack)) {
			best = c;
			best_lack = lack;
		}
	}
	if (!best)
		return 0;
	*give = *get = -1;
	for (int r = 0, spare = 0, most = 0; r < NRES; r++) {
		int lack = best[r] - pl->hand[r];
		if (pl->hand[r] - best[r] > spare) {
			spare = pl->hand[r] - best[r];
			*give = r;
		}
		if (lack > most) {
			most = lack;
			*get = r;
		}
	}
	return *give >= 0 && *get >= 0;
}

/*
 * candidates: s->cand gets seat's moves, cut to MAX_CANDIDATES by the worth
 * of the position one move on (in one determinization), the greedy choice
 * first.  Their number, or minus a status (C_ILLEGAL: no move; C_SYSTEM).
 */
static int candidates(struct search *s, struct move **buf, int *cap, struct cerr *e)
{
	const struct game *g = &s->k.seen;
	int seat = s->k.seat, n, k = 0;
	struct game d;
	struct move greedy;
	uint64_t rng[4];

	int offers = s->trades < AUTO_TRADES_PER_TURN ? MG_OFFERS : 0, give, get;
	while ((n = movegen_legal(g, seat, MG_NO_OUTCOMES | offers, *buf, *cap)) > *cap) {
		struct move *nb = realloc(*buf, (size_t)n * sizeof *nb);
		if (!nb)
			return -cerr_set(e, C_SYSTEM, "out of memory");
		*buf = nb;
		*cap = n;
	}
	if (n == 0)
		return -cerr_set(e, C_ILLEGAL, "no legal move for the player to move");
	/* Trades past the cap go, unless nothing else is left; of the offers, only the one wanted stays. */
	int wanted = offers && offer_wanted(g, seat, &give, &get), kept = 0;
	for (int i = 0; i < n; i++) {
		const struct move *m = &(*buf)[i];
		if (m->verb == MV_OFFER ? wanted && m->to == NOBODY && m->give[give] && m->get[get]
					: m->verb != MV_TRADE || s->trades < AUTO_TRADES_PER_TURN)
			(*buf)[kept++] = *m;
	}
	n = kept ? kept : n;
	rng_seed(rng, s->seed);
	deal_game(&s->k, rng, &d);
	s->pa.turn = d.pos.turn;
	s->pa.trades = s->trades;
	if (autoplay_choose(&s->pa, &d, &greedy, e) != C_OK)
		greedy = (*buf)[0];
	s->cand[k++] = greedy;
	long *w = malloc((size_t)n * sizeof *w);
	if (!w)
		return -cerr_set(e, C_SYSTEM, "out of memory");
	for (int i = 0; i < n; i++) {
		struct game t = d;
		const struct move *m = &(*buf)[i];
		w[i] = LONG_MIN;
		if (memcmp(m, &greedy, sizeof *m) == 0)
			continue;
		if (n <= MAX_CANDIDATES)
			w[i] = 0;	/* all go in, in list order */
		else if (rules_apply(&t, m, RULES_NO_LOG, e) == C_OK)
			w[i] = worth(&t, &t.pos, seat);
	}
	/* The best worths in turn, the first listed among equals. */
	while (k < MAX_CANDIDATES) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (w[i] != LONG_MIN && (best < 0 || w[i] > w[best]))
				best = i;
		if (best < 0)
			break;
		s->cand[k++] = (*buf)[best];
		w[best] = LONG_MIN;
	}
	free(w);
	return k;
}

int search_choose(const struct game *g, int seat, int budget, uint64_t seed, int trades, struct move *m,
		  unsigned long *playouts, struct cerr *e)
{
	struct search *s = calloc(1, sizeof *s);
	struct move *buf = NULL;
	int cap = 0, rc, alive[MAX_CANDIDATES], nalive;
	uint64_t round = 0;

	if (!s)
		return cerr_set(e, C_SYSTEM, "out of memory");
	if (budget <= 0)
		budget = SEARCH_BUDGET;
	deal_know(g, seat, &s->k);
	s->seed = seed;
	s->trades = trades;
	if ((rc = autoplay_init(&s->pa, &s->k.seen, POL_GREEDY, e)))
		goto out;
	if ((s->n = candidates(s, &buf, &cap, e)) < 0) {
		rc = -s->n;
		goto out;
	}
	nalive = s->n;
	for (int i = 0; i < nalive; i++)
		alive[i] = i;
	/* Sequential halving: phases of equal budget, each round all the candidates still in. */
	int phases = 0;
	for (int x = nalive; x > 1; x = (x + 1) / 2)
		phases++;
	for (int ph = 0; nalive > 1 && ph < phases; ph++) {
		int rounds = budget / (phases * nalive);
		if (rounds < 1)
			rounds = 1;
		for (int r = 0; r < rounds; r++, round++)
			for (int i = 0; i < nalive; i++) {
				double v = play_out(s, alive[i], round, e);
				s->sum[alive[i]] += v;
				s->visits[alive[i]]++;
			}
		/* The better half stays, in list order among equals (a stable sort by mean). */
		for (int i = 1; i < nalive; i++)
			for (int j = i; j > 0; j--) {
				int a = alive[j - 1], b = alive[j];
				double ma = s->sum[a] / s->visits[a], mb = s->sum[b] / s->visits[b];
				if (mb > ma || (mb == ma && b < a)) {
					alive[j - 1] = b;
					alive[j] = a;
				} else {
					break;
				}
			}
		if (playouts)
			*playouts += (unsigned long)rounds * (unsigned long)nalive;
		nalive = (nalive + 1) / 2;
	}
	*m = s->cand[alive[0]];
	rc = C_OK;
out:
	autoplay_free(&s->pa);
	free(buf);
	free(s);
	return rc;
}

void search_use(struct autoplay *a)
{
	a->search = search_choose;
}
