/* robber.c: whom the robber lets a player rob, and where the friendly robber may not go. */
#include "model/score.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/robber.h"

unsigned robber_robbable(const struct position *p, int nplayers, int seat)
{
	unsigned mask = 0;
	for (int s = 0; s < nplayers; s++)
		if (s != seat && pos_hand_size(p, s) > 0)
			mask |= 1u << s;
	return mask;
}

unsigned robber_victims(const struct geometry *geo,
			const struct position *p, int nplayers, int seat, int hex)
{
	unsigned mask = pos_hex_seats(p, hex);
	return mask ? mask & robber_robbable(p, nplayers, seat) : 0;
}

/*
 * friendly_blocks: the first player (seat order) with the rule set's
 * friendly_points public points or fewer and a building on hex, or NOBODY.
 */
static int friendly_blocks(const struct game *g, const struct position *p, int hex)
{
	const struct geometry *geo = g->rs->geom;
	for (int s = 0; s < g->nplayers; s++) {
		if (!seat_moves(g, s) || score_public(g, p, s) > g->rs->friendly_points)
			continue;
		for (int k = 0; k < 6; k++)
			if (p->node_owner[geo->hex_nodes[hex][k]] == s)
				return s;
	}
	return NOBODY;
}

int robber_keeps_off(const struct game *g, const struct position *p, int hex)
{
	if (!g->rules.friendly_robber)
		return NOBODY;
	int who = friendly_blocks(g, p, hex);
	if (who == NOBODY)
		return NOBODY;
	/* With every other hex kept off, the rule lapses. */
	for (int h = 0; h < g->rs->geom->nhex; h++)
		if (h != p->robber && friendly_blocks(g, p, h) == NOBODY)
			return who;
	return NOBODY;
}
