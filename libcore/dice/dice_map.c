/* dice_map.c: the built-in Island One and Island Two sheets, and the dicegame-map/1 reader and writer. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "dice_map.h"
#include "jr.h"
#include "jw.h"

const char *const dice_face_names[DF_N] = { "ore", "grain", "wool", "lumber", "brick", "gold" };
const char *const dice_kind_names[DK_N] = { "start", "road", "settlement", "city", "knight", "desert", "castle" };

int dice_face_parse(const char *s)
{
	static const struct {
		const char *word;
		int face;
	} syn[] = {
		{ "stone", DF_ORE }, { "wheat", DF_GRAIN }, { "sheep", DF_WOOL }, { "wood", DF_LUMBER },
		{ "clay", DF_BRICK }, { "o", DF_ORE },	     { "w", DF_WOOL },	   { "l", DF_LUMBER },
		{ "b", DF_BRICK },
	};
	for (int f = 0; f < DF_N; f++)
		if (strcasecmp(s, dice_face_names[f]) == 0)
			return f;
	for (size_t i = 0; i < sizeof syn / sizeof syn[0]; i++)
		if (strcasecmp(s, syn[i].word) == 0)
			return syn[i].face;
	return -1;
}

const char *dice_joker_name(int joker)
{
	if (joker == DJ_ANY)
		return "any";
	if (joker >= 0 && joker < DF_NRES)
		return dice_face_names[joker];
	return "none";
}

/* ---- built-in sheets ---- */

/* One row of a built-in sheet; links by id are resolved when the map is filled in. */
struct bsite {
	const char *id;
	uint8_t kind, points;
	const char *after;
	int8_t joker;
	const char *needs[2];
	uint8_t mark;
	int16_t x, y;
};

/* The road network both islands share (Island One as the issue encodes the printed sheet). */
#define NETWORK(MARK5)                                                                  \
	{ "start", DK_START, 0, NULL, DJ_NONE, { 0, 0 }, 0, 110, 330 },                 \
	{ "S3", DK_SETTLEMENT, 3, "start", DJ_NONE, { 0, 0 }, 0, 95, 288 },             \
	{ "R0", DK_ROAD, 1, "start", DJ_NONE, { 0, 0 }, 0, 160, 305 },                  \
	{ "R1", DK_ROAD, 1, "R0", DJ_NONE, { 0, 0 }, 0, 160, 252 },                     \
	{ "C7", DK_CITY, 7, "R1", DJ_NONE, { 0, 0 }, 0, 160, 212 },                     \
	{ "R2", DK_ROAD, 1, "R0", DJ_NONE, { 0, 0 }, 0, 210, 330 },                     \
	{ "S4", DK_SETTLEMENT, 4, "R2", DJ_NONE, { 0, 0 }, 0, 212, 372 },               \
	{ "R3", DK_ROAD, 1, "R2", DJ_NONE, { 0, 0 }, 0, 260, 305 },                     \
	{ "R4", DK_ROAD, 1, "R3", DJ_NONE, { 0, 0 }, 0, 260, 252 },                     \
	{ "C12", DK_CITY, 12, "R4", DJ_NONE, { 0, 0 }, 0, 260, 212 },                   \
	{ "R5", DK_ROAD, 1, "R3", DJ_NONE, { 0, 0 }, MARK5, 310, 330 },                 \
	{ "S5", DK_SETTLEMENT, 5, "R5", DJ_NONE, { 0, 0 }, 0, 312, 372 },               \
	{ "R6", DK_ROAD, 1, "R5", DJ_NONE, { 0, 0 }, 0, 360, 305 },                     \
	{ "R7", DK_ROAD, 1, "R6", DJ_NONE, { 0, 0 }, 0, 410, 330 },                     \
	{ "S7", DK_SETTLEMENT, 7, "R7", DJ_NONE, { 0, 0 }, 0, 412, 372 },               \
	{ "R8", DK_ROAD, 1, "R7", DJ_NONE, { 0, 0 }, 0, 460, 355 },                     \
	{ "R9", DK_ROAD, 1, "R8", DJ_NONE, { 0, 0 }, 0, 510, 330 },                     \
	{ "S9", DK_SETTLEMENT, 9, "R9", DJ_NONE, { 0, 0 }, 0, 512, 290 },               \
	{ "R10", DK_ROAD, 1, "R9", DJ_NONE, { 0, 0 }, 0, 560, 355 },                    \
	{ "R11", DK_ROAD, 1, "R10", DJ_NONE, { 0, 0 }, 0, 610, 330 },                   \
	{ "S11", DK_SETTLEMENT, 11, "R11", DJ_NONE, { 0, 0 }, 0, 650, 300 },            \
	{ "R12", DK_ROAD, 1, "R7", DJ_NONE, { 0, 0 }, 0, 420, 275 },                    \
	{ "R13", DK_ROAD, 1, "R12", DJ_NONE, { 0, 0 }, 0, 460, 240 },                   \
	{ "C20", DK_CITY, 20, "R13", DJ_NONE, { 0, 0 }, 0, 440, 200 },                  \
	{ "R14", DK_ROAD, 1, "R13", DJ_NONE, { 0, 0 }, 0, 510, 245 },                   \
	{ "R15", DK_ROAD, 1, "R14", DJ_NONE, { 0, 0 }, 0, 560, 215 },                   \
	{ "C30", DK_CITY, 30, "R15", DJ_NONE, { 0, 0 }, 0, 590, 178 }

