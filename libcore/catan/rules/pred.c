/* pred.c: the helpers under the rule families: refusals, hands and the bank, placement, the robber's victims, harbours, Catan for Two's neutral pieces. */
#include <stdarg.h>
#include <stdio.h>

#include "model/geom.h"
#include "model/hand.h"
#include "model/names.h"
#include "rules/pred.h"
#include "model/seats.h"
#include "rng.h"
#include "model/score.h"
#include "model/state.h"

int illegal(struct cerr *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cerr_vset(e, C_ILLEGAL, fmt, ap);
	va_end(ap);
	return C_ILLEGAL;
}

int outcome_source(const struct game *g, int replay, int given, const char *what, struct cerr *e)
{
	if (g->rules.outcomes == OUT_EXTERNAL) {
		if (!given) {
			illegal(e, "%s must be given in the move: this game's outcomes are external",
				what);
			return -1;
		}
		return 1;
	}
	if (given && !replay) {
		illegal(e, "this game draws its outcomes: give the move without %s", what);
		return -1;
	}
	return 0;
}

int hand_covers(const struct position *p, int seat, const uint8_t want[NRES])
{
	return hand_has(p->pl[seat].hand, want);
}

char *cards_text(const uint8_t c[NRES], char *buf, size_t n)
{
	size_t len = 0;
	int kinds = 0, done = 0;

	buf[0] = '\0';
	for (int r = 0; r < NRES; r++)
		kinds += c[r] != 0;
	for (int r = 0; r < NRES && len < n; r++) {
		if (!c[r])
			continue;
		const char *sep = done == 0 ? "" : done == kinds - 1 ? " and " : ", ";
		int k = snprintf(buf + len, n - len, "%s%d %s", sep, c[r], resource_names[r]);
		if (k > 0)
			len += (size_t)k;
		done++;
	}
	return buf;
}

int hand_draw(struct luck l, const uint8_t hand[NRES])
{
	int total = 0, r;
	for (r = 0; r < NRES; r++)
		total += hand[r];
	int k = (int)luck_below(l, (uint32_t)total);
	for (r = 0; k >= hand[r]; r++)
		k -= hand[r];
	return r;
}

void pay_bank(struct position *p, int seat, const uint8_t c[NRES])
{
	/* No byte borrows (the hand covers c) or carries (the cards were the bank's). */
	uint64_t w = hand_word(c);
	hand_set(p->pl[seat].hand, hand_word(p->pl[seat].hand) - w);
	hand_set(p->bank, hand_word(p->bank) + w);
}

int node_touches_road(const struct geometry *geo, const struct position *p, int seat, int node)
{
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed >= 0 && p->edge_owner[ed] == seat)
			return 1;
	}
	return 0;
}

int node_free_check(const struct geometry *geo, const struct position *p, int node, struct cerr *e)
{
	if (pos_node_open(geo, p, node))
		return C_OK;
	if (p->node_owner[node] != NOBODY)
		return illegal(e, "intersection %d already holds a building", node + 1);
	for (int k = 0; k < 3; k++) {
		int nb = geo->node_nodes[node][k];
		if (nb >= 0 && p->node_owner[nb] != NOBODY)
			return illegal(e, "intersection %d is next to the building on %d (distance rule)",
				       node + 1, nb + 1);
	}
	return C_OK;
}

/* Why a road may start at node: 2 own building, 1 own road through a free intersection, 0 no, -1 blocked. */
static int road_anchor(const struct geometry *geo,
		       const struct position *p, int seat, int node, int edge)
{
	int owner = p->node_owner[node];
	if (owner == seat)
		return 2;
	int road = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed >= 0 && ed != edge && p->edge_owner[ed] == seat)
			road = 1;
	}
	if (!road)
		return 0;
	return owner == NOBODY ? 1 : -1;
}

int road_place_check(const struct geometry *geo,
		     const struct position *p, int seat, int edge, struct cerr *e)
{
	char name[8];
	if (p->edge_owner[edge] != NOBODY)
		return illegal(e, "path %s already holds a road", edge_name(geo, edge, name));
	int a = road_anchor(geo, p, seat, geo->edge_nodes[edge][0], edge);
	int b = road_anchor(geo, p, seat, geo->edge_nodes[edge][1], edge);
	if (a > 0 || b > 0)
		return C_OK;
	if (a < 0 || b < 0)
		return illegal(e, "a road cannot continue through another player's settlement or city");
	return illegal(e, "the road must touch your road, settlement or city");
}

/* road_any_place: 1 when seat could place a road on some free path. */
static int road_any_place(const struct geometry *geo, const struct position *p, int seat)
{
	for (int ed = 0; ed < geo->nedge; ed++)
		if (p->edge_owner[ed] == NOBODY && road_place_check(geo, p, seat, ed, NULL) == C_OK)
			return 1;
	return 0;
}

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

unsigned harbour_kinds(const struct game *g, const struct position *p, int seat)
{
	return p->harbours[seat];
}

int harbour_kinds_rate(const struct game *g, unsigned kinds, int res)
{
	if (kinds & (1u << res))
		return g->rs->harbour_rate;
	return kinds & (1u << HB_GENERIC) ? g->rs->generic_rate : g->rs->bank_rate;
}

uint64_t harbour_rates(const struct game *g, unsigned kinds)
{
	const struct ruleset *rs = g->rs;
	uint64_t rate = HAND_FILL(kinds & (1u << HB_GENERIC) ? rs->generic_rate : rs->bank_rate);
	for (unsigned k = kinds & ((1u << NRES) - 1); k; k &= k - 1) {
		int r = __builtin_ctz(k);
		rate = (rate & ~((uint64_t)0xff << (8 * r))) | (uint64_t)rs->harbour_rate << (8 * r);
	}
	return rate;
}

int harbour_rate(const struct game *g, const struct position *p, int seat, int res)
{
	return harbour_kinds_rate(g, harbour_kinds(g, p, seat), res);
}

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

int trade_rates(const struct game *g, const struct position *p, int seat, int res, int rates[3])
{
	unsigned kinds = harbour_kinds(g, p, seat);
	int best = harbour_kinds_rate(g, kinds, res), n = 0;
	const struct ruleset *rs = g->rs;
	/* The best rate, then each worse one the player is entitled to: a harbour's 2:1 implies
	   nothing about 3:1, which needs a generic harbour. */
	rates[n++] = best;
	if (best == rs->harbour_rate && (kinds & (1u << HB_GENERIC)))
		rates[n++] = rs->generic_rate;
	if (best != rs->bank_rate)
		rates[n++] = rs->bank_rate;
	return n;
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
