/* movegen.c: the complete list of legal moves of a position (movegen.h says what it holds). */
#include <string.h>

#include "model/board.h"
#include "model/geom.h"
#include "model/hand.h"
#include "rules/movegen.h"
#include "rules/cards.h"
#include "rules/harbour.h"
#include "rules/neutral.h"
#include "rules/placement.h"
#include "rules/robber.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"

/*
 * The placement and trade checks are the engine's own (rules_int.h), so a
 * rule has one statement; this file only enumerates.  The exactness tests
 * (tests/unit/movegen_test.c) hold the two together.  The distance rule is
 * asked of pos_node_open, the predicate node_free_check explains a refusal
 * of, so that no refusal's message is written for nothing.
 */

struct gen {
	const struct game *g;
	const struct position *p;
	int only;		/* the seat listed, or NOBODY for all */
	int external;		/* outcomes are given in the moves (and listed: not MG_NO_OUTCOMES) */
	int hidden;		/* a view: outcomes the viewer cannot know (a card stolen, bought) are left out */
	struct move *out;
	int n, max;
	struct move spare;	/* written when out is full; never read */
};

static int wants(const struct gen *l, int seat)
{
	return l->only == NOBODY || l->only == seat;
}

static struct move *add(struct gen *l, int seat, int verb)
{
	struct move *m = l->n < l->max ? &l->out[l->n] : &l->spare;
	l->n++;
	*m = move_blank;
	m->seat = (int8_t)seat;
	m->verb = (uint8_t)verb;
	return m;
}

static void add_road(struct gen *l, int seat, int edge)
{
	struct move *m = add(l, seat, MV_BUILD);
	m->piece = PC_ROAD;
	m->npath = 1;
	m->path[0] = (int8_t)edge;
}

static void add_node(struct gen *l, int seat, int piece, int node)
{
	struct move *m = add(l, seat, MV_BUILD);
	m->piece = (uint8_t)piece;
	m->node = (int8_t)node;
}

_Static_assert(MAX_NODE <= BITSET_MAX && MAX_EDGE <= BITSET_MAX, "a bitset holds every intersection and every path");

/*
 * road_free_set: the free paths where a road may go for a seat whose road
 * ends (position.road_ends: where a road of the seat's may start) are end,
 * found from the few intersections in end rather than by trying every path.
 */
static struct bitset road_free_set(const struct geometry *geo, const struct position *p, struct bitset end)
{
	struct bitset s = { { 0, 0 } };
	for (int n; (n = bs_pop(&end)) >= 0;) {
		for (int k = 0; k < 3; k++) {
			int ed = geo->node_edges[n][k];
			unsigned u = (unsigned)ed;	/* a shift and a mask below, where a signed number needs more */
			if (ed >= 0)	/* no test of the owner: it is not foreseeable */
				s.w[u >> 6] |= (uint64_t)(p->edge_owner[u] == NOBODY) << (u & 63);
		}
	}
	return s;
}

/* ---- set-up ---- */

static void gen_setup(struct gen *l)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct position *p = l->p;
	int seat = p->current;

	if (p->phase == PH_SETUP_SETTLEMENT) {
		if (!p->pl[seat].settlements)
			return;
		for (int n = 0; n < geo->nnode; n++)
			if (pos_node_open(geo, p, n))
				add_node(l, seat, PC_SETTLEMENT, n);
		return;
	}
	if (!p->pl[seat].roads)
		return;
	/* The road touches the settlement just placed: seat's one with no road of seat's. */
	for (int n = 0; n < geo->nnode; n++) {
		if (p->node_owner[n] != seat || node_touches_road(geo, p, seat, n))
			continue;
		for (int k = 0; k < 3; k++) {
			int ed = geo->node_edges[n][k];
			if (ed >= 0 && p->edge_owner[ed] == NOBODY)
				add_road(l, seat, ed);
		}
		return;
	}
}

/* ---- development cards ---- */

