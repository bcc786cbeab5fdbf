/* rules_legal.c: the legal moves of a position, for listing them and for random play-outs. */
#include "geom.h"
#include "rules_int.h"
#include "state.h"

struct list {
	struct move *out;
	int n, max;
	struct move spare;	/* written when out is full; never read */
};

static struct move *add(struct list *l, int seat, int verb)
{
	struct move *m = l->n < l->max ? &l->out[l->n] : &l->spare;
	l->n++;
	move_init(m);
	m->seat = (int8_t)seat;
	m->verb = (uint8_t)verb;
	return m;
}

static void add_road(struct list *l, int seat, int edge)
{
	struct move *m = add(l, seat, MV_BUILD);
	m->piece = PC_ROAD;
	m->npath = 1;
	m->path[0] = (int8_t)edge;
}

static void add_node(struct list *l, int seat, int piece, int node)
{
	struct move *m = add(l, seat, MV_BUILD);
	m->piece = (uint8_t)piece;
	m->node = (int8_t)node;
}

static void legal_robber(const struct game *g, const struct position *p, struct list *l)
{
	int seat = p->current;
	for (int h = 0; h < NHEX; h++) {
		if (h == p->robber)
			continue;
		unsigned mask = robber_victims(p, g->nplayers, seat, h);
		if (!mask) {
			add(l, seat, MV_ROBBER)->hex = (int8_t)h;
			continue;
		}
		for (int s = 0; s < g->nplayers; s++)
			if (mask & (1u << s)) {
				struct move *m = add(l, seat, MV_ROBBER);
				m->hex = (int8_t)h;
				m->victim = (int8_t)s;
			}
	}
}

static void legal_road_building(const struct position *p, int seat, struct list *l)
{
	struct position t;
	int pairs = 0, singles[NEDGE], ns = 0;

	if (p->pl[seat].roads == 0)
		return;
	for (int a = 0; a < NEDGE; a++) {
		if (p->edge_owner[a] != NOBODY || road_place_check(p, seat, a, NULL))
			continue;
		singles[ns++] = a;
		if (p->pl[seat].roads < 2)
			continue;
		t = *p;
		pos_place_road(&t, seat, a);
		for (int b = 0; b < NEDGE; b++) {
			if (t.edge_owner[b] != NOBODY || road_place_check(&t, seat, b, NULL))
				continue;
			/* Each pair once: in increasing order, unless only the other order works. */
			if (b < a && road_place_check(p, seat, b, NULL) == C_OK)
				continue;
			struct move *m = add(l, seat, MV_PLAY);
			m->card = DEV_ROAD_BUILDING;
			m->npath = 2;
			m->path[0] = (int8_t)a;
			m->path[1] = (int8_t)b;
			pairs++;
		}
	}
	for (int i = 0; !pairs && i < ns; i++) {
		struct move *m = add(l, seat, MV_PLAY);
		m->card = DEV_ROAD_BUILDING;
		m->npath = 1;
		m->path[0] = (int8_t)singles[i];
	}
}

static void legal_play(const struct position *p, int seat, struct list *l)
{
	const struct player *pl = &p->pl[seat];
	if (p->dev_played)
		return;
	if (pl->dev[DEV_KNIGHT])
		add(l, seat, MV_PLAY)->card = DEV_KNIGHT;
	if (pl->dev[DEV_ROAD_BUILDING])
		legal_road_building(p, seat, l);
	if (pl->dev[DEV_YEAR_OF_PLENTY])
		for (int a = 0; a < NRES; a++)
			for (int b = a; b < NRES; b++) {
				if (p->bank[a] < 1 + (a == b) || p->bank[b] < 1)
					continue;
				struct move *m = add(l, seat, MV_PLAY);
				m->card = DEV_YEAR_OF_PLENTY;
				m->get[a]++;
				m->get[b]++;
			}
	if (pl->dev[DEV_MONOPOLY])
		for (int r = 0; r < NRES; r++) {
			struct move *m = add(l, seat, MV_PLAY);
			m->card = DEV_MONOPOLY;
			m->res = (int8_t)r;
		}
}

