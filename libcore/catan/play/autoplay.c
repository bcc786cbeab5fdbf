/* autoplay.c: automatic players: the random and greedy policies (autoplay.h documents them). */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "model/geom.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "rules/harbour.h"
#include "rules/placement.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"

const char *const policy_names[NPOLICY] = { "none", "random", "greedy", "search", "best" };

/* ---- the players' set ---- */

/* The verb of a log line ("red trade ore 4 for grain": "trade") equals verb. */
static int line_verb_is(const char *line, const char *verb)
{
	const char *v = strchr(line, ' ');
	size_t n = strlen(verb);
	return v && strncmp(v + 1, verb, n) == 0 && (v[1 + n] == ' ' || v[1 + n] == '\0');
}

/* note_trade: m, a move just made, among the turn's trades. */
static void note_trade(struct turn_trades *tt, const struct move *m)
{
	if (m->verb == MV_TRADE)
		tt->maritime++;
	if (m->verb != MV_OFFER)
		return;
	if (tt->offers < AUTO_OFFERS_KEPT)
		tt->offer[tt->offers] = *m;
	tt->offers++;
}

int autoplay_init(struct autoplay *a, const struct game *g, int pol, struct cerr *e)
{
	size_t from = g->log.len;

	memset(a, 0, sizeof *a);
	for (int s = 0; s < MAXPLAYERS; s++)
		a->policy[s] = (uint8_t)pol;
	a->turn = g->pos.turn;
	a->moves = (unsigned long)g->log.len;
	/* The trades of the turn under way: the log's lines since the last end. */
	for (; from > 0 && !line_verb_is(g->log.ent[from - 1].text, "end"); from--)
		a->trades += line_verb_is(g->log.ent[from - 1].text, "trade") ||
			     line_verb_is(g->log.ent[from - 1].text, "offer");
	for (size_t i = from; a->trades && i < g->log.len; i++) {
		struct move m;
		struct cerr ignored;
		if ((line_verb_is(g->log.ent[i].text, "trade") || line_verb_is(g->log.ent[i].text, "offer")) &&
		    movelog_move(g, i, &m, &ignored) == C_OK)
			note_trade(&a->tt, &m);
	}
	a->cap = 256;
	a->buf = malloc((size_t)a->cap * sizeof *a->buf);
	if (!a->buf)
		return cerr_set(e, C_SYSTEM, "out of memory");
	return C_OK;
}

void autoplay_free(struct autoplay *a)
{
	free(a->buf);
	a->buf = NULL;
	a->cap = 0;
}

int autoplay_actor(const struct game *g)
{
	const struct position *p = &g->pos;
	struct status st;

	if (!g->has_pos)
		return NOBODY;
	/*
	 * Most moves of a play-out: game_status waits for the player whose
	 * turn it is alone (status_test checks that this answer is its).
	 */
	if (p->phase == PH_ROLL || (p->phase == PH_MAIN && !p->offer.active))
		return p->current;
	game_status(g, p, &st);
	/* An open offer: the first player after the offerer who may still answer it. */
	if (st.nwaiting > 1 && p->phase == PH_MAIN)
		for (int s = turn_next(g, p->current); s != p->current; s = turn_next(g, s))
			if (st.owes[s].what == OWE_OFFER)
				return s;
	return st.nwaiting ? st.waiting[0] : NOBODY;
}

/* ---- what the greedy player values ---- */

/* The number of the rolls of the rule set's dice (rs_roll_ways: 5 of the 36 of two six-sided ones for a 6) that give token. */
static int pips(const struct game *g, int token)
{
	return rs_roll_ways(g->rs, token);
}

/* A place for a settlement: its hexes' chances, and a little for each different resource. */
static int node_value(const struct game *g, int n)
{
	const struct geometry *geo = g->rs->geom;
	int v = 0;
	unsigned seen = 0;
	for (int k = 0; k < 3; k++) {
		int h = geo->node_hexes[n][k];
		if (h < 0 || g->board.terrain[h] >= T_DESERT)
			continue;
		v += 4 * pips(g, g->board.token[h]);
		if (!(seen & (1u << g->board.terrain[h])))
			v++;
		seen |= 1u << g->board.terrain[h];
	}
	return v;
}

