/* rules_dev.c: buying and playing development cards, and the end of a turn. */
#include <string.h>

#include "model/names.h"
#include "rng.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/cards.h"
#include "rules/placement.h"
#include "rules/refusal.h"

/* Takes card d out of the deck: the first of its kind when the order is known. */
static void deck_remove(struct position *p, int d)
{
	if (p->deck_known) {
		for (int i = 0; i < p->deck_len; i++)
			if (p->deck[i] == d) {
				memmove(p->deck + i, p->deck + i + 1, (size_t)(p->deck_len - i - 1));
				p->deck[p->deck_len - 1] = 0;
				break;
			}
	}
	p->deck_len--;
	p->deck_count[d]--;
}

/* The card an internal game draws: the top card, or by the counts when the order is unknown. */
static int deck_draw(const struct game *g, struct position *p)
{
	if (p->deck_known)
		return p->deck[0];
	int k = (int)luck_below(game_luck(g, p), p->deck_len), d = 0;
	while (k >= p->deck_count[d])
		k -= p->deck_count[d++];
	return d;
}

int rules_buy(struct rctx *c)
{
	struct position *p = c->p;
	struct move *m = c->m;
	int seat = m->seat;
	char need[96];

	if (p->deck_len == 0)
		return illegal(c->e, "the development deck is empty");
	if (!hand_covers(p, seat, c->g->rs->cost[BUY_DEV]))
		return illegal(c->e, "not enough resources: a development card costs %s",
			       cards_text(c->g->rs->cost[BUY_DEV], need, sizeof need));
	int src = outcome_source(c->g, c->replay, m->card >= 0, "the card bought", c->e);
	if (src < 0)
		return C_ILLEGAL;
	int d = m->card;
	if (src == 1) {
		if (p->deck_count[d] == 0)
			return illegal(c->e, "no %s card is left in the deck", dev_names[d]);
	} else {
		d = deck_draw(c->g, p);
		if (m->card >= 0 && m->card != d)
			return illegal(c->e, "the logged card bought %s differs from the game's draw %s",
				       dev_names[m->card], dev_names[d]);
		m->card = (int8_t)d;
	}
	pay_bank(p, seat, c->g->rs->cost[BUY_DEV]);
	deck_remove(p, d);
	p->pl[seat].dev_new[d]++;
	p->built = 1;
	return C_OK;
}

static int play_road_building(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	const struct move *m = c->m;
	int seat = m->seat;

	if (m->npath < 1)
		return illegal(c->e, "road-building needs one or two paths");
	if (p->pl[seat].roads == 0)
		return illegal(c->e, "no roads left in your supply");
	if (road_place_check(geo, p, seat, m->path[0], c->e))
		return C_ILLEGAL;
	pos_place_road(geo, p, seat, m->path[0]);
	if (m->npath == 2) {
		if (p->pl[seat].roads == 0)
			return illegal(c->e, "only one road is left in your supply: give one path");
		if (road_place_check(geo, p, seat, m->path[1], c->e))
			return C_ILLEGAL;
		pos_place_road(geo, p, seat, m->path[1]);
	}
	p->road_len[seat] = (uint8_t)longest_road(geo, p, seat);
	awards_update_road(c->g->rs, p, c->g->nplayers);
	two_after_build(c->g, p, PC_ROAD, m->npath);
	return C_OK;
}

