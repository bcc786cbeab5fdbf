/* score.c: victory points: what everyone sees, and with the hidden victory point cards. */
#include "ruleset.h"
#include "score.h"

/* A city is worth two settlements. */
enum { CITY_POINTS = 2 };

int score_public(const struct position *p, int seat)
{
	const struct ruleset *rs = &ruleset_base;
	const struct player *pl = &p->pl[seat];
	return (rs->settlements - pl->settlements) + CITY_POINTS * (rs->cities - pl->cities) +
	       rs->award_points * ((p->longest_road == seat) + (p->largest_army == seat));
}

int score_total(const struct position *p, int seat)
{
	const struct player *pl = &p->pl[seat];
	return score_public(p, seat) + pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
}
