/* state.c: new games, position helpers and the invariants of a position. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/awards.h"
#include "buf.h"
#include "model/geom.h"
#include "model/hand.h"
#include "model/names.h"
#include "rng.h"
#include "model/score.h"
#include "model/state.h"
#include "swar.h"

void rules_default(struct rules *r)
{
	memset(r, 0, sizeof *r);	/* the variants off, the longest road kept when tied */
	r->variant = VAR_BASE;
	r->points_to_win = ruleset_base.points_to_win;
	r->discard_limit = ruleset_base.discard_limit;
	r->trade_build = TRADE_COMBINED;
	r->outcomes = OUT_INTERNAL;
}

void game_init(struct game *g)
{
	memset(g, 0, sizeof *g);
	g->seed = -1;
	g->view = NOBODY;
	g->rs = &ruleset_base;
	rules_default(&g->rules);
}

void movelog_free(struct movelog *log)
{
	arena_free(&log->texts);
	free(log->ent);
	log->ent = NULL;
	log->len = log->cap = 0;
}

void game_free(struct game *g)
{
	movelog_free(&g->log);
}

/* text_copy: a copy of text[0..n) and its NUL in the log's arena, or NULL when memory runs out. */
static char *text_copy(struct movelog *log, const char *text, size_t n)
{
	char *copy = arena_alloc(&log->texts, n + 1, 0, 4096);
	if (copy) {
		memcpy(copy, text, n);
		copy[n] = '\0';
	}
	return copy;
}

/* text_plain: the n bytes at s are printable ASCII with no quote and no backslash (logent.plain). */
static int text_plain(const char *s, size_t n)
{
	uint64_t bad = 0;
	size_t k = 0;
	for (uint64_t w; k + 8 <= n; k += 8) {
		w = swar_load(s + k);
		bad |= swar_below(w, 0x20) | swar_eq(w, 0x7f) | (w & SWAR_HIGHS) | swar_eq(w, '"') | swar_eq(w, '\\');
	}
	for (; k < n; k++)
		bad |= (unsigned char)(s[k] - 0x20) > 0x5e || s[k] == '"' || s[k] == '\\';
	return !bad;
}

/*
 * push: a new entry holding a copy of text[0..n) and, when m is not NULL,
 * the move it is; plain is 1 when the caller knows the text is (logent.plain),
 * else it is looked at.
 */
static int push(struct movelog *log, const char *text, size_t n, const struct move *m, int plain,
		struct cerr *e)
{
	struct logent *ent = buf_grow_array(log->ent, &log->cap, log->len + 1, sizeof *ent);
	if (!ent)
		return cerr_set(e, C_SYSTEM, "out of memory");
	log->ent = ent;
	char *copy = text_copy(log, text, n);
	if (!copy)
		return cerr_set(e, C_SYSTEM, "out of memory");
	ent = &log->ent[log->len++];
	ent->text = copy;
	ent->plain = n <= UINT16_MAX && (plain || text_plain(text, n));
	ent->len = (uint16_t)(ent->plain ? n : 0);
	ent->parsed = m != NULL;
	if (m)
		ent->move = *m;
	return C_OK;
}

int movelog_set_text(struct movelog *log, size_t i, const char *text, struct cerr *e)
{
	char *copy = text_copy(log, text, strlen(text));
	if (!copy)
		return cerr_set(e, C_SYSTEM, "out of memory");
	log->ent[i].text = copy;
	log->ent[i].plain = 0;
	log->ent[i].len = 0;
	return C_OK;
}

void movelog_pop(struct movelog *log)
{
	if (log->len)
		log->len--;
}

int movelog_push(struct movelog *log, const char *text, struct cerr *e)
{
	return push(log, text, strlen(text), NULL, 0, e);
}

int movelog_push_span(struct movelog *log, const char *text, size_t n, int plain, struct cerr *e)
{
	return push(log, text, n, NULL, plain, e);
}

int movelog_push_move(struct movelog *log, const char *text, const struct move *m, struct cerr *e)
{
	return push(log, text, strlen(text), m, 0, e);
}

int game_copy(struct game *dst, const struct game *src, struct cerr *e)
{
	*dst = *src;
	memset(&dst->log, 0, sizeof dst->log);
	for (size_t i = 0; i < src->log.len; i++) {
		const struct logent *ent = &src->log.ent[i];
		if (push(&dst->log, ent->text, strlen(ent->text), ent->parsed ? &ent->move : NULL, ent->plain, e) != C_OK) {
			game_free(dst);
			return C_SYSTEM;
		}
	}
	return C_OK;
}

void pos_empty(const struct ruleset *rs, const struct board *b, struct position *p, int nplayers)
{
	const struct geometry *geo = rs->geom;
	memset(p, 0, sizeof *p);
	p->phase = PH_SETUP_SETTLEMENT;
	p->current = 0;
	p->longest_road = NOBODY;
	p->largest_army = NOBODY;
	int d = board_desert(geo, b);
	p->robber = (uint8_t)(d >= 0 ? d : 0);
	for (int r = 0; r < NRES; r++)
		p->bank[r] = rs->bank_each;
	memset(p->node_owner, NOBODY, sizeof p->node_owner);
	memset(p->edge_owner, NOBODY, sizeof p->edge_owner);
	p->offer.to = NOBODY;
	p->deck_known = 1;
	p->deck_len = rs->deck_size;
	for (int c = 0, k = 0; c < NDEV; c++)
		for (int i = 0; i < rs->deck[c]; i++)
			p->deck[k++] = (uint8_t)c;
	pos_deck_counts(p);
	pos_count_pieces(rs, b, p, nplayers);
}

