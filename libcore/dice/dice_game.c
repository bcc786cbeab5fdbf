/* dice_game.c: the rules of the Catan Dice Game (Island One, Island Two) applied to the structs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "dice_game.h"
#include "rng.h"

#define BIT(i) ((uint64_t)1 << (i))

void dice_game_init(struct dgame *g)
{
	memset(g, 0, sizeof *g);
	g->road_holder = g->army_holder = -1;
}

void dice_game_free(struct dgame *g)
{
	free(g->log);
	g->log = NULL;
	g->nlog = g->caplog = 0;
}

int dice_name_ok(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= DICE_NAMELEN)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
			return 0;
	return 1;
}

int dice_turn_dice(const struct dgame *g, uint32_t number)
{
	/* Island Two and the Extra: the first turn rolls 3 dice, each later one a die more, up to 6. */
	if (g->map.island != 1 && number < 4)
		return (int)number + 2;
	return DICE_NDICE;
}

int dice_setup(const struct dgame *g)
{
	return g->map.island == DICE_EXTRA && g->starts < g->nplayers;
}

int dice_seat(const struct dgame *g)
{
	if (dice_setup(g))	/* the start roads are chosen in seat order */
		return g->starts;
	if (g->nplayers == 1)	/* the solo game, without a division */
		return 0;
	return g->number ? (int)((g->number - 1) % g->nplayers) : 0;
}

/* new_turn: the dice and marks of a turn not yet rolled. */
static void new_turn(struct dgame *g)
{
	g->ndice = (uint8_t)dice_turn_dice(g, g->number);
	g->rolls = g->locked = g->used = 0;
	memset(g->dice, 0, sizeof g->dice);
	g->turn_built = 0;
}

int dice_game_start(struct dgame *g, const struct dmap *map, int nplayers, const char *const *names,
		    int external, uint64_t seed, struct cerr *e)
{
	struct dmove *log = g->log;
	size_t cap = g->caplog;

	if (nplayers < 1 || nplayers > DICE_MAXPLAYERS)
		return cerr_set(e, C_USAGE, "1 to %d players, not %d", DICE_MAXPLAYERS, nplayers);
	if (map->island == DICE_EXTRA && nplayers < 2)
		return cerr_set(e, C_USAGE, "the Extra is for 2 to %d players, not %d", DICE_MAXPLAYERS, nplayers);
	for (int i = 0; i < nplayers; i++) {
		if (!dice_name_ok(names[i]))
			return cerr_set(e, C_USAGE,
					"bad player name '%s': 1 to 16 letters, digits, '-' or '_'",
					names[i]);
		for (int j = 0; j < i; j++)
			if (strcmp(names[i], names[j]) == 0)
				return cerr_set(e, C_USAGE, "player name '%s' given twice", names[i]);
	}
	if (seed > DICE_MAXSEED)
		return cerr_set(e, C_USAGE, "seed %llu is above 2^53-1", (unsigned long long)seed);
	/* As dice_game_init, but the map (the first member) is written once, not cleared and copied. */
	_Static_assert(offsetof(struct dgame, map) == 0, "the map comes first in struct dgame");
	if (&g->map != map)
		g->map = *map;
	memset((char *)g + sizeof g->map, 0, sizeof *g - sizeof g->map);
	g->road_holder = g->army_holder = -1;
	g->log = log;
	g->caplog = cap;
	g->external = (uint8_t)(external != 0);
	g->seed = external ? 0 : seed;
	if (!external)
		rng_seed(g->rng, seed);
	g->nplayers = (uint8_t)nplayers;
	for (int i = 0; i < nplayers; i++) {
		memcpy(g->p[i].name, names[i], strlen(names[i]) + 1);	/* dice_name_ok: it fits */
		g->p[i].built = g->map.start >= 0 ? BIT(g->map.start) : 0;
		g->p[i].start = -1;
	}
	dice_fronts(g);
	g->number = 1;
	new_turn(g);
	return C_OK;
}

/* ---- sheet queries ---- */

static const char *site_word(const struct dsite *s)
{
	return s->kind == DK_START ? "road" : dice_kind_names[s->kind];
}

/* below: the unbuilt site of i's kind next below i in points (Island One order), or -1. */
static int below(const struct dmap *m, uint64_t b, int i)
{
	int best = -1;
	for (int j = 0; j < m->nsites; j++)
		if (m->s[j].kind == m->s[i].kind && m->s[j].points < m->s[i].points && !(b & BIT(j)) &&
		    (best < 0 || m->s[j].points > m->s[best].points))
			best = j;
	return best;
}

static int ordered_kind(int kind)
{
	return kind == DK_SETTLEMENT || kind == DK_CITY || kind == DK_KNIGHT;
}

/* ---- the Extra's shared map ---- */

/* others: the sites the players other than seat have built. */
static uint64_t others(const struct dgame *g, int seat)
{
	uint64_t o = 0;
	for (int i = 0; i < g->nplayers; i++)
		if (i != seat)
			o |= g->p[i].built;
	return o;
}