/* Whether seat can place a settlement somewhere now (pieces and cost aside). */
static int has_spot(const struct geometry *geo, const struct position *p, int seat)
{
	for (int n = 0; n < geo->nnode; n++)
		if (node_touches_road(geo, p, seat, n) && pos_node_open(geo, p, n))
			return 1;
	return 0;
}

/* What a road on edge is worth to seat: the best free intersection it opens or nears. */
static int road_value(const struct game *g, const struct position *p, int edge)
{
	const struct geometry *geo = g->rs->geom;
	int best = 0;
	for (int i = 0; i < 2; i++) {
		int x = geo->edge_nodes[edge][i];
		if (pos_node_open(geo, p, x) && 2 * node_value(g, x) > best)
			best = 2 * node_value(g, x);
		for (int k = 0; k < 3; k++) {
			int y = geo->node_nodes[x][k];
			if (y >= 0 && pos_node_open(geo, p, y) && node_value(g, y) > best)
				best = node_value(g, y);
		}
	}
	return best;
}

/* The build the greedy player saves for: city, settlement, card, road; NULL for none. */
static const uint8_t *greedy_target(const struct game *g, const struct position *p, int seat)
{
	const struct geometry *geo = g->rs->geom;
	const struct player *pl = &p->pl[seat];
	if (pl->cities && pl->settlements < g->rs->settlements)
		return g->rs->cost[BUY_CITY];
	if (pl->settlements && has_spot(geo, p, seat))
		return g->rs->cost[BUY_SETTLEMENT];
	if (p->deck_len)
		return g->rs->cost[BUY_DEV];
	return pl->roads ? g->rs->cost[BUY_ROAD] : NULL;
}

/* Cards a hand lacks for cost. */
static int missing(const uint8_t hand[NRES], const uint8_t *cost)
{
	int k = 0;
	for (int r = 0; cost && r < NRES; r++)
		k += hand[r] < cost[r] ? cost[r] - hand[r] : 0;
	return k;
}

/* ---- greedy choices by phase; each returns an index into ms ---- */

/* The index of the listed move with the highest value (ties: the first); -1 when none scores. */
#define BEST(cond, value)                                       \
	do {                                                    \
		best = -1;                                      \
		long top_ = 0;                                  \
		for (int i = 0; i < n; i++) {                   \
			const struct move *m = &ms[i];          \
			(void)m;                                \
			if (!(cond))                            \
				continue;                       \
			long v_ = (value);                      \
			if (best < 0 || v_ > top_) {            \
				best = i;                       \
				top_ = v_;                      \
			}                                       \
		}                                               \
	} while (0)

static int robber_value(const struct game *g, const struct position *p, int seat,
			const struct move *m)
{
	const struct geometry *geo = g->rs->geom;
	int h = m->hex, v = 0, w = pips(g, g->board.token[h]);
	for (int k = 0; k < 6; k++) {
		int n = geo->hex_nodes[h][k], s = p->node_owner[n];
		int kind = p->node_kind[n] == B_CITY ? 2 : 1;
		if (s == seat)
			v -= 20 * w * kind;
		else if (s != NOBODY)
			v += w * kind * (2 + score_public(g, p, s));
	}
	v *= 10;
	if (m->victim != NOBODY)
		v += 5 * score_public(g, p, m->victim) + pos_hand_size(p, m->victim);
	return v;
}

/* A discard: keep the cards of the target, then the most even hand. */
static long discard_value(const struct game *g, const struct position *p, int seat, const struct move *m)
{
	const uint8_t *tgt = greedy_target(g, p, seat);
	long v = 0;
	for (int r = 0; r < NRES; r++) {
		int keep = p->pl[seat].hand[r] - m->give[r];
		v += 1000L * (tgt && keep > tgt[r] ? tgt[r] : tgt ? keep : 0) - (long)keep * keep;
	}
	return v;
}