/*
 * One seat's roads as the longest-road search walks them: per intersection
 * its roads (how many, each path and the intersection at its other end),
 * and whether a trail may pass through it (no other player's building).
 * used[] holds per path bit 0, on the trail being walked (excluded), and
 * bit 1, walked once.
 */
struct roads {
	uint8_t own[MAX_NODE];
	int8_t edge[MAX_NODE][3], next[MAX_NODE][3];
	uint8_t pass[MAX_NODE];
	uint8_t used[MAX_EDGE];
	int nodes[MAX_NODE], nn;	/* the intersections with roads, in the order found */
};

/* roads_of: the table of seat's roads (own[], edge[], next[] and pass[] where own[] is not 0), nothing used. */
static void roads_of(const struct geometry *geo, const struct position *p, int seat, struct roads *r)
{
	memset(r->own, 0, (size_t)geo->nnode);
	memset(r->used, 0, (size_t)geo->nedge);
	r->nn = 0;
	for (int ed = 0; ed < geo->nedge; ed++) {
		if (p->edge_owner[ed] != seat)
			continue;
		for (int i = 0; i < 2; i++) {
			int a = geo->edge_nodes[ed][i], b = geo->edge_nodes[ed][1 - i];
			if (r->own[a] == 0) {
				r->nodes[r->nn++] = a;
				r->pass[a] = p->node_owner[a] == NOBODY || p->node_owner[a] == seat;
			}
			r->edge[a][r->own[a]] = (int8_t)ed;
			r->next[a][r->own[a]++] = (int8_t)b;
		}
	}
}

/* The longest trail of the roads in r leaving node, the paths on the trail walked excluded. */
static int trail(struct roads *r, int node)
{
	int best = 0;
	for (int k = 0; k < r->own[node]; k++) {
		int ed = r->edge[node][k];
		if (r->used[ed] & 1)
			continue;
		int next = r->next[node][k];
		r->used[ed] = 3;
		/* A trail may end at another player's building but not pass through it. */
		int len = 1 + (r->pass[next] ? trail(r, next) : 0);
		r->used[ed] = 2;
		if (len > best)
			best = len;
	}
	return best;
}

int longest_road(const struct geometry *geo, const struct position *p, int seat)
{
	struct roads r;
	int best = 0;
	roads_of(geo, p, seat, &r);
	/*
	 * A longest trail starts at an intersection with one or three of the
	 * seat's roads, or at another player's building: a trail starting at
	 * a passable intersection with two could be made longer by the other
	 * road there, unless it comes back to it along that road, which it
	 * can only do round a ring that is a whole road network of its own
	 * (any road off the ring would lengthen it too).  So the search
	 * starts at those intersections, then once on each ring no search
	 * walked.
	 */
	for (int i = 0; i < r.nn; i++) {
		int n = r.nodes[i];
		if (r.own[n] == 2 && r.pass[n])
			continue;
		int len = trail(&r, n);
		if (len > best)
			best = len;
	}
	for (int i = 0; i < r.nn; i++) {
		int n = r.nodes[i];
		if (r.own[n] != 2 || ((r.used[r.edge[n][0]] & 2) && (r.used[r.edge[n][1]] & 2)))
			continue;
		int len = trail(&r, n);
		if (len > best)
			best = len;
	}
	return best;
}

/* The longest trail of seat's roads leaving node, the paths marked in used excluded, read off the board. */
static int trail_from(const struct geometry *geo, const struct position *p, int seat, int node,
		      uint8_t used[MAX_EDGE])
{
	int best = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed < 0 || used[ed] || p->edge_owner[ed] != seat)
			continue;
		int next = geo->node_nodes[node][k], owner = p->node_owner[next];
		used[ed] = 1;
		/* A trail may end at another player's building but not pass through it. */
		int len = 1 + (owner == NOBODY || owner == seat ? trail_from(geo, p, seat, next, used) : 0);
		used[ed] = 0;
		if (len > best)
			best = len;
	}
	return best;
}

/* The number of seat's roads at node. */
static int roads_at(const struct geometry *geo, const struct position *p, int seat, int node)
{
	int n = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		n += ed >= 0 && p->edge_owner[ed] == seat;
	}
	return n;
}

int pos_road_added(const struct geometry *geo, const struct position *p, int seat, int edge)
{
	int before = p->road_len[seat], len;
	/*
	 * A trail longer than before passes the new road.  When one end of it
	 * holds no other road of seat's, such a trail ends there: the road,
	 * then the longest trail from the other end (through it when it may),
	 * which a search of the roads joined to it finds.
	 */
	int a = geo->edge_nodes[edge][0], b = geo->edge_nodes[edge][1];
	int lone_b = roads_at(geo, p, seat, b) == 1;
	if (lone_b || roads_at(geo, p, seat, a) == 1) {
		int far = lone_b ? a : b, owner = p->node_owner[far];
		uint8_t used[MAX_EDGE] = { 0 };
		used[edge] = 1;
		len = 1 + (owner == NOBODY || owner == seat ? trail_from(geo, p, seat, far, used) : 0);
	} else {
		len = longest_road(geo, p, seat);
	}
	return len > before ? len : before;
}