int dice_owner(const struct dgame *g, int i)
{
	for (int k = 0; k < g->nplayers; k++)
		if (g->p[k].built & BIT(i))
			return k;
	return -1;
}

/* open_at: a player whose sites are b may build on from crossing v: a road of theirs ends
 * there, and the settlement site on it, if any, is theirs (an unbuilt one comes first). */
static int open_at(const struct dmap *m, uint64_t b, int v)
{
	return (m->roads_at[v] & b) && (m->settle_at[v] < 0 || (b & BIT(m->settle_at[v])));
}

/* extra_front: the sites a player whose sites are b may build, the others' sites o aside. */
static uint64_t extra_front(const struct dgame *g, uint64_t b, uint64_t o)
{
	const struct dmap *m = &g->map;
	uint64_t f = 0;
	if (dice_setup(g))
		return 0;
	for (uint64_t left = m->sites & ~b & ~o; left; left &= left - 1) {
		int i = __builtin_ctzll(left);
		const struct dsite *s = &m->s[i];
		int ok = 0;
		switch (s->kind) {
		case DK_ROAD: ok = open_at(m, b, s->ends[0]) || open_at(m, b, s->ends[1]); break;
		case DK_SETTLEMENT: ok = (m->roads_at[s->at] & b) != 0; break;
		case DK_CITY: ok = (b & BIT(s->after)) != 0; break;
		case DK_KNIGHT: ok = (s->touch & b) != 0; break;
		case DK_CASTLE: ok = g->castles; break;
		}
		if (ok)
			f |= BIT(i);
	}
	return f;
}

void dice_fronts(struct dgame *g)
{
	for (int i = 0; i < g->nplayers; i++)
		g->p[i].front = g->map.island == DICE_EXTRA ? extra_front(g, g->p[i].built, others(g, i))
							    : dice_frontier(g, g->p[i].built);
}

int dice_start_gap(const struct dmap *m, int a, int b)
{
	/* Breadth first from road a's crossings over every road: the roads walked to reach one of b's. */
	uint64_t seen = BIT(m->s[a].ends[0]) | BIT(m->s[a].ends[1]), ring = seen;
	for (int d = 0; ring; d++) {
		if (ring & (BIT(m->s[b].ends[0]) | BIT(m->s[b].ends[1])))
			return d;
		uint64_t next = 0;
		for (uint64_t x = ring; x; x &= x - 1)
			for (uint64_t r = m->roads_at[__builtin_ctzll(x)]; r; r &= r - 1) {
				const struct dsite *s = &m->s[__builtin_ctzll(r)];
				next |= BIT(s->ends[0]) | BIT(s->ends[1]);
			}
		ring = next & ~seen;
		seen |= next;
	}
	return DICE_MAXSITES;	/* not joined at all */
}

int dice_check_start(const struct dgame *g, int i, struct cerr *e)
{
	const struct dmap *m = &g->map;
	const struct dsite *s = &m->s[i];
	if (s->kind != DK_ROAD)
		return cerr_set(e, C_ILLEGAL, "%s is a %s: a start road is a coastal road", s->id,
				dice_kind_names[s->kind]);
	if (!s->coast)
		return cerr_set(e, C_ILLEGAL, "road %s is not on the coast", s->id);
	for (int k = 0; k < g->starts; k++) {
		int o = g->p[k].start, gap = o == i ? -1 : dice_start_gap(m, i, o);
		if (gap < 0)
			return cerr_set(e, C_ILLEGAL, "road %s is %s's start road", s->id, g->p[k].name);
		if (gap < DICE_START_GAP)
			return cerr_set(e, C_ILLEGAL, "road %s has %d road%s between it and %s's start road %s; "
					"at least %d must lie between", s->id, gap, gap == 1 ? "" : "s",
					g->p[k].name, m->s[o].id, DICE_START_GAP);
	}
	return C_OK;
}

/* extra_check: why the player in seat may not build site i on the Extra's map (dice aside). */
static int extra_check(const struct dgame *g, int seat, int i, struct cerr *e)
{
	const struct dmap *m = &g->map;
	const struct dsite *s = &m->s[i];
	uint64_t b = g->p[seat].built;
	const char *who = g->p[seat].name;
	int owner = dice_owner(g, i);

	if (s->kind == DK_DESERT)
		return cerr_set(e, C_ILLEGAL, "desert %s holds a joker and cannot be built", s->id);
	if (owner == seat)
		return cerr_set(e, C_ILLEGAL, "%s %s is already built", dice_kind_names[s->kind], s->id);
	if (owner >= 0)
		return cerr_set(e, C_ILLEGAL, "%s %s is %s's", dice_kind_names[s->kind], s->id, g->p[owner].name);
	switch (s->kind) {
	case DK_ROAD:
		for (int k = 0; k < 2; k++) {
			int v = s->ends[k], st = m->settle_at[v];
			if (!(m->roads_at[v] & b) || st < 0 || (b & BIT(st)))
				continue;
			int o = dice_owner(g, st);
			if (o >= 0)
				return cerr_set(e, C_ILLEGAL, "road %s lies past %s's settlement %s", s->id,
						g->p[o].name, m->s[st].id);
			return cerr_set(e, C_ILLEGAL, "road %s lies past settlement %s: build the settlement first",
					s->id, m->s[st].id);
		}
		return cerr_set(e, C_ILLEGAL, "road %s: no road of %s's leads to it", s->id, who);
	case DK_SETTLEMENT:
		return cerr_set(e, C_ILLEGAL, "settlement %s: no road of %s's leads to it", s->id, who);
	case DK_CITY:
		if ((owner = dice_owner(g, s->after)) >= 0)
			return cerr_set(e, C_ILLEGAL, "city %s grows from %s's settlement %s", s->id,
					g->p[owner].name, m->s[s->after].id);
		return cerr_set(e, C_ILLEGAL, "city %s needs settlement %s first", s->id, m->s[s->after].id);
	case DK_KNIGHT:
		return cerr_set(e, C_ILLEGAL, "knight %s: no road, settlement or city of %s's touches its hex",
				s->id, who);
	case DK_CASTLE:
		return cerr_set(e, C_ILLEGAL, "castle %s: castles are not played in this game (new --castles)",
				s->id);
	}
	return C_OK;
}