/* Applies m to a scratch copy of g: 1 when seat has then won. */
static int wins(const struct game *g, const struct move *m, int seat)
{
	struct game t = *g;	/* shallow: RULES_NO_LOG leaves the log alone */
	struct cerr e;
	return rules_apply(&t, m, RULES_NO_LOG | RULES_LISTED, &e) == C_OK && t.pos.phase == PH_OVER &&
	       game_winner(&t, &t.pos) == seat;
}

/* Whether the robber stands on a producing hex where seat has a building. */
static int robber_blocks(const struct game *g, const struct position *p, int seat)
{
	const struct geometry *geo = g->rs->geom;
	int h = p->robber;
	if (!g->board.token[h])
		return 0;
	for (int k = 0; k < 6; k++)
		if (p->node_owner[geo->hex_nodes[h][k]] == seat)
			return 1;
	return 0;
}

/* A maritime trade that lets a build be completed this turn, or -1. */
static int greedy_trade(const struct game *g, const struct move *ms, int n, int seat, int left)
{
	const struct geometry *geo = g->rs->geom;
	static const uint8_t order[] = { BUY_CITY, BUY_SETTLEMENT, BUY_DEV, BUY_ROAD };
	const struct position *p = &g->pos;
	const struct player *pl = &p->pl[seat];
	int rate[NRES];

	for (int r = 0; r < NRES; r++)
		rate[r] = harbour_rate(g, p, seat, r);
	for (int t = 0; t < NPURCHASE; t++) {
		int what = order[t];
		const uint8_t *c = g->rs->cost[what];
		int lack = missing(pl->hand, c), can = 0, give = -1, get = -1, best = -1;
		if ((what == BUY_CITY && (!pl->cities || pl->settlements == g->rs->settlements)) ||
		    (what == BUY_SETTLEMENT && (!pl->settlements || !has_spot(geo, p, seat))) ||
		    (what == BUY_DEV && !p->deck_len) || (what == BUY_ROAD && !pl->roads))
			continue;
		if (lack == 0 || lack > left)
			continue;
		for (int r = 0; r < NRES; r++) {
			int spare = pl->hand[r] - c[r];
			if (spare >= rate[r]) {
				can += spare / rate[r];
				if (give < 0 || spare - rate[r] > best) {
					give = r;
					best = spare - rate[r];
				}
			}
			if (get < 0 && pl->hand[r] < c[r] && p->bank[r])
				get = r;
		}
		if (can < lack || give < 0 || get < 0)
			continue;
		for (int i = 0; i < n; i++)
			if (ms[i].verb == MV_TRADE && ms[i].give[give] && ms[i].get[get])
				return i;
	}
	return -1;
}

/* What playing a development card is worth to seat now; 0 when it does not help. */
static int play_value(const struct game *g, const struct move *m, int seat, int want_road)
{
	const struct position *p = &g->pos;
	const struct player *pl = &p->pl[seat];
	const uint8_t *tgt = greedy_target(g, p, seat);
	uint8_t after[NRES];
	int opp = 0, h = p->largest_army;

	switch (m->card) {
	case DEV_KNIGHT:
		/* Free a hex of one's own, or take the largest army. */
		return robber_blocks(g, p, seat) ||
		       (pl->played[DEV_KNIGHT] + 1 >= g->rs->army_award_min && h != seat &&
			(h == NOBODY || pl->played[DEV_KNIGHT] + 1 > p->pl[h].played[DEV_KNIGHT]));
	case DEV_YEAR_OF_PLENTY:
		for (int r = 0; r < NRES; r++)
			after[r] = (uint8_t)(pl->hand[r] + m->get[r]);
		return tgt ? missing(pl->hand, tgt) - missing(after, tgt) : 0;
	case DEV_MONOPOLY:
		for (int s = 0; s < g->nplayers; s++)
			opp += s != seat ? p->pl[s].hand[m->res] : 0;
		return opp >= 3 ? opp : 0;
	case DEV_ROAD_BUILDING:
		if (!want_road)
			return 0;
		return road_value(g, p, m->path[0]) + (m->npath == 2 ? road_value(g, p, m->path[1]) : 0);
	}
	return 0;
}

