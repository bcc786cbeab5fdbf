/* score.c: victory points: what everyone sees, and with the hidden victory point cards. */
#include "rules.h"

int score_public(const struct position *p, int seat)
{
	const struct player *pl = &p->pl[seat];
	return (MAX_SETTLEMENTS - pl->settlements) + 2 * (MAX_CITIES - pl->cities) +
	       2 * (p->longest_road == seat) + 2 * (p->largest_army == seat);
}

int score_total(const struct position *p, int seat)
{
	const struct player *pl = &p->pl[seat];
	return score_public(p, seat) + pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
}