/* dice_buildable: 1 when the sheet allows site i for a player with built set b (dice aside). */
static int dice_buildable(const struct dgame *g, uint64_t b, int i)
{
	const struct dsite *s = &g->map.s[i];
	if (g->map.island == DICE_EXTRA)
		return (extra_front(g, b, others(g, dice_seat(g))) >> i) & 1;
	return (g->map.sites & BIT(i)) && !(b & BIT(i)) && (b & s->req) == s->req;
}

uint64_t dice_frontier(const struct dgame *g, uint64_t b)
{
	if (g->map.island == DICE_EXTRA)
		return extra_front(g, b, others(g, dice_seat(g)));
	uint64_t f = 0, left = g->map.sites & ~b;
	while (left) {
		int i = __builtin_ctzll(left);
		left &= left - 1;
		if ((b & g->map.s[i].req) == g->map.s[i].req)
			f |= BIT(i);
	}
	return f;
}

uint64_t dice_frontier_add(const struct dgame *g, uint64_t b, uint64_t f, int t)
{
	if (g->map.island == DICE_EXTRA)
		return extra_front(g, b, others(g, dice_seat(g)));
	f &= ~BIT(t);
	for (uint64_t left = g->map.s[t].dependents & g->map.sites & ~b; left; left &= left - 1) {
		int j = __builtin_ctzll(left);
		if ((b & g->map.s[j].req) == g->map.s[j].req)
			f |= BIT(j);
	}
	return f;
}

/* dice_check_build: C_OK when the player in seat may build site i now (dice aside), else the rule. */
static int dice_check_build(const struct dgame *g, int seat, int i, struct cerr *e)
{
	const struct dmap *m = &g->map;
	const struct dsite *s = &m->s[i];
	uint64_t b = g->p[seat].built;

	if (dice_buildable(g, b, i))
		return C_OK;
	if (m->island == DICE_EXTRA)
		return extra_check(g, seat, i, e);

	if (s->kind == DK_DESERT)
		return cerr_set(e, C_ILLEGAL, "desert %s holds a joker and cannot be built", s->id);
	if (b & BIT(i))
		return cerr_set(e, C_ILLEGAL, "%s %s is already built", site_word(s), s->id);
	if (m->island == 1 && ordered_kind(s->kind)) {
		int j = below(m, b, i);
		if (j >= 0)
			return cerr_set(e, C_ILLEGAL, "%s %s needs %s first", site_word(s), s->id, m->s[j].id);
	}
	if (s->after >= 0 && !(b & BIT(s->after))) {
		if (s->kind == DK_ROAD)
			return cerr_set(e, C_ILLEGAL, "road %s needs %s first", s->id, m->s[s->after].id);
		return cerr_set(e, C_ILLEGAL, "%s %s needs road %s first", site_word(s), s->id,
				m->s[s->after].id);
	}
	return C_OK;
}

int dice_joker_usable(const struct dgame *g, int seat, int i)
{
	const struct dsite *s = &g->map.s[i];
	const struct dplayer *p = &g->p[seat];
	if (s->joker == DJ_NONE || (p->jokers & BIT(i)))
		return 0;
	/* The Extra: a knight serves as a joker from the turn after it is built. */
	if (g->map.island == DICE_EXTRA && s->kind == DK_DESERT &&
	    (g->turn_built & (BIT(s->needs[0]) | BIT(s->needs[1]))))
		return 0;
	if (g->map.island == DICE_EXTRA && (g->turn_built & BIT(i)))
		return 0;
	if (s->kind == DK_DESERT)
		return (p->built & BIT(s->needs[0])) && (p->built & BIT(s->needs[1]));
	return s->kind == DK_KNIGHT && (p->built & BIT(i));
}

void dice_free_counts(const struct dgame *g, uint8_t have[DF_N])
{
	memset(have, 0, DF_N);
	if (!g->rolls)
		return;
	for (int d = 0; d < g->ndice; d++)
		if (!(g->used & (1u << d)))
			have[g->dice[d]]++;
}