/* pos_road_lengths: computes road_len of every seat. */
static void pos_road_lengths(const struct geometry *geo, struct position *p, int nplayers)
{
	for (int s = 0; s < nplayers; s++)
		p->road_len[s] = (uint8_t)longest_road(geo, p, s);
}

unsigned pos_roads_cut(const struct geometry *geo, struct position *p, int nplayers, int node)
{
	int edges[MAXPLAYERS] = { 0 };
	unsigned cut = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		int s = ed >= 0 ? p->edge_owner[ed] : NOBODY;
		if (s != NOBODY && s != p->node_owner[node] && ++edges[s] >= 2)
			cut |= 1u << s;
	}
	for (int s = 0; s < nplayers && s < MAXPLAYERS; s++)	/* MAXPLAYERS: -O3 cannot tell */
		if (cut & (1u << s))
			p->road_len[s] = (uint8_t)longest_road(geo, p, s);
	return cut;
}

void pos_count_pieces(const struct ruleset *rs, const struct board *b, struct position *p, int nplayers)
{
	const struct geometry *geo = rs->geom;
	memset(p->harbours, 0, sizeof p->harbours);
	for (int slot = 0; slot < geo->nharbour; slot++)
		for (int i = 0; i < 2; i++) {
			int s = p->node_owner[geo->harbour_nodes[slot][i]];
			if (s >= 0 && s < nplayers)
				p->harbours[s] = (uint8_t)(p->harbours[s] | 1u << b->harbour[slot]);
		}
	for (int s = 0; s < nplayers; s++) {
		p->pl[s].roads = rs->roads;
		p->pl[s].settlements = rs->settlements;
		p->pl[s].cities = rs->cities;
	}
	for (int n = 0; n < rs->geom->nnode; n++) {
		int s = p->node_owner[n];
		if (s < 0 || s >= nplayers)
			continue;
		if (p->node_kind[n] == B_CITY)
			p->pl[s].cities--;
		else
			p->pl[s].settlements--;
	}
	for (int ed = 0; ed < rs->geom->nedge; ed++) {
		int s = p->edge_owner[ed];
		if (s >= 0 && s < nplayers)
			p->pl[s].roads--;
	}
	pos_road_lengths(rs->geom, p, nplayers);
	pos_find_road_ends(rs->geom, p, nplayers);
	pos_find_yields(rs->geom, p, nplayers);
}

void pos_roads_reached(const struct geometry *geo, const struct position *p, int seat,
		       uint8_t reached[MAX_EDGE])
{
	int queue[MAX_NODE], n = 0;
	uint8_t seen[MAX_NODE] = { 0 };

	memset(reached, 0, MAX_EDGE);
	for (int nd = 0; nd < geo->nnode; nd++)
		if (p->node_owner[nd] == seat) {
			seen[nd] = 1;
			queue[n++] = nd;
		}
	for (int i = 0; i < n; i++) {
		int nd = queue[i];
		for (int k = 0; k < 3; k++) {
			int ed = geo->node_edges[nd][k], m = geo->node_nodes[nd][k];
			if (ed < 0 || p->edge_owner[ed] != seat)
				continue;
			reached[ed] = 1;
			/* A road leads on past its end only when no other player builds there. */
			if (!seen[m] && (p->node_owner[m] == NOBODY || p->node_owner[m] == seat)) {
				seen[m] = 1;
				queue[n++] = m;
			}
		}
	}
}

int pos_setup_check(const struct game *g, const struct position *p, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	uint8_t reached[MAX_EDGE];
	char name[8];

	/* The building phase (five and six players) comes between two turns, and its builder buys and builds. */
	int building = p->phase == PH_BUILDING && rs_has_building_phase(g->rs);
	if (p->phase != PH_ROLL && p->phase != PH_MAIN && p->phase != PH_OVER && !building)
		return cerr_set(e, C_ILLEGAL, "phase: a set-up position starts in the roll, main%s or over "
				"phase, not '%s'", rs_has_building_phase(g->rs) ? ", building" : "",
				phase_names[p->phase]);
	if (p->turn < 1)
		return cerr_set(e, C_ILLEGAL, "turn: a set-up position starts at turn 1 or later");
	if (p->phase != PH_OVER && p->rolled != (p->phase == PH_MAIN))
		return cerr_set(e, C_ILLEGAL, "rolled: the dice are rolled in the main phase and only there");
	/* A card played may precede the roll; a card bought or a piece built follows it. */
	if ((p->built && !p->rolled && !building) || p->offer.active)
		return cerr_set(e, C_ILLEGAL, "%s: a set-up position starts with no offer open and nothing "
				"built before the roll", p->offer.active ? "offer" : "built");
	for (int s = 0; s < g->nplayers; s++) {
		const char *c = seat_name(g, s);
		for (int d = 0; d < NDEV; d++)
			if (p->pl[s].dev_new[d] && (s != p->current || !(p->rolled || building)))
				return cerr_set(e, C_ILLEGAL, "players.%s.dev_new: cards are bought by the "
						"player to move, after the roll", c);
		pos_roads_reached(geo, p, s, reached);
		for (int ed = 0; ed < geo->nedge; ed++)
			if (p->edge_owner[ed] == s && !reached[ed])
				return cerr_set(e, C_ILLEGAL, "players.%s.roads: road %s is not joined to "
						"%s's settlements and cities", c, edge_name(geo, ed, name), c);
	}
	/* In the building phase nobody wins: the turn that ended is the last on which one could have. */
	int own = building ? p->turn_of : p->current;
	if (p->phase != PH_OVER && score_total(g, p, own) >= g->rules.points_to_win)
		return cerr_set(e, C_ILLEGAL, "players.%s: %d points on %s's own turn: the game is over",
				seat_name(g, own), score_total(g, p, own), seat_name(g, own));
	return C_OK;
}