static const struct bsite island_one[] = {
	NETWORK(0),
	{ "K1", DK_KNIGHT, 1, NULL, DF_ORE, { 0, 0 }, 0, 150, 120 },
	{ "K2", DK_KNIGHT, 2, NULL, DF_GRAIN, { 0, 0 }, 0, 235, 100 },
	{ "K3", DK_KNIGHT, 3, NULL, DF_WOOL, { 0, 0 }, 0, 320, 120 },
	{ "K4", DK_KNIGHT, 4, NULL, DF_LUMBER, { 0, 0 }, 0, 405, 100 },
	{ "K5", DK_KNIGHT, 5, NULL, DF_BRICK, { 0, 0 }, 0, 490, 120 },
	{ "K6", DK_KNIGHT, 6, NULL, DJ_ANY, { 0, 0 }, 0, 575, 100 },
};

/*
 * Island Two is a reconstruction (the texts do not describe its sheet):
 * Island One's network with the longest-road mark on R5, the fifth road of
 * the main line counting the start road; five knights with one resource
 * joker each, and two deserts, each with two knights above it and a joker
 * of any resource.
 */
static const struct bsite island_two[] = {
	NETWORK(1),
	{ "K1", DK_KNIGHT, 1, NULL, DF_ORE, { 0, 0 }, 0, 120, 110 },
	{ "K2", DK_KNIGHT, 2, NULL, DF_GRAIN, { 0, 0 }, 0, 185, 90 },
	{ "K3", DK_KNIGHT, 3, NULL, DF_WOOL, { 0, 0 }, 0, 250, 110 },
	{ "K4", DK_KNIGHT, 4, NULL, DF_LUMBER, { 0, 0 }, 0, 315, 90 },
	{ "K5", DK_KNIGHT, 5, NULL, DF_BRICK, { 0, 0 }, 0, 380, 110 },
	{ "K6", DK_KNIGHT, 6, NULL, DJ_NONE, { 0, 0 }, 0, 455, 85 },
	{ "K7", DK_KNIGHT, 7, NULL, DJ_NONE, { 0, 0 }, 0, 515, 85 },
	{ "D1", DK_DESERT, 0, NULL, DJ_ANY, { "K6", "K7" }, 0, 485, 132 },
	{ "K8", DK_KNIGHT, 8, NULL, DJ_NONE, { 0, 0 }, 0, 605, 85 },
	{ "K9", DK_KNIGHT, 9, NULL, DJ_NONE, { 0, 0 }, 0, 662, 85 },
	{ "D2", DK_DESERT, 0, NULL, DJ_ANY, { "K8", "K9" }, 0, 640, 128 },
};

int dice_map_find(const struct dmap *m, const char *s)
{
	for (int i = 0; i < m->nsites; i++)
		if (strcasecmp(m->s[i].id, s) == 0)
			return i;
	return -1;
}

/* dice_node_find: the index of the crossing whose id equals s (exactly), or -1. */
static int dice_node_find(const struct dmap *m, const char *s)
{
	for (int i = 0; i < m->nnodes; i++)
		if (strcmp(m->n[i].id, s) == 0)
			return i;
	return -1;
}

/* twins: the buildable sites grouped by points and cost (m->alone, m->twins). */
static void twins(struct dmap *m)
{
	uint64_t seen = 0;
	m->alone = 0;
	m->ntwins = 0;
	memset(m->twins, 0, sizeof m->twins);
	for (int i = 0; i < m->nsites; i++) {
		uint64_t t = 0;
		if (!(m->sites & ((uint64_t)1 << i)) || (seen & ((uint64_t)1 << i)))
			continue;
		for (int j = i; j < m->nsites; j++)
			if ((m->sites & ((uint64_t)1 << j)) && m->s[j].points == m->s[i].points &&
			    m->s[j].pcost == m->s[i].pcost)
				t |= (uint64_t)1 << j;
		seen |= t;
		if (t == ((uint64_t)1 << i))
			m->alone |= t;
		else
			m->twins[m->ntwins++] = t;
	}
}