/* ---- scores ---- */

int dice_track_total(const struct dplayer *p)
{
	int t = 0;
	for (int i = 0; i < p->ntrack; i++)
		t += p->track[i];
	return t;
}

int dice_road_length(const struct dmap *m, uint64_t built)
{
	/* The roads form a tree: node i is the far end of road i, node nsites the start road's
	 * near end.  The longest continuous road is the tree's longest path over built roads. */
	int best1[DICE_MAXSITES + 1] = { 0 }, best2[DICE_MAXSITES + 1] = { 0 };
	int longest = 0;
	for (int j = m->nsites - 1; j >= 0; j--) {
		const struct dsite *s = &m->s[j];
		if ((s->kind != DK_ROAD && s->kind != DK_START) || !(built & BIT(j)))
			continue;
		int up = s->after >= 0 ? s->after : m->nsites;
		int len = 1 + best1[j];
		if (best1[j] + best2[j] > longest)
			longest = best1[j] + best2[j];
		if (len > best1[up]) {
			best2[up] = best1[up];
			best1[up] = len;
		} else if (len > best2[up]) {
			best2[up] = len;
		}
	}
	for (int v = 0; v <= m->nsites; v++)
		if (best1[v] + best2[v] > longest)
			longest = best1[v] + best2[v];
	return longest;
}

/* trail: the most roads of set r a trail from crossing v can go on with, none twice, through no crossing in
 * stop (another player's settlement or city there ends it). */
static int trail(const struct dmap *m, uint64_t r, uint64_t stop, int v)
{
	int best = 0;
	for (uint64_t left = m->roads_at[v] & r; left; left &= left - 1) {
		int i = __builtin_ctzll(left);
		int w = m->s[i].ends[0] == v ? m->s[i].ends[1] : m->s[i].ends[0];
		int len = 1 + ((stop >> w) & 1 ? 0 : trail(m, r & ~BIT(i), stop, w));
		if (len > best)
			best = len;
	}
	return best;
}

int dice_road_of(const struct dgame *g, int seat)
{
	const struct dmap *m = &g->map;
	if (m->island != DICE_EXTRA)
		return dice_road_length(m, g->p[seat].built);
	uint64_t r = g->p[seat].built & m->kinds[DK_ROAD], o = others(g, seat), stop = 0, ends = 0;
	for (int v = 0; v < m->nnodes; v++) {
		if (m->settle_at[v] >= 0 && (o & BIT(m->settle_at[v])))
			stop |= BIT(v);
		if (m->roads_at[v] & r)
			ends |= BIT(v);
	}
	int best = 0;
	for (; ends; ends &= ends - 1) {
		int len = trail(m, r, stop, __builtin_ctzll(ends));
		if (len > best)
			best = len;
	}
	return best;
}

/* count: the members of a small set. */
static int count(uint64_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

int dice_knights(const struct dmap *m, uint64_t built)
{
	return count(built & m->kinds[DK_KNIGHT]);
}

int dice_vp(const struct dgame *g, int seat)
{
	uint64_t b = g->p[seat].built;
	if (g->map.island == DICE_EXTRA)	/* a city is its settlement's point and one more */
		return count(b & g->map.kinds[DK_SETTLEMENT]) + count(b & g->map.kinds[DK_CITY]) +
		       2 * count(b & g->map.kinds[DK_CASTLE]) + (g->road_holder == seat) +
		       2 * (g->army_holder == seat);
	int vp = count(b & g->map.kinds[DK_SETTLEMENT]) + 2 * count(b & g->map.kinds[DK_CITY]);
	return vp + 2 * (g->road_holder == seat) + 2 * (g->army_holder == seat);
}

unsigned dice_winners(const struct dgame *g)
{
	unsigned w = 0;
	int best = 0;
	if (!g->over)
		return 0;
	if (g->map.island == DICE_EXTRA) {
		for (int i = 0; i < g->nplayers; i++)
			if (dice_vp(g, i) >= DICE_WIN_VP)
				w |= 1u << i;
		if (w)
			return w;
		/* Nothing left to build: the most points win. */
		for (int i = 0; i < g->nplayers; i++) {
			int s = dice_vp(g, i);
			if (!w || s > best) {
				w = 1u << i;
				best = s;
			} else if (s == best) {
				w |= 1u << i;
			}
		}
		return w;
	}
	for (int i = 0; i < g->nplayers; i++) {
		int s = g->map.island == 1 ? dice_track_total(&g->p[i]) : dice_vp(g, i);
		if (g->map.island == 2) {
			if (s >= DICE_WIN_VP)
				w |= 1u << i;
		} else if (!w || s > best) {
			w = 1u << i;
			best = s;
		} else if (s == best) {
			w |= 1u << i;
		}
	}
	return w;
}

/* ---- applying moves ---- */

/* Resources in the order the costs are spoken: "brick and lumber", "3 ore and 2 grain". */
static const uint8_t say_order[DF_NRES] = { DF_BRICK, DF_LUMBER, DF_ORE, DF_WOOL, DF_GRAIN };

/* say_counts: "brick, lumber, wool and grain" / "2 ore and grain" into buf. */
static void say_counts(const uint8_t c[DF_N], char *buf, size_t size)
{
	int n = 0, total = 0;
	size_t len = 0;
	for (int k = 0; k < DF_NRES; k++)
		total += c[say_order[k]] != 0;
	buf[0] = '\0';
	for (int k = 0; k < DF_NRES; k++) {
		int f = say_order[k];
		if (!c[f])
			continue;
		const char *sep = n == 0 ? "" : n == total - 1 ? " and " : ", ";
		if (c[f] > 1)
			len += (size_t)snprintf(buf + len, size - len, "%s%d %s", sep, c[f], dice_face_names[f]);
		else
			len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, dice_face_names[f]);
		if (len >= size)
			return;
		n++;
	}
}

