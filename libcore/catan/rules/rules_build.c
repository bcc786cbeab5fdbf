/* rules_build.c: where pieces may go, the set-up placements, and building roads, settlements and cities. */
#include <stdio.h>

#include "model/geom.h"
#include "model/names.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/cards.h"
#include "rules/placement.h"
#include "rules/refusal.h"

/* ---- set-up ---- */

int rules_setup_settlement(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	int seat = c->m->seat, node = c->m->node;
	int step = pos_setup_step(c->g, p);

	if (node_free_check(geo, p, node, c->e))
		return C_ILLEGAL;
	if (p->pl[seat].settlements == 0)
		return illegal(c->e, "no settlements left in your supply");
	pos_place_settlement(c->g, p, seat, node);
	pos_roads_cut(geo, p, c->g->nplayers, node);
	pos_trade_gain(c->g, p, seat, node);
	/* The second settlement pays its starting resources. */
	if (step >= turn_setup_steps(c->g) - turn_movers(c->g))
		pos_pay_start(geo, p, &c->g->board, seat, node);
	p->phase = PH_SETUP_ROAD;
	return C_OK;
}

/* The settlement placed last in set-up: the one of seat's with no road of seat's touching it. */
static int setup_new_settlement(const struct geometry *geo, const struct position *p, int seat)
{
	for (int n = 0; n < geo->nnode; n++)
		if (p->node_owner[n] == seat && !node_touches_road(geo, p, seat, n))
			return n;
	return -1;
}

int rules_setup_road(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	int seat = c->m->seat, edge = c->m->path[0];
	char name[8];

	if (p->edge_owner[edge] != NOBODY)
		return illegal(c->e, "path %s already holds a road", edge_name(geo, edge, name));
	int node = setup_new_settlement(geo, p, seat);
	if (node < 0 || (geo->edge_nodes[edge][0] != node && geo->edge_nodes[edge][1] != node))
		return illegal(c->e, "set-up: the road must touch the settlement just placed on %d",
			       node + 1);
	if (p->pl[seat].roads == 0)
		return illegal(c->e, "no roads left in your supply");
	pos_place_road(geo, p, seat, edge);
	p->road_len[seat] = (uint8_t)pos_road_added(geo, p, seat, edge);
	int done = pos_setup_step(c->g, p) + 1;	/* placements complete, this one included */
	if (done >= turn_setup_steps(c->g)) {
		p->phase = PH_ROLL;
		p->turn = 1;
		p->current = 0;
	} else {
		p->phase = PH_SETUP_SETTLEMENT;
		p->current = (int8_t)turn_setup_seat(c->g, done);
	}
	awards_update_road(c->g->rs, p, c->g->nplayers);
	return C_OK;
}

/* ---- building after the roll ---- */

static int afford(struct rctx *c, const uint8_t cost[NRES], const char *what)
{
	char need[96];
	if (hand_covers(c->p, c->m->seat, cost))
		return C_OK;
	return illegal(c->e, "not enough resources: %s costs %s", what,
		       cards_text(cost, need, sizeof need));
}

static int build_road(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	int seat = c->m->seat, edge = c->m->path[0];

	if (road_place_check(geo, p, seat, edge, c->e))
		return C_ILLEGAL;
	if (p->pl[seat].roads == 0)
		return illegal(c->e, "no roads left in your supply");
	if (afford(c, c->g->rs->cost[BUY_ROAD], "a road"))
		return C_ILLEGAL;
	pay_bank(p, seat, c->g->rs->cost[BUY_ROAD]);
	pos_place_road(geo, p, seat, edge);
	return C_OK;
}

static int build_settlement(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	int seat = c->m->seat, node = c->m->node;

	if (node_free_check(geo, p, node, c->e))
		return C_ILLEGAL;
	if (!node_touches_road(geo, p, seat, node))
		return illegal(c->e, "the settlement must touch your road");
	if (p->pl[seat].settlements == 0)
		return illegal(c->e, "no settlements left in your supply");
	if (afford(c, c->g->rs->cost[BUY_SETTLEMENT], "a settlement"))
		return C_ILLEGAL;
	pay_bank(p, seat, c->g->rs->cost[BUY_SETTLEMENT]);
	pos_place_settlement(c->g, p, seat, node);
	pos_trade_gain(c->g, p, seat, node);
	return C_OK;
}

static int build_city(struct rctx *c)
{
	struct position *p = c->p;
	int seat = c->m->seat, node = c->m->node;

	if (p->node_owner[node] != seat || p->node_kind[node] != B_SETTLEMENT)
		return illegal(c->e, "a city replaces one of your settlements, and intersection %d "
				     "holds none", node + 1);
	if (c->g->rules.keep_settlement && c->g->rs->settlements - p->pl[seat].settlements == 1)
		return illegal(c->e, "%s's last settlement may not become a city (keep_settlement)",
			       seat_name(c->g, seat));
	if (p->pl[seat].cities == 0)
		return illegal(c->e, "no cities left in your supply");
	if (afford(c, c->g->rs->cost[BUY_CITY], "a city"))
		return C_ILLEGAL;
	pay_bank(p, seat, c->g->rs->cost[BUY_CITY]);
	pos_place_city(c->g->rs->geom, p, seat, node);
	return C_OK;
}

/*
 * The lengths a build changes, kept in p->road_len, and whether the award
 * can move: a city never; a road only when its builder's road is now 5 or
 * more; a settlement only when it cuts another player's road.
 */
static int road_award_may_change(const struct game *g, struct position *p, const struct move *m)
{
	const struct geometry *geo = g->rs->geom;
	if (m->piece == PC_CITY)
		return 0;
	if (m->piece == PC_ROAD) {
		p->road_len[m->seat] = (uint8_t)pos_road_added(geo, p, m->seat, m->path[0]);
		return p->road_len[m->seat] >= g->rs->road_award_min;
	}
	return pos_roads_cut(geo, p, g->nplayers, m->node) != 0;
}

int rules_build(struct rctx *c)
{
	int holder = c->p->longest_road, rc;
	/* 002's tie rule needs the holder's length before a settlement. */
	int before = holder != NOBODY ? c->p->road_len[holder] : 0;
	switch (c->m->piece) {
	case PC_ROAD:
		rc = build_road(c);
		break;
	case PC_SETTLEMENT:
		rc = build_settlement(c);
		break;
	case PC_CITY:
		rc = build_city(c);
		break;
	default:
		return illegal(c->e, "unknown piece");
	}
	if (rc != C_OK)
		return rc;
	c->p->built = 1;
	if (road_award_may_change(c->g, c->p, c->m)) {
		awards_update_road(c->g->rs, c->p, c->g->nplayers);
		if (c->g->rules.road_tie == TIE_ASIDE)
			awards_road_broken(c->g->rs, c->p, c->g->nplayers, holder, before);
	}
	two_after_build(c->g, c->p, c->m->piece, 1);
	return C_OK;
}