/* finish: the indices every reader and builder derives once the sites are in place. */
static void finish(struct dmap *m)
{
	m->start = -1;
	m->mark = -1;
	m->nknights = 0;
	m->sites = m->jokers = 0;
	memset(m->kinds, 0, sizeof m->kinds);
	for (int i = 0; i < m->nsites; i++) {
		struct dsite *s = &m->s[i];
		if (m->s[i].kind == DK_START)
			m->start = (int8_t)i;
		if (m->s[i].mark)
			m->mark = (int8_t)i;
		if (m->s[i].kind == DK_KNIGHT)
			m->nknights++;
		s->lower = 0;
		for (int j = 0; j < m->nsites; j++)
			if (m->s[j].kind == s->kind && m->s[j].points < s->points)
				s->lower |= (uint64_t)1 << j;
		s->ncost = (uint8_t)dice_site_cost(s, s->cost);
		s->pcost = 0;
		for (int f = 0; f < DF_N; f++)
			s->pcost |= (uint32_t)s->cost[f] << (4 * f);
		s->req = s->after >= 0 ? (uint64_t)1 << s->after : 0;
		if (m->island == 1 && (s->kind == DK_SETTLEMENT || s->kind == DK_CITY || s->kind == DK_KNIGHT))
			s->req |= s->lower;
		if (s->kind != DK_START && s->kind != DK_DESERT)
			m->sites |= (uint64_t)1 << i;
		if (s->joker != DJ_NONE)
			m->jokers |= (uint64_t)1 << i;
		m->kinds[s->kind] |= (uint64_t)1 << i;
	}
	for (int v = 0; v < m->nnodes; v++) {
		m->roads_at[v] = 0;
		m->settle_at[v] = -1;
	}
	for (int i = 0; m->island == DICE_EXTRA && i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		if (s->kind == DK_ROAD) {
			m->roads_at[s->ends[0]] |= (uint64_t)1 << i;
			m->roads_at[s->ends[1]] |= (uint64_t)1 << i;
		} else if (s->kind == DK_SETTLEMENT) {
			m->settle_at[s->at] = (int8_t)i;
		}
	}
	/* A knight's hex is touched by a road along one of its sides and by a building on a corner. */
	for (int i = 0; i < m->nsites; i++) {
		struct dsite *s = &m->s[i];
		s->touch = 0;
		if (m->island != DICE_EXTRA || s->kind != DK_KNIGHT)
			continue;
		for (int j = 0; j < m->nsites; j++) {
			const struct dsite *t = &m->s[j];
			int on = t->kind == DK_ROAD ? (s->hex >> t->ends[0] & 1) && (s->hex >> t->ends[1] & 1)
				 : t->kind == DK_SETTLEMENT ? (int)(s->hex >> t->at & 1)
				 : t->kind == DK_CITY ? (int)(s->hex >> m->s[t->after].at & 1)
						      : 0;
			if (on)
				s->touch |= (uint64_t)1 << j;
		}
	}
	for (int i = 0; i < m->nsites; i++) {
		m->s[i].dependents = 0;
		for (int j = 0; j < m->nsites; j++)
			if (m->s[j].req & ((uint64_t)1 << i))
				m->s[i].dependents |= (uint64_t)1 << j;
	}
	for (int k = 0; k < 8; k++) {
		m->cheap[k] = 0;
		for (int i = 0; i < m->nsites; i++)
			if (m->s[i].ncost <= k && m->s[i].kind != DK_CASTLE)
				m->cheap[k] |= (uint64_t)1 << i;
	}
	twins(m);
}

static void fill(struct dmap *m, const struct bsite *t, int n, const char *name, const char *title,
		 int island)
{
	memset(m, 0, sizeof *m);
	snprintf(m->name, sizeof m->name, "%s", name);
	snprintf(m->title, sizeof m->title, "%s", title);
	m->island = (uint8_t)island;
	m->builtin = 1;
	m->nsites = (uint8_t)n;
	for (int i = 0; i < n; i++) {
		struct dsite *s = &m->s[i];
		snprintf(s->id, sizeof s->id, "%s", t[i].id);
		s->kind = t[i].kind;
		s->points = t[i].points;
		s->joker = t[i].joker;
		s->mark = t[i].mark;
		s->x = t[i].x;
		s->y = t[i].y;
		s->after = (int8_t)(t[i].after ? dice_map_find(m, t[i].after) : -1);
		for (int k = 0; k < 2; k++)
			s->needs[k] = -1;
	}
	/* Deserts may name knights listed after them: resolve once all ids are in. */
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			if (t[i].needs[k])
				m->s[i].needs[k] = (int8_t)dice_map_find(m, t[i].needs[k]);
	finish(m);
}

/*
 * The Extra's shared map is our own design, not the printed one (a picture
 * that no text describes).  Four coasts alike, each a quarter turn from the
 * one before, round a crossing in the middle of the map.  Each coast: two
 * coastal roads, then a line of three roads inland to the coast's tip, and
 * a road from the tip to the middle.  Both ends of the coast and the three
 * inland crossings hold settlements, the two nearest the tip ones that can
 * become cities; a knight with an ore joker stands on the hex between the
 * coastal roads and the first inland crossing, touched by either start road
 * (a first turn of more dice can build it: with the knight further inland the
 * first seat won 36.6% of three-player games).  The desert is
 * the hex of the four tips, with its two knights and a third knight without
 * a joker; a castle stands in each corner of the map.  Every start road
 * touches the middle of its coast, so each player settles a coast of their
 * own; the coasts meet only in the middle, where every tip is as near to
 * every other coast, so no coast has neighbours that another lacks.
 * Each quarter is written for the north coast, with crossings and sites
 * named by the coast's letter, and turned for the others.
 */
struct xnode {
	const char *id;
	int16_t x, y;
};

struct xsite {
	const char *id;
	uint8_t kind;
	const char *a, *b;	/* a road's ends (a '=' names a crossing of the whole map); a settlement's
				 * crossing or a city's settlement in a */
	uint8_t coast;
	const char *hex;	/* a knight's corners, one letter each */
	int16_t x, y;
};

static const struct xnode xnodes[] = {
	{ "0", 330, 140 }, { "1", 450, 70 }, { "2", 570, 140 }, { "p", 640, 240 }, { "b", 640, 350 }, { "q", 560, 380 },
};

static const struct xsite xsites[] = {
	{ "R1", DK_ROAD, "0", "1", 1, NULL, 390, 110 },
	{ "R2", DK_ROAD, "1", "2", 1, NULL, 510, 110 },
	{ "R3", DK_ROAD, "2", "p", 0, NULL, 605, 190 },
	{ "R4", DK_ROAD, "p", "b", 0, NULL, 640, 295 },
	{ "R5", DK_ROAD, "b", "q", 0, NULL, 600, 365 },
	{ "R6", DK_ROAD, "q", "=m", 0, NULL, 530, 440 },
	{ "S0", DK_SETTLEMENT, "0", NULL, 0, NULL, 330, 140 },
	{ "S2", DK_SETTLEMENT, "2", NULL, 0, NULL, 570, 140 },
	{ "SP", DK_SETTLEMENT, "p", NULL, 0, NULL, 640, 240 },
	{ "SB", DK_SETTLEMENT, "b", NULL, 0, NULL, 640, 350 },
	{ "SQ", DK_SETTLEMENT, "q", NULL, 0, NULL, 560, 380 },
	{ "CB", DK_CITY, "SB", NULL, 0, NULL, 640, 350 },
	{ "CQ", DK_CITY, "SQ", NULL, 0, NULL, 560, 380 },
	{ "K", DK_KNIGHT, NULL, NULL, 0, "012p", 480, 160 },
};