static int greedy_main(struct autoplay *a, const struct game *g, const struct move *ms, int n,
		       int seat)
{
	const struct geometry *geo = g->rs->geom;
	const struct position *p = &g->pos;
	int best;

	if (score_total(g, p, seat) + 2 >= g->rules.points_to_win)
		for (int i = 0; i < n; i++)
			if ((ms[i].verb == MV_BUILD || ms[i].verb == MV_PLAY) && wins(g, &ms[i], seat))
				return i;
	BEST(m->verb == MV_BUILD && m->piece == PC_CITY, node_value(g, m->node));
	if (best >= 0)
		return best;
	BEST(m->verb == MV_BUILD && m->piece == PC_SETTLEMENT, node_value(g, m->node));
	if (best >= 0)
		return best;
	BEST(m->verb == MV_BUY, 0);
	if (best >= 0)
		return best;
	int want_road = !has_spot(geo, p, seat);
	if (want_road) {
		BEST(m->verb == MV_BUILD && m->piece == PC_ROAD, road_value(g, p, m->path[0]));
		if (best >= 0)
			return best;
	}
	BEST(m->verb == MV_PLAY, play_value(g, m, seat, want_road));
	if (best >= 0 && play_value(g, &ms[best], seat, want_road) > 0)
		return best;
	if (a->trades < AUTO_TRADES_PER_TURN &&
	    (best = greedy_trade(g, ms, n, seat, AUTO_TRADES_PER_TURN - a->trades)) >= 0)
		return best;
	BEST(m->verb == MV_END, 0);
	return best >= 0 ? best : 0;
}

__attribute__((noinline)) static int greedy_pick(struct autoplay *a, const struct game *g, const struct move *ms, int n,
		       int seat)
{
	const struct position *p = &g->pos;
	int best;

	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
		BEST(1, node_value(g, m->node));
		return best;
	case PH_SETUP_ROAD:
		BEST(1, road_value(g, p, m->path[0]));
		return best;
	case PH_ROLL:
		if (score_total(g, p, seat) + 2 >= g->rules.points_to_win)
			for (int i = 0; i < n; i++)
				if (ms[i].verb == MV_PLAY && wins(g, &ms[i], seat))
					return i;
		if (robber_blocks(g, p, seat))
			for (int i = 0; i < n; i++)
				if (ms[i].verb == MV_PLAY && ms[i].card == DEV_KNIGHT)
					return i;
		BEST(m->verb == MV_ROLL, 0);
		return best;
	case PH_DISCARD:
		BEST(1, discard_value(g, p, seat, m));
		return best;
	case PH_ROBBER:
		BEST(1, robber_value(g, p, seat, m));
		return best;
	case PH_INTERRUPT:
		/* A knight when the robber now stands on one of the greedy player's own hexes. */
		BEST(1, (m->verb == MV_PLAY) == robber_blocks(g, p, seat));
		return best;
	case PH_STEAL:
		BEST(1, 5 * score_public(g, p, m->victim) + pos_hand_size(p, m->victim));
		return best;
	}
	if (seat != p->current) {
		/* An answer to the offer: accept when it brings the target build closer. */
		const struct offer *o = &p->offer;
		const uint8_t *tgt = greedy_target(g, p, seat);
		uint8_t after[NRES];
		for (int r = 0; r < NRES; r++)
			after[r] = (uint8_t)(p->pl[seat].hand[r] - o->get[r] + o->give[r]);
		int good = missing(after, tgt) < missing(p->pl[seat].hand, tgt);
		BEST(1, (m->verb == MV_ACCEPT) == good);
		return best;
	}
	return greedy_main(a, g, ms, n, seat);
}