static void legal_main(const struct game *g, const struct position *p, struct list *l)
{
	int seat = p->current;
	const struct player *pl = &p->pl[seat];
	int trading = !(g->rules.trade_build == TRADE_STRICT && p->built);

	add(l, seat, MV_END);
	if (pl->roads && hand_covers(p, seat, cost_road))
		for (int ed = 0; ed < NEDGE; ed++)
			if (p->edge_owner[ed] == NOBODY && road_place_check(p, seat, ed, NULL) == C_OK)
				add_road(l, seat, ed);
	if (pl->settlements && hand_covers(p, seat, cost_settlement))
		for (int n = 0; n < NNODE; n++)
			if (node_touches_road(p, seat, n) && node_free_check(p, n, NULL) == C_OK)
				add_node(l, seat, PC_SETTLEMENT, n);
	if (pl->cities && hand_covers(p, seat, cost_city))
		for (int n = 0; n < NNODE; n++)
			if (p->node_owner[n] == seat && p->node_kind[n] == B_SETTLEMENT)
				add_node(l, seat, PC_CITY, n);
	if (p->deck_len && hand_covers(p, seat, cost_dev))
		add(l, seat, MV_BUY);
	for (int r = 0; trading && r < NRES; r++) {
		int rate = harbour_rate(g, p, seat, r);
		if (pl->hand[r] < rate)
			continue;
		for (int x = 0; x < NRES; x++) {
			if (x == r || p->bank[x] == 0)
				continue;
			struct move *m = add(l, seat, MV_TRADE);
			m->give[r] = (uint8_t)rate;
			m->get[x] = 1;
		}
	}
	if (p->offer.active)
		add(l, seat, MV_CANCEL);
	for (int s = 0; p->offer.active && s < g->nplayers; s++) {
		if (s == seat || (p->offer.to != NOBODY && p->offer.to != s) ||
		    (p->offer.rejected & (1u << s)))
			continue;
		add(l, s, MV_REJECT);
		if (trading && hand_covers(p, s, p->offer.get) && hand_covers(p, seat, p->offer.give))
			add(l, s, MV_ACCEPT);
	}
	legal_play(p, seat, l);
}

int rules_legal_moves(const struct game *g, struct move *out, int max)
{
	const struct position *p = &g->pos;
	struct list l = { .out = out, .max = max };
	int seat = p->current;

	if (g->view != NOBODY || !g->has_pos)
		return 0;
	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
		for (int n = 0; n < NNODE; n++)
			if (node_free_check(p, n, NULL) == C_OK)
				add_node(&l, seat, PC_SETTLEMENT, n);
		break;
	case PH_SETUP_ROAD:
		for (int n = 0; n < NNODE; n++) {
			if (p->node_owner[n] != seat || node_touches_road(p, seat, n))
				continue;
			for (int k = 0; k < 3; k++) {
				int ed = geom_node_edges[n][k];
				if (ed >= 0 && p->edge_owner[ed] == NOBODY)
					add_road(&l, seat, ed);
			}
		}
		break;
	case PH_ROLL:
		add(&l, seat, MV_ROLL);
		legal_play(p, seat, &l);
		break;
	case PH_DISCARD:
		for (int s = 0; s < g->nplayers; s++) {
			int owed = p->pl[s].discard;
			if (!owed)
				continue;
			struct move *m = add(&l, s, MV_DISCARD);
			for (int r = 0; r < NRES && owed; r++) {
				int k = p->pl[s].hand[r] < owed ? p->pl[s].hand[r] : owed;
				m->give[r] = (uint8_t)k;
				owed -= k;
			}
		}
		break;
	case PH_ROBBER:
		legal_robber(g, p, &l);
		break;
	case PH_MAIN:
		legal_main(g, p, &l);
		break;
	}
	return l.n;
}