/* The quarter turns: coast letters, the castles' ids.  Every coast's knight gives ore: with a
 * resource of its own each, the coasts were not alike (two automatic players won 51.9% and 48.1%
 * from the ore and the brick coast of an earlier map, 49.7% and 50.3% with ore on both). */
static const char xcoast[4] = { 'n', 'e', 's', 'w' };
static const char *const xcastle[4] = { "XNE", "XES", "XSW", "XWN" };

/* turn: (x, y) turned k quarters clockwise about the middle of the map. */
static void turn(int k, int16_t *x, int16_t *y)
{
	for (; k > 0; k--) {
		int16_t t = *x;
		*x = (int16_t)(1000 - *y);
		*y = t;
	}
}

static int xnode(const struct dmap *m, int k, const char *id)
{
	char name[DICE_IDLEN];
	if (id[0] == '=')
		return dice_node_find(m, id + 1);
	snprintf(name, sizeof name, "%c%s", xcoast[k], id);
	return dice_node_find(m, name);
}

static void extra_fill(struct dmap *m)
{
	static const uint8_t value[DK_N] = { [DK_ROAD] = 2, [DK_SETTLEMENT] = 5, [DK_CITY] = 9,
					     [DK_KNIGHT] = 3, [DK_CASTLE] = 12 };
	memset(m, 0, sizeof *m);
	snprintf(m->name, sizeof m->name, "extra");
	snprintf(m->title, sizeof m->title, "Extra: our own shared map, not the printed one");
	m->island = DICE_EXTRA;
	m->builtin = 1;
	for (int k = 0; k < 4; k++)
		for (size_t j = 0; j < sizeof xnodes / sizeof xnodes[0]; j++) {
			struct dnode *n = &m->n[m->nnodes++];
			snprintf(n->id, sizeof n->id, "%c%s", xcoast[k], xnodes[j].id);
			n->x = xnodes[j].x;
			n->y = xnodes[j].y;
			turn(k, &n->x, &n->y);
		}
	struct dnode *mid = &m->n[m->nnodes++];	/* the middle, where the coasts' roads meet */
	snprintf(mid->id, sizeof mid->id, "m");
	mid->x = mid->y = 500;
	for (int k = 0; k < 4; k++) {
		for (size_t j = 0; j < sizeof xsites / sizeof xsites[0]; j++) {
			const struct xsite *t = &xsites[j];
			struct dsite *s = &m->s[m->nsites];
			snprintf(s->id, sizeof s->id, "%c%s", toupper((unsigned char)xcoast[k]), t->id);
			s->kind = t->kind;
			s->points = value[t->kind];
			s->after = s->at = -1;
			s->ends[0] = s->ends[1] = -1;
			s->needs[0] = s->needs[1] = -1;
			s->joker = DJ_NONE;
			s->coast = t->coast;
			s->x = t->x;
			s->y = t->y;
			turn(k, &s->x, &s->y);
			if (t->kind == DK_ROAD) {
				s->ends[0] = (int8_t)xnode(m, k, t->a);
				s->ends[1] = (int8_t)xnode(m, k, t->b);
			} else if (t->kind == DK_SETTLEMENT) {
				s->at = (int8_t)xnode(m, k, t->a);
			} else if (t->kind == DK_CITY) {
				char id[DICE_IDLEN];
				snprintf(id, sizeof id, "%c%s", toupper((unsigned char)xcoast[k]), t->a);
				s->after = (int8_t)dice_map_find(m, id);
			} else if (t->kind == DK_KNIGHT) {
				s->joker = DF_ORE;
				for (const char *c = t->hex; *c; c++) {
					char id[2] = { *c, '\0' };
					s->hex |= (uint64_t)1 << xnode(m, k, id);
				}
			}
			m->nsites++;
		}
		struct dsite *c = &m->s[m->nsites++];
		snprintf(c->id, sizeof c->id, "%s", xcastle[k]);
		c->kind = DK_CASTLE;
		c->points = value[DK_CASTLE];
		c->after = c->at = c->joker = -1;
		c->ends[0] = c->ends[1] = c->needs[0] = c->needs[1] = -1;
		c->x = 930;
		c->y = 70;
		turn(k, &c->x, &c->y);
	}
	/* The desert: the hex of the four tips, with its two knights and a third knight without a joker. */
	uint64_t tips = 0;
	for (int k = 0; k < 4; k++)
		tips |= (uint64_t)1 << xnode(m, k, "q");
	static const struct {
		const char *id;
		int16_t x, y;
	} dk[3] = { { "DK1", 424, 525 }, { "DK2", 576, 475 }, { "MK", 475, 424 } };
	for (int j = 0; j < 3; j++) {
		struct dsite *s = &m->s[m->nsites++];
		snprintf(s->id, sizeof s->id, "%s", dk[j].id);
		s->kind = DK_KNIGHT;
		s->points = value[DK_KNIGHT];
		s->after = s->at = s->joker = -1;
		s->ends[0] = s->ends[1] = s->needs[0] = s->needs[1] = -1;
		s->hex = tips;
		s->x = dk[j].x;
		s->y = dk[j].y;
	}
	struct dsite *d = &m->s[m->nsites++];
	snprintf(d->id, sizeof d->id, "D");
	d->kind = DK_DESERT;
	d->after = d->at = -1;
	d->ends[0] = d->ends[1] = -1;
	d->joker = DJ_ANY;
	d->needs[0] = (int8_t)dice_map_find(m, "DK1");
	d->needs[1] = (int8_t)dice_map_find(m, "DK2");
	d->x = 500;
	d->y = 570;
	finish(m);
}