static void gen_road_building(struct gen *l, int seat)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct position *p = l->p;
	int roads = p->pl[seat].roads;
	struct bitset end = p->road_ends[seat];
	struct bitset free = roads ? road_free_set(geo, p, end) : (struct bitset){ { 0, 0 } };

	for (int wa = 0; wa < 2; wa++)	/* a in increasing order */
		for (uint64_t bits_a = free.w[wa]; bits_a; bits_a &= bits_a - 1) {
			int a = 64 * wa + __builtin_ctzll(bits_a);
			/* One road, by choice (000: the player "may" place two). */
			struct move *one = add(l, seat, MV_PLAY);
			one->card = DEV_ROAD_BUILDING;
			one->npath = 1;
			one->path[0] = (int8_t)a;
			if (roads < 2)
				continue;
			/* The ends once a holds a road: its ends where nobody else builds join them. */
			struct bitset more = { { 0, 0 } };
			for (int i = 0; i < 2; i++) {
				int x = geo->edge_nodes[a][i], owner = p->node_owner[x];
				if (owner == NOBODY || owner == seat)
					bs_add(&more, x);
			}
			struct bitset then = road_free_set(geo, p, bs_minus(more, &end));
			for (int wb = 0; wb < 2; wb++) {
				/* The second road: free once a is built, not a itself; a pair {a, b} with
				   both placeable now is listed once, as (min, max). */
				uint64_t bits_b = (free.w[wb] | then.w[wb]) & ~(wb == wa ? (uint64_t)1 << (a % 64) : 0);
				if (wb < wa)
					bits_b &= ~free.w[wb];
				else if (wb == wa)
					bits_b &= ~(free.w[wb] & (((uint64_t)1 << (a % 64)) - 1));
				for (; bits_b; bits_b &= bits_b - 1) {
					struct move *m = add(l, seat, MV_PLAY);
					m->card = DEV_ROAD_BUILDING;
					m->npath = 2;
					m->path[0] = (int8_t)a;
					m->path[1] = (int8_t)(64 * wb + __builtin_ctzll(bits_b));
				}
			}
		}
}

static void gen_play_cards(struct gen *l)
{
	const struct position *p = l->p;
	int seat = p->current;
	const struct player *pl = &p->pl[seat];

	if (pl->dev[DEV_KNIGHT])
		add(l, seat, MV_PLAY)->card = DEV_KNIGHT;
	if (pl->dev[DEV_ROAD_BUILDING])
		gen_road_building(l, seat);
	if (pl->dev[DEV_YEAR_OF_PLENTY])
		for (int a = 0; a < NRES; a++)
			for (int b = a; b < NRES; b++) {
				if (p->bank[a] < 1 + (a == b) || p->bank[b] < 1)
					continue;
				struct move *m = add(l, seat, MV_PLAY);
				m->card = DEV_YEAR_OF_PLENTY;
				m->get[a]++;
				m->get[b]++;
			}
	if (l->g->rules.vp_played && pl->dev[DEV_VICTORY_POINT])
		add(l, seat, MV_PLAY)->card = DEV_VICTORY_POINT;
	if (pl->dev[DEV_MONOPOLY])
		for (int r = 0; r < NRES; r++) {
			struct move *m = add(l, seat, MV_PLAY);
			m->card = DEV_MONOPOLY;
			m->res = (int8_t)r;
		}
}

/*
 * gen_play: the cards the player whose turn it is may play; the listing
 * (gen_play_cards) only when a card is held and none played this turn,
 * which is told from the first four kinds' counts read as one word.
 */
static inline void gen_play(struct gen *l)
{
	const struct position *p = l->p;
	const struct player *pl = &p->pl[p->current];
	uint32_t held;

	_Static_assert(DEV_KNIGHT == 0 && DEV_MONOPOLY == 3 && DEV_VICTORY_POINT == 4, "the kinds' order");
	memcpy(&held, pl->dev, sizeof held);
	if (!p->dev_played && (held || (l->g->rules.vp_played && pl->dev[DEV_VICTORY_POINT])))
		gen_play_cards(l);
}

int movegen_roll_only(const struct game *g, int seat, int flags, struct move *m)
{
	const struct position *p = &g->pos;
	const struct player *pl = &p->pl[p->current];
	uint32_t held;

	if (!g->has_pos || g->view != NOBODY || p->phase != PH_ROLL || seat != p->current ||
	    (g->rules.outcomes == OUT_EXTERNAL && !(flags & MG_NO_OUTCOMES)) || rs_has_trade_cards(g->rs))
		return 0;
	/* No card to play before the roll: gen_play's test. */
	memcpy(&held, pl->dev, sizeof held);
	if (!g->rules.dev_after_roll && !p->dev_played &&
	    (held || (g->rules.vp_played && pl->dev[DEV_VICTORY_POINT])))
		return 0;
	*m = move_blank;
	m->seat = (int8_t)seat;
	m->verb = MV_ROLL;
	return 1;
}

