/* value.c: a learned value of a position: the features of each player and the network's chances (value.h). */
#include <math.h>

#include "model/geom.h"
#include "model/ruleset.h"
#include "model/score.h"
#include "model/seats.h"
#include "model/state.h"
#include "play/value.h"

/* Where each feature lies in the VALUE_NF (value_features writes them in this order; the rest stay 0). */
enum {
	F_TOGO = 0,		/* 11: points still needed, 0 .. 10 or more, one of them 1 */
	F_POINTS = 11,		/* points / points to win */
	F_SETTLEMENTS, F_CITIES,	/* on the board, by the rule set's pieces */
	F_PROD,			/* 5: each resource's cards a roll, on average, where the robber is not */
	F_PROD_ALL = F_PROD + NRES,
	F_PROD_ROBBED,		/* what the robber takes from it a roll */
	F_KINDS,		/* resources it produces, by 5 */
	F_PROD_LEAST,		/* its least produced resource's cards a roll */
	F_HARBOUR_ANY,		/* a 3:1 harbour */
	F_HARBOURS,		/* 2:1 harbours */
	F_HARBOUR_PROD,		/* production of the resources of its 2:1 harbours */
	F_HAND,			/* 5: cards of each resource */
	F_HAND_ALL = F_HAND + NRES,
	F_HAND_OVER,		/* more cards than a seven leaves */
	F_AFFORD,		/* 4: road, settlement, city, card (enum purchase) in hand */
	F_LACK_SETTLEMENT = F_AFFORD + NPURCHASE,
	F_LACK_CITY,		/* cards the hand lacks for them */
	F_KNIGHTS_HELD,
	F_PROGRESS_HELD,	/* road building, year of plenty, monopoly */
	F_VP_HELD,		/* victory point cards held */
	F_KNIGHTS,		/* knights played, by the army's least */
	F_ARMY,			/* holds the largest army */
	F_ROAD_LEN,		/* longest road, by 10 */
	F_ROAD,			/* holds the longest road */
	F_SPOTS,		/* free intersections its roads reach now */
	F_SPOT_BEST,		/* the best of them, by the dice */
	F_SPOTS_NEXT,		/* free intersections one road further */
	F_SPOT_NEXT_BEST,
	F_NO_SETTLEMENT,	/* no settlement piece left */
	F_NO_CITY,		/* no city piece left */
	F_NO_ROAD,
	F_TURN,			/* 6: 0 moves now, 1 next, ... */
	F_TRADE_CARDS = F_TURN + MAXPLAYERS,	/* Catan for Two */
	F_DECK_EMPTY,		/* no development card left to buy */
	F_USED
};
_Static_assert(F_USED <= VALUE_NF, "the features fit the network's inputs");

int value_family(const struct game *g)
{
	if (g->rules.variant == VAR_TWO)
		return VALUE_TWO;
	return g->rules.variant == VAR_SIX ? VALUE_SIX : VALUE_BASE;
}

/* The dice's chance of a node's hexes, and a little for each different resource. */
static float spot_worth(const struct game *g, int n, float per_way)
{
	const struct geometry *geo = g->rs->geom;
	float v = 0;
	unsigned kinds = 0;
	for (int k = 0; k < 3; k++) {
		int h = geo->node_hexes[n][k];
		if (h < 0 || g->board.terrain[h] >= T_DESERT)
			continue;
		v += per_way * (float)rs_roll_ways(g->rs, g->board.token[h]);
		kinds |= 1u << g->board.terrain[h];
	}
	return v + 0.02f * (float)__builtin_popcount(kinds);
}

/* The free intersections seat's roads reach (spots) and those one free path further (next), with the best of each. */
static void spots(const struct game *g, const struct position *p, int seat, float per_way, float f[VALUE_NF])
{
	const struct geometry *geo = g->rs->geom;
	struct bitset ends = p->road_ends[seat], next = { { 0, 0 } };
	int n, here = 0, there = 0;
	float best = 0, best_next = 0;
	while ((n = bs_pop(&ends)) >= 0) {
		if (pos_node_open(geo, p, n)) {
			float w = spot_worth(g, n, per_way);
			here++;
			best = w > best ? w : best;
		}
		for (int k = 0; k < 3; k++) {
			int y = geo->node_nodes[n][k], e = geo->node_edges[n][k];
			if (y >= 0 && p->edge_owner[e] == NOBODY && !bs_has(&p->road_ends[seat], y))
				bs_add(&next, y);
		}
	}
	while ((n = bs_pop(&next)) >= 0)
		if (pos_node_open(geo, p, n)) {
			float w = spot_worth(g, n, per_way);
			there++;
			best_next = w > best_next ? w : best_next;
		}
	f[F_SPOTS] = (float)(here < 4 ? here : 4) / 4;
	f[F_SPOT_BEST] = best;
	f[F_SPOTS_NEXT] = (float)(there < 6 ? there : 6) / 6;
	f[F_SPOT_NEXT_BEST] = best_next;
}

/* Cards hand lacks for cost. */
static int lacks(const uint8_t hand[NRES], const uint8_t cost[NRES])
{
	int k = 0;
	for (int r = 0; r < NRES; r++)
		k += hand[r] < cost[r] ? cost[r] - hand[r] : 0;
	return k;
}