int dice_map_builtin(int island, struct dmap *m, struct cerr *e)
{
	if (island == 1)
		fill(m, island_one, (int)(sizeof island_one / sizeof island_one[0]), "island-one",
		     "Island One", 1);
	else if (island == 2) {
		/* Points on Island Two only guide the automatic policy: value what wins. */
		static const uint8_t value[DK_N] = { [DK_ROAD] = 2, [DK_SETTLEMENT] = 5, [DK_CITY] = 9,
						     [DK_KNIGHT] = 3 };
		fill(m, island_two, (int)(sizeof island_two / sizeof island_two[0]), "island-two",
		     "Island Two (reconstruction)", 2);
		for (int i = 0; i < m->nsites; i++)
			m->s[i].points = value[m->s[i].kind];
		finish(m);
	} else if (island == DICE_EXTRA)
		extra_fill(m);
	else
		return cerr_set(e, C_USAGE, "no island %d: the built-in islands are 1, 2 and 3 (the Extra)", island);
	return C_OK;
}

int dice_map_builtin_name(const char *name, struct dmap *m, struct cerr *e)
{
	if (strcmp(name, "island-one") == 0)
		return dice_map_builtin(1, m, e);
	if (strcmp(name, "island-two") == 0)
		return dice_map_builtin(2, m, e);
	if (strcmp(name, "extra") == 0)
		return dice_map_builtin(DICE_EXTRA, m, e);
	return cerr_set(e, C_INPUT, "no built-in map '%s' (island-one, island-two, extra)", name);
}

int dice_site_cost(const struct dsite *s, uint8_t cost[DF_N])
{
	/* Per kind: ore, grain, wool, lumber, brick, gold. */
	static const uint8_t costs[DK_N][DF_N] = {
		[DK_ROAD] = { 0, 0, 0, 1, 1, 0 },
		[DK_SETTLEMENT] = { 0, 1, 1, 1, 1, 0 },
		[DK_CITY] = { 3, 2, 0, 0, 0, 0 },
		[DK_KNIGHT] = { 1, 1, 1, 0, 0, 0 },
	};
	int n = 0;
	for (int f = 0; f < DF_N; f++)
		n += cost[f] = costs[s->kind][f];
	return n;
}

/* ---- reading ---- */

static int valid_id(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n >= DICE_IDLEN)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s))
			return 0;
	return 1;
}

static int valid_name(const char *s)
{
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '-')
			return 0;
	return 1;
}

/* The keys each kind of site may carry. */
static const char *const site_keys[DK_N][9] = {
	[DK_START] = { "id", "kind", "x", "y", NULL },
	[DK_ROAD] = { "id", "kind", "points", "after", "mark", "x", "y", NULL },
	[DK_SETTLEMENT] = { "id", "kind", "points", "after", "x", "y", NULL },
	[DK_CITY] = { "id", "kind", "points", "after", "x", "y", NULL },
	[DK_KNIGHT] = { "id", "kind", "points", "after", "joker", "x", "y", NULL },
	[DK_DESERT] = { "id", "kind", "needs", "x", "y", NULL },
};

/* The keys of each kind of site on the Extra's shared map. */
static const char *const extra_keys[DK_N][9] = {
	[DK_ROAD] = { "id", "kind", "points", "ends", "coast", "x", "y", NULL },
	[DK_SETTLEMENT] = { "id", "kind", "points", "at", "x", "y", NULL },
	[DK_CITY] = { "id", "kind", "points", "after", "x", "y", NULL },
	[DK_KNIGHT] = { "id", "kind", "points", "joker", "hex", "x", "y", NULL },
	[DK_DESERT] = { "id", "kind", "needs", "x", "y", NULL },
	[DK_CASTLE] = { "id", "kind", "points", "x", "y", NULL },
};

/* read_node_ref: v names a crossing of m; its index. */
static int read_node_ref(struct jr *r, const struct dmap *m, jv_t *v, int *out)
{
	if (!jv_is_string(v))
		return jr_fail(r, "expected a crossing's id, found %s", jr_type(v));
	if ((*out = dice_node_find(m, jv_string_value(v))) < 0)
		return jr_fail(r, "there is no crossing '%s' in nodes", jv_string_value(v));
	return C_OK;
}

/* read_nodes: an array of n crossings (n 0: 1 to DICE_MAXNODES) at key into out, each once. */
static int read_nodes(struct jr *r, const struct dmap *m, jv_t *v, const char *key, size_t n, int8_t *out,
		      uint64_t *set)
{
	jv_t *a;
	int rc;
	if ((rc = jr_array(r, v, key, n ? n : DICE_MAXNODES, &a)))
		return rc;
	int s0 = jr_key(r, key);
	if (n ? jv_array_size(a) != n : jv_array_size(a) == 0)
		return n == 2 ? jr_fail(r, "expected the two crossings the road joins")
			      : jr_fail(r, "expected the crossings at the hex's corners");
	*set = 0;
	for (size_t k = 0; k < jv_array_size(a); k++) {
		int s1 = jr_index(r, k), x = -1;
		if ((rc = read_node_ref(r, m, jv_array_get(a, k), &x)))
			return rc;
		if (*set & (uint64_t)1 << x)
			return jr_fail(r, "crossing '%s' is named twice", m->n[x].id);
		*set |= (uint64_t)1 << x;
		if (out)
			out[k] = (int8_t)x;
		jr_pop(r, s1);
	}
	jr_pop(r, s0);
	return C_OK;
}