/* ---- the roll, a seven's discards, the robber ---- */

static void gen_roll(struct gen *l)
{
	const struct position *p = l->p;
	int seat = p->current;

	if (!l->external) {
		add(l, seat, MV_ROLL);
		return;
	}
	_Static_assert(NDICE == 2, "a roll of two dice");
	for (int a = 1; a <= l->g->rs->dice_sides; a++)
		for (int b = 1; b <= l->g->rs->dice_sides; b++) {
			if (p->nrolls > 0 && a + b == p->roll_sum[0])
				continue;	/* a second roll differs from the first */
			if (a + b == l->g->rs->robber_roll && early_seven(l->g, p))
				continue;	/* rolled again in the first two rounds */
			struct move *m = add(l, seat, MV_ROLL);
			m->dice[0] = (uint8_t)a;
			m->dice[1] = (uint8_t)b;
		}
}

/* The most of resource r a give of `left` more cards may take: what the hand holds, at most left. */
#define GIVE_HI(r, left) (hand[r] < (left) ? hand[r] : (left))
/* The least: what the resources after r (rest[r] cards) cannot give. */
#define GIVE_LO(r, left) ((left) - rest[r] > 0 ? (left) - rest[r] : 0)

/*
 * Every way of giving `left` cards of hand (a verb's give), largest first:
 * each resource from the most it may give down to the least, the last one
 * taking the rest; rest[r] is the cards hand holds after resource r.
 */
static void gen_discard_from(struct gen *l, int seat, int verb, const uint8_t *hand, int left)
{
	_Static_assert(NRES == 5, "a loop per resource but the last");
	uint8_t give[NRES];
	int rest[NRES];
	rest[NRES - 1] = 0;
	for (int r = NRES - 2; r >= 0; r--)
		rest[r] = rest[r + 1] + hand[r + 1];
	for (int k0 = GIVE_HI(0, left); k0 >= GIVE_LO(0, left); k0--) {
		int left1 = left - k0;
		give[0] = (uint8_t)k0;
		for (int k1 = GIVE_HI(1, left1); k1 >= GIVE_LO(1, left1); k1--) {
			int left2 = left1 - k1;
			give[1] = (uint8_t)k1;
			for (int k2 = GIVE_HI(2, left2); k2 >= GIVE_LO(2, left2); k2--) {
				int left3 = left2 - k2;
				give[2] = (uint8_t)k2;
				for (int k3 = GIVE_HI(3, left3); k3 >= GIVE_LO(3, left3); k3--) {
					give[3] = (uint8_t)k3;
					/* The last resource takes the rest, which it holds (GIVE_LO saw to that). */
					give[4] = (uint8_t)(left3 - k3);
					memcpy(add(l, seat, verb)->give, give, NRES);
				}
			}
		}
	}
}
#undef GIVE_HI
#undef GIVE_LO

int movegen_gives(const struct game *g, int seat, struct mg_gives *gv)
{
	const struct position *p = &g->pos;
	int left;

	if (!g->has_pos || g->view != NOBODY || seat < 0 || seat >= g->nplayers)
		return -1;
	if (p->phase == PH_DISCARD)
		gv->verb = MV_DISCARD, left = p->pl[seat].discard;
	else if (p->phase == PH_GIVE)
		gv->verb = MV_GIVE, left = seat == p->current ? p->give_owed : 0;
	else
		return -1;
	if (left > MG_GIVE_MOST)
		return -1;
	if (left == 0)
		return 0;
	const uint8_t *h = p->pl[seat].hand;
	int (*w)[MG_GIVE_MOST + 1] = gv->ways;
	gv->seat = seat;
	gv->left = left;
	memcpy(gv->hand, h, NRES);
	/* The last two resources: from the rest the last cannot hold to what the first holds. */
	for (int j = 0; j <= left; j++) {
		int hi = h[3] < j ? h[3] : j, lo = j - h[4] > 0 ? j - h[4] : 0;
		w[4][j] = j <= h[4];
		w[3][j] = hi >= lo ? hi - lo + 1 : 0;
	}
	/* Then each earlier resource but the first: w[r][j] is w[r + 1][j - h[r]] + .. + w[r + 1][j]. */
	for (int r = 2; r >= 1; r--) {
		int sum = 0, j = 0;
		for (; j <= left && j <= h[r]; j++)
			w[r][j] = sum += w[r + 1][j];
		for (; j <= left; j++)
			w[r][j] = sum += w[r + 1][j] - w[r + 1][j - h[r] - 1];
	}
	int n = 0;
	for (int t = 0; t <= h[0] && t <= left; t++)
		n += w[1][left - t];
	return n;
}