int pos_setup_step(const struct game *g, const struct position *p)
{
	int settled = 0;
	for (int n = 0; n < g->rs->geom->nnode; n++)
		settled += p->node_owner[n] != NOBODY && g->role[p->node_owner[n]] == SEAT_PLAYER;
	return p->phase == PH_SETUP_ROAD ? settled - 1 : settled;
}

static void pos_yield_add(const struct geometry *geo, struct position *p, int seat, int node);

void pos_place_settlement(const struct game *g, struct position *p, int seat, int node)
{
	int slot = geom_node_harbour(g->rs->geom, node);
	p->node_owner[node] = (int8_t)seat;
	p->node_kind[node] = B_SETTLEMENT;
	p->pl[seat].settlements--;
	if (slot >= 0)
		p->harbours[seat] = (uint8_t)(p->harbours[seat] | 1u << g->board.harbour[slot]);
	/* A road may start here for seat, and for nobody else. */
	for (int s = 0; s < MAXPLAYERS; s++)
		bs_del(&p->road_ends[s], node);
	bs_add(&p->road_ends[seat], node);
	bs_add(&p->occupied, node);
	pos_yield_add(g->rs->geom, p, seat, node);
}

/* pos_yield_add: one more card for seat from each hex around node in p->hex_yield (a building placed there). */
static void pos_yield_add(const struct geometry *geo, struct position *p, int seat, int node)
{
	for (int k = 0; k < 3; k++)
		if (geo->node_hexes[node][k] >= 0)
			p->hex_yield[geo->node_hexes[node][k]] += (uint64_t)1 << (8 * seat);
}

void pos_place_city(const struct geometry *geo, struct position *p, int seat, int node)
{
	p->node_kind[node] = B_CITY;
	p->pl[seat].cities--;
	p->pl[seat].settlements++;
	pos_yield_add(geo, p, seat, node);	/* a second card where the settlement paid one */
}

void pos_find_yields(const struct geometry *geo, struct position *p, int nplayers)
{
	memset(p->hex_yield, 0, sizeof p->hex_yield);
	for (int h = 0; h < geo->nhex; h++)
		for (int k = 0; k < 6; k++) {
			int n = geo->hex_nodes[h][k], s = p->node_owner[n];
			if (s >= 0 && s < nplayers)
				p->hex_yield[h] += (uint64_t)(p->node_kind[n] == B_CITY ? 2 : 1) << (8 * s);
		}
}

void pos_place_road(const struct geometry *geo, struct position *p, int seat, int edge)
{
	p->edge_owner[edge] = (int8_t)seat;
	p->pl[seat].roads--;
	/* Its ends, unless another seat has built there. */
	for (int i = 0; i < 2; i++) {
		int n = geo->edge_nodes[edge][i], owner = p->node_owner[n];
		if (owner == NOBODY || owner == seat)
			bs_add(&p->road_ends[seat], n);
	}
}

void pos_find_road_ends(const struct geometry *geo, struct position *p, int nplayers)
{
	memset(p->road_ends, 0, sizeof p->road_ends);
	p->occupied = (struct bitset){ { 0, 0 } };
	for (int ed = 0; ed < geo->nedge; ed++) {
		int s = p->edge_owner[ed];
		if (s >= 0 && s < nplayers) {
			bs_add(&p->road_ends[s], geo->edge_nodes[ed][0]);
			bs_add(&p->road_ends[s], geo->edge_nodes[ed][1]);
		}
	}
	for (int n = 0; n < geo->nnode; n++) {
		int owner = p->node_owner[n];
		if (owner == NOBODY)
			continue;
		bs_add(&p->occupied, n);
		for (int s = 0; s < nplayers; s++)
			bs_del(&p->road_ends[s], n);
		if (owner >= 0 && owner < nplayers)
			bs_add(&p->road_ends[owner], n);
	}
}

void pos_pay_start(const struct geometry *geo,
		   struct position *p, const struct board *b, int seat, int node)
{
	for (int k = 0; k < 3; k++) {
		int h = geo->node_hexes[node][k];
		if (h < 0 || b->terrain[h] == T_DESERT)
			continue;
		int r = b->terrain[h];
		if (p->bank[r] > 0) {
			p->bank[r]--;
			p->pl[seat].hand[r]++;
		}
	}
}