/* read_extra: the Extra's own keys of site s (of kind kind). */
static int read_extra(struct jr *r, struct dmap *m, jv_t *v, struct dsite *s, int kind)
{
	uint64_t set;
	jv_t *k;
	int rc, sv, x = -1;
	if (kind == DK_ROAD) {
		if ((rc = read_nodes(r, m, v, "ends", 2, s->ends, &set)))
			return rc;
		if ((k = jv_object_get(v, "coast"))) {
			if (!jv_is_boolean(k))
				return jr_fail_at(r, "coast", "expected a boolean, found %s", jr_type(k));
			s->coast = (uint8_t)jv_is_true(k);
		}
	} else if (kind == DK_SETTLEMENT) {
		if (!(k = jr_member(r, v, "at", 1, &rc)))
			return rc;
		sv = jr_key(r, "at");
		if ((rc = read_node_ref(r, m, k, &x)))
			return rc;
		for (int j = 0; j < m->nsites; j++)
			if (m->s[j].kind == DK_SETTLEMENT && m->s[j].at == x)
				return jr_fail(r, "crossing '%s' has a settlement already (%s)", m->n[x].id, m->s[j].id);
		jr_pop(r, sv);
		s->at = (int8_t)x;
	} else if (kind == DK_KNIGHT) {
		if ((rc = read_nodes(r, m, v, "hex", 0, NULL, &s->hex)))
			return rc;
	}
	return C_OK;
}

static int is_settlement(int kind)
{
	return kind == DK_SETTLEMENT;
}

/* read_ref: v names a site of m listed before index limit whose kind passes ok; its index. */
static int read_ref(struct jr *r, const struct dmap *m, jv_t *v, int limit, const char *what,
		    int (*ok)(int kind), int *out)
{
	if (!jv_is_string(v))
		return jr_fail(r, "expected a site id, found %s", jr_type(v));
	int i = dice_map_find(m, jv_string_value(v));
	if (i < 0 || i >= limit || !ok(m->s[i].kind))
		return jr_fail(r, "'%s' is not %s", jv_string_value(v), what);
	*out = i;
	return C_OK;
}

static int is_road(int kind)
{
	return kind == DK_ROAD || kind == DK_START;
}

static int is_knight(int kind)
{
	return kind == DK_KNIGHT;
}

static int read_site(struct jr *r, struct dmap *m, jv_t *v, int i)
{
	struct dsite *s = &m->s[i];
	const char *str;
	long long x;
	int rc, kind = -1;
	jv_t *k;

	if (!jv_is_object(v))
		return jr_fail(r, "expected an object, found %s", jr_type(v));
	if ((rc = jr_str(r, v, "kind", 16, &str)))
		return rc;
	for (int t = 0; t < DK_N; t++)
		if (strcmp(str, dice_kind_names[t]) == 0)
			kind = t;
	if (kind < 0) {
		int sv = jr_key(r, "kind");
		rc = jr_fail(r, "unknown kind '%s' (start, road, settlement, city, knight, desert, castle)", str);
		jr_pop(r, sv);
		return rc;
	}
	int extra = m->island == DICE_EXTRA;
	if (kind == DK_START && extra)
		return jr_fail_at(r, "kind", "the Extra has no start road: each player chooses a coastal road");
	if (kind == DK_CASTLE && !extra)
		return jr_fail_at(r, "kind", "castles stand only on island 3 (the Extra)");
	if ((rc = jr_object(r, v, extra ? extra_keys[kind] : site_keys[kind])))
		return rc;
	s->kind = (uint8_t)kind;
	s->after = s->at = -1;
	s->ends[0] = s->ends[1] = -1;
	s->joker = DJ_NONE;
	s->needs[0] = s->needs[1] = -1;
	if ((rc = jr_str(r, v, "id", 16, &str)))
		return rc;
	int sv = jr_key(r, "id");
	if (!valid_id(str))
		rc = jr_fail(r, "'%s' is not an id of 1 to 8 letters and digits", str);
	else if (dice_map_find(m, str) >= 0)
		rc = jr_fail(r, "id '%s' is used twice", str);
	jr_pop(r, sv);
	if (rc)
		return rc;
	snprintf(s->id, sizeof s->id, "%s", str);
	if ((rc = jr_int(r, v, "x", 0, 1000, &x)))
		return rc;
	s->x = (int16_t)x;
	if ((rc = jr_int(r, v, "y", 0, 1000, &x)))
		return rc;
	s->y = (int16_t)x;
	if (kind != DK_START && kind != DK_DESERT) {
		if ((rc = jr_int(r, v, "points", 0, 99, &x)))
			return rc;
		s->points = (uint8_t)x;
	}
	if (extra && (rc = read_extra(r, m, v, s, kind)))
		return rc;
	k = jr_member(r, v, "after",
		      extra ? kind == DK_CITY : kind == DK_ROAD || kind == DK_SETTLEMENT || kind == DK_CITY, &rc);
	if (rc)
		return rc;
	if (k && !jv_is_null(k)) {
		int a = -1;
		sv = jr_key(r, "after");
		rc = extra ? read_ref(r, m, k, i, "a settlement listed before this city", is_settlement, &a)
			   : read_ref(r, m, k, i, "a road listed before this site", is_road, &a);
		jr_pop(r, sv);
		if (rc)
			return rc;
		s->after = (int8_t)a;
	} else if (k && kind != DK_KNIGHT) {
		sv = jr_key(r, "after");
		rc = extra ? jr_fail(r, "a city needs the settlement it grows from")
			   : jr_fail(r, "a %s needs the road that leads to it", dice_kind_names[kind]);
		jr_pop(r, sv);
		return rc;
	}
	if ((k = jv_object_get(v, "joker"))) {
		sv = jr_key(r, "joker");
		if (!jv_is_string(k))
			rc = jr_fail(r, "expected a string, found %s", jr_type(k));
		else if (strcmp(jv_string_value(k), "any") == 0)
			s->joker = DJ_ANY;
		else if (strcmp(jv_string_value(k), "none") == 0)
			s->joker = DJ_NONE;
		else if ((s->joker = (int8_t)dice_face_parse(jv_string_value(k))) < 0 ||
			 s->joker == DF_GOLD || strcmp(jv_string_value(k), dice_face_names[s->joker]))
			rc = jr_fail(r, "expected ore, grain, wool, lumber, brick, any or none");
		jr_pop(r, sv);
		if (rc)
			return rc;
	}
	if ((k = jv_object_get(v, "mark"))) {
		sv = jr_key(r, "mark");
		if (!jv_is_boolean(k))
			rc = jr_fail(r, "expected a boolean, found %s", jr_type(k));
		else if (jv_is_true(k) && m->mark >= 0)
			rc = jr_fail(r, "a second longest-road mark (the first is on %s)", m->s[m->mark].id);
		jr_pop(r, sv);
		if (rc)
			return rc;
		s->mark = (uint8_t)jv_is_true(k);
		if (s->mark)
			m->mark = (int8_t)i;
	}
	if (kind == DK_DESERT)
		s->joker = DJ_ANY;
	if (kind == DK_START) {
		if (m->start >= 0)
			return jr_fail(r, "a second start road (the first is %s)", m->s[m->start].id);
		m->start = (int8_t)i;
	}
	return C_OK;
}