static void say_faces(const uint8_t *f, int n, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", dice_face_names[f[i]]);
}

/* log_reserve: room for one more move on the log; the only step of dice_apply that can fail for memory. */
static int log_reserve(struct dgame *g, struct cerr *e)
{
	if (g->nlog < g->caplog)
		return C_OK;
	struct dmove *nl = buf_grow_array(g->log, &g->caplog, g->nlog + 1, sizeof *nl);
	if (!nl)
		return cerr_set(e, C_SYSTEM, "out of memory");
	g->log = nl;
	return C_OK;
}

static int check_die(const struct dgame *g, int d, struct cerr *e)
{
	if (d < 0 || d >= g->ndice)
		return cerr_set(e, C_ILLEGAL, "there is no die %d: this turn rolls %d dice", d + 1, g->ndice);
	if (g->used & (1u << d))
		return cerr_set(e, C_ILLEGAL, "die %d is spent this turn", d + 1);
	return C_OK;
}

void dice_game_secret(struct dgame *g, const uint8_t key[32])
{
	g->has_secret = 1;
	memcpy(g->secret, key, sizeof g->secret);
	g->seed = 0;
	memset(g->rng, 0, sizeof g->rng);
}

/* draw_face: exactly rng_below(s, 6), with the bound folded into constants and the generator inline. */
static uint8_t draw_face(uint64_t s[4])
{
	const uint64_t limit = UINT64_MAX - UINT64_MAX % DF_N;
	uint64_t x;
	do
		x = rng_step(s);
	while (x >= limit);
	return (uint8_t)(x % DF_N);
}

/* draw_faces: n faces into out from the generator or the secret stream, advancing s. */
static void draw_faces(const struct dgame *g, uint64_t s[4], uint8_t *out, int n)
{
	if (g->has_secret) {
		for (int i = 0; i < n; i++)
			out[i] = (uint8_t)luck_below((struct luck){ s, g->secret }, DF_N);
	} else {
		uint64_t t[4] = { s[0], s[1], s[2], s[3] };	/* a local copy stays in registers */
		for (int i = 0; i < n; i++)
			out[i] = draw_face(t);
		memcpy(s, t, sizeof t);
	}
}

static int miscounted(int n, int nfaces, struct cerr *e)
{
	return cerr_set(e, C_ILLEGAL, "%d %s rolled, %d face%s given", n, n == 1 ? "die" : "dice", nfaces,
			nfaces == 1 ? "" : "s");
}

/* outcomes: the faces for the dice in mask: drawn, or given and checked. */
static int outcomes(struct dgame *g, struct dmove *m, int n, int flags, struct cerr *e)
{
	if (g->external) {
		if (m->nfaces == 0)
			return cerr_set(e, C_ILLEGAL, "this sheet's dice are physical: give the %d face%s rolled",
					n, n == 1 ? "" : "s");
		if (m->nfaces != n)
			return miscounted(n, m->nfaces, e);
		return C_OK;
	}
	if (m->nfaces && !(flags & DICE_REPLAY))
		return cerr_set(e, C_ILLEGAL, "this sheet rolls its own dice: give no faces");
	if (m->nfaces && m->nfaces != n)
		return miscounted(n, m->nfaces, e);
	uint64_t s[4];
	uint8_t drawn[DICE_NDICE];
	memcpy(s, g->rng, sizeof s);
	if (!m->nfaces) {	/* nothing to check: the faces go straight into the move */
		draw_faces(g, s, m->faces, n);
		memcpy(g->rng, s, sizeof s);
		m->nfaces = (uint8_t)n;
		return C_OK;
	}
	draw_faces(g, s, drawn, n);
	if (memcmp(drawn, m->faces, (size_t)n) != 0) {
		char a[64], b[64];
		say_faces(drawn, n, a, sizeof a);
		say_faces(m->faces, n, b, sizeof b);
		return cerr_set(e, C_ILLEGAL, "the sheet's generator rolls %s, not %s", a, b);
	}
	memcpy(g->rng, s, sizeof s);
	memcpy(m->faces, drawn, (size_t)n);
	m->nfaces = (uint8_t)n;
	return C_OK;
}