void pos_trade_gain(const struct game *g, struct position *p, int seat, int node)
{
	const struct geometry *geo = g->rs->geom;
	const struct ruleset *rs = g->rs;
	int land = 0, desert = 0, gain = 0;

	if (!rs_has_trade_cards(rs))
		return;
	for (int k = 0; k < 3; k++) {
		int h = geo->node_hexes[node][k];
		land += h >= 0;
		desert |= h >= 0 && g->board.terrain[h] == T_DESERT;
	}
	gain = (desert ? rs->trade_desert : 0) + (land < 3 ? rs->trade_coast : 0);
	if (gain > rs->trade_max - p->pl[seat].trade)
		gain = rs->trade_max - p->pl[seat].trade;
	if (gain > p->trade_supply)
		gain = p->trade_supply;
	if (gain > 0) {
		p->pl[seat].trade = (uint8_t)(p->pl[seat].trade + gain);
		p->trade_supply = (uint8_t)(p->trade_supply - gain);
	}
}

int pos_hand_size(const struct position *p, int seat)
{
	return hand_total(p->pl[seat].hand);
}

void pos_deck_counts(struct position *p)
{
	memset(p->deck_count, 0, sizeof p->deck_count);
	for (int i = 0; i < p->deck_len; i++)
		p->deck_count[p->deck[i]]++;
}

int game_seat_of(const struct game *g, int colour)
{
	for (int s = 0; s < g->nplayers; s++)
		if (g->colour[s] == colour)
			return s;
	return NOBODY;
}

int game_name_set(struct game *g, int seat, const char *name, size_t len, struct cerr *e)
{
	while (len && (*name == ' ' || *name == '\t'))
		name++, len--;
	while (len && (name[len - 1] == ' ' || name[len - 1] == '\t'))
		len--;
	if (len == 0)
		return cerr_set(e, C_INPUT, "an empty name");
	if (len > NAME_BYTES)
		return cerr_set(e, C_INPUT, "a name longer than %d bytes", NAME_BYTES);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return cerr_set(e, C_INPUT, "a name with a control character");
	/* A name cut in the middle of a character cannot be: the caller's UTF-8 is whole. */
	memcpy(g->name[seat], name, len);
	g->name[seat][len] = '\0';
	return C_OK;
}

int pos_node_open(const struct geometry *geo, const struct position *p, int node)
{
	return !bs_meets(&p->occupied, &geo->node_near[node]);
}

int pos_start_two(const struct game *g, struct position *p, const int node[2])
{
	const struct geometry *geo = g->rs->geom;
	const struct ruleset *rs = g->rs;

	for (int s = 0, i = 0; s < g->nplayers; s++) {
		if (g->role[s] != SEAT_NEUTRAL)
			continue;
		if (node[i] < 0 || node[i] >= rs->geom->nnode || !pos_node_open(geo, p, node[i]))
			return -1;
		pos_place_settlement(g, p, s, node[i++]);
	}
	p->trade_supply = rs->trade_cards;
	for (int s = 0; s < g->nplayers; s++)
		if (g->role[s] == SEAT_PLAYER && rs_has_trade_cards(rs)) {
			p->pl[s].trade = rs->trade_start;
			p->trade_supply = (uint8_t)(p->trade_supply - rs->trade_start);
		}
	return 0;
}

/* The neutral seats of a rule set that has them: the colours not chosen, and their settlements. */
static int seat_neutrals(struct game *g, const struct newgame *o, struct position *p, struct cerr *e)
{
	const struct ruleset *rs = g->rs;
	int node[2];

	if (!rs_has_neutrals(rs))
		return C_OK;
	for (int i = 0; i < 2; i++) {
		node[i] = o->neutral[0] > 0 ? o->neutral[i] - 1 : rs->neutral_start[i];
		if (node[i] < 0 || node[i] >= rs->geom->nnode)
			return cerr_set(e, C_USAGE, "a neutral settlement needs an intersection 1 to %d",
					rs->geom->nnode);
	}
	for (int c = 0, i = 0; c < rs->colours && i < rs->neutral_seats; c++, i++) {
		while (game_seat_of(g, c) != NOBODY)
			c++;
		g->colour[g->nplayers] = (uint8_t)c;
		g->role[g->nplayers++] = SEAT_NEUTRAL;
	}
	if (pos_start_two(g, p, node) != 0)
		return cerr_set(e, C_USAGE, "neutral settlements on %d and %d break the distance rule",
				node[0] + 1, node[1] + 1);
	pos_count_pieces(rs, &g->board, p, g->nplayers);
	return C_OK;
}

struct luck game_luck(const struct game *g, struct position *p)
{
	return (struct luck){ p->rng, g->has_secret ? g->secret : NULL };
}

/* seats_check: n players in rule set rs, or C_USAGE naming its range (and another rule set's that seats them). */
static int seats_check(const struct ruleset *rs, int n, struct cerr *e)
{
	if (n >= rs->min_players && n <= rs->max_players)
		return C_OK;
	if (rs->min_players == rs->max_players)
		return cerr_set(e, C_USAGE, "variant=%s needs %d players, not %d", rs->name, rs->min_players, n);
	for (int v = 0; v < NVARIANT; v++) {	/* another rule set that seats them */
		const struct ruleset *other = ruleset_of(v);
		if (other != rs && n >= other->min_players && n <= other->max_players &&
		    other->max_players > rs->max_players)
			return cerr_set(e, C_USAGE, "a game needs %d to %d players, not %d; variant=%s takes %d to %d",
					rs->min_players, rs->max_players, n, other->name, other->min_players,
					other->max_players);
	}
	return cerr_set(e, C_USAGE, "a game needs %d to %d players, not %d", rs->min_players, rs->max_players, n);
}

