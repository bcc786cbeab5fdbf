/* harbour.c: the rates of maritime trade: a player's harbours, and the rates they give. */
#include "model/hand.h"
#include "model/ruleset.h"
#include "rules/harbour.h"

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