static int do_roll(struct dgame *g, struct dmove *m, int flags, struct cerr *e)
{
	int rc;
	if (g->rolls)
		return cerr_set(e, C_ILLEGAL, "the dice are rolled: reroll chosen dice or build");
	m->mask = (uint8_t)((1u << g->ndice) - 1);
	if ((rc = outcomes(g, m, g->ndice, flags, e)))
		return rc;
	memcpy(g->dice, m->faces, g->ndice);
	g->rolls = 1;
	return C_OK;
}

/* find_kept: the dice that "keep FACE..." names, into r->mask: for each face, the first die in
 * play that shows it and is not taken yet. */
static int find_kept(const struct dgame *g, struct dmove *r, struct cerr *e)
{
	for (int i = 0; i < r->nkept; i++) {
		int d = 0;
		while (d < g->ndice && (g->dice[d] != r->kept[i] || (g->used & (1u << d)) || (r->mask & (1u << d))))
			d++;
		if (d == g->ndice) {
			int want = 0, have = 0;
			for (int j = 0; j < r->nkept; j++)
				want += r->kept[j] == r->kept[i];
			for (d = 0; d < g->ndice; d++)
				have += g->dice[d] == r->kept[i] && !(g->used & (1u << d));
			return have ? cerr_set(e, C_ILLEGAL, "%s is named %d times to keep; %d %s in play %s it",
					       dice_face_names[r->kept[i]], want, have, have == 1 ? "die" : "dice",
					       have == 1 ? "shows" : "show")
				    : cerr_set(e, C_ILLEGAL, "no die in play shows %s", dice_face_names[r->kept[i]]);
		}
		r->mask |= (uint8_t)(1u << d);
	}
	r->nkept = 0;
	return C_OK;
}

static int do_reroll(struct dgame *g, struct dmove *m, int flags, struct cerr *e)
{
	int rc, n = 0;
	unsigned all = (1u << g->ndice) - 1;
	struct dmove r = *m;
	if (g->locked)
		return cerr_set(e, C_ILLEGAL, "no more rolls after a joker, a gold trade or a build");
	if (g->rolls >= 3)
		return cerr_set(e, C_ILLEGAL, "a turn has three rolls at most");
	if (r.nkept && (rc = find_kept(g, &r, e)))
		return rc;
	if (!(r.mask & ~(all & ~(unsigned)g->used)))	/* every die named is in play */
		for (unsigned x = r.mask; x; x &= x - 1)
			n++;
	else
		for (int d = 0; d < 8; d++)
			if (r.mask & (1u << d)) {
				if ((rc = check_die(g, d, e)))
					return rc;
				n++;
			}
	if (r.keep) {	/* the dice kept: the others roll */
		if (r.mask == all)
			return cerr_set(e, C_ILLEGAL, "every die is kept: none is left to roll again");
		r.mask = (uint8_t)(all & ~r.mask);
		r.keep = 0;
		n = g->ndice - n;
	}
	if ((rc = outcomes(g, &r, n, flags, e)))
		return rc;
	for (unsigned x = r.mask, k = 0; x; x &= x - 1)
		g->dice[__builtin_ctz(x)] = r.faces[k++];
	g->rolls++;
	*m = r;
	return C_OK;
}

static int do_joker(struct dgame *g, struct dmove *m, int seat, struct cerr *e)
{
	const struct dsite *s = &g->map.s[m->site];
	int rc;
	if (s->joker == DJ_NONE)
		return cerr_set(e, C_ILLEGAL, "%s has no joker", s->id);
	if (g->p[seat].jokers & BIT(m->site))
		return cerr_set(e, C_ILLEGAL, "joker %s is used already", s->id);
	if (!dice_joker_usable(g, seat, m->site)) {
		uint64_t knights = s->kind == DK_DESERT ? BIT(s->needs[0]) | BIT(s->needs[1]) : BIT(m->site);
		if (g->map.island == DICE_EXTRA && (g->turn_built & knights) &&
		    (g->p[seat].built & knights) == knights)
			return cerr_set(e, C_ILLEGAL, "joker %s: a knight built this turn serves as a joker "
					"from the next turn on", s->id);
		if (s->kind == DK_DESERT)
			return cerr_set(e, C_ILLEGAL, "joker %s needs knights %s and %s built", s->id,
					g->map.s[s->needs[0]].id, g->map.s[s->needs[1]].id);
		return cerr_set(e, C_ILLEGAL, "joker %s needs knight %s built", s->id, s->id);
	}
	if ((rc = check_die(g, m->die, e)))
		return rc;
	if (s->joker == DJ_ANY && m->res < 0)
		return cerr_set(e, C_ILLEGAL, "joker %s gives any resource: name it", s->id);
	if (s->joker != DJ_ANY && m->res >= 0 && m->res != s->joker)
		return cerr_set(e, C_ILLEGAL, "joker %s gives %s, not %s", s->id, dice_face_names[s->joker],
				dice_face_names[m->res]);
	int res = s->joker == DJ_ANY ? m->res : s->joker;
	if (g->dice[m->die] == res)
		return cerr_set(e, C_ILLEGAL, "die %d already shows %s", m->die + 1, dice_face_names[res]);
	/* The log names the resource only for jokers of any resource. */
	m->res = (int8_t)(s->joker == DJ_ANY ? res : -1);
	g->dice[m->die] = (uint8_t)res;
	g->p[seat].jokers |= BIT(m->site);
	g->locked = 1;
	return C_OK;
}