/* read_needs: the deserts' knights, once every id is known. */
static int read_needs(struct jr *r, struct dmap *m, jv_t *sites)
{
	for (int i = 0; i < m->nsites; i++) {
		if (m->s[i].kind != DK_DESERT)
			continue;
		int s0 = jr_index(r, (size_t)i);
		jv_t *n;
		int rc;
		if ((rc = jr_array(r, jv_array_get(sites, (size_t)i), "needs", 2, &n)))
			return rc;
		int s1 = jr_key(r, "needs");
		if (jv_array_size(n) != 2)
			return jr_fail(r, "expected the two knights above the desert");
		for (size_t k = 0; k < 2; k++) {
			int a = -1;
			int s2 = jr_index(r, k);
			if ((rc = read_ref(r, m, jv_array_get(n, k), m->nsites, "a knight", is_knight, &a)))
				return rc;
			jr_pop(r, s2);
			m->s[i].needs[k] = (int8_t)a;
		}
		if (m->s[i].needs[0] == m->s[i].needs[1])
			return jr_fail(r, "the two knights must differ");
		jr_pop(r, s1);
		jr_pop(r, s0);
	}
	return C_OK;
}

/* read_map_nodes: the Extra's crossings, each with an id and a drawing position. */
static int read_map_nodes(struct jr *r, struct dmap *m, jv_t *v)
{
	static const char *const keys[] = { "id", "x", "y", NULL };
	jv_t *a;
	int rc;
	if ((rc = jr_array(r, v, "nodes", DICE_MAXNODES, &a)))
		return rc;
	int s0 = jr_key(r, "nodes");
	for (size_t i = 0; i < jv_array_size(a); i++) {
		jv_t *n = jv_array_get(a, i);
		const char *str;
		long long x, y;
		int s1 = jr_index(r, i);
		if (!jv_is_object(n))
			return jr_fail(r, "expected an object, found %s", jr_type(n));
		if ((rc = jr_object(r, n, keys)) || (rc = jr_str(r, n, "id", 16, &str)))
			return rc;
		if (!valid_id(str))
			return jr_fail_at(r, "id", "'%s' is not an id of 1 to 8 letters and digits", str);
		if (dice_node_find(m, str) >= 0)
			return jr_fail_at(r, "id", "crossing '%s' is named twice", str);
		if ((rc = jr_int(r, n, "x", 0, 1000, &x)) || (rc = jr_int(r, n, "y", 0, 1000, &y)))
			return rc;
		snprintf(m->n[i].id, sizeof m->n[i].id, "%s", str);
		m->n[i].x = (int16_t)x;
		m->n[i].y = (int16_t)y;
		m->nnodes = (uint8_t)(i + 1);
		jr_pop(r, s1);
	}
	jr_pop(r, s0);
	return C_OK;
}