void movegen_gives_move(const struct mg_gives *gv, int k, struct move *m)
{
	int left = gv->left;

	/* As gen_discard_from lists them: each resource from the most it may give down, the last the rest. */
	*m = move_blank;
	m->seat = (int8_t)gv->seat;
	m->verb = (uint8_t)gv->verb;
	for (int r = 0; r < NRES - 1; r++)
		for (int t = gv->hand[r] < left ? gv->hand[r] : left; t >= 0; t--) {
			if (k < gv->ways[r + 1][left - t]) {
				m->give[r] = (uint8_t)t;
				left -= t;
				break;
			}
			k -= gv->ways[r + 1][left - t];
		}
	m->give[NRES - 1] = (uint8_t)left;
}

static void gen_discards(struct gen *l)
{
	const struct position *p = l->p;
	for (int s = 0; s < l->g->nplayers; s++)
		if (p->pl[s].discard && wants(l, s))
			gen_discard_from(l, s, MV_DISCARD, p->pl[s].hand, p->pl[s].discard);
}

/*
 * The steals from the seats in mask: one per victim, or, when outcomes are
 * external and the listing is not a view's, one per card the victim holds.
 */
static void gen_steals(struct gen *l, int seat, int verb, int hex, unsigned mask)
{
	const struct position *p = l->p;
	int cards = l->external && !l->hidden;
	for (unsigned left = mask; left; left &= left - 1) {
		int v = __builtin_ctz(left);	/* the victims in seat order */
		for (int r = cards ? 0 : -1; r < (cards ? NRES : 0); r++) {
			if (r >= 0 && !p->pl[v].hand[r])
				continue;
			struct move *m = add(l, seat, verb);
			m->hex = (int8_t)hex;
			m->victim = (int8_t)v;
			m->res = (int8_t)r;
		}
	}
}

static void gen_robber(struct gen *l)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct position *p = l->p;
	int seat = robber_mover(l->g, p), later = l->g->rules.knight_interrupt;

	if (!wants(l, seat))
		return;
	if (p->seven)
		add(l, seat, MV_ROBBER)->hex = (int8_t)p->robber;	/* ignore_seven: it stays */
	/*
	 * robber_victims of each hex: the seats that may be robbed, found once
	 * (with knight_interrupt none: the steal is a move of its own, after
	 * the answers), among those the hex pays.
	 */
	unsigned robbable = later ? 0 : robber_robbable(p, l->g->nplayers, seat);
	for (int h = 0; h < geo->nhex; h++) {
		if (h == p->robber || (l->g->rules.friendly_robber && robber_keeps_off(l->g, p, h) != NOBODY))
			continue;
		unsigned mask = pos_hex_seats(p, h) & robbable;
		if (l->external && !l->hidden && mask) {
			gen_steals(l, seat, MV_ROBBER, h, mask);
			continue;
		}
		/* One move per victim, or one with nobody robbed: no test of which. */
		do {
			struct move *m = add(l, seat, MV_ROBBER);
			m->hex = (int8_t)h;
			/* In seat order; NOBODY (all bits set) when mask is 0. */
			_Static_assert(NOBODY == -1, "NOBODY has all bits set");
			m->victim = (int8_t)(__builtin_ctz(mask | 1u << 31) | -(int)(mask == 0));
			mask &= mask - 1;
		} while (mask);
	}
}