/* ---- choosing and playing ---- */

/* autoplay_public_seed: a number from what every player of g sees (the board and the colours). */
static uint64_t autoplay_public_seed(const struct game *g)
{
	/* FNV-1a over the board's terrains and tokens, then the seats' colours. */
	uint64_t h = 0xcbf29ce484222325u;
	for (int i = 0; i < g->rs->geom->nhex; i++)
		h = (h ^ (uint64_t)(g->board.terrain[i] << 4 | g->board.token[i])) * 0x100000001b3u;
	for (int s = 0; s < g->nplayers; s++)
		h = (h ^ g->colour[s]) * 0x100000001b3u;
	return h;
}

/*
 * choice_below: a uniform draw in [0, n) for the policy's choice.  It comes
 * from a generator seeded from the game's generator state (in a game with
 * external outcomes, or on a view, from what every player sees instead:
 * autoplay_public_seed) and the number of moves made, and leaves the game's generator alone: the game's draws stay
 * those of the outcomes, so the log replays (catan-validate) to the same
 * position, and the choice is still a function of the game alone.  With
 * nothing to choose from (n 0) it answers 0 rather than divide by zero.
 */
static uint32_t choice_below(const struct autoplay *a, const struct game *g, int public, uint32_t n)
{
	if (n == 0)
		return 0;
	const uint64_t *s = g->pos.rng;
	uint64_t x = public ? autoplay_public_seed(g) :
		     s[0] ^ (s[1] << 17 | s[1] >> 47) ^ (s[2] << 31 | s[2] >> 33) ^ (s[3] << 47 | s[3] >> 17);
	x ^= (uint64_t)a->moves * 0x9e3779b97f4a7c15u;
	/*
	 * Lemire's bounded draw, with a fresh SplitMix64 output for each
	 * rejection.  The threshold (2^32 - n) % n is below n: a low word of n
	 * or more passes without the division.
	 */
	for (;;) {
		uint64_t m = (splitmix64(&x) >> 32) * n;
		if ((uint32_t)m >= n || (uint32_t)m >= (uint32_t)(-n) % n)
			return (uint32_t)(m >> 32);
	}
}

static int is_trade(const struct move *m)
{
	return m->verb == MV_TRADE || m->verb == MV_OFFER;
}

/*
 * autoplay_needs_outcome: 1 when g's outcomes are external and m lacks
 * the outcome it needs: a roll without dice, a purchase without its card,
 * a robber move or steal that robs someone without the card, a forced
 * trade without the cards taken.  Adding the outcome's words at the end
 * of m's text ("red roll" "3 4") makes the move to apply.
 */
static int autoplay_needs_outcome(const struct game *g, const struct move *m)
{
	if (g->rules.outcomes != OUT_EXTERNAL)
		return 0;
	switch (m->verb) {
	case MV_ROLL:
		return m->dice[0] == 0;
	case MV_BUY:
		return m->card < 0;
	case MV_ROBBER:
	case MV_STEAL:
		return m->victim != NOBODY && m->res < 0;
	case MV_ACTION:
		if (m->action != ACT_FORCE_TRADE)
			return 0;
		for (int r = 0; r < NRES; r++)
			if (m->get[r])
				return 0;
		return 1;
	}
	return 0;
}

/* The moves of seat in g (MG_NO_OUTCOMES with flags) into a->buf; their number, or -1 when memory runs out. */
static int list_moves(struct autoplay *a, const struct game *g, int seat, int flags)
{
	int n;
	while ((n = movegen_legal(g, seat, flags, a->buf, a->cap)) > a->cap) {
		struct move *nb = realloc(a->buf, (size_t)n * sizeof *nb);
		if (!nb)
			return -1;
		a->buf = nb;
		a->cap = n;
	}
	return n;
}

