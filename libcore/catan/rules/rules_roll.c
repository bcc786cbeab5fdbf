/* rules_roll.c: the roll and production, a seven's discards, and the robber with its steal. */
#include <stdio.h>
#include <string.h>

#include "model/geom.h"
#include "model/names.h"
#include "rng.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/cards.h"
#include "rules/refusal.h"
#include "rules/robber.h"

/*
 * Production of a roll: each resource is paid to all owed, or, when the
 * bank is short, to nobody.  What each seat is owed of a resource is one
 * byte of a word (seat s at bits 8s..8s+7), the sum of the hexes' yields
 * (position.hex_yield): a seat's nine buildings touch at most 27 hexes,
 * 54 cards with cities, so no byte overflows.  Six seats' 324 would, so
 * the bytes are added in pairs first (two neighbours' 108 never carry),
 * each pair kept in a 16-bit lane, and the three lanes then.
 */
_Static_assert(MAXPLAYERS <= 6, "a 64-bit word holds a byte per seat, and three lanes of two");
static unsigned owed_sum(uint64_t owed)
{
	uint64_t lanes = (owed + (owed >> 8)) & 0x00ff00ff00ff;
	return (unsigned)((lanes * 0x000100010001) >> 32 & 0xffff);	/* the three lanes added */
}

static void produce(const struct game *g, struct position *p, int total)
{
	uint64_t owed[NRES] = { 0 }, players = ~(uint64_t)0;
	unsigned made = 0;	/* the resources owed to anyone */
	if (total < 0 || total > MAX_TOKEN)
		return;
	if (rs_has_neutrals(g->rs)) {	/* neutral seats never produce */
		players = 0;
		for (int s = 0; s < g->nplayers; s++)
			if (g->role[s] == SEAT_PLAYER)
				players |= (uint64_t)0xff << (8 * s);
	}
	/* The hexes of the number rolled (board_index), the desert left out. */
	for (int i = g->board.token_first[total]; i < g->board.token_first[total + 1]; i++) {
		int h = g->board.by_token[i];
		uint64_t y = p->hex_yield[h] & players;
		if (h == p->robber || !y)
			continue;
		int r = g->board.terrain[h];
		owed[r] += y;
		made |= 1u << r;
	}
	for (; made; made &= made - 1) {
		int r = __builtin_ctz(made);
		unsigned sum = owed_sum(owed[r]);
		if (sum > p->bank[r])
			continue;
		for (int s = 0; s < g->nplayers; s++)
			p->pl[s].hand[r] = (uint8_t)(p->pl[s].hand[r] + (owed[r] >> (8 * s) & 0xff));
		p->bank[r] = (uint8_t)(p->bank[r] - sum);
	}
}

/* The dice a game draws; a second roll of the turn is drawn again until its total differs from the first. */
static void draw_dice(const struct game *g, struct position *p, uint8_t d[2])
{
	int sides = g->rs->dice_sides;
	struct luck l = game_luck(g, p);
	do {
		if (sides == 6) {	/* the usual dice: a constant, so the remainder is a multiplication */
			d[0] = (uint8_t)(luck_below(l, 6) + 1);
			d[1] = (uint8_t)(luck_below(l, 6) + 1);
		} else {
			d[0] = (uint8_t)(luck_below(l, (uint32_t)sides) + 1);
			d[1] = (uint8_t)(luck_below(l, (uint32_t)sides) + 1);
		}
	} while ((p->nrolls > 0 && d[0] + d[1] == p->roll_sum[0]) ||
		 (d[0] + d[1] == g->rs->robber_roll && early_seven(g, p)));
}

void robber_owed(const struct game *g, struct position *p, int seat)
{
	p->phase = PH_ROBBER;
	if (g->rules.knight_interrupt)
		p->robber_seat = (uint8_t)seat;
}

