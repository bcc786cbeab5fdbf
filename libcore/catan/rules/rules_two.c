/*
 * rules_two.c: the rules of Catan for Two (000): the free neutral pieces
 * that come with each road and settlement, the actions trade cards pay
 * for (a forced trade, the robber to the desert), and a face-up knight
 * given back for trade cards.  The two production rolls are in
 * rules_roll.c, the trade cards a settlement earns in state.c.
 */
#include <string.h>

#include "model/board.h"
#include "model/geom.h"
#include "model/names.h"
#include "rng.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/cards.h"
#include "rules/neutral.h"
#include "rules/placement.h"
#include "rules/refusal.h"

/* ---- the neutral seats' free pieces ---- */

/* neutral_any: 1 when some neutral seat can take the piece owed. */
static int neutral_any(const struct game *g, const struct position *p, int piece)
{
	const struct geometry *geo = g->rs->geom;
	for (int s = 0; s < g->nplayers; s++)
		if (!seat_moves(g, s) && neutral_piece_can(geo, p, s, piece) >= 0)
			return 1;
	return 0;
}

void two_after_build(const struct game *g, struct position *p, int piece, int count)
{
	if (!rs_has_neutral_builds(g->rs) || (piece != PC_ROAD && piece != PC_SETTLEMENT) ||
	    !neutral_any(g, p, piece))
		return;
	p->neutral_owed = (uint8_t)(count * g->rs->neutral_builds);
	p->neutral_piece = (uint8_t)piece;
	p->phase = PH_NEUTRAL;
}

int rules_neutral(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	const struct game *g = c->g;
	struct position *p = c->p;
	const struct move *m = c->m;
	int n = m->to, owed = p->neutral_piece, holder = p->longest_road;
	int before = holder != NOBODY ? p->road_len[holder] : 0;

	if (n < 0 || n >= g->nplayers || seat_moves(g, n))
		return illegal(c->e, "%s is a player, not a neutral seat", seat_name(g, n));
	if (m->piece == PC_CITY)
		return illegal(c->e, "a neutral seat never builds a city");
	if (owed == PC_ROAD && m->piece != PC_ROAD)
		return illegal(c->e, "a road was built, so the neutral piece is a road");
	if (owed == PC_SETTLEMENT && m->piece == PC_ROAD && neutral_settlement_spot(geo, p, n))
		return illegal(c->e, "%s has a place for a settlement, so the neutral piece is a "
				     "settlement", seat_name(g, n));
	if (m->piece == PC_ROAD) {
		if (p->pl[n].roads == 0)
			return illegal(c->e, "%s has no roads left", seat_name(g, n));
		if (road_place_check(geo, p, n, m->path[0], c->e) != C_OK) {
			char name[8];
			if (p->edge_owner[m->path[0]] != NOBODY)
				return illegal(c->e, "path %s already holds a road", edge_name(geo, m->path[0], name));
			return illegal(c->e, "the road must touch %s's road or settlement", seat_name(g, n));
		}
		pos_place_road(geo, p, n, m->path[0]);
		p->road_len[n] = (uint8_t)longest_road(geo, p, n);
	} else {
		if (node_free_check(geo, p, m->node, c->e))
			return C_ILLEGAL;
		if (!node_touches_road(geo, p, n, m->node))
			return illegal(c->e, "the settlement must touch %s's road", seat_name(g, n));
		if (p->pl[n].settlements == 0)
			return illegal(c->e, "%s has no settlements left", seat_name(g, n));
		pos_place_settlement(g, p, n, m->node);
		pos_roads_cut(geo, p, g->nplayers, m->node);
	}
	awards_update_road(g->rs, p, g->nplayers);
	if (g->rules.road_tie == TIE_ASIDE)
		awards_road_broken(g->rs, p, g->nplayers, holder, before);
	if (--p->neutral_owed == 0 || !neutral_any(g, p, owed)) {
		p->neutral_owed = 0;
		p->phase = p->rolled ? PH_MAIN : PH_ROLL;
	}
	return C_OK;
}

/* ---- trade-card actions ---- */

