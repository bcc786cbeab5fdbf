/* dice_auto.c: the automatic policy: keep dice for the best-valued sites, build greedily. */
#include <string.h>

#include "dice_auto.h"

#define BIT(i) ((uint64_t)1 << (i))

/*
 * Dice counts packed 4 bits a face (face f in bits 4f..4f+3; at most 6 of a
 * face, so a lane never reaches 8).  With the top bit of every lane set
 * first, a subtraction cannot borrow across lanes, and the top bit left in
 * a lane says whether that lane did not go below zero.
 */
#define LANES 0x888888u

/* packed_dice: the dice in mask (bit d for die d, d < ndice), counted per face; without branches. */
static uint32_t packed_dice(const struct dgame *g, unsigned mask)
{
	uint32_t c = 0;
	for (int d = 0; d < DICE_NDICE; d++)
		c += ((mask >> d) & 1u) << (4 * g->dice[d]);
	return c;
}

/* covers: every lane of have is at least the lane of cost. */
static int covers(uint32_t have, uint32_t cost)
{
	return (((have | LANES) - cost) & LANES) == LANES;
}

/* missing: how many dice of cost are not in have, summed over the faces. */
static int missing(uint32_t have, uint32_t cost)
{
	uint32_t t = (cost | LANES) - have;
	uint32_t v = t & (((t & LANES) >> 3) * 7);
	v = (v & 0x0f0f0fu) + ((v >> 4) & 0x0f0f0fu);
	return (int)(((v * 0x010101u) >> 16) & 0xffu);
}

/* ndice_in: how many dice the packed counts c hold (the sum of its six lanes lands in lane 5). */
static int ndice_in(uint32_t c)
{
	return (int)(((c * 0x111111u) >> 20) & 0xfu);
}

/* minus: have less cost, each lane floored at zero. */
static uint32_t minus(uint32_t have, uint32_t cost)
{
	uint32_t u = (have | LANES) - cost;
	return u & (((u & LANES) >> 3) * 7);
}

/*
 * firsts: the sites of fr that come first among their twins in fr.  Twins cost
 * and score alike, and every choice below breaks ties by the order the sites
 * are listed, so a later twin never wins where its first twin was weighed.
 */
static uint64_t firsts(const struct dmap *m, uint64_t fr)
{
	fr &= ~m->kinds[DK_CASTLE];	/* castles cost six alike: auto_castle takes them as they come */
	uint64_t f = fr & m->alone;
	for (int c = 0; c < m->ntwins; c++) {
		uint64_t t = fr & m->twins[c];
		f |= t & -t;
	}
	return f;
}

/* twins_of: the set of site i and its twins. */
static uint64_t twins_of(const struct dmap *m, int i)
{
	for (int c = 0; c < m->ntwins; c++)
		if (m->twins[c] & BIT(i))
			return m->twins[c];
	return BIT(i);
}

/* usable_jokers: the jokers seat may use now, as a set (dice_joker_usable over the map's jokers). */
static uint64_t usable_jokers(const struct dgame *g, int seat)
{
	const struct dplayer *p = &g->p[seat];
	uint64_t left = g->map.jokers & ~p->jokers;
	uint64_t u = left & p->built & g->map.kinds[DK_KNIGHT];
	for (uint64_t d = left & g->map.kinds[DK_DESERT]; d; d &= d - 1) {
		int i = __builtin_ctzll(d);
		if ((p->built & BIT(g->map.s[i].needs[0])) && (p->built & BIT(g->map.s[i].needs[1])))
			u |= BIT(i);
	}
	if (g->map.island == DICE_EXTRA)	/* not the jokers of knights built this turn */
		for (uint64_t x = u; x; x &= x - 1)
			if (!dice_joker_usable(g, seat, __builtin_ctzll(x)))
				u &= ~BIT(__builtin_ctzll(x));
	return u;
}

/* better: site a is worth more points per die than b (ties: the one listed first). */
static int better(const struct dmap *m, int a, int na, int b, int nb)
{
	if (b < 0)
		return 1;
	int x = m->s[a].points * nb, y = m->s[b].points * na;
	return x > y || (x == y && a < b);
}

/* target: the best site of ff (firsts of the frontier) affordable with the packed counts have; -1 if none. */
static int target(const struct dgame *g, uint64_t ff, uint32_t have)
{
	int best = -1, nbest = 0;
	for (uint64_t left = ff; left; left &= left - 1) {
		int i = __builtin_ctzll(left);
		int n = g->map.s[i].ncost;
		if (covers(have, g->map.s[i].pcost) && better(&g->map, i, n, best, nbest)) {
			best = i;
			nbest = n;
		}
	}
	return best;
}

static void blank(struct dmove *m, int type)
{
	memset(m, 0, sizeof *m);
	m->type = (uint8_t)type;
	m->site = m->die = m->die2 = m->res = -1;
}

/* keep_mask: the dice worth keeping.  Sites are taken in turn, each the one with the most
 * points per die still missing from the unreserved dice, while they fit in the dice.
 * fr is the frontier, ff its firsts. */