/* The robber's business is done: back to the turn. */
static void robber_done(struct position *p)
{
	p->robber_seat = p->answer = 0;
	p->phase = p->rolled ? PH_MAIN : PH_ROLL;
}
int rules_roll(struct rctx *c)
{
	const struct game *g = c->g;
	struct position *p = c->p;
	struct move *m = c->m;
	int src = outcome_source(g, c->replay, m->dice[0] != 0, "the dice", c->e);

	if (src < 0)
		return C_ILLEGAL;
	if (src == 0) {
		uint8_t d[2];
		draw_dice(g, p, d);
		if (m->dice[0] && (m->dice[0] != d[0] || m->dice[1] != d[1]))
			return illegal(c->e, "the logged dice %d %d differ from the game's draw %d %d",
				       m->dice[0], m->dice[1], d[0], d[1]);
		m->dice[0] = d[0];
		m->dice[1] = d[1];
	}
	int total = m->dice[0] + m->dice[1];
	if (total == g->rs->robber_roll && early_seven(g, p))
		return illegal(c->e, "a seven in the first two rounds is rolled again (reroll_sevens)");
	if (rs_has_second_roll(g->rs)) {
		if (p->nrolls > 0 && total == p->roll_sum[0])
			return illegal(c->e, "the second roll must differ from the first (%d): roll again",
				       total);
		p->roll_sum[p->nrolls++] = (uint8_t)total;
		p->rolled = p->nrolls == g->rs->rolls_per_turn;
	} else {
		p->rolled = 1;
	}
	if (total != g->rs->robber_roll) {
		produce(g, p, total);
		p->phase = p->rolled ? PH_MAIN : PH_ROLL;
		return C_OK;
	}
	int owing = 0;
	for (int s = 0; s < g->nplayers; s++) {
		int h = pos_hand_size(p, s);
		p->pl[s].discard = (uint8_t)(h > g->rules.discard_limit ? h / 2 : 0);
		owing |= p->pl[s].discard != 0;
	}
	p->seven = g->rules.ignore_seven;
	if (owing)
		p->phase = PH_DISCARD;
	else
		robber_owed(g, p, m->seat);
	return C_OK;
}

int rules_discard(struct rctx *c)
{
	struct position *p = c->p;
	int seat = c->m->seat, owed = p->pl[seat].discard, total = 0;

	if (owed == 0)
		return illegal(c->e, "%s owes no cards", seat_name(c->g, seat));
	for (int r = 0; r < NRES; r++) {
		total += c->m->give[r];
		if (c->m->give[r] > p->pl[seat].hand[r])
			return illegal(c->e, "%s holds only %d %s", seat_name(c->g, seat),
				       p->pl[seat].hand[r], resource_names[r]);
	}
	if (total != owed)
		return illegal(c->e, "%s must discard exactly %d cards, not %d", seat_name(c->g, seat),
			       owed, total);
	pay_bank(p, seat, c->m->give);
	p->pl[seat].discard = 0;
	for (int s = 0; s < c->g->nplayers; s++)
		if (p->pl[s].discard)
			return C_OK;
	robber_owed(c->g, p, p->current);
	return C_OK;
}

/* Names of the seats in mask, "blue or white", into buf. */
static const char *seats_text(const struct game *g, unsigned mask, char *buf, size_t n)
{
	size_t len = 0;
	int left = __builtin_popcount(mask);
	buf[0] = '\0';
	for (int s = 0; s < g->nplayers; s++)
		if (mask & (1u << s)) {
			left--;
			const char *sep = len == 0 ? "" : left == 0 ? " or " : ", ";
			int k = snprintf(buf + len, n - len, "%s%s", sep, seat_name(g, s));
			if (k > 0 && (size_t)k < n - len)
				len += (size_t)k;
		}
	return buf;
}

static int on_hex(const struct geometry *geo, const struct position *p, int seat, int hex)
{
	for (int k = 0; k < 6; k++)
		if (p->node_owner[geo->hex_nodes[hex][k]] == seat)
			return 1;
	return 0;
}

/*
 * steal: thief takes a card from victim, who holds one at least: the
 * card the move gives (external outcomes) or one drawn from the hand.
 */
static int steal(struct rctx *c, int thief, int victim)
{
	struct position *p = c->p;
	struct move *m = c->m;
	int src = outcome_source(c->g, c->replay, m->res >= 0, "the card stolen", c->e);
	if (src < 0)
		return C_ILLEGAL;
	int r = m->res;
	if (src == 1) {
		if (p->pl[victim].hand[r] == 0)
			return illegal(c->e, "%s holds no %s to steal", seat_name(c->g, victim), resource_names[r]);
	} else {
		r = hand_draw(game_luck(c->g, p), p->pl[victim].hand);
		if (m->res >= 0 && m->res != r)
			return illegal(c->e, "the logged card stolen %s differs from the game's draw %s",
				       resource_names[m->res], resource_names[r]);
		m->res = (int8_t)r;
	}
	p->pl[victim].hand[r]--;
	p->pl[thief].hand[r]++;
	return C_OK;
}