static int do_gold(struct dgame *g, const struct dmove *m, struct cerr *e)
{
	int rc;
	if (m->die == m->die2)
		return cerr_set(e, C_ILLEGAL, "a gold trade needs two different dice");
	if ((rc = check_die(g, m->die, e)) || (rc = check_die(g, m->die2, e)))
		return rc;
	for (int k = 0; k < 2; k++) {
		int d = k ? m->die2 : m->die;
		if (g->dice[d] != DF_GOLD)
			return cerr_set(e, C_ILLEGAL, "die %d shows %s, not gold", d + 1,
					dice_face_names[g->dice[d]]);
	}
	g->dice[m->die] = (uint8_t)m->res;
	g->used |= (uint8_t)(1u << m->die2);
	g->locked = 1;
	return C_OK;
}

static void awards(struct dgame *g, int seat, int i)
{
	const struct dmap *m = &g->map;
	int kind = m->s[i].kind;
	if (kind == DK_ROAD) {
		int h = g->road_holder;
		if (h < 0) {
			if (i == m->mark)
				g->road_holder = (int8_t)seat;
		} else if (h != seat &&
			   dice_road_length(m, g->p[seat].built) > dice_road_length(m, g->p[h].built)) {
			g->road_lost |= (uint8_t)(1u << h);
			g->road_holder = (int8_t)seat;
		}
	} else if (kind == DK_KNIGHT) {
		int h = g->army_holder, k = dice_knights(m, g->p[seat].built);
		if (h < 0) {
			if (k >= 3)
				g->army_holder = (int8_t)seat;
		} else if (h != seat && k > dice_knights(m, g->p[h].built)) {
			g->army_lost |= (uint8_t)(1u << h);
			g->army_holder = (int8_t)seat;
		}
	}
}

/* extra_road_award: Longest Road on the Extra after a build: a road of at least DICE_ROAD_MIN
 * pieces; it passes only to a player alone with a longer road than the holder's, and a holder
 * whose road another's building broke below the least loses it to a player alone with the longest. */
static void extra_road_award(struct dgame *g)
{
	int len[DICE_MAXPLAYERS] = { 0 }, best = 0, nbest = 0, who = -1, h = g->road_holder;
	for (int i = 0; i < g->nplayers; i++) {
		len[i] = dice_road_of(g, i);
		if (len[i] > best) {
			best = len[i];
			nbest = 1;
			who = i;
		} else if (len[i] == best) {
			nbest++;
		}
	}
	if (h >= 0 && len[h] < DICE_ROAD_MIN) {
		g->road_lost |= (uint8_t)(1u << h);
		g->road_holder = -1;
		h = -1;
	}
	if (nbest != 1 || best < DICE_ROAD_MIN || who == h || (h >= 0 && best <= len[h]))
		return;
	if (h >= 0)
		g->road_lost |= (uint8_t)(1u << h);
	g->road_holder = (int8_t)who;
}

/* castle_face: the face six free dice show for a castle, or -1; most: how many free dice show one face. */
static int castle_face(const struct dgame *g, int *most)
{
	uint8_t have[DF_N];
	int f = -1;
	dice_free_counts(g, have);
	*most = 0;
	for (int k = 0; k < DF_N; k++)
		if (have[k] > *most) {
			*most = have[k];
			f = k;
		}
	return *most >= DICE_NDICE ? f : -1;
}

static int do_castle(struct dgame *g, const struct dmove *m, int seat, struct cerr *e)
{
	int most;
	if (castle_face(g, &most) < 0)
		return cerr_set(e, C_ILLEGAL, "castle %s costs six dice of one face: %d free dice show one face at most",
				g->map.s[m->site].id, most);
	g->used = (uint8_t)((1u << g->ndice) - 1);
	g->p[seat].built |= BIT(m->site);
	g->turn_built |= BIT(m->site);
	g->locked = 1;
	dice_fronts(g);
	if (dice_vp(g, seat) >= DICE_WIN_VP)
		g->over = 1;
	return C_OK;
}

static int do_start(struct dgame *g, const struct dmove *m, struct cerr *e)
{
	int rc, seat = g->starts;
	if ((rc = dice_check_start(g, m->site, e)))
		return rc;
	g->p[seat].start = m->site;
	g->p[seat].built |= BIT(m->site);
	g->starts++;
	dice_fronts(g);
	return C_OK;
}