/* newgame_check: o as it stands makes a game: its players' number and colours, its board, its neutral seats. */
static int newgame_check(const struct newgame *o, struct cerr *e)
{
	const struct ruleset *rs = ruleset_of(o->rules.variant);
	int rc = seats_check(rs, o->nplayers, e);
	if (rc != C_OK)
		return rc;
	if (o->beginner && !rs->beginner)
		return cerr_set(e, C_USAGE, "variant=%s has no beginner board", rs->name);
	for (int s = 0; s < o->nplayers; s++) {
		if (o->colour[s] >= NCOLOUR)
			return cerr_set(e, C_USAGE, "unknown colour");
		if (o->colour[s] >= rs->colours) {
			char list[64];
			return cerr_set(e, C_USAGE, "variant=%s plays %s, not %s", rs->name,
					colour_list(rs->colours, list, sizeof list), colour_names[o->colour[s]]);
		}
		if (o->beginner && o->colour[s] >= COL_GREEN)	/* board_beginner_pieces has the four */
			return cerr_set(e, C_USAGE, "the beginner set-up has no %s pieces", colour_names[o->colour[s]]);
		for (int t = 0; t < s; t++)
			if (o->colour[t] == o->colour[s])
				return cerr_set(e, C_USAGE, "colour '%s' given twice", colour_names[o->colour[s]]);
	}
	if (o->rules.paired_players && (!rs_has_building_phase(rs) || o->nplayers < 5))
		return cerr_set(e, C_USAGE, "paired_players belongs to variant=five_six with five or six "
				"players, not %s with %d", rs->name, o->nplayers);
	if (o->neutral[0] > 0 && !rs_has_neutrals(rs)) {
		for (int v = 0; v < NVARIANT; v++)
			if (rs_has_neutrals(ruleset_of(v)))
				return cerr_set(e, C_USAGE, "neutral settlements belong to variant=%s", ruleset_of(v)->name);
	}
	return C_OK;
}

int newgame_variant(int variant, unsigned named, int n)
{
	if (!(named & NG_VARIANT) && n > ruleset_of(variant)->max_players)
		for (int v = 0; v < NVARIANT; v++)
			if (n >= ruleset_of(v)->min_players && n <= ruleset_of(v)->max_players)
				return v;
	return variant;
}

int newgame_settle(struct newgame *o, unsigned named, int players, struct cerr *e)
{
	int n = named & NG_COLOURS ? o->nplayers : named & NG_COUNT ? players : 0;
	if ((named & NG_COLOURS) && (named & NG_COUNT) && players != n)
		return cerr_set(e, C_USAGE, "%d colours named for %d players", n, players);
	/* Players that the rule set named (or the base game) cannot seat choose the first that can. */
	o->rules.variant = (uint8_t)newgame_variant(o->rules.variant, named, n);
	const struct ruleset *rs = ruleset_of(o->rules.variant);
	if (!(named & (NG_COLOURS | NG_COUNT)))
		n = rs->max_players < ruleset_base.max_players ? rs->max_players : ruleset_base.max_players;
	int rc = seats_check(rs, n, e);
	if (rc != C_OK)
		return rc;
	if (!(named & NG_COLOURS))
		for (int s = 0; s < n; s++)
			o->colour[s] = (uint8_t)s;
	o->nplayers = n;
	return newgame_check(o, e);
}

int game_new(struct game *g, const struct newgame *o, struct cerr *e)
{
	game_init(g);
	g->rs = ruleset_of(o->rules.variant);
	const struct ruleset *rs = g->rs;
	const struct geometry *geo = rs->geom;
	int rc = newgame_check(o, e);
	if (rc != C_OK)
		return rc;
	g->rules = o->rules;
	g->nplayers = o->nplayers;
	memcpy(g->colour, o->colour, sizeof g->colour);
	g->seed = (int64_t)o->seed;

	struct position *p = &g->start;
	uint64_t rng[4];
	rng_seed(rng, o->seed);
	if (o->beginner)
		board_beginner(&g->board);
	else
		board_random(rs, &g->board, rng, o->numbers, o->harbours);
	pos_empty(rs, &g->board, p, g->nplayers);
	if (o->has_secret) {
		g->has_secret = 1;
		memcpy(g->secret, o->secret, sizeof g->secret);
		memset(p->rng, 0, sizeof p->rng);
	} else {
		memcpy(p->rng, rng, sizeof rng);
	}
	luck_shuffle(game_luck(g, p), p->deck, p->deck_len);
	if (seat_neutrals(g, o, p, e) != C_OK)
		return C_USAGE;

	if (o->beginner && !rs_has_neutrals(rs)) {
		for (int s = 0; s < g->nplayers; s++) {
			const struct beginner_pieces *bp = &board_beginner_pieces[g->colour[s]];
			for (int i = 0; i < 2; i++) {
				pos_place_settlement(g, p, s, bp->settlement[i]);
				pos_place_road(geo, p, s, edge_between(geo, bp->road[i][0], bp->road[i][1]));
			}
			pos_pay_start(geo, p, &g->board, s, bp->settlement[1]);
		}
		pos_road_lengths(geo, p, g->nplayers);
		p->phase = PH_ROLL;
		p->turn = 1;
	}
	p->current = 0;
	g->has_start = 1;
	g->pos = *p;
	g->has_pos = 1;
	return C_OK;
}