/*
 * autoplay_choose for seat, the actor (autoplay_actor).  In a game with
 * external outcomes, and on a view, the player chooses from what its seat
 * knows (game_seen) among the moves without outcomes: so the choice is
 * the same on the full game and on the seat's view, and never tells what
 * the seat may not see.
 */
/* The seat chooses from what it knows (see above): a game with external outcomes, or a view. */
static int chooses_in_public(const struct game *g)
{
	return g->rules.outcomes == OUT_EXTERNAL || g->view != NOBODY;
}

/*
 * choose_listed: the policy's choice among seat's listed moves in g (flags
 * for movegen_legal): *chosen points at it, in a->buf or in *m.
 */
static inline int choose_listed(struct autoplay *a, const struct game *g, int public, int seat, int flags,
				struct move *m, const struct move **chosen, struct cerr *e)
{
	int n, pick;

	/* A roll that is the only move, known without the listing (most turns begin with one). */
	if (g->pos.phase == PH_ROLL && !rs_has_trade_cards(g->rs) && movegen_roll_only(g, seat, flags, m)) {
		*chosen = m;
		return C_OK;
	}
	/* A discard (or the cards given for a forced trade) at random: counted, and only the one drawn built. */
	struct mg_gives gv;
	if (a->policy[seat] == POL_RANDOM && (g->pos.phase == PH_DISCARD || g->pos.phase == PH_GIVE) &&
	    (n = movegen_gives(g, seat, &gv)) > 0) {
		pick = n == 1 ? 0 : (int)choice_below(a, g, public, (uint32_t)n);
		movegen_gives_move(&gv, pick, m);
		*chosen = m;
		return C_OK;
	}
	/* The robber moved at random: its moves counted, and only the one drawn built. */
	struct mg_robber rb;
	if (a->policy[seat] == POL_RANDOM && g->pos.phase == PH_ROBBER &&
	    (n = movegen_robber(g, seat, flags, &rb)) > 0) {
		pick = n == 1 ? 0 : (int)choice_below(a, g, public, (uint32_t)n);
		movegen_robber_move(g, &rb, pick, m);
		*chosen = m;
		return C_OK;
	}
	if ((n = list_moves(a, g, seat, flags)) < 0)
		return cerr_set(e, C_SYSTEM, "out of memory");
	if (n == 0)
		return cerr_set(e, C_ILLEGAL, "no legal move for the player to move");
	if (a->policy[seat] == POL_GREEDY) {
		pick = greedy_pick(a, g, a->buf, n, seat);
	} else if (n == 1) {
		pick = 0;	/* a forced move (most are): the draw below would give 0 */
	} else {
		/* Uniform over the moves, trades left out once the cap is reached. */
		int capped = seat == g->pos.current && a->trades >= AUTO_TRADES_PER_TURN, k = n;
		if (capped)
			for (int i = 0; i < n; i++)
				k -= is_trade(&a->buf[i]);
		if (k == 0) /* nothing but trades: the cap cannot leave the player without a move */
			capped = 0, k = n;
		pick = (int)choice_below(a, g, public, (uint32_t)k);
		for (int i = 0; capped && i <= pick; i++)
			pick += is_trade(&a->buf[i]);
	}
	*chosen = &a->buf[pick];
	return C_OK;
}

/* choose_listed from what seat knows (game_seen), among the moves without outcomes; apart, for its frame. */
__attribute__((noinline)) static int choose_seen(struct autoplay *a, const struct game *g, int seat,
						 struct move *m, const struct move **chosen, struct cerr *e)
{
	struct game seen;
	game_seen(g, seat, &seen);
	return choose_listed(a, &seen, 1, seat, MG_NO_OUTCOMES, m, chosen, e);
}

/*
 * choose, for a game where chooses_in_public is public: *chosen points at
 * the move, in a->buf or, from the search policy, in *m.
 */