static unsigned keep_mask(const struct dgame *g, int seat, uint64_t fr, uint64_t ff)
{
	uint32_t avail = 0, need = 0;
	uint8_t showing[DF_N] = { 0 };	/* the dice that show each face */
	uint64_t b = g->p[seat].built;
	int room = g->ndice;
	unsigned keep = 0;

	for (int d = 0; d < g->ndice; d++) {
		avail += 1u << (4 * g->dice[d]);
		showing[g->dice[d]] |= (uint8_t)(1u << d);
	}

	while (room >= 2) {	/* nothing costs fewer than two dice */
		int best = -1, bmiss = 0;
		for (uint64_t left = ff & g->map.cheap[room]; left; left &= left - 1) {
			int i = __builtin_ctzll(left);
			int miss = missing(avail, g->map.s[i].pcost);
			int x = g->map.s[i].points * (bmiss + 1), y = best < 0 ? -1 : g->map.s[best].points * (miss + 1);
			if (x > y) {
				best = i;
				bmiss = miss;
			}
		}
		if (best < 0)
			break;
		uint32_t left = minus(avail, g->map.s[best].pcost);
		need += avail - left;
		avail = left;
		room -= g->map.s[best].ncost;
		if (room >= 2) {	/* the frontier only matters for another round */
			b |= BIT(best);
			fr = dice_frontier_add(g, b, fr, best);
			ff = firsts(&g->map, fr);
		}
	}
	while (need) {	/* a face needed k times keeps the first k dice that show it */
		int f = __builtin_ctz(need) / 4;
		keep |= showing[f] & -showing[f];
		showing[f] &= (uint8_t)(showing[f] - 1);
		need -= 1u << (4 * f);
	}
	return keep;
}

/* spare: a free die not needed for cost (marking it taken), gold first when want_gold; -1 if none. */
static int spare(const struct dgame *g, const uint8_t cost[DF_N], unsigned *taken, int want_gold)
{
	uint8_t counted[DF_N] = { 0 };
	int pick = -1;
	for (int d = 0; d < g->ndice; d++) {
		int f = g->dice[d];
		if ((g->used | *taken) & (1u << d))
			continue;
		if (f != DF_GOLD && counted[f] < cost[f]) {
			counted[f]++;
			continue;
		}
		if (pick < 0 || (want_gold && f == DF_GOLD && g->dice[pick] != DF_GOLD) ||
		    (!want_gold && f != DF_GOLD && g->dice[pick] == DF_GOLD))
			pick = d;
	}
	if (pick >= 0)
		*taken |= 1u << pick;
	return pick;
}

/* convert: plans jokers and gold trades that complete site t with the free dice (their packed
 * counts unused) and the jokers usable, and plays them; 1 when done. */
static int convert(struct dgame *g, int t, uint32_t unused, uint64_t usable, struct cerr *e)
{
	uint8_t cost[DF_N], have[DF_N];
	struct dmove plan[DICE_NDICE];
	int np = 0, golds = 0;
	unsigned taken = 0;
	uint64_t jokers = 0;

	memcpy(cost, g->map.s[t].cost, sizeof cost);
	for (int f = 0; f < DF_N; f++)
		have[f] = (uint8_t)((unused >> (4 * f)) & 0xfu);
	golds = have[DF_GOLD];
	for (int r = 0; r < DF_NRES; r++)
		for (int k = have[r]; k < cost[r]; k++) {
			int j = -1, any = -1;
			for (uint64_t left = usable & ~jokers; left; left &= left - 1) {
				int i = __builtin_ctzll(left);
				if (g->map.s[i].joker == r && j < 0)
					j = i;
				if (g->map.s[i].joker == DJ_ANY && any < 0)
					any = i;
			}
			struct dmove m;
			blank(&m, DM_JOKER);
			if (j >= 0 || (golds < 2 && any >= 0)) {
				m.site = (int8_t)(j >= 0 ? j : any);
				m.res = (int8_t)(j >= 0 ? -1 : r);
				if ((m.die = (int8_t)spare(g, cost, &taken, 0)) < 0)
					return 0;
				if (g->dice[m.die] == DF_GOLD)
					golds--;
				jokers |= BIT(m.site);
			} else if (golds >= 2) {
				blank(&m, DM_GOLD);
				m.res = (int8_t)r;
				m.die = (int8_t)spare(g, cost, &taken, 1);
				m.die2 = (int8_t)spare(g, cost, &taken, 1);
				golds -= 2;
			} else {
				return 0;
			}
			plan[np++] = m;
			if (np == DICE_NDICE)
				return 0;
		}
	for (int i = 0; i < np; i++)
		if (dice_apply(g, &plan[i], 0, e) != C_OK)
			return -1;
	return np > 0;
}

/* auto_start: the Extra's start road: the coastal road allowed farthest from the starts chosen
 * (the fewest roads between it and any of them, most wins; ties: the one listed first). */