/*
 * Every invariant is tested without building a message: a message (a JSON
 * path, counts) is formatted only for the first one that fails, so the
 * replay may check each position it reaches.
 */

/* The invariants of neutral seats and trade cards: neutral seats hold nothing but pieces; the trade cards add up. */
static int two_check(const struct game *g, const struct position *p, struct cerr *e)
{
	const struct ruleset *rs = g->rs;
	int total = p->trade_supply;

	for (int s = 0; s < g->nplayers; s++) {
		const struct player *pl = &p->pl[s];
		if (g->role[s] == SEAT_NEUTRAL) {
			int held = pl->discard | pl->trade | pl->returned | (pl->cities != rs->cities);
			for (int k = 0; k < NRES; k++)
				held |= pl->hand[k];
			for (int d = 0; d < NDEV; d++)
				held |= pl->dev[d] | pl->dev_new[d] | pl->played[d];
			if (held)
				return cerr_set(e, C_INPUT, "players.%s: a neutral seat holds only settlements "
						"and roads", seat_name(g, s));
		}
		if (pl->trade > rs->trade_max)
			return cerr_set(e, C_INPUT, "players.%s.trade_cards: %d is more than %d",
					seat_name(g, s), pl->trade, rs->trade_max);
		total += pl->trade;
	}
	if (total != rs->trade_cards)
		return cerr_set(e, C_INPUT, "trade_supply: the supply and the players hold %d trade cards, "
				"not %d", total, rs->trade_cards);
	return C_OK;
}

/*
 * sums_hold: every invariant of pos_check_mode but the distance rule, as
 * one answer: sums taken in loops that do not stop at the first fault (the
 * replay asks after every move, and a position that passes is the rule).
 * It may answer 0 where every invariant holds, never 1 where one fails:
 * pos_check_mode then finds the fault and its message the slow way.
 */
static int sums_hold(const struct game *g, const struct position *p)
{
	enum { O_HAND = offsetof(struct player, hand), O_DEV = offsetof(struct player, dev),
	       O_NEW = offsetof(struct player, dev_new), O_PLAYED = offsetof(struct player, played),
	       O_NB = sizeof(struct player) };
	const struct ruleset *rs = g->rs;
	int n = g->nplayers, full = g->view == NOBODY;
	/* Each byte of a player summed over the seats, and its largest value: loops a compiler vectorises. */
	uint16_t sum[O_NB] = { 0 };
	uint8_t top[O_NB] = { 0 };
	unsigned bad = 0;

	for (int s = 0; s < n; s++) {
		const uint8_t *b = (const uint8_t *)&p->pl[s];
		for (size_t k = 0; k < O_NB; k++) {
			sum[k] = (uint16_t)(sum[k] + b[k]);
			top[k] = b[k] > top[k] ? b[k] : top[k];
		}
		if (g->role[s] == SEAT_NEUTRAL) {
			const struct player *pl = &p->pl[s];
			unsigned held = pl->discard | pl->trade | pl->returned | (pl->cities != rs->cities);
			_Static_assert(O_PLAYED + NDEV - O_HAND == NRES + 3 * NDEV, "the counts are side by side");
			for (size_t k = O_HAND; k < O_PLAYED + NDEV; k++)
				held |= b[k];
			bad |= held != 0;
		}
	}
	bad |= (top[offsetof(struct player, roads)] > rs->roads) |
	       (top[offsetof(struct player, settlements)] > rs->settlements) |
	       (top[offsetof(struct player, cities)] > rs->cities) |
	       (top[offsetof(struct player, trade)] > rs->trade_max) |
	       (p->trade_supply + sum[offsetof(struct player, trade)] != rs->trade_cards);
	if (!full) {
		for (int r = 0; r < NRES; r++)
			bad |= (top[O_HAND + r] > rs->bank_each) | (p->bank[r] > rs->bank_each);
		return !bad;
	}
	/* With every hand known, the totals alone: a count above them breaks them. */
	sum[O_DEV + DEV_KNIGHT] = (uint16_t)(sum[O_DEV + DEV_KNIGHT] + sum[offsetof(struct player, returned)]);
	for (int r = 0; r < NRES; r++)
		bad |= p->bank[r] + sum[O_HAND + r] != rs->bank_each;
	for (int d = 0; d < NDEV; d++)
		bad |= p->deck_count[d] + sum[O_DEV + d] + sum[O_NEW + d] + sum[O_PLAYED + d] != rs->deck[d];
	return !bad;
}

int pos_check_mode(const struct game *g, const struct position *p, enum pos_check_mode mode,
		   struct cerr *e)
{
	if (mode == POS_CHECK_FAST && sums_hold(g, p))
		return C_OK;
	const struct geometry *geo = g->rs->geom;
	int n = g->nplayers, full = g->view == NOBODY;
	const struct ruleset *rs = g->rs;