int dice_map_from_json(struct dmap *m, jv_t *v, const char *path, struct cerr *e)
{
	static const char *const keys[] = { "format", "name", "title", "island", "nodes", "sites", NULL };
	struct jr r;
	const char *str;
	long long island;
	jv_t *sites;
	int rc;

	jr_init(&r, path, e);
	memset(m, 0, sizeof *m);
	m->start = m->mark = -1;
	if ((rc = jr_object(&r, v, keys)) || (rc = jr_str(&r, v, "format", 64, &str)))
		return rc;
	if (strcmp(str, "dicegame-map/1") != 0) {
		int s = jr_key(&r, "format");
		rc = jr_fail(&r, "unknown format '%s' (expected dicegame-map/1)", str);
		jr_pop(&r, s);
		return rc;
	}
	if ((rc = jr_str(&r, v, "name", sizeof m->name - 1, &str)))
		return rc;
	if (!valid_name(str)) {
		int s = jr_key(&r, "name");
		rc = jr_fail(&r, "a map name is lower-case letters, digits and '-'");
		jr_pop(&r, s);
		return rc;
	}
	snprintf(m->name, sizeof m->name, "%s", str);
	if ((rc = jr_str(&r, v, "title", sizeof m->title - 1, &str)))
		return rc;
	snprintf(m->title, sizeof m->title, "%s", str);
	if ((rc = jr_int(&r, v, "island", 1, DICE_EXTRA, &island)))
		return rc;
	m->island = (uint8_t)island;
	if (m->island != DICE_EXTRA && jv_object_get(v, "nodes"))
		return jr_fail_at(&r, "nodes", "crossings belong to island 3 (the Extra)");
	if (m->island == DICE_EXTRA && (rc = read_map_nodes(&r, m, v)))
		return rc;
	if ((rc = jr_array(&r, v, "sites", DICE_MAXSITES, &sites)))
		return rc;
	int s0 = jr_key(&r, "sites");
	for (size_t i = 0; i < jv_array_size(sites); i++) {
		int s1 = jr_index(&r, i);
		if ((rc = read_site(&r, m, jv_array_get(sites, i), (int)i)))
			return rc;
		m->nsites = (uint8_t)(i + 1);
		jr_pop(&r, s1);
	}
	if (m->start < 0 && m->island != DICE_EXTRA)
		return jr_fail(&r, "no start road");
	int coast = 0;
	for (int i = 0; i < m->nsites; i++)
		coast |= m->s[i].coast;
	if (m->island == DICE_EXTRA && !coast)
		return jr_fail(&r, "no coastal road to start from");
	if ((rc = read_needs(&r, m, sites)))
		return rc;
	jr_pop(&r, s0);
	finish(m);
	return C_OK;
}

int dice_map_read(struct dmap *m, const char *text, size_t len, const char *name, struct cerr *e)
{
	struct jv_error je;
	struct jv_doc d;
	if (jv_parse(text, len, &d, &je)) {
		int rc = jv_refuse(&je, e);
		cerr_prefix(e, "%s", name);
		return rc;
	}
	int rc = dice_map_from_json(m, d.root, "", e);
	jv_free(&d);
	if (rc)
		cerr_prefix(e, "%s", name);
	return rc;
}

/* ---- writing ---- */

void dice_map_write(struct jw *w, const struct dmap *m)
{
	jw_obj(w, JW_BLOCK);
	jw_key_str(w, "format", "dicegame-map/1");
	jw_key_str(w, "name", m->name);
	jw_key_str(w, "title", m->title);
	jw_key_int(w, "island", m->island);
	if (m->island == DICE_EXTRA) {
		jw_key(w, "nodes");
		jw_arr(w, JW_BLOCK);
		for (int i = 0; i < m->nnodes; i++) {
			jw_obj(w, JW_INLINE);
			jw_key_str(w, "id", m->n[i].id);
			jw_key_int(w, "x", m->n[i].x);
			jw_key_int(w, "y", m->n[i].y);
			jw_end_obj(w);
		}
		jw_end_arr(w);
	}
	jw_key(w, "sites");
	jw_arr(w, JW_BLOCK);
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		jw_obj(w, JW_INLINE);
		jw_key_str(w, "id", s->id);
		jw_key_str(w, "kind", dice_kind_names[s->kind]);
		if (s->kind != DK_START && s->kind != DK_DESERT) {
			jw_key_int(w, "points", s->points);
		}
		if (s->after >= 0) {
			jw_key_str(w, "after", m->s[s->after].id);
		}
		if (s->kind == DK_ROAD && m->island == DICE_EXTRA) {
			jw_key(w, "ends");
			jw_arr(w, JW_INLINE);
			jw_str(w, m->n[s->ends[0]].id);
			jw_str(w, m->n[s->ends[1]].id);
			jw_end_arr(w);
			if (s->coast)
				jw_key_bool(w, "coast", 1);
		}
		if (s->kind == DK_SETTLEMENT && m->island == DICE_EXTRA)
			jw_key_str(w, "at", m->n[s->at].id);
		if (s->kind == DK_KNIGHT && s->joker != DJ_NONE) {
			jw_key_str(w, "joker", dice_joker_name(s->joker));
		}
		if (s->kind == DK_KNIGHT && m->island == DICE_EXTRA) {
			jw_key(w, "hex");
			jw_arr(w, JW_INLINE);
			for (int v = 0; v < m->nnodes; v++)
				if (s->hex >> v & 1)
					jw_str(w, m->n[v].id);
			jw_end_arr(w);
		}
		if (s->kind == DK_DESERT) {
			jw_key(w, "needs");
			jw_arr(w, JW_INLINE);
			jw_str(w, m->s[s->needs[0]].id);
			jw_str(w, m->s[s->needs[1]].id);
			jw_end_arr(w);
		}
		if (s->mark) {
			jw_key_bool(w, "mark", 1);
		}
		jw_key_int(w, "x", s->x);
		jw_key_int(w, "y", s->y);
		jw_end_obj(w);
	}
	jw_end_arr(w);
	jw_end_obj(w);
}