int rules_play(struct rctx *c)
{
	struct position *p = c->p;
	const struct move *m = c->m;
	int seat = m->seat, d = m->card;
	struct player *pl = &p->pl[seat];
	int own_turn = seat == p->current;	/* a knight answering a robber may come on another's turn */
	char need[96];

	if (d < 0 || d > DEV_VICTORY_POINT || (d == DEV_VICTORY_POINT && !c->g->rules.vp_played))
		return illegal(c->e, "victory point cards are not played: they count while held");
	if (own_turn && p->dev_played)
		return illegal(c->e, "only one development card may be played per turn");
	if (pl->dev[d] == 0) {
		if (pl->dev_new[d])
			return illegal(c->e, "a development card cannot be played on the turn it was "
					     "bought");
		return illegal(c->e, "%s holds no %s card", seat_name(c->g, seat), dev_names[d]);
	}
	switch (d) {
	case DEV_KNIGHT:
		p->answer = 0;
		robber_owed(c->g, p, seat);
		break;
	case DEV_ROAD_BUILDING:
		if (play_road_building(c))
			return C_ILLEGAL;
		break;
	case DEV_YEAR_OF_PLENTY:
		for (int r = 0; r < NRES; r++)
			if (p->bank[r] < m->get[r])
				return illegal(c->e, "the bank cannot pay %s",
					       cards_text(m->get, need, sizeof need));
		for (int r = 0; r < NRES; r++) {
			p->bank[r] = (uint8_t)(p->bank[r] - m->get[r]);
			pl->hand[r] = (uint8_t)(pl->hand[r] + m->get[r]);
		}
		break;
	case DEV_MONOPOLY:
		if (m->res < 0)
			return illegal(c->e, "monopoly needs a resource");
		for (int s = 0; s < c->g->nplayers; s++)
			if (s != seat) {
				pl->hand[m->res] = (uint8_t)(pl->hand[m->res] + p->pl[s].hand[m->res]);
				p->pl[s].hand[m->res] = 0;
			}
		break;
	}
	pl->dev[d]--;
	pl->played[d]++;
	if (own_turn)
		p->dev_played = 1;
	if (d == DEV_KNIGHT)
		awards_update_army(c->g->rs, p, seat);
	return C_OK;
}

int rules_end(struct rctx *c)
{
	struct position *p = c->p;
	struct player *pl = &p->pl[p->current];

	if (p->turn >= MAX_TURN)
		return illegal(c->e, "turn %d is the last a game may have: the turn cannot end", MAX_TURN);
	/* The cards bought this turn become playable (mostly none: one word and a byte tell). */
	uint32_t bought;
	memcpy(&bought, pl->dev_new, sizeof bought);
	_Static_assert(NDEV == 5, "four kinds in a word and the fifth");
	if (bought || pl->dev_new[4])
		for (int d = 0; d < NDEV; d++) {
			pl->dev[d] = (uint8_t)(pl->dev[d] + pl->dev_new[d]);
			pl->dev_new[d] = 0;
		}
	memset(&p->offer, 0, sizeof p->offer);
	p->offer.to = NOBODY;
	p->dev_played = p->built = 0;
	/*
	 * Paired players: the first "end" of a turn hands it to Settler 2, who
	 * trades with the bank, builds, buys and plays a card of their own
	 * after the roll already made; their "end" begins the next turn.
	 */
	if (c->g->rules.paired_players && !p->paired) {
		p->paired = 1;
		p->turn_of = p->current;
		p->current = (int8_t)settler_two(c->g, p->current);
		return C_OK;
	}
	int next = turn_next(c->g, p->paired ? p->turn_of : p->current);
	p->paired = 0;
	p->rolled = 0;
	p->nrolls = p->knight_returned = 0;
	memset(p->roll_sum, 0, sizeof p->roll_sum);
	/*
	 * The Special Building Phase: each other player in turn from the left
	 * of the player whose turn ended, each "end" a pass; the last pass
	 * begins the next turn.  A card bought in it became playable above.
	 */
	if (p->phase == PH_BUILDING) {
		if (next != p->turn_of) {
			p->current = (int8_t)next;
			return C_OK;
		}
		next = turn_next(c->g, p->turn_of);
	} else if (turn_building_phase(c->g) && next != p->current) {
		p->turn_of = p->current;
		p->current = (int8_t)next;
		p->phase = PH_BUILDING;
		return C_OK;
	}
	p->turn_of = 0;
	p->current = (int8_t)next;
	p->turn++;
	p->phase = PH_ROLL;
	return C_OK;
}