int movegen_robber(const struct game *g, int seat, int flags, struct mg_robber *rb)
{
	const struct geometry *geo = g->rs->geom;
	const struct position *p = &g->pos;

	if (!g->has_pos || g->view != NOBODY || p->phase != PH_ROBBER ||
	    (g->rules.outcomes == OUT_EXTERNAL && !(flags & MG_NO_OUTCOMES)))
		return -1;
	rb->seat = robber_mover(g, p);
	if (seat != NOBODY && seat != rb->seat)
		return 0;
	/* As gen_robber lists them: the robber left in place, then each hex's victims or nobody. */
	rb->robbable = g->rules.knight_interrupt ? 0 : robber_robbable(p, g->nplayers, rb->seat);
	/* The seats that may be robbed as pos_hex_builders gives them: seat s at bit 8s. */
	uint64_t rob = 0;
	for (unsigned left = rb->robbable; left; left &= left - 1)
		rob |= (uint64_t)1 << (8 * __builtin_ctz(left));
	int n = p->seven, friendly = g->rules.friendly_robber;
	rb->nhex = geo->nhex;
	if (rb->nhex > MAX_HEX)	/* never: every board's hexes fit; said for the compiler, which cannot see it */
		__builtin_unreachable();
	for (int h = 0; h < rb->nhex; h++) {
		/* A byte of 1 per victim, added up by the product's top byte. */
		uint64_t v = pos_hex_builders(p, h) & rob;
		int here = (int)(v * 0x0101010101010101u >> 56);
		here += here == 0;	/* nobody robbed */
		if (friendly && robber_keeps_off(g, p, h) != NOBODY)
			here = 0;
		rb->moves[h] = (uint8_t)here;
		n += here;
	}
	n -= rb->moves[p->robber];	/* it moves */
	rb->moves[p->robber] = 0;
	return n;
}

void movegen_robber_move(const struct game *g, const struct mg_robber *rb, int k, struct move *m)
{
	const struct position *p = &g->pos;

	*m = move_blank;
	m->seat = (int8_t)rb->seat;
	m->verb = MV_ROBBER;
	if (p->seven && k-- == 0) {
		m->hex = (int8_t)p->robber;
		return;
	}
	for (int h = 0; h < rb->nhex; h++) {
		if (k >= rb->moves[h]) {
			k -= rb->moves[h];
			continue;
		}
		unsigned mask = pos_hex_seats(p, h) & rb->robbable;
		m->hex = (int8_t)h;
		while (k-- > 0)
			mask &= mask - 1;	/* the victims in seat order */
		m->victim = (int8_t)(mask ? __builtin_ctz(mask) : NOBODY);
		return;
	}
}

/* knight_interrupt: the answer to a robber moved, and the steal after the answers. */
static void gen_interrupt(struct gen *l)
{
	const struct position *p = l->p;
	int seat = p->answer;

	if (!wants(l, seat))
		return;
	add(l, seat, MV_PASS);
	if (may_interrupt(p, seat))
		add(l, seat, MV_PLAY)->card = DEV_KNIGHT;
}

static void gen_steal(struct gen *l)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct position *p = l->p;
	int seat = p->robber_seat;

	if (wants(l, seat))
		gen_steals(l, seat, MV_STEAL, -1, robber_victims(geo, p, l->g->nplayers, seat, p->robber));
}

/* ---- Catan for Two ---- */

static void add_neutral(struct gen *l, int seat, int n, int piece, int place)
{
	struct move *m = add(l, seat, MV_NEUTRAL);
	m->to = (int8_t)n;
	m->piece = (uint8_t)piece;
	if (piece == PC_ROAD) {
		m->npath = 1;
		m->path[0] = (int8_t)place;
	} else {
		m->node = (int8_t)place;
	}
}

/* The free neutral piece owed: a settlement where a neutral seat has a spot, else a road. */
static void gen_neutral(struct gen *l)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct position *p = l->p;
	int seat = p->current;

	for (int n = 0; n < l->g->nplayers; n++) {
		if (seat_moves(l->g, n))
			continue;
		if (p->neutral_piece == PC_SETTLEMENT && neutral_settlement_spot(geo, p, n)) {
			for (int nd = 0; nd < geo->nnode; nd++)
				if (node_touches_road(geo, p, n, nd) && pos_node_open(geo, p, nd))
					add_neutral(l, seat, n, PC_SETTLEMENT, nd);
			continue;
		}
		if (!p->pl[n].roads)
			continue;
		struct bitset free = road_free_set(geo, p, p->road_ends[n]);
		for (int w = 0; w < 2; w++)	/* in increasing order */
			for (uint64_t bits = free.w[w]; bits; bits &= bits - 1)
				add_neutral(l, seat, n, PC_ROAD, 64 * w + __builtin_ctzll(bits));
	}
}

/* Every set of k cards (as counts) a hand holds, from resource r on, for a forced trade's outcome. */
static void gen_taken(struct gen *l, int seat, const uint8_t *hand, uint8_t got[NRES], int r, int k)
{
	if (k == 0) {
		struct move *m = add(l, seat, MV_ACTION);
		m->action = ACT_FORCE_TRADE;
		memcpy(m->get, got, NRES);
		return;
	}
	for (int x = r; x < NRES; x++) {
		if (got[x] >= hand[x])
			continue;
		got[x]++;
		gen_taken(l, seat, hand, got, x, k - 1);
		got[x]--;
	}
}