static int auto_start(struct dgame *g, struct cerr *e)
{
	struct dmove m;
	struct cerr ignored;
	int best = -1, bgap = -1;
	for (int i = 0; i < g->map.nsites; i++) {
		if (g->map.s[i].kind != DK_ROAD || dice_check_start(g, i, &ignored) != C_OK)
			continue;
		int gap = DICE_MAXSITES;
		for (int k = 0; k < g->starts; k++) {
			int d = dice_start_gap(&g->map, i, g->p[k].start);
			gap = d < gap ? d : gap;
		}
		if (gap > bgap) {
			best = i;
			bgap = gap;
		}
	}
	if (best < 0)
		return cerr_set(e, C_ILLEGAL, "no coastal road is left for %s's start", g->p[g->starts].name);
	blank(&m, DM_START);
	m.site = (int8_t)best;
	return dice_apply(g, &m, 0, e);
}

/* alike: the dice that show the face most of them show (ties: the face named first). */
static unsigned alike(const struct dgame *g)
{
	unsigned best = 0;
	int nbest = 0;
	for (int f = 0; f < DF_N; f++) {
		unsigned m = 0;
		int n = 0;
		for (int d = 0; d < g->ndice; d++)
			if (g->dice[d] == f) {
				m |= 1u << d;
				n++;
			}
		if (n > nbest) {
			best = m;
			nbest = n;
		}
	}
	return best;
}

/* auto_castle: a castle of the front built when six free dice show one face; 1 when built. */
static int auto_castle(struct dgame *g, uint64_t fr, struct cerr *e)
{
	uint8_t have[DF_N];
	uint64_t c = fr & g->map.kinds[DK_CASTLE];
	int alike = 0;
	dice_free_counts(g, have);
	for (int f = 0; f < DF_N; f++)
		alike |= have[f] == DICE_NDICE;
	if (!c || !alike)
		return 0;
	struct dmove m;
	blank(&m, DM_BUILD);
	m.site = (int8_t)__builtin_ctzll(c);
	return dice_apply(g, &m, 0, e) == C_OK ? 1 : -1;
}

int dice_auto_turn(struct dgame *g, struct cerr *e)
{
	struct dmove m;
	int rc, seat = dice_seat(g);
	uint64_t fr, ff;

	if (g->over)
		return cerr_set(e, C_ILLEGAL, "the game is over");
	if (g->external)
		return cerr_set(e, C_ILLEGAL, "auto rolls the sheet's own dice; this sheet's dice are physical");
	if (dice_setup(g))
		return auto_start(g, e);
	if (!g->rolls) {
		blank(&m, DM_ROLL);
		if ((rc = dice_apply(g, &m, 0, e)))
			return rc;
	}
	fr = g->p[seat].front;
	ff = firsts(&g->map, fr);
	while (!g->locked && g->rolls < 3) {
		unsigned all = (1u << g->ndice) - 1, keep = keep_mask(g, seat, fr, ff);
		/* Nothing but castles left to build: roll for six alike. */
		if (!ff && (fr & g->map.kinds[DK_CASTLE]) && g->ndice == DICE_NDICE)
			keep = alike(g);
		if ((keep & all) == all)
			break;
		blank(&m, DM_REROLL);
		m.mask = (uint8_t)(all & ~keep);
		if ((rc = dice_apply(g, &m, 0, e)))
			return rc;
	}
	if ((rc = auto_castle(g, g->p[seat].front, e)) < 0)
		return e->code;
	fr = g->p[seat].front;
	ff = firsts(&g->map, fr);
	uint32_t unused = packed_dice(g, ~(unsigned)g->used & ((1u << g->ndice) - 1));
	while (!g->over) {
		int t = target(g, ff, unused);
		if (t >= 0) {
			blank(&m, DM_BUILD);
			m.site = (int8_t)t;
			if ((rc = dice_apply(g, &m, 0, e)))
				return rc;
			fr = g->p[seat].front;
			ff = firsts(&g->map, fr);
			unused -= g->map.s[t].pcost;	/* a build spends dice of exactly its cost */
			continue;
		}
		/* Nothing affordable: the best site that jokers and gold can complete.  The sites
		 * tried are whole sets of twins, so the firsts of the rest are ff less them. */
		int free_dice = ndice_in(unused), done = 0;
		uint64_t usable = usable_jokers(g, seat);
		if (!usable && ((unused >> (4 * DF_GOLD)) & 0xfu) < 2)
			break;
		uint64_t tried = 0;
		while (!done) {
			int c = -1, nc = 0;
			for (uint64_t left = ff & ~tried; left; left &= left - 1) {
				int i = __builtin_ctzll(left);
				int n = g->map.s[i].ncost;
				if (n <= free_dice && better(&g->map, i, n, c, nc)) {
					c = i;
					nc = n;
				}
			}
			if (c < 0)
				break;
			tried |= twins_of(&g->map, c);	/* what fails for c fails for its twins */
			done = convert(g, c, unused, usable, e);
			if (done < 0)
				return e->code;
		}
		if (!done)
			break;
		unused = packed_dice(g, ~(unsigned)g->used & ((1u << g->ndice) - 1));	/* dice turned */
	}
	if (g->over)
		return C_OK;
	blank(&m, DM_END);
	return dice_apply(g, &m, 0, e);
}
