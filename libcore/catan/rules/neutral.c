/* neutral.c: Catan for Two's neutral pieces (where a free one can go) and the price of its actions. */
#include "model/score.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/neutral.h"
#include "rules/placement.h"

int neutral_settlement_spot(const struct geometry *geo, const struct position *p, int n)
{
	if (!p->pl[n].settlements)
		return 0;
	for (int node = 0; node < geo->nnode; node++)
		if (node_touches_road(geo, p, n, node) && pos_node_open(geo, p, node))
			return 1;
	return 0;
}

int neutral_piece_can(const struct geometry *geo, const struct position *p, int n, int piece)
{
	if (piece == PC_SETTLEMENT && neutral_settlement_spot(geo, p, n))
		return PC_SETTLEMENT;
	return p->pl[n].roads && road_any_place(geo, p, n) ? PC_ROAD : -1;
}

const char *neutral_owed_name(const struct game *g, const struct position *p)
{
	int settlement = 0, road = 0;
	for (int n = 0; n < g->nplayers; n++) {
		if (seat_moves(g, n))
			continue;
		int pc = neutral_piece_can(g->rs->geom, p, n, p->neutral_piece);
		settlement |= pc == PC_SETTLEMENT;
		road |= pc == PC_ROAD;
	}
	if (settlement && road)
		return "settlement or road";
	if (road || (!settlement && p->neutral_piece == PC_ROAD))
		return "road";
	return "settlement";
}

int two_action_cost(const struct game *g, const struct position *p, int seat)
{
	int o = seat_opponent(g, seat);
	return o != NOBODY && score_public(g, p, seat) > score_public(g, p, o) ? g->rs->action_cost_ahead
										: g->rs->action_cost;
}
