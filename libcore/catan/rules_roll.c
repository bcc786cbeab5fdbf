/* rules_roll.c: the roll and production, a seven's discards, and the robber with its steal. */
#include <stdio.h>
#include <string.h>

#include "geom.h"
#include "names.h"
#include "rng.h"
#include "rules_int.h"
#include "state.h"

/* Production of a roll: each resource is paid to all owed, or, when the bank is short, to nobody. */
static void produce(const struct game *g, struct position *p, int total)
{
	uint8_t owed[NRES][MAXPLAYERS];
	memset(owed, 0, sizeof owed);
	for (int h = 0; h < g->rs->geom->nhex; h++) {
		if (g->board.token[h] != total || h == p->robber || g->board.terrain[h] >= T_DESERT)
			continue;
		int r = g->board.terrain[h];
		for (int k = 0; k < 6; k++) {
			int n = geom_hex_nodes[h][k], s = p->node_owner[n];
			if (s != NOBODY && g->role[s] == SEAT_PLAYER)	/* neutral seats never produce */
				owed[r][s] = (uint8_t)(owed[r][s] + (p->node_kind[n] == B_CITY ? 2 : 1));
		}
	}
	for (int r = 0; r < NRES; r++) {
		int sum = 0;
		for (int s = 0; s < g->nplayers; s++)
			sum += owed[r][s];
		if (sum == 0 || sum > p->bank[r])
			continue;
		for (int s = 0; s < g->nplayers; s++)
			p->pl[s].hand[r] = (uint8_t)(p->pl[s].hand[r] + owed[r][s]);
		p->bank[r] = (uint8_t)(p->bank[r] - sum);
	}
}

/* The dice a game draws; a second roll of the turn is drawn again until its total differs from the first. */
static void draw_dice(const struct game *g, struct position *p, uint8_t d[2])
{
	int sides = g->rs->dice_sides;
	do {
		d[0] = (uint8_t)(rng_below(p->rng, sides) + 1);
		d[1] = (uint8_t)(rng_below(p->rng, sides) + 1);
	} while ((p->nrolls > 0 && d[0] + d[1] == p->roll_sum[0]) ||
		 (d[0] + d[1] == g->rs->robber_roll && early_seven(g, p)));
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
	if (g->rs->rolls_per_turn > 1) {
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
	p->phase = owing ? PH_DISCARD : PH_ROBBER;
	p->seven = g->rules.ignore_seven;
	return C_OK;
}

int rules_discard(struct rctx *c)
{
	struct position *p = c->p;
	int seat = c->m->seat, owed = p->pl[seat].discard, total = 0;

	if (owed == 0)
		return illegal(c->e, "%s owes no cards", cname(c->g, seat));
	for (int r = 0; r < NRES; r++) {
		total += c->m->give[r];
		if (c->m->give[r] > p->pl[seat].hand[r])
			return illegal(c->e, "%s holds only %d %s", cname(c->g, seat),
				       p->pl[seat].hand[r], resource_names[r]);
	}
	if (total != owed)
		return illegal(c->e, "%s must discard exactly %d cards, not %d", cname(c->g, seat),
			       owed, total);
	pay_bank(p, seat, c->m->give);
	p->pl[seat].discard = 0;
	for (int s = 0; s < c->g->nplayers; s++)
		if (p->pl[s].discard)
			return C_OK;
	p->phase = PH_ROBBER;
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
			int k = snprintf(buf + len, n - len, "%s%s", sep, cname(g, s));
			if (k > 0 && (size_t)k < n - len)
				len += (size_t)k;
		}
	return buf;
}

static int on_hex(const struct position *p, int seat, int hex)
{
	for (int k = 0; k < 6; k++)
		if (p->node_owner[geom_hex_nodes[hex][k]] == seat)
			return 1;
	return 0;
}

int rules_robber(struct rctx *c)
{
	struct position *p = c->p;
	struct move *m = c->m;
	int seat = m->seat, hex = m->hex, v = m->victim;
	char who[64];

	if (hex == p->robber && p->seven) {
		/* ignore_seven: the roller leaves the robber where it is, and steals nothing. */
		if (v != NOBODY)
			return illegal(c->e, "a robber left on hex %d steals nothing", hex + 1);
		p->seven = 0;
		p->phase = p->rolled ? PH_MAIN : PH_ROLL;
		return C_OK;
	}
	if (hex == p->robber)
		return illegal(c->e, "the robber must move to another hex than %d", hex + 1);
	int keeper = robber_keeps_off(c->g, p, hex);
	if (keeper != NOBODY)
		return illegal(c->e, "the friendly robber keeps off hex %d: %s has 2 points or fewer "
				     "(friendly_robber)", hex + 1, cname(c->g, keeper));
	unsigned mask = robber_victims(p, c->g->nplayers, seat, hex);
	if (v == NOBODY) {
		if (mask)
			return illegal(c->e, "a player on hex %d must be robbed: %s", hex + 1,
				       seats_text(c->g, mask, who, sizeof who));
		if (m->res >= 0)
			return illegal(c->e, "a card stolen needs the player robbed");
	} else {
		if (v == seat)
			return illegal(c->e, "you cannot rob yourself");
		if (!on_hex(p, v, hex))
			return illegal(c->e, "%s has no settlement or city on hex %d", cname(c->g, v),
				       hex + 1);
		if (!(mask & (1u << v)))
			return illegal(c->e, "%s holds no resource cards to steal", cname(c->g, v));
		int src = outcome_source(c->g, c->replay, m->res >= 0, "the card stolen", c->e);
		if (src < 0)
			return C_ILLEGAL;
		int r = m->res;
		if (src == 1) {
			if (p->pl[v].hand[r] == 0)
				return illegal(c->e, "%s holds no %s to steal", cname(c->g, v),
					       resource_names[r]);
		} else {
			r = hand_draw(p->rng, p->pl[v].hand);
			if (m->res >= 0 && m->res != r)
				return illegal(c->e, "the logged card stolen %s differs from the game's "
						     "draw %s",
					       resource_names[m->res], resource_names[r]);
			m->res = (int8_t)r;
		}
		p->pl[v].hand[r]--;
		p->pl[seat].hand[r]++;
	}
	p->robber = (uint8_t)hex;
	p->seven = 0;
	p->phase = p->rolled ? PH_MAIN : PH_ROLL;
	return C_OK;
}
