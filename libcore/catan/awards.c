/* awards.c: longest road (trail search) and largest army, and who holds them. */
#include "geom.h"
#include "awards.h"

/* The longest trail of seat's roads leaving node, the paths in used excluded. */
static int trail(const struct geometry *geo,
		 const struct position *p, int seat, int node, uint8_t used[MAX_EDGE])
{
	int best = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed < 0 || used[ed] || p->edge_owner[ed] != seat)
			continue;
		int next = geo->node_nodes[node][k], owner = p->node_owner[next];
		used[ed] = 1;
		/* A trail may end at another player's building but not pass through it. */
		int len = 1 + (owner == NOBODY || owner == seat ? trail(geo, p, seat, next, used) : 0);
		used[ed] = 0;
		if (len > best)
			best = len;
	}
	return best;
}

int longest_road(const struct geometry *geo, const struct position *p, int seat)
{
	uint8_t used[MAX_EDGE] = { 0 };
	int best = 0;
	for (int n = 0; n < geo->nnode; n++) {
		int own = 0, k;
		for (k = 0; k < 3; k++) {
			int ed = geo->node_edges[n][k];
			own += ed >= 0 && p->edge_owner[ed] == seat;
		}
		/* A longest trail starts at an end (one road) unless every node has two or more:
		 * starting everywhere is simplest and cheap with a player's few roads. */
		if (own == 0)
			continue;
		int len = trail(geo, p, seat, n, used);
		if (len > best)
			best = len;
	}
	return best;
}

void awards_update_road(const struct ruleset *rs, struct position *p, int nplayers)
{
	const struct geometry *geo = rs->geom;
	int len[MAXPLAYERS] = { 0 }, max = 0, nmax = 0, who = NOBODY, h = p->longest_road;

	for (int s = 0; s < nplayers; s++) {
		len[s] = longest_road(geo, p, s);
		if (len[s] > max) {
			max = len[s];
			nmax = 1;
			who = s;
		} else if (len[s] == max) {
			nmax++;
		}
	}
	/* The holder keeps the award while at the threshold and tied for longest. */
	if (h != NOBODY && h < nplayers && len[h] >= rs->road_award_min && len[h] == max)
		return;
	p->longest_road = (int8_t)(max >= rs->road_award_min && nmax == 1 ? who : NOBODY);
}

void awards_update_army(const struct ruleset *rs, struct position *p, int seat)
{
	int k = p->pl[seat].played[DEV_KNIGHT], h = p->largest_army;
	if (k < rs->army_award_min || h == seat)
		return;
	if (h == NOBODY || k > p->pl[h].played[DEV_KNIGHT])
		p->largest_army = (int8_t)seat;
}

/* alone_with_most: the seat alone with the largest of v[0 .. n-1] when it is min or more, else NOBODY. */
static int alone_with_most(const int *v, int n, int min)
{
	int max = 0, nmax = 0, who = NOBODY;
	for (int s = 0; s < n; s++) {
		if (v[s] > max) {
			max = v[s];
			nmax = 1;
			who = s;
		} else if (v[s] == max) {
			nmax++;
		}
	}
	return max >= min && nmax == 1 ? who : NOBODY;
}

void awards_update_army_less(const struct ruleset *rs, struct position *p, int seat, int nplayers)
{
	int k[MAXPLAYERS] = { 0 }, h = p->largest_army;
	for (int s = 0; s < nplayers; s++)
		k[s] = p->pl[s].played[DEV_KNIGHT];
	/* The holder keeps it only while at the threshold and alone with the most. */
	if (h == seat && alone_with_most(k, nplayers, rs->army_award_min) != seat)
		h = NOBODY;
	if (h == NOBODY)
		h = alone_with_most(k, nplayers, rs->army_award_min);
	p->largest_army = (int8_t)h;
}

void awards_road_broken(const struct ruleset *rs, struct position *p, int nplayers, int holder, int before)
{
	const struct geometry *geo = rs->geom;
	int len[MAXPLAYERS] = { 0 };
	if (holder == NOBODY || p->longest_road != holder || longest_road(geo, p, holder) >= before)
		return;
	for (int s = 0; s < nplayers; s++)
		len[s] = longest_road(geo, p, s);
	p->longest_road = (int8_t)alone_with_most(len, nplayers, rs->road_award_min);
}
