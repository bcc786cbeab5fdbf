/* score.c: victory points: what everyone sees, and with the hidden victory point cards. */
#include "ruleset.h"
#include "score.h"

int score_public(const struct game *g, const struct position *p, int seat)
{
	const struct ruleset *rs = g->rs;
	const struct player *pl = &p->pl[seat];
	/* Victory point cards played face up (rules option vp_cards=played) are public. */
	return rs->settlement_points * (rs->settlements - pl->settlements) +
	       rs->city_points * (rs->cities - pl->cities) +
	       rs->award_points * ((p->longest_road == seat) + (p->largest_army == seat)) +
	       pl->played[DEV_VICTORY_POINT];
}

int score_total(const struct game *g, const struct position *p, int seat)
{
	const struct player *pl = &p->pl[seat];
	if (g->rules.vp_played)
		return score_public(g, p, seat);	/* held cards count once played */
	return score_public(g, p, seat) + pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
}
