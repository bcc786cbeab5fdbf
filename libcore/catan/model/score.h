/* score.h: victory points of a position, public and in full. */
#ifndef CATAN_SCORE_H
#define CATAN_SCORE_H

#include "model/ruleset.h"
#include "model/types.h"

/*
 * score_public: victory points everyone sees in position p of g: buildings
 * (the pieces on the board, counted from the supply g's rule set gives)
 * and awards, worth what the rule set says.  Inline, as the rules ask it
 * after every move; score.c holds the external definitions.
 */
inline int score_public(const struct game *g, const struct position *p, int seat)
{
	const struct ruleset *rs = g->rs;
	const struct player *pl = &p->pl[seat];
	/* Victory point cards played face up (rules option vp_cards=played) are public. */
	return rs->settlement_points * (rs->settlements - pl->settlements) +
	       rs->city_points * (rs->cities - pl->cities) +
	       rs->award_points * ((p->longest_road == seat) + (p->largest_army == seat)) +
	       pl->played[DEV_VICTORY_POINT];
}

/* score_total: score_public plus victory point cards held (bought this turn included). */
inline int score_total(const struct game *g, const struct position *p, int seat)
{
	const struct player *pl = &p->pl[seat];
	if (g->rules.vp_played)
		return score_public(g, p, seat);	/* held cards count once played */
	return score_public(g, p, seat) + pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
}

#endif