static int choose(struct autoplay *a, const struct game *g, int public, int seat, struct move *m,
		  const struct move **chosen, struct cerr *e)
{
	if (seat == NOBODY)
		return cerr_set(e, C_ILLEGAL, "nobody can move: the game is over");
	if (public && g->view != NOBODY && seat != g->view)	/* public first: the usual game is not */
		return cerr_set(e, C_ILLEGAL, "%s is to move, and this is %s's view",
				seat_name(g, seat), seat_name(g, g->view));
	if (a->policy[seat] == POL_NONE)
		return cerr_set(e, C_ILLEGAL, "%s is to move and does not play automatically",
				seat_name(g, seat));
	if (a->turn != g->pos.turn) {
		a->turn = g->pos.turn;
		a->trades = 0;
		memset(&a->tt, 0, sizeof a->tt);
	}
	if (a->policy[seat] == POL_SEARCH) {
		if (!a->search)
			return cerr_set(e, C_SYSTEM, "the search policy is not set up (search_use)");
		*chosen = m;
		return a->search(g, seat, a->budget[seat], autoplay_public_seed(g) ^ (uint64_t)a->moves * 0x9e3779b97f4a7c15u,
				 a->trades, m, &a->playouts, e);
	}
	if (a->policy[seat] == POL_BEST) {
		if (!a->best)
			return cerr_set(e, C_SYSTEM, "the best policy is not set up (best_use)");
		*chosen = m;
		return a->best(g, seat, a->budget[seat], autoplay_public_seed(g) ^ (uint64_t)a->moves * 0x9e3779b97f4a7c15u,
			       &a->tt, m, &a->playouts, e);
	}
	if (public)
		return choose_seen(a, g, seat, m, chosen, e);
	return choose_listed(a, g, 0, seat, 0, m, chosen, e);
}

int autoplay_choose(struct autoplay *a, const struct game *g, struct move *m, struct cerr *e)
{
	int seat = autoplay_actor(g);
	/* Discards are made in any order: a viewer who owes one makes it now. */
	if (g->view != NOBODY && g->has_pos && g->pos.phase == PH_DISCARD && g->pos.pl[g->view].discard)
		seat = g->view;
	const struct move *chosen;
	int rc = choose(a, g, chooses_in_public(g), seat, m, &chosen, e);
	if (rc == C_OK && chosen != m)
		*m = *chosen;
	return rc;
}

int autoplay_run(struct autoplay *a, struct game *g, long max_moves, int flags, long *made,
		 int *why, struct cerr *e)
{
	long k = 0;
	int stop = AUTO_COUNT, rc = C_OK, public = chooses_in_public(g), external = g->rules.outcomes == OUT_EXTERNAL;
	/* Nobody has won before the first move (else it ends the game); then the rules keep it so. */
	if (g->has_pos && g->view == NOBODY && game_winner(g, &g->pos) == NOBODY)
		flags |= RULES_NO_WINNER;

	for (;;) {
		int seat = autoplay_actor(g);
		struct move m;
		if (seat == NOBODY) {
			stop = AUTO_OVER;
			break;
		}
		if (max_moves >= 0 && k >= max_moves) {
			stop = AUTO_COUNT;
			break;
		}
		if (a->turn_limit && g->pos.turn > a->turn_limit) {
			stop = AUTO_TURN_LIMIT;
			break;
		}
		if (a->policy[seat] == POL_NONE) {
			stop = AUTO_WAIT;
			break;
		}
		const struct move *chosen;
		if ((rc = choose(a, g, public, seat, &m, &chosen, e)))
			break;
		if (external && autoplay_needs_outcome(g, chosen)) {
			stop = AUTO_OUTCOME;
			break;
		}
		/* The move chosen is one movegen_legal lists for this position; in a game with
		 * external outcomes it was listed from what the seat knows, and is checked in full. */
		if ((rc = rules_apply(g, chosen, flags | (external ? 0 : RULES_LISTED), e)))
			break;
		a->trades += is_trade(chosen);
		note_trade(&a->tt, chosen);
		a->moves++;
		k++;
	}
	if (made)
		*made = k;
	if (why && rc == C_OK)
		*why = stop;
	return rc;
}