/* The victim named by a robber moved to hex by seat (v: NOBODY for none): the rule of who may be robbed. */
static int victim_check(struct rctx *c, int seat, int hex, int v)
{
	const struct geometry *geo = c->g->rs->geom;
	unsigned mask = robber_victims(geo, c->p, c->g->nplayers, seat, hex);
	char who[64];

	if (v == NOBODY) {
		if (mask)
			return illegal(c->e, "a player on hex %d must be robbed: %s", hex + 1,
				       seats_text(c->g, mask, who, sizeof who));
		if (c->m->res >= 0)
			return illegal(c->e, "a card stolen needs the player robbed");
		return C_OK;
	}
	if (v == seat)
		return illegal(c->e, "you cannot rob yourself");
	if (!on_hex(geo, c->p, v, hex))
		return illegal(c->e, "%s has no settlement or city on hex %d", seat_name(c->g, v), hex + 1);
	if (!(mask & (1u << v)))
		return illegal(c->e, "%s holds no resource cards to steal", seat_name(c->g, v));
	return C_OK;
}

/* knight_interrupt: the robber has moved; the other players answer, or the mover steals at once. */
static void robber_moved(const struct game *g, struct position *p)
{
	const struct geometry *geo = g->rs->geom;
	int first = interrupt_next(g, p, p->robber_seat);
	if (first != NOBODY) {
		p->phase = PH_INTERRUPT;
		p->answer = (uint8_t)first;
	} else if (robber_victims(geo, p, g->nplayers, p->robber_seat, p->robber)) {
		p->phase = PH_STEAL;
		p->answer = 0;
	} else {
		robber_done(p);
	}
}

int rules_robber(struct rctx *c)
{
	struct position *p = c->p;
	struct move *m = c->m;
	int seat = m->seat, hex = m->hex, v = m->victim;

	if (hex == p->robber && p->seven) {
		/* ignore_seven: the roller leaves the robber where it is, and steals nothing. */
		if (v != NOBODY)
			return illegal(c->e, "a robber left on hex %d steals nothing", hex + 1);
		p->seven = 0;
		robber_done(p);
		return C_OK;
	}
	if (hex == p->robber)
		return illegal(c->e, "the robber must move to another hex than %d", hex + 1);
	int keeper = robber_keeps_off(c->g, p, hex);
	if (keeper != NOBODY)
		return illegal(c->e, "the friendly robber keeps off hex %d: %s has %d points or fewer "
				     "(friendly_robber)", hex + 1, seat_name(c->g, keeper), c->g->rs->friendly_points);
	if (c->g->rules.knight_interrupt) {
		if (v != NOBODY)
			return illegal(c->e, "the steal waits for the other players' answers: '%s steal "
					     "%s' after them (knight_interrupt)", seat_name(c->g, seat), seat_name(c->g, v));
		p->robber = (uint8_t)hex;
		p->seven = 0;
		robber_moved(c->g, p);
		return C_OK;
	}
	if (victim_check(c, seat, hex, v))
		return C_ILLEGAL;
	if (v != NOBODY && steal(c, seat, v))
		return C_ILLEGAL;
	p->robber = (uint8_t)hex;
	p->seven = 0;
	robber_done(p);
	return C_OK;
}

int rules_pass(struct rctx *c)
{
	const struct geometry *geo = c->g->rs->geom;
	struct position *p = c->p;
	int next = interrupt_next(c->g, p, c->m->seat);

	if (next != NOBODY) {
		p->answer = (uint8_t)next;
		return C_OK;
	}
	p->answer = 0;
	if (robber_victims(geo, p, c->g->nplayers, p->robber_seat, p->robber))
		p->phase = PH_STEAL;
	else
		robber_done(p);
	return C_OK;
}

int rules_steal(struct rctx *c)
{
	struct position *p = c->p;
	int seat = c->m->seat, v = c->m->victim;

	if (v == NOBODY)
		return illegal(c->e, "'steal' needs the player robbed");
	if (victim_check(c, seat, p->robber, v) || steal(c, seat, v))
		return C_ILLEGAL;
	robber_done(p);
	return C_OK;
}