/* The trade-card actions and a knight given back, on the player's own turn (rule sets with trade cards). */
static void gen_two(struct gen *l)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct game *g = l->g;
	const struct position *p = l->p;
	int seat = p->current, o = seat_opponent(g, seat);
	const struct player *pl = &p->pl[seat];

	if (pl->trade >= two_action_cost(g, p, seat)) {
		int d = board_desert(geo, &g->board);
		if (d >= 0 && p->robber != d)
			add(l, seat, MV_ACTION)->action = ACT_ROBBER;
		int back = g->rs->force_trade, held = o == NOBODY ? 0 : pos_hand_size(p, o);
		int take = held < back ? held : back;
		if (held && pos_hand_size(p, seat) + take >= back) {
			uint8_t got[NRES] = { 0 };
			if (l->external && !l->hidden)
				gen_taken(l, seat, p->pl[o].hand, got, 0, take);
			else
				add(l, seat, MV_ACTION)->action = ACT_FORCE_TRADE;
		}
	}
	if (!p->knight_returned && pl->played[DEV_KNIGHT])
		add(l, seat, MV_RETURN)->card = DEV_KNIGHT;
}

/* ---- after the roll ---- */

static void gen_offers(struct gen *l, int seat)
{
	const struct position *p = l->p;
	for (int to = 0; to <= l->g->nplayers; to++) {
		if (to == seat || (to < l->g->nplayers && !seat_moves(l->g, to)))
			continue;
		for (int r = 0; r < NRES; r++) {
			if (!p->pl[seat].hand[r])
				continue;
			for (int x = 0; x < NRES; x++) {
				if (x == r)
					continue;
				struct move *m = add(l, seat, MV_OFFER);
				m->to = (int8_t)(to == l->g->nplayers ? NOBODY : to);
				m->give[r] = 1;
				m->get[x] = 1;
			}
		}
	}
}

/* The answers to the open offer by everyone it is open to. */
static void gen_answers(struct gen *l, int trading)
{
	const struct position *p = l->p;
	const struct offer *o = &p->offer;
	int cur = p->current;

	for (int s = 0; o->active && s < l->g->nplayers; s++) {
		if (s == cur || !wants(l, s) || !seat_moves(l->g, s) || (o->to != NOBODY && o->to != s) ||
		    (o->rejected & (1u << s)))
			continue;
		if (trading && hand_covers(p, s, o->get) && hand_covers(p, cur, o->give))
			add(l, s, MV_ACCEPT);
		add(l, s, MV_REJECT);
	}
}