void value_features(const struct game *g, const struct position *p, int seat, float f[VALUE_NF])
{
	const struct ruleset *rs = g->rs;
	const struct geometry *geo = rs->geom;
	const struct player *pl = &p->pl[seat];
	float per_way = 1.0f / (float)(rs->dice_sides * rs->dice_sides), prod[NRES] = { 0 }, robbed = 0;
	int points = score_total(g, p, seat), togo = g->rules.points_to_win - points, hand = 0;

	for (int i = 0; i < VALUE_NF; i++)
		f[i] = 0;
	f[F_TOGO + (togo < 0 ? 0 : togo > 10 ? 10 : togo)] = 1;
	f[F_POINTS] = (float)points / (float)g->rules.points_to_win;
	f[F_SETTLEMENTS] = (float)(rs->settlements - pl->settlements) / (float)rs->settlements;
	f[F_CITIES] = (float)(rs->cities - pl->cities) / (float)rs->cities;

	for (int h = 0; h < geo->nhex; h++) {
		int y = (int)(p->hex_yield[h] >> (8 * seat) & 0xff), t = g->board.terrain[h];
		if (!y || t >= T_DESERT)
			continue;
		float c = per_way * (float)(y * rs_roll_ways(rs, g->board.token[h]));
		if (h == p->robber)
			robbed += c;
		else
			prod[t] += c;
	}
	float all = 0, least = 1;
	int kinds = 0;
	for (int r = 0; r < NRES; r++) {
		f[F_PROD + r] = prod[r];
		all += prod[r];
		kinds += prod[r] > 0;
		least = prod[r] < least ? prod[r] : least;
	}
	f[F_PROD_ALL] = all;
	f[F_PROD_ROBBED] = robbed;
	f[F_KINDS] = (float)kinds / NRES;
	f[F_PROD_LEAST] = least;

	unsigned hb = p->harbours[seat];
	f[F_HARBOUR_ANY] = (float)(hb >> HB_GENERIC & 1);
	for (int r = 0; r < NRES; r++)
		if (hb >> r & 1) {
			f[F_HARBOURS] += 1;
			f[F_HARBOUR_PROD] += prod[r];
		}

	for (int r = 0; r < NRES; r++) {
		f[F_HAND + r] = (float)pl->hand[r] / 4;
		hand += pl->hand[r];
	}
	f[F_HAND_ALL] = (float)hand / 8;
	f[F_HAND_OVER] = hand > g->rules.discard_limit;
	for (int b = 0; b < NPURCHASE; b++)
		f[F_AFFORD + b] = lacks(pl->hand, rs->cost[b]) == 0;
	f[F_LACK_SETTLEMENT] = (float)lacks(pl->hand, rs->cost[BUY_SETTLEMENT]) / 4;
	f[F_LACK_CITY] = (float)lacks(pl->hand, rs->cost[BUY_CITY]) / 5;

	f[F_KNIGHTS_HELD] = pl->dev[DEV_KNIGHT] + pl->dev_new[DEV_KNIGHT];
	f[F_PROGRESS_HELD] = pl->dev[DEV_ROAD_BUILDING] + pl->dev_new[DEV_ROAD_BUILDING] +
			     pl->dev[DEV_YEAR_OF_PLENTY] + pl->dev_new[DEV_YEAR_OF_PLENTY] +
			     pl->dev[DEV_MONOPOLY] + pl->dev_new[DEV_MONOPOLY];
	f[F_VP_HELD] = pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
	f[F_KNIGHTS] = (float)pl->played[DEV_KNIGHT] / (float)rs->army_award_min;
	f[F_ARMY] = p->largest_army == seat;
	f[F_ROAD_LEN] = (float)p->road_len[seat] / 10;
	f[F_ROAD] = p->longest_road == seat;
	spots(g, p, seat, per_way, f);
	f[F_NO_SETTLEMENT] = pl->settlements == 0;
	f[F_NO_CITY] = pl->cities == 0;
	f[F_NO_ROAD] = pl->roads == 0;

	int d = 0;
	for (int s = p->current; s != seat && d < MAXPLAYERS - 1; s = turn_next(g, s))
		d++;
	f[F_TURN + d] = 1;
	f[F_TRADE_CARDS] = (float)pl->trade / 4;
	f[F_DECK_EMPTY] = p->deck_len == 0;
}

float value_score(const struct value_net *net, const float f[VALUE_NF])
{
	float s = 0;
	for (int i = 0; i < VALUE_NF; i++)
		s += net->lin[i] * f[i];
	for (int j = 0; j < VALUE_NH; j++) {
		float h = net->b1[j];
		for (int i = 0; i < VALUE_NF; i++)
			h += net->w1[j][i] * f[i];
		if (h > 0)
			s += net->out[j] * h;
	}
	return s;
}

void value_chances(const struct game *g, const struct position *p, double win[MAXPLAYERS])
{
	const struct value_net *net = &value_nets[value_family(g)];
	double score[MAXPLAYERS], top = -HUGE_VAL, sum = 0;
	float f[VALUE_NF];

	for (int s = 0; s < MAXPLAYERS; s++)
		win[s] = 0;
	if (p->phase == PH_OVER) {
		int w = game_winner(g, p);
		if (w != NOBODY)
			win[w] = 1;
		return;
	}
	for (int s = 0; s < g->nplayers; s++)
		if (seat_moves(g, s)) {
			value_features(g, p, s, f);
			score[s] = value_score(net, f);
			top = score[s] > top ? score[s] : top;
		}
	for (int s = 0; s < g->nplayers; s++)
		if (seat_moves(g, s))
			sum += win[s] = exp(score[s] - top);
	for (int s = 0; s < g->nplayers; s++)
		win[s] /= sum;
}