	for (int r = 0; r < NRES; r++) {
		int total = p->bank[r];
		if (p->bank[r] > rs->bank_each)
			return cerr_set(e, C_INPUT, "bank.%s: %d is more than %d", resource_names[r],
					p->bank[r], rs->bank_each);
		if (!full)
			continue;
		for (int s = 0; s < n; s++)
			total += p->pl[s].hand[r];
		if (total != rs->bank_each)
			return cerr_set(e, C_INPUT, "bank.%s: bank and hands hold %d %s, not %d",
					resource_names[r], total, resource_names[r], rs->bank_each);
	}
	for (int s = 0; s < n; s++) {
		const struct player *pl = &p->pl[s];
		const char *c = seat_name(g, s);
		/* A supply counter below zero wraps as uint8_t: too many pieces placed. */
		if (pl->roads > rs->roads)
			return cerr_set(e, C_INPUT, "players.%s.roads: more than %d roads", c, rs->roads);
		if (pl->settlements > rs->settlements)
			return cerr_set(e, C_INPUT, "players.%s.settlements: more than %d settlements",
					c, rs->settlements);
		if (pl->cities > rs->cities)
			return cerr_set(e, C_INPUT, "players.%s.cities: more than %d cities", c,
					rs->cities);
		/* With every hand known, a hand above the bank's count broke the total above already. */
		for (int r = 0; !full && r < NRES; r++)
			if (pl->hand[r] > rs->bank_each)
				return cerr_set(e, C_INPUT, "players.%s.hand.%s: %d is more than %d", c,
						resource_names[r], pl->hand[r], rs->bank_each);
	}
	/* The distance rule holds for every building, whoever placed it. */
	for (int a = 0; mode == POS_CHECK_FULL && a < geo->nnode; a++) {
		if (p->node_owner[a] == NOBODY)
			continue;
		for (int k = 0; k < 3; k++) {
			int b = geo->node_nodes[a][k];
			if (b > a && p->node_owner[b] != NOBODY)
				return cerr_set(e, C_INPUT,
						"players: buildings on intersections %d and %d, one path apart",
						a + 1, b + 1);
		}
	}
	for (int d = 0; full && d < NDEV; d++) {
		int total = p->deck_count[d];
		for (int s = 0; s < n; s++)
			total += p->pl[s].dev[d] + p->pl[s].dev_new[d] + p->pl[s].played[d] +
				 (d == DEV_KNIGHT ? p->pl[s].returned : 0);
		if (total != rs->deck[d])
			return cerr_set(e, C_INPUT, "deck: deck, hands and played cards hold %d %s, not %d",
					total, dev_names[d], rs->deck[d]);
	}
	return two_check(g, p, e);
}

int pos_check(const struct game *g, const struct position *p, struct cerr *e)
{
	return pos_check_mode(g, p, POS_CHECK_FULL, e);
}

/* amount_text: what a seat has toward an award: "a road of 6" (road 1), "3 knights played" (road 0). */
static void amount_text(char *has, size_t n, int road, int v)
{
	if (road)
		snprintf(has, n, "a road of %d", v);
	else
		snprintf(has, n, "%d knights played", v);
}

/*
 * award_check: the rules that hold in every position however it was
 * reached (docs/decisions.md): a holder has the threshold and nobody has
 * strictly more; a seat alone with the most, at the threshold, holds it.
 * v[] are the seats' road lengths or played knights.
 */
static int award_check(const struct game *g, int holder, const int *v, int min, const char *path,
		       const char *award, int road, struct cerr *e)
{
	int max, nmax, top = awards_top(v, g->nplayers, &max, &nmax);
	char has[32];
	if (holder != NOBODY) {
		const char *c = seat_name(g, holder);
		amount_text(has, sizeof has, road, v[holder]);
		if (v[holder] < min)
			return cerr_set(e, C_INPUT, "%s: %s holds the %s with %s, fewer than %d", path, c,
					award, has, min);
		if (v[holder] < max)
			return cerr_set(e, C_INPUT, "%s: %s holds the %s with %s, but %s has %d", path, c,
					award, has, seat_name(g, top), max);
	}
	if (nmax == 1 && max >= min && holder != top) {
		amount_text(has, sizeof has, road, max);
		return cerr_set(e, C_INPUT, "%s: %s alone has the most, %s, and must hold the %s", path,
				seat_name(g, top), has, award);
	}
	return C_OK;
}

int pos_award_check(const struct game *g, const struct position *p, struct cerr *e)
{
	const struct ruleset *rs = g->rs;
	int v[MAXPLAYERS] = { 0 };

	if (p->longest_road >= g->nplayers || p->largest_army >= g->nplayers)
		return cerr_set(e, C_INPUT, "awards: the holder is not a seat of this game");
	for (int s = 0; s < g->nplayers; s++)
		v[s] = p->road_len[s];
	if (award_check(g, p->longest_road, v, rs->road_award_min, "awards.longest_road",
			"longest road", 1, e))
		return C_INPUT;
	for (int s = 0; s < g->nplayers; s++)
		v[s] = p->pl[s].played[DEV_KNIGHT];
	if (award_check(g, p->largest_army, v, rs->army_award_min, "awards.largest_army",
			"largest army", 0, e))
		return C_INPUT;
	return C_OK;
}