/* Takes k random cards (or the ones the move gives) from victim's hand into seat's. */
static int force_take(struct rctx *c, int victim, int k)
{
	struct position *p = c->p;
	struct move *m = c->m;
	int given = 0;
	for (int r = 0; r < NRES; r++)
		given += m->get[r];
	int src = outcome_source(c->g, c->replay, given > 0, "the cards taken", c->e);
	if (src < 0)
		return C_ILLEGAL;
	if (src == 1) {
		if (given != k)
			return illegal(c->e, "a forced trade takes %d card%s from %s, not %d", k,
				       k == 1 ? "" : "s", seat_name(c->g, victim), given);
		for (int r = 0; r < NRES; r++)
			if (m->get[r] > p->pl[victim].hand[r])
				return illegal(c->e, "%s holds only %d %s", seat_name(c->g, victim),
					       p->pl[victim].hand[r], resource_names[r]);
	} else {
		uint8_t drawn[NRES] = { 0 }, left[NRES];
		memcpy(left, p->pl[victim].hand, NRES);
		for (int i = 0; i < k; i++) {
			int r = hand_draw(game_luck(c->g, p), left);
			left[r]--;
			drawn[r]++;
		}
		if (given && memcmp(drawn, m->get, NRES) != 0)
			return illegal(c->e, "the logged cards taken differ from the game's draw");
		memcpy(m->get, drawn, NRES);
	}
	for (int r = 0; r < NRES; r++) {
		p->pl[victim].hand[r] = (uint8_t)(p->pl[victim].hand[r] - m->get[r]);
		p->pl[c->m->seat].hand[r] = (uint8_t)(p->pl[c->m->seat].hand[r] + m->get[r]);
	}
	return C_OK;
}

int rules_action(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	const struct game *g = c->g;
	struct position *p = c->p;
	struct move *m = c->m;
	int seat = m->seat, cost = two_action_cost(g, p, seat);
	struct player *pl = &p->pl[seat];

	if (pl->trade < cost)
		return illegal(c->e, "the action costs %d trade card%s, and %s holds %d", cost,
			       cost == 1 ? "" : "s", seat_name(g, seat), pl->trade);
	if (m->action == ACT_ROBBER) {
		int d = board_desert(geo, &g->board);
		if (m->get[0] | m->get[1] | m->get[2] | m->get[3] | m->get[4])
			return illegal(c->e, "the robber on the desert steals nothing");
		if (d < 0 || p->robber == d)
			return illegal(c->e, "the robber is on the desert already");
		p->robber = (uint8_t)d;
	} else {
		int o = seat_opponent(g, seat), held = pos_hand_size(p, o);
		int back = g->rs->force_trade, take = held < back ? held : back;
		if (held == 0)
			return illegal(c->e, "%s holds no resource cards to take", seat_name(g, o));
		if (pos_hand_size(p, seat) + take < back)
			return illegal(c->e, "a forced trade gives %d cards back, and %s would hold %d", back,
				       seat_name(g, seat), pos_hand_size(p, seat) + take);
		if (force_take(c, o, take))
			return C_ILLEGAL;
		p->give_owed = (uint8_t)back;
		p->phase = PH_GIVE;
	}
	pl->trade = (uint8_t)(pl->trade - cost);
	p->trade_supply = (uint8_t)(p->trade_supply + cost);
	return C_OK;
}

int rules_give(struct rctx *c)
{
	struct position *p = c->p;
	const struct move *m = c->m;
	int seat = m->seat, o = seat_opponent(c->g, seat), total = 0;

	for (int r = 0; r < NRES; r++) {
		total += m->give[r];
		if (m->give[r] > p->pl[seat].hand[r])
			return illegal(c->e, "%s holds only %d %s", seat_name(c->g, seat), p->pl[seat].hand[r],
				       resource_names[r]);
	}
	if (total != p->give_owed)
		return illegal(c->e, "a forced trade gives exactly %d cards, not %d", p->give_owed, total);
	for (int r = 0; r < NRES; r++) {
		p->pl[seat].hand[r] = (uint8_t)(p->pl[seat].hand[r] - m->give[r]);
		p->pl[o].hand[r] = (uint8_t)(p->pl[o].hand[r] + m->give[r]);
	}
	p->give_owed = 0;
	p->phase = p->rolled ? PH_MAIN : PH_ROLL;
	return C_OK;
}

/* ---- a face-up knight given back ---- */

int rules_return(struct rctx *c)
{
	const struct game *g = c->g;
	struct position *p = c->p;
	int seat = c->m->seat;
	struct player *pl = &p->pl[seat];

	if (c->m->card != DEV_KNIGHT)
		return illegal(c->e, "only a face-up knight is given back for trade cards");
	if (p->knight_returned)
		return illegal(c->e, "a knight was given back this turn already: once a turn");
	if (pl->played[DEV_KNIGHT] == 0)
		return illegal(c->e, "%s has no face-up knight to give back", seat_name(g, seat));
	int gain = g->rs->knight_trade;
	if (gain > g->rs->trade_max - pl->trade)
		gain = g->rs->trade_max - pl->trade;
	if (gain > p->trade_supply)
		gain = p->trade_supply;
	pl->played[DEV_KNIGHT]--;
	pl->returned++;
	pl->trade = (uint8_t)(pl->trade + gain);
	p->trade_supply = (uint8_t)(p->trade_supply - gain);
	p->knight_returned = 1;
	awards_update_army_less(g->rs, p, seat, g->nplayers);
	return C_OK;
}
