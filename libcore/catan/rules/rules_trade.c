/* rules_trade.c: domestic trade (offer, accept, reject, cancel) and maritime trade with the bank. */
#include <stdio.h>
#include <string.h>

#include "model/geom.h"
#include "model/names.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "rules/cards.h"
#include "rules/harbour.h"
#include "rules/refusal.h"

/* Strict phases: trading ends with the first build of the turn. */
static int trade_open(struct rctx *c)
{
	if (c->g->rules.trade_build == TRADE_STRICT && c->p->built)
		return illegal(c->e, "no trading after building this turn (strict trade and build phases)");
	return C_OK;
}

static int holds(struct rctx *c, int seat, const uint8_t want[NRES])
{
	char need[96];
	if (hand_covers(c->p, seat, want))
		return C_OK;
	return illegal(c->e, "%s does not hold %s", seat_name(c->g, seat),
		       cards_text(want, need, sizeof need));
}

int rules_offer(struct rctx *c)
{
	struct position *p = c->p;
	const struct move *m = c->m;
	int any_give = 0, any_get = 0;

	if (trade_open(c))
		return C_ILLEGAL;
	if (m->to == m->seat)
		return illegal(c->e, "you cannot trade with yourself");
	if (m->to != NOBODY && !seat_moves(c->g, m->to))
		return illegal(c->e, "%s is a neutral seat and never trades", seat_name(c->g, m->to));
	for (int r = 0; r < NRES; r++) {
		if (m->give[r] && m->get[r])
			return illegal(c->e, "a trade cannot have %s on both sides", resource_names[r]);
		any_give |= m->give[r] != 0;
		any_get |= m->get[r] != 0;
	}
	if (!any_give || !any_get)
		return illegal(c->e, "both sides of a trade must give at least one card");
	if (holds(c, m->seat, m->give))
		return C_ILLEGAL;
	p->offer.active = 1;
	p->offer.to = m->to;
	memcpy(p->offer.give, m->give, NRES);
	memcpy(p->offer.get, m->get, NRES);
	p->offer.rejected = 0;
	return C_OK;
}

static void offer_close(struct position *p)
{
	memset(&p->offer, 0, sizeof p->offer);
	p->offer.to = NOBODY;
}

int rules_answer(struct rctx *c)
{
	struct position *p = c->p;
	int seat = c->m->seat, cur = p->current;
	struct offer *o = &p->offer;

	if (p->phase != PH_MAIN || !o->active)
		return illegal(c->e, "there is no open offer to answer");
	if (o->to != NOBODY && o->to != seat)
		return illegal(c->e, "the offer is made to %s, not %s", seat_name(c->g, o->to),
			       seat_name(c->g, seat));
	if (o->rejected & (1u << seat))
		return illegal(c->e, "%s has already rejected this offer", seat_name(c->g, seat));
	if (c->m->verb == MV_REJECT) {
		o->rejected = (uint8_t)(o->rejected | (1u << seat));
		unsigned everyone = 0;
		for (int s = 0; s < c->g->nplayers; s++)
			everyone |= (unsigned)(seat_moves(c->g, s) && s != cur) << s;
		if (o->to != NOBODY || (o->rejected & everyone) == everyone)
			offer_close(p);
		return C_OK;
	}
	/* The offerer's hand still covers the offer: any other move of theirs withdrew it. */
	if (holds(c, seat, o->get))
		return C_ILLEGAL;
	for (int r = 0; r < NRES; r++) {
		p->pl[cur].hand[r] = (uint8_t)(p->pl[cur].hand[r] - o->give[r] + o->get[r]);
		p->pl[seat].hand[r] = (uint8_t)(p->pl[seat].hand[r] + o->give[r] - o->get[r]);
	}
	offer_close(p);
	return C_OK;
}

int rules_cancel(struct rctx *c)
{
	if (!c->p->offer.active)
		return illegal(c->e, "there is no open offer to cancel");
	offer_close(c->p);
	return C_OK;
}

int rules_trade(struct rctx *c)
{
	struct position *p = c->p;
	const struct move *m = c->m;
	int seat = m->seat, give = -1, get = -1, kinds = 0;

	if (trade_open(c))
		return C_ILLEGAL;
	for (int r = 0; r < NRES; r++) {
		if (m->give[r]) {
			give = r;
			kinds++;
		}
		if (m->get[r])
			get = r;
	}
	if (kinds != 1 || get < 0)
		return illegal(c->e, "a maritime trade gives one resource for one card");
	if (give == get)
		return illegal(c->e, "a maritime trade must receive a different resource");
	int rates[3], n = trade_rates(c->g, p, seat, give, rates), ok = 0;
	for (int i = 0; i < n; i++)
		ok |= m->give[give] == rates[i];
	if (!ok) {
		char word[2][3][8], at[40], cards[40];
		const char *ats[4] = { NULL }, *counts[4] = { NULL };
		for (int i = 0; i < n; i++) {
			snprintf(word[0][i], sizeof word[0][i], "%d:1", rates[i]);
			snprintf(word[1][i], sizeof word[1][i], "%d", rates[i]);
			ats[i] = word[0][i];
			counts[i] = word[1][i];
		}
		words_list(ats, at, sizeof at);
		words_list(counts, cards, sizeof cards);
		return illegal(c->e, "%s trades %s at %s with the bank, so give %s %s, not %d",
			       seat_name(c->g, seat), resource_names[give], at, cards, resource_names[give],
			       m->give[give]);
	}
	if (holds(c, seat, m->give))
		return C_ILLEGAL;
	if (p->bank[get] == 0)
		return illegal(c->e, "the bank has no %s left", resource_names[get]);
	pay_bank(p, seat, m->give);
	p->bank[get]--;
	p->pl[seat].hand[get]++;
	return C_OK;
}