/* The main phase, and the Special Building Phase (building): the same builds and purchases, no trade, no card played. */
static void gen_main(struct gen *l, int flags, int building)
{
	const struct geometry *geo = l->g->rs->geom;
	const struct game *g = l->g;
	const struct position *p = l->p;
	int seat = p->current;
	const struct player *pl = &p->pl[seat];
	int trading = !building && !(g->rules.trade_build == TRADE_STRICT && p->built);

	if (wants(l, seat)) {
		/* The hand, read once: every move added is a store the compiler would read it again after. */
		uint64_t hand = hand_word(pl->hand);
		const uint8_t (*cost)[NRES] = g->rs->cost;
		if (p->turn < MAX_TURN)
			add(l, seat, MV_END);
		int road = pl->roads && hand_word_has(hand, hand_word(cost[BUY_ROAD]));
		int settlement = pl->settlements && hand_word_has(hand, hand_word(cost[BUY_SETTLEMENT]));
		int city = pl->cities && hand_word_has(hand, hand_word(cost[BUY_CITY]));
		int buy = p->deck_len && hand_word_has(hand, hand_word(cost[BUY_DEV]));
		struct bitset end = p->road_ends[seat];
		if (road) {
			struct bitset free = road_free_set(geo, p, end);
			for (int w = 0; w < 2; w++)	/* in increasing order */
				for (uint64_t bits = free.w[w]; bits; bits &= bits - 1)
					add_road(l, seat, 64 * w + __builtin_ctzll(bits));
		}
		/* A settlement goes next to one of the seat's roads: at one of its road ends with no building. */
		for (int n; settlement && (n = bs_pop(&end)) >= 0;) {	/* in increasing order */
			if (pos_node_open(geo, p, n))
				add_node(l, seat, PC_SETTLEMENT, n);
		}
		/* A city on one of the seat's settlements: its buildings are its road ends with a building. */
		if (city && !(g->rules.keep_settlement && g->rs->settlements - pl->settlements == 1)) {
			struct bitset own = p->road_ends[seat];
			own.w[0] &= p->occupied.w[0];
			own.w[1] &= p->occupied.w[1];
			for (int n; (n = bs_pop(&own)) >= 0;)	/* in increasing order */
				if (p->node_kind[n] == B_SETTLEMENT)
					add_node(l, seat, PC_CITY, n);
		}
		if (buy) {
			if (!l->external || l->hidden)
				add(l, seat, MV_BUY);
			for (int d = 0; l->external && !l->hidden && d < NDEV; d++)
				if (p->deck_count[d])
					add(l, seat, MV_BUY)->card = (int8_t)d;
		}
		/*
		 * Maritime trades: each resource held at least at the seat's rate
		 * for it, for each other resource the bank has, in increasing
		 * order of both.
		 */
		if (trading && hand_any_at_least(pl->hand, g->rs->harbour_rate)) {
			uint64_t rate = harbour_rates(g, harbour_kinds(g, p, seat));
			uint64_t in_bank = hand_at_least(p->bank, HAND_FILL(1));
			for (uint64_t give = hand_at_least(pl->hand, rate); give; give &= give - 1) {
				int r = hand_next(give), rates[3], nr = 1;
				rates[0] = (int)(rate >> (8 * r) & 0xff);
				if (flags & MG_ALL_RATES)
					nr = trade_rates(g, p, seat, r, rates);
				for (int i = 0; i < nr; i++) {
					if (pl->hand[r] < rates[i])
						continue;
					for (uint64_t get = in_bank & ~HAND_BIT(r); get; get &= get - 1) {
						struct move *m = add(l, seat, MV_TRADE);
						m->give[r] = (uint8_t)rates[i];
						m->get[hand_next(get)] = 1;
					}
				}
			}
		}
		if (building)
			return;
		gen_play(l);
		if (rs_has_trade_cards(g->rs))
			gen_two(l);
		if (p->offer.active)
			add(l, seat, MV_CANCEL);
		if (trading && (flags & MG_OFFERS) && !p->paired)	/* Settler 2 trades with the bank alone */
			gen_offers(l, seat);
	}
	if (!building)
		gen_answers(l, trading);
}

int movegen_legal(const struct game *g, int seat, int flags, struct move *out, int max)
{
	const struct position *p = &g->pos;
	struct position stand_in;
	struct gen l = {
		.g = g, .p = p, .only = seat, .out = out, .max = out ? max : 0,
		.external = g->rules.outcomes == OUT_EXTERNAL && !(flags & MG_NO_OUTCOMES),
	};

	if (!g->has_pos)
		return 0;
	if (g->view != NOBODY) {
		/* A view lists its viewer's moves, from what the viewer sees. */
		if (seat != NOBODY && seat != g->view)
			return 0;
		view_stand_in(g, &stand_in);
		l.p = p = &stand_in;
		l.only = g->view;
		l.hidden = 1;
	}
	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
	case PH_SETUP_ROAD:
		if (wants(&l, p->current))
			gen_setup(&l);
		break;
	case PH_ROLL:
		if (wants(&l, p->current)) {
			gen_roll(&l);
			if (!g->rules.dev_after_roll)
				gen_play(&l);
			if (rs_has_trade_cards(g->rs))
				gen_two(&l);
		}
		break;
	case PH_DISCARD:
		gen_discards(&l);
		break;
	case PH_ROBBER:
		gen_robber(&l);
		break;
	case PH_INTERRUPT:
		gen_interrupt(&l);
		break;
	case PH_STEAL:
		gen_steal(&l);
		break;
	case PH_MAIN:
		gen_main(&l, flags, 0);
		break;
	case PH_BUILDING:
		gen_main(&l, flags, 1);
		break;
	case PH_NEUTRAL:
		if (wants(&l, p->current))
			gen_neutral(&l);
		break;
	case PH_GIVE:
		if (wants(&l, p->current))
			gen_discard_from(&l, p->current, MV_GIVE, p->pl[p->current].hand, p->give_owed);
		break;
	}
	return l.n;
}