static int do_build(struct dgame *g, const struct dmove *m, int seat, struct cerr *e)
{
	const struct dsite *s = &g->map.s[m->site];
	uint8_t cost[DF_N], have[DF_N], miss[DF_N] = { 0 };
	int rc, short_ = 0;

	if ((rc = dice_check_build(g, seat, m->site, e)))
		return rc;
	if (s->kind == DK_CASTLE)
		return do_castle(g, m, seat, e);
	memcpy(cost, s->cost, sizeof cost);
	/* The free dice counted 4 bits a face: with the top bit of each lane set, the
	 * subtraction leaves it set in every lane that holds the cost (dice_auto.c). */
	uint32_t packed = 0;
	unsigned left = ((1u << g->ndice) - 1) & ~(unsigned)g->used;
	for (unsigned x = left; x; x &= x - 1)
		packed += 1u << (4 * g->dice[__builtin_ctz(x)]);
	if ((((packed | 0x888888u) - s->pcost) & 0x888888u) != 0x888888u) {
		dice_free_counts(g, have);
		for (int f = 0; f < DF_NRES; f++)
			if (cost[f] > have[f]) {
				miss[f] = (uint8_t)(cost[f] - have[f]);
				short_ = 1;
			}
	}
	if (short_) {
		char c[96], mi[96];
		say_counts(cost, c, sizeof c);
		say_counts(miss, mi, sizeof mi);
		return cerr_set(e, C_ILLEGAL, "%s %s costs %s: missing %s", site_word(s), s->id, c, mi);
	}
	for (unsigned x = left; x; x &= x - 1) {	/* the first free dice of each face it costs */
		int d = __builtin_ctz(x), f = g->dice[d];
		unsigned take = cost[f] != 0;	/* without a branch: which face comes is random */
		cost[f] = (uint8_t)(cost[f] - take);
		g->used |= (uint8_t)(take << d);
	}
	g->p[seat].built |= BIT(m->site);
	g->p[seat].front = dice_frontier_add(g, g->p[seat].built, g->p[seat].front, m->site);
	g->turn_built |= BIT(m->site);
	g->locked = 1;
	if (g->map.island == 2) {
		awards(g, seat, m->site);
		if (dice_vp(g, seat) >= DICE_WIN_VP)
			g->over = 1;
	}
	if (g->map.island == DICE_EXTRA) {
		dice_fronts(g);
		if (s->kind == DK_KNIGHT)
			awards(g, seat, m->site);
		else if (s->kind == DK_ROAD || s->kind == DK_SETTLEMENT)
			extra_road_award(g);
		for (int i = 0; i < g->nplayers; i++)
			if (dice_vp(g, i) >= DICE_WIN_VP)
				g->over = 1;
	}
	return C_OK;
}

/* stuck: nobody can build anything more on the Extra's map: the game ends there. */
static int stuck(const struct dgame *g)
{
	for (int i = 0; i < g->nplayers; i++)
		if (g->p[i].front)
			return 0;
	return 1;
}

static void do_end(struct dgame *g, int seat)
{
	if (g->map.island == 1) {
		struct dplayer *p = &g->p[seat];
		int pts = 0;
		for (uint64_t left = g->turn_built; left; left &= left - 1)
			pts += g->map.s[__builtin_ctzll(left)].points;
		p->track[p->ntrack++] = (int16_t)(g->turn_built ? pts : DICE_X);
	}
	g->number++;
	if (g->map.island == 1 && g->number > (uint32_t)DICE_TURNS * g->nplayers)
		g->over = 1;
	if (g->map.island == DICE_EXTRA && stuck(g))
		g->over = 1;
	new_turn(g);
}

int dice_apply(struct dgame *g, struct dmove *m, int flags, struct cerr *e)
{
	int rc = C_OK;

	if (g->view)
		return cerr_set(e, C_ILLEGAL, "this is a view of the sheet, without its generator: "
			       "moves need the whole sheet");
	if (g->over)
		return cerr_set(e, C_ILLEGAL, "the game is over");
	if (dice_setup(g) && m->type != DM_START)
		return cerr_set(e, C_ILLEGAL, "%s chooses a start road first: start ROAD", g->p[g->starts].name);
	if (m->type == DM_START && g->map.island != DICE_EXTRA)
		return cerr_set(e, C_ILLEGAL, "start roads are chosen only in the Extra");
	if (m->type == DM_START && !dice_setup(g))
		return cerr_set(e, C_ILLEGAL, "the start roads are chosen already");
	if (m->type != DM_ROLL && m->type != DM_START && !g->rolls)
		return cerr_set(e, C_ILLEGAL, "roll the dice first");
	/* The log's room first: after it, nothing fails but the rules, which check before changing. */
	if ((rc = log_reserve(g, e)) != C_OK)
		return rc;
	switch (m->type) {
	case DM_ROLL: rc = do_roll(g, m, flags, e); break;
	case DM_REROLL: rc = do_reroll(g, m, flags, e); break;
	case DM_JOKER: rc = do_joker(g, m, dice_seat(g), e); break;
	case DM_GOLD: rc = do_gold(g, m, e); break;
	case DM_BUILD: rc = do_build(g, m, dice_seat(g), e); break;
	case DM_END: do_end(g, dice_seat(g)); break;
	case DM_START: rc = do_start(g, m, e); break;
	default: return cerr_set(e, C_ILLEGAL, "unknown move");
	}
	if (rc)
		return rc;
	g->log[g->nlog++] = *m;
	return C_OK;
}
