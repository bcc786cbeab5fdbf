/* awards.c: longest road (trail search) and largest army, and who holds them. */
#include "model/geom.h"
#include "model/awards.h"

int awards_top(const int *v, int n, int *max, int *nmax)
{
	int who = NOBODY;
	*max = *nmax = 0;
	for (int s = 0; s < n; s++) {
		if (v[s] > *max) {
			*max = v[s];
			*nmax = 1;
			who = s;
		} else if (v[s] == *max) {
			(*nmax)++;
		}
	}
	return who;
}

void awards_update_road(const struct ruleset *rs, struct position *p, int nplayers)
{
	int len[MAXPLAYERS] = { 0 }, max, nmax, who, h = p->longest_road;

	for (int s = 0; s < nplayers; s++)
		len[s] = p->road_len[s];
	who = awards_top(len, nplayers, &max, &nmax);
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
	int max, nmax, who = awards_top(v, n, &max, &nmax);
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
	int len[MAXPLAYERS] = { 0 };
	if (holder == NOBODY || p->longest_road != holder || p->road_len[holder] >= before)
		return;
	for (int s = 0; s < nplayers; s++)
		len[s] = p->road_len[s];
	p->longest_road = (int8_t)alone_with_most(len, nplayers, rs->road_award_min);
}
